#!/usr/bin/env bash
# Compares `jungle bench`'s node count with the last "Bench: N" line in the
# commit messages: a change to the search's behaviour must say its new
# signature (docs/engine.md). Usage: check_bench.sh JUNGLE_BINARY
set -euo pipefail
binary=$1
root="$(cd "$(dirname "$0")/.." && pwd)"
if ! git -C "$root" rev-parse --git-dir >/dev/null 2>&1; then
  echo "check_bench: not a git checkout, nothing to compare with"
  exit 0
fi
expected=$(git -C "$root" log --format=%B | grep -m1 -oE '^Bench: [0-9]+' | grep -oE '[0-9]+' || true)
if [ -z "$expected" ]; then
  echo "check_bench: no 'Bench: N' line in the history (a shallow clone?), nothing to compare with"
  exit 0
fi
actual=$("$binary" bench | grep -oE '^Nodes searched: [0-9]+' | grep -oE '[0-9]+')
if [ "$actual" != "$expected" ]; then
  echo "check_bench: jungle bench searched $actual nodes; the last 'Bench:' commit says $expected."
  echo "A commit that changes the search's behaviour puts 'Bench: $actual' in its message."
  exit 1
fi
echo "check_bench: Bench: $actual, as the history says"
