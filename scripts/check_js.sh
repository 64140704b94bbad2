#!/usr/bin/env bash
# Checks the web page's JavaScript (src/web/assets/js, plain ES modules
# served as they are): that no modules (and no folders) import each other in
# a circle (tests/js/import_cycles.mjs), its types with tsc, every module
# being // @ts-check (tests/js/tsconfig.json), and the unit tests of its pure
# modules (tests/js).
set -euo pipefail
cd "$(dirname "$0")/.."
node tests/js/import_cycles.mjs
(cd tests/js && npm ci --no-audit --no-fund --loglevel=error)
tests/js/node_modules/.bin/tsc --noEmit -p tests/js
echo "types: ok"
node --test tests/js/*.test.mjs
