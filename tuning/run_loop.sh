#!/bin/sh
# One turn of the strength loop (docs/tuning.md): baseline matches, self-play
# data, Texel tuning, a build with the tuned weights and an SPRT of tuned
# against untuned. Everything large goes to $WORK; what is worth keeping is
# copied into tuning/. Each step is skipped when its output already exists,
# so the script can be stopped and started again.
#
#   tuning/run_loop.sh                 # the whole loop
#   STEPS="tune sprt" tuning/run_loop.sh
#
# Settings (environment): WORK, JOBS (concurrent games, default 1), GAMES and
# BASELINE_TC (the baseline matches), TC (the SPRT's limit), DATAGEN_GAMES,
# DATAGEN_NODES, SPRT (bounds), SPRT_GAMES (the most games the SPRT may take).
# The generous time margin keeps a loaded machine from deciding games on time.
set -eu

ROOT=$(cd "$(dirname "$0")/.." && pwd)
WORK=${WORK:-/tmp/jungle-loop}
JOBS=${JOBS:-1}
GAMES=${GAMES:-200}
BASELINE_TC=${BASELINE_TC:---movetime 50}
TC=${TC:---movetime 100 --time-margin 1000}
DATAGEN_GAMES=${DATAGEN_GAMES:-4000}
DATAGEN_NODES=${DATAGEN_NODES:-5000}
SPRT=${SPRT:-elo0=0 elo1=25 alpha=0.05 beta=0.05}
SPRT_GAMES=${SPRT_GAMES:-2000}
STEPS=${STEPS:-build book baseline datagen tune tuned-build sprt}
mkdir -p "$WORK"

BASE_BUILD=$WORK/base-build
JUNGLE=$BASE_BUILD/jungle
TUNED_SRC=$WORK/tuned-src
TUNED=$WORK/tuned-build/jungle
BOOK=$ROOT/tuning/openings.txt

has_step() { case " $STEPS " in *" $1 "*) return 0 ;; esac; return 1; }

build() {  # build SOURCE_DIR BUILD_DIR
  cmake -S "$1" -B "$2" -G Ninja -DCMAKE_BUILD_TYPE=Release -DJUNGLE_TESTS=OFF >/dev/null
  cmake --build "$2" -j1 --target jungle
}

if has_step build; then
  build "$ROOT" "$BASE_BUILD"
fi

if has_step book && [ ! -s "$BOOK" ]; then
  "$JUNGLE" book --count 100 --plies 4-8 --depth 6 --threshold 60 --seed 2024 --out "$BOOK"
fi

# The engine at full strength against the two baselines built into it.
if has_step baseline; then
  for mode in random material; do
    out=$WORK/full_vs_$mode
    [ -s "$out.txt" ] && continue
    "$JUNGLE" match --engine "cmd=$JUNGLE name=full 'option.Move Overhead=10'" \
      --engine "cmd=$JUNGLE name=$mode option.Mode=$mode" \
      --games "$GAMES" $BASELINE_TC -c "$JOBS" --openings "$BOOK" --pgn "$out.pgn" >"$out.txt"
    cat "$out.txt"
  done
fi

# Self-play: deterministic for a given seed, node count and engine.
if has_step datagen && [ ! -s "$WORK/selfplay.txt" ]; then
  "$JUNGLE" datagen --games "$DATAGEN_GAMES" --nodes "$DATAGEN_NODES" --seed 1 -c "$JOBS" \
    --out "$WORK/selfplay.txt" --records "$WORK/selfplay.pgn"
fi

if has_step tune && [ ! -s "$WORK/tuned_params.txt" ]; then
  "$JUNGLE" tune --data "$WORK/selfplay.txt" --rounds 12 --l2 1e-6 --out "$WORK/tuned_params.txt"
fi

# A copy of the tree whose eval_params.h carries the tuned weights.
if has_step tuned-build; then
  rm -rf "$TUNED_SRC"
  mkdir -p "$TUNED_SRC"
  (cd "$ROOT" && tar --exclude='./build*' --exclude='./.git' --exclude='./tuning' -cf - .) |
    tar -xf - -C "$TUNED_SRC"
  "$JUNGLE" tune --apply "$WORK/tuned_params.txt" \
    --write-source "$TUNED_SRC/src/search/eval_params.h"
  build "$TUNED_SRC" "$WORK/tuned-build"
fi

if has_step sprt; then
  "$TUNED" match --engine "cmd=$TUNED name=tuned 'option.Move Overhead=10'" \
    --engine "cmd=$JUNGLE name=untuned 'option.Move Overhead=10'" \
    --games "$SPRT_GAMES" $TC -c "$JOBS" --openings "$BOOK" \
    --sprt $SPRT --pgn "$WORK/sprt.pgn" | tee "$WORK/sprt.txt"
fi
