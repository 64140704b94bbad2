#!/usr/bin/env bash
# Engine robustness: engine-vs-engine games at a short fixed time per move
# under every shipped rule set, refereed by `jungle match` (which replays each
# move with our own move generator), then every record re-read by
# `jungle pgn check`. Fails on any illegal move, crash, hang or time loss,
# and on any record that does not replay.
#
#   tests/robustness/run.sh [JUNGLE_BINARY]
#
# Settings (environment):
#   TOTAL_GAMES  games over all rule sets (default 1000; at least one pair per set)
#   MOVETIME     milliseconds per move (default 10)
#   JOBS         games at a time (default: the number of cores)
#   TIME_MARGIN  milliseconds allowed beyond MOVETIME before a move counts as a
#                time loss (default 1000: a loaded machine is not an engine bug;
#                a hang is still caught, since nothing answers within it)
#   OUT          folder for the records and reports (default: a temporary one)
#
# Not part of CI: 1,000 games take several minutes (see docs/engine.md).
set -euo pipefail

root="$(cd "$(dirname "$0")/../.." && pwd)"
jungle="${1:-$root/build/release/jungle}"
total=${TOTAL_GAMES:-1000}
movetime=${MOVETIME:-10}
jobs=${JOBS:-$(nproc)}
margin=${TIME_MARGIN:-1000}
out=${OUT:-$(mktemp -d /tmp/jungle-robustness.XXXXXX)}
mkdir -p "$out"

if [ ! -x "$jungle" ]; then
  echo "robustness: no jungle binary at $jungle (build it first, e.g. scripts/build.sh build/release)" >&2
  exit 2
fi

mapfile -t variants < <("$jungle" variants | cut -d' ' -f1)
count=${#variants[@]}
# Games are played in colour-swapped pairs: round each set's share up to even.
per_set=$(((total + count - 1) / count))
per_set=$(((per_set + 1) / 2 * 2))

echo "robustness: ${count} rule sets x ${per_set} games, ${movetime} ms a move, ${jobs} at a time; output in ${out}"
start=$(date +%s)
failed=0
games=0
for v in "${variants[@]}"; do
  report="$out/$v.txt"
  records="$out/$v.pgn"
  rm -f "$records"
  # Openings of 2-8 random plies keep the games apart; no adjudication, so every
  # game is played to the end the rules give it. The default Move Overhead
  # (30 ms) would leave a 10 ms move a single millisecond of search.
  if ! "$jungle" match --engine "cmd=$jungle name=first" --engine "cmd=$jungle name=second" \
    --each "'option.Move Overhead=2'" \
    --variant "$v" --games "$per_set" --movetime "$movetime" --time-margin "$margin" \
    -c "$jobs" --book-plies 2-8 --book-depth 2 --book-threshold 400 --seed 7 \
    --no-adjudication --pgn "$records" --quiet >"$report" 2>&1; then
    echo "robustness: $v: jungle match failed" >&2
    cat "$report" >&2
    failed=1
    continue
  fi
  played=$(sed -n 's/^Score of .*: W \([0-9]*\) D \([0-9]*\) L \([0-9]*\).*/\1 \2 \3/p' "$report" |
    awk '{print $1 + $2 + $3}')
  games=$((games + ${played:-0}))
  endings=$(sed -n 's/^Endings: //p' "$report")
  if grep -q '^Incidents of' "$report" || [ "${played:-0}" -ne "$per_set" ]; then
    echo "robustness: $v: FAILED ($played of $per_set games)" >&2
    grep -A20 '^Incidents of' "$report" >&2 || true
    failed=1
  fi
  if ! "$jungle" pgn check "$records" >"$out/$v.check.txt" 2>&1; then
    echo "robustness: $v: records do not replay" >&2
    cat "$out/$v.check.txt" >&2
    failed=1
  fi
  printf '  %-20s %4s games  %s\n' "$v" "${played:-0}" "$endings"
done
elapsed=$(($(date +%s) - start))
echo "robustness: ${games} games in ${elapsed} s"
if [ "$failed" -ne 0 ]; then
  echo "robustness: FAILED"
  exit 1
fi
echo "robustness: no illegal move, crash, hang or time loss"
