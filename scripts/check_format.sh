#!/usr/bin/env bash
# Fails when a tracked C++ file differs from what clang-format makes of it,
# when the C++ files of src/ include each other in a circle
# (scripts/include_cycles.py), or when the web page's JavaScript differs from
# what prettier (.prettierrc.json) makes of it.
set -euo pipefail
cd "$(dirname "$0")/.."
files=$(git ls-files '*.h' '*.cpp' 2>/dev/null || find src tests -name '*.h' -o -name '*.cpp')
[ -n "$files" ] || exit 0
# shellcheck disable=SC2086
clang-format --dry-run --Werror $files
python3 scripts/include_cycles.py
# prettier comes from npm, pinned in tests/js/package-lock.json.
(cd tests/js && npm ci --no-audit --no-fund --loglevel=error)
tests/js/node_modules/.bin/prettier --check --log-level warn 'src/web/assets/js/**/*.js' 'tests/js/*.mjs'
echo "formatting: ok"
