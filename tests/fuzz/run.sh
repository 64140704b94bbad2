#!/usr/bin/env bash
# Builds the libFuzzer targets with clang (address and undefined-behaviour
# sanitizers) and runs each for SECONDS (default 30), starting from the seed
# corpus in corpus/. New inputs go to a scratch folder, so a run leaves the
# repository as it was. Exits non-zero on the first crash, leak, hang or
# broken invariant, with the input that caused it saved under the scratch folder.
#
#   tests/fuzz/run.sh                 # every target, 30 s each (the test script's run)
#   tests/fuzz/run.sh 3600 fen rules  # a long run of two targets
#   JUNGLE_FUZZ_KEEP=DIR tests/fuzz/run.sh 600   # keep what the run found in DIR
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
seconds=${1:-30}
shift || true
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then targets=(fen move record rules uci flip hidden); fi

build="$root/build/fuzz"
CCACHE_BASEDIR="$root" cmake -S "$root" -B "$build" -G Ninja -DCMAKE_CXX_COMPILER=clang++ \
  -DCMAKE_BUILD_TYPE=RelWithDebInfo -DJUNGLE_FUZZ=ON -DJUNGLE_TESTS=OFF -DCMAKE_UNITY_BUILD=ON >/dev/null
cmake --build "$build" --parallel "$(nproc)" --target "${targets[@]/#/fuzz_}"

scratch="${JUNGLE_FUZZ_KEEP:-$(mktemp -d)}"
mkdir -p "$scratch"
# A huge allocation asked for by an input (a Hash size, say) must come back as
# a failure the code handles, not as libFuzzer's out-of-memory report.
export ASAN_OPTIONS="allocator_may_return_null=1:detect_leaks=1"
export UBSAN_OPTIONS="print_stacktrace=1"
# The targets run side by side, as many at a time as there are cores: each
# is one process, and CI waits for the slowest batch only.
run_target() {
  local t=$1
  mkdir -p "$scratch/$t/corpus" "$scratch/$t/crashes"
  if "$build/fuzz_$t" -max_total_time="$seconds" -timeout=20 -rss_limit_mb=4096 -max_len=16384 \
      -print_final_stats=1 -artifact_prefix="$scratch/$t/crashes/" \
      "$scratch/$t/corpus" "$root/tests/fuzz/corpus/$t" >"$scratch/$t/log" 2>&1; then
    echo ok >"$scratch/$t/result"
  else
    echo failed >"$scratch/$t/result"
  fi
}
echo "$(printf 'fuzz_%s ' "${targets[@]}")- ${seconds} s each, $(nproc) at a time"
for t in "${targets[@]}"; do
  while [ "$(jobs -rp | wc -l)" -ge "$(nproc)" ]; do wait -n || true; done
  run_target "$t" &
done
wait
status=0
for t in "${targets[@]}"; do
  if [ "$(cat "$scratch/$t/result" 2>/dev/null)" != ok ]; then
    tail -n 40 "$scratch/$t/log"
    echo "fuzz_$t FAILED; input saved in $scratch/$t/crashes/"
    status=1
    continue
  fi
  echo -n "fuzz_$t: "
  grep -E "^stat::number_of_executed_units|^Done" "$scratch/$t/log" | tr '\n' ' '
  echo
done
[ -n "${JUNGLE_FUZZ_KEEP:-}" ] || [ $status -ne 0 ] || rm -rf "$scratch"
exit $status
