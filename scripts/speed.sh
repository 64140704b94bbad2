#!/usr/bin/env bash
# Builds jungle in the variants whose speed issue 35 compares, each into
# build/speed/NAME, and prints their perft and bench figures side by side:
# the runs alternate between the variants, so that a machine whose load
# changes meanwhile weighs on all of them alike. docs/speed.md says how to
# read the table.
#
#   scripts/speed.sh [--runs N] [--perft D] [--bench D] [--no-build]
#                    [--build-only] [--valgrind] [--arch MARCH] [VARIANT...]
#
# Variants (all Release, the jungle target only):
#   lto       what scripts/run.sh builds: link-time optimisation, -march=native
#   release   a unity build, -march=native, no LTO
#   v3        as release, for any x86-64-v3 processor (-march=x86-64-v3)
#   pgo       as release, optimised with a profile of `jungle bench` and
#             `jungle perft 6` (GCC's -fprofile-generate, then -fprofile-use)
#   pgo-lto   as pgo, with link-time optimisation
# With no VARIANT, all of them. --arch builds every variant for that -march
# value instead of this machine's (v3 keeps x86-64-v3): valgrind 3.19 cannot
# run AVX-512 code, so on such a processor --valgrind needs --arch x86-64-v3.
#
# The figures: user CPU seconds (best and median of the runs; wall time on a
# busy machine says little) and, where `perf stat` can count them, the
# instructions retired. --valgrind counts instructions under cachegrind
# instead (exact and repeatable, about 50 times slower: use a small --perft
# and --bench then), for containers where perf counts nothing, with
# cachegrind's simulated branch mispredictions beside them: a profile's gain
# is often in branches rather than in instructions.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
runs=5
perft_depth=7
bench_depth=""
build=1
measure_them=1
valgrind=0
arch=""
variants=()
while [ $# -gt 0 ]; do
  case $1 in
    --runs) runs=$2; shift 2 ;;
    --perft) perft_depth=$2; shift 2 ;;
    --bench) bench_depth=$2; shift 2 ;;
    --no-build) build=0; shift ;;
    --build-only) measure_them=0; shift ;;
    --valgrind) valgrind=1; shift ;;
    --arch) arch=$2; shift 2 ;;
    -h|--help) sed -n '2,28p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) echo "speed.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
    *) variants+=("$1"); shift ;;
  esac
done
if [ ${#variants[@]} -eq 0 ]; then variants=(lto release v3 pgo pgo-lto); fi

common=(-DCMAKE_BUILD_TYPE=Release -DJUNGLE_TESTS=OFF -DJUNGLE_MICROBENCH=OFF "-DJUNGLE_ARCH=$arch")
options_of() {
  case $1 in
    lto) echo "-DJUNGLE_LTO=ON" ;;
    release) echo "-DCMAKE_UNITY_BUILD=ON" ;;
    v3) echo "-DCMAKE_UNITY_BUILD=ON -DJUNGLE_ARCH=x86-64-v3" ;;
    pgo) echo "-DCMAKE_UNITY_BUILD=ON" ;;
    pgo-lto) echo "-DJUNGLE_LTO=ON" ;;
    *) echo "speed.sh: no variant '$1' (lto, release, v3, pgo, pgo-lto)" >&2; return 1 ;;
  esac
}
for v in "${variants[@]}"; do options_of "$v" >/dev/null; done

configure_and_build() {  # DIR OPTIONS...
  local dir=$1
  shift
  cmake -S "$root" -B "$dir" -G Ninja "${common[@]}" "$@" >/dev/null
  cmake --build "$dir" --target jungle --parallel "$(nproc)" >/dev/null
}

if [ $build -eq 1 ]; then
  "$root/scripts/setup.sh"
  for v in "${variants[@]}"; do
    dir="$root/build/speed/$v"
    read -r -a opts <<<"$(options_of "$v")"
    echo "speed.sh: building $v in build/speed/$v"
    start=$(date +%s)
    case $v in
      pgo*) "$root/scripts/build_pgo.sh" "$dir" "${common[@]}" "${opts[@]}" >/dev/null ;;
      *) configure_and_build "$dir" "${opts[@]}" -DJUNGLE_PGO= ;;
    esac
    echo "speed.sh: $v built in $(($(date +%s) - start)) s"
  done
fi

if [ $measure_them -eq 0 ]; then exit 0; fi

perf_works=0
if [ $valgrind -eq 0 ] && command -v perf >/dev/null 2>&1 &&
  perf stat -x, -e instructions:u true 2>&1 >/dev/null | grep -qE '^[0-9]+,'; then
  perf_works=1
fi

results=$(mktemp -d)
trap 'rm -rf "$results"' EXIT
# One measured run: CPU seconds (and instructions) of `jungle ARGS...`,
# appended to $results/VARIANT.TASK as "seconds instructions nodes
# mispredictions" (the last under --valgrind only, else "-").
measure() {  # VARIANT TASK ARGS...
  local v=$1 task=$2
  shift 2
  local bin="$root/build/speed/$v/jungle" out="$results/$v.$task.out" instructions="-"
  local seconds mispredicted="-"
  if [ $valgrind -eq 1 ]; then
    valgrind --tool=cachegrind --cache-sim=no --branch-sim=yes --cachegrind-out-file=/dev/null \
      "$bin" "$@" >"$out" 2>"$results/vg"
    instructions=$(grep -oE 'I *refs: *[0-9,]+' "$results/vg" | grep -oE '[0-9,]+$' | tr -d ,)
    mispredicted=$(grep -oE 'Mispredicts: *[0-9,]+' "$results/vg" | grep -oE '[0-9,]+$' | tr -d ,)
    seconds=-
  else
    local timing="$results/time"
    if [ $perf_works -eq 1 ]; then
      perf stat -x, -e instructions:u -o "$results/perf" "$bin" "$@" >"$out"
      instructions=$(grep -E 'instructions' "$results/perf" | cut -d, -f1)
    fi
    # User seconds from a run of its own when perf counts, so as not to time perf.
    local TIMEFORMAT=%U
    { time "$bin" "$@" >"$out" 2>/dev/null; } 2>"$timing"
    seconds=$(tail -1 "$timing")
  fi
  local nodes
  nodes=$(grep -oE '^Nodes searched: [0-9]+' "$out" | grep -oE '[0-9]+$')
  echo "$seconds $instructions $nodes $mispredicted" >>"$results/$v.$task"
}

bench_args=(bench)
if [ -n "$bench_depth" ]; then bench_args+=("$bench_depth"); fi
if [ $valgrind -eq 1 ]; then runs=1; fi
echo "speed.sh: $runs alternating runs of 'jungle perft $perft_depth' and 'jungle ${bench_args[*]}'"
for ((r = 1; r <= runs; r++)); do
  for v in "${variants[@]}"; do
    measure "$v" perft perft "$perft_depth"
    measure "$v" bench "${bench_args[@]}"
  done
done

# "BEST MEDIAN INSTRUCTIONS NODES MISPREDICTED": the best and the median CPU
# seconds, the median instruction count, the node count and the simulated
# branch mispredictions of the last run.
summary() {  # FILE
  local file=$1 m best median instructions nodes mispredicted
  m=$((($(wc -l <"$file") + 1) / 2))
  best=$(cut -d' ' -f1 "$file" | sort -g | head -1)
  median=$(cut -d' ' -f1 "$file" | sort -g | sed -n "${m}p")
  instructions=$(cut -d' ' -f2 "$file" | sort -g | sed -n "${m}p")
  nodes=$(tail -1 "$file" | cut -d' ' -f3)
  mispredicted=$(tail -1 "$file" | cut -d' ' -f4)
  if [ "$instructions" != "-" ]; then
    instructions=$(awk -v i="$instructions" 'BEGIN { printf "%.3fG", i / 1e9 }')
  fi
  if [ "$mispredicted" != "-" ]; then
    mispredicted=$(awk -v i="$mispredicted" 'BEGIN { printf "%.2fM", i / 1e6 }')
  fi
  echo "$best $median $instructions $nodes $mispredicted"
}
printf '\n%-9s | %-28s | %-28s | %s' variant "perft $perft_depth: CPU best/median, instr" \
  "${bench_args[*]}: CPU best/median, instr" "nodes (perft, bench)"
if [ $valgrind -eq 1 ]; then printf ' | %s' "mispredicted branches (perft, bench)"; fi
printf '\n'
for v in "${variants[@]}"; do
  read -r pb pm pi pn pmis <<<"$(summary "$results/$v.perft")"
  read -r bb bm bi bn bmis <<<"$(summary "$results/$v.bench")"
  printf '%-9s | %5s / %5s s, %-12s | %5s / %5s s, %-12s | %s, %s' \
    "$v" "$pb" "$pm" "$pi" "$bb" "$bm" "$bi" "$pn" "$bn"
  if [ $valgrind -eq 1 ]; then printf ' | %s, %s' "$pmis" "$bmis"; fi
  printf '\n'
done
if [ $perf_works -eq 0 ] && [ $valgrind -eq 0 ]; then
  echo "(perf stat counts no instructions here; --valgrind counts them under cachegrind)"
fi
