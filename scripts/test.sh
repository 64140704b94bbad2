#!/usr/bin/env bash
# Sets everything up and runs every test: the Release build, then the same
# suite under address and undefined-behaviour sanitizers.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
"$root/scripts/setup.sh"

echo "== Release build and tests"
"$root/scripts/build.sh" "$root/build/test-release" -DCMAKE_BUILD_TYPE=Release
ctest --test-dir "$root/build/test-release" --output-on-failure --parallel "$(nproc)"

echo "== Web app in headless Chromium (screenshots in build/test-release/screenshots)"
(cd "$root/tests/browser" && npm ci --no-audit --no-fund --loglevel=error)
JUNGLE_BINARY="$root/build/test-release/jungle" JUNGLE_SCREENSHOTS="$root/build/test-release/screenshots" \
  node --test --test-concurrency=1 "$root/tests/browser/web_app.test.mjs"

echo "== Web server load test (loopback, bounded)"
"$root/tests/load/load_test.sh" "$root/build/test-release/jungle"

echo "== Sanitizer build (address, undefined) and tests"
"$root/scripts/build.sh" "$root/build/test-sanitize" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DJUNGLE_SANITIZE=ON
JUNGLE_SANITIZED=1 ctest --test-dir "$root/build/test-sanitize" --output-on-failure --parallel "$(nproc)"

echo "== Formatting"
"$root/scripts/check_format.sh"
