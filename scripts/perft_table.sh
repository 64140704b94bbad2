#!/usr/bin/env bash
# Prints docs/perft.md's tables: `jungle perft N` from the standard start to
# depth 7 and from every shipped rule set's start to depth 5 (Flip Jungle to
# FLIP_DEPTH, 4 unless given: its depth 5 is hundreds of billions of leaves).
#   scripts/perft_table.sh [JUNGLE_BINARY] > table.md
# The counts are the binary's `Nodes searched:` line, nothing else.
set -euo pipefail
jungle=${1:-build/test-release/jungle}
flip_depth=${FLIP_DEPTH:-4}
[ -x "$jungle" ] || { echo "perft_table.sh: no executable at $jungle (build it first)" >&2; exit 2; }

count() { # count VARIANT DEPTH -> the leaf count
  "$jungle" perft --variant "$1" "$2" | sed -n 's/^Nodes searched: //p'
}

echo "| depth | standard | command |"
echo "|---:|---:|---|"
for depth in 1 2 3 4 5 6 7; do
  echo "| $depth | $(count standard "$depth") | \`jungle perft $depth\` |"
done
echo
echo "| rule set | depth 1 | depth 2 | depth 3 | depth 4 | depth 5 | command |"
echo "|---|---:|---:|---:|---:|---:|---|"
# `jungle variants` lists every shipped set, one "name - description" a line.
"$jungle" variants | sed 's/ - .*//' | while read -r name; do
  max=5
  case "$name" in flip*) max=$flip_depth ;; esac
  row="| \`$name\`"
  for depth in 1 2 3 4 5; do
    if [ "$depth" -le "$max" ]; then row+=" | $(count "$name" "$depth")"; else row+=" | —"; fi
  done
  echo "$row | \`jungle perft --variant $name N\` |"
done
