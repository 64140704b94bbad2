#!/bin/sh
# One turn of the strength loop (docs/tuning.md): baseline matches, self-play
# data, Texel tuning, a quick node-limited match and an SPRT of the tuned
# weights (given to the engine with the option `Eval File`) against the
# compiled-in ones. Everything large goes to $WORK; what is worth keeping is
# copied into tuning/. Each step is skipped when its output already exists,
# so the script can be stopped and started again.
#
#   tuning/run_loop.sh                 # the whole loop
#   STEPS="tune sprt" tuning/run_loop.sh
#
# Settings (environment): WORK, JOBS (concurrent games, default 1), GAMES and
# BASELINE_TC (the baseline matches), TC (the SPRT's limit), DATAGEN_GAMES,
# DATAGEN_NODES, DATAGEN_SEED, DATAGEN_MARGIN, TUNE (the fit's options),
# FILTER (the quick match's limit), SPRT (bounds), SPRT_GAMES (the most games
# the SPRT may take). The defaults are those of the second turn
# (tuning/README.md).
# The generous time margin keeps a loaded machine from deciding games on time.
set -eu

ROOT=$(cd "$(dirname "$0")/.." && pwd)
WORK=${WORK:-/tmp/jungle-loop}
JOBS=${JOBS:-1}
GAMES=${GAMES:-200}
BASELINE_TC=${BASELINE_TC:---movetime 50}
TC=${TC:---movetime 100 --time-margin 1000}
DATAGEN_GAMES=${DATAGEN_GAMES:-5000}
DATAGEN_NODES=${DATAGEN_NODES:-25000}
DATAGEN_SEED=${DATAGEN_SEED:-1000000}
DATAGEN_MARGIN=${DATAGEN_MARGIN:-300}
TUNE=${TUNE:---lambda 0.5 --l2 1e-8 --rounds 30}
FILTER=${FILTER:---nodes 20000 --games 200}
SPRT=${SPRT:-elo0=50 elo1=100 alpha=0.05 beta=0.05}
SPRT_GAMES=${SPRT_GAMES:-2000}
STEPS=${STEPS:-build book baseline datagen tune filter sprt}
mkdir -p "$WORK"

BASE_BUILD=$WORK/base-build
JUNGLE=$BASE_BUILD/jungle
BOOK=$ROOT/tuning/openings.txt
TUNED="cmd=$JUNGLE name=tuned 'option.Eval File=$WORK/tuned_params.txt' 'option.Move Overhead=10'"
UNTUNED="cmd=$JUNGLE name=untuned 'option.Move Overhead=10'"

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
  "$JUNGLE" datagen --games "$DATAGEN_GAMES" --nodes "$DATAGEN_NODES" --seed "$DATAGEN_SEED" \
    --quiet-margin "$DATAGEN_MARGIN" -c "$JOBS" --out "$WORK/selfplay.txt"
fi

if has_step tune && [ ! -s "$WORK/tuned_params.txt" ]; then
  "$JUNGLE" tune --data "$WORK/selfplay.txt" $TUNE --out "$WORK/tuned_params.txt"
fi

# Node-limited: deterministic and fair on a loaded machine, and quick.
if has_step filter; then
  "$JUNGLE" match --engine "$TUNED" --engine "$UNTUNED" $FILTER -c "$JOBS" \
    --openings "$BOOK" --pgn "$WORK/filter.pgn" | tee "$WORK/filter.txt"
fi

if has_step sprt; then
  "$JUNGLE" match --engine "$TUNED" --engine "$UNTUNED" \
    --games "$SPRT_GAMES" $TC -c "$JOBS" --openings "$BOOK" \
    --sprt $SPRT --pgn "$WORK/sprt.pgn" | tee "$WORK/sprt.txt"
fi
