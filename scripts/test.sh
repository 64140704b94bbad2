#!/usr/bin/env bash
# Sets everything up and runs every test: formatting, the web page's
# JavaScript (types and unit tests), the Release build, the browser and load
# tests, the same suite under address and undefined-behaviour sanitizers, the
# threaded parts under ThreadSanitizer, and a short fuzzing run.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
"$root/scripts/setup.sh"

echo "== Formatting"
"$root/scripts/check_format.sh"

echo "== Web page JavaScript: types (tsc) and unit tests"
"$root/scripts/check_js.sh"

echo "== Release build and tests"
"$root/scripts/build.sh" "$root/build/test-release" -DCMAKE_BUILD_TYPE=Release
ctest --test-dir "$root/build/test-release" --output-on-failure --parallel "$(nproc)"
"$root/scripts/check_bench.sh" "$root/build/test-release/jungle"

echo "== Web app in headless Chromium (screenshots in build/test-release/screenshots)"
(cd "$root/tests/browser" && npm ci --no-audit --no-fund --loglevel=error)
JUNGLE_BINARY="$root/build/test-release/jungle" JUNGLE_SCREENSHOTS="$root/build/test-release/screenshots" \
  node --test --test-concurrency=1 "$root"/tests/browser/*.test.mjs

echo "== Web server load test (loopback, bounded): one server on SQLite, two on PostgreSQL"
"$root/tests/load/load_test.sh" "$root/build/test-release/jungle"
"$root/tests/load/load_test.sh" --postgres 2 "$root/build/test-release/jungle"

echo "== Sanitizer build (address, undefined) and tests"
"$root/scripts/build.sh" "$root/build/test-sanitize" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DJUNGLE_SANITIZE=ON
JUNGLE_SANITIZED=1 ctest --test-dir "$root/build/test-sanitize" --output-on-failure --parallel "$(nproc)"

echo "== ThreadSanitizer build: the engine protocol, the web server and the engine pool"
"$root/scripts/build.sh" "$root/build/test-tsan" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DJUNGLE_TSAN=ON
# The suites with threads of their own (tests/tsan_suites.txt, one ctest name
# pattern a line); JUNGLE_SANITIZED widens the few time bounds they assert.
TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1 suppressions=$root/tests/tsan.supp" JUNGLE_SANITIZED=1 \
  ctest --test-dir "$root/build/test-tsan" --output-on-failure --parallel "$(nproc)" \
  -R "$(grep -v '^#' "$root/tests/tsan_suites.txt" | paste -sd '|')"

echo "== Fuzzing: each libFuzzer target for 30 s (tests/fuzz/README.md)"
if command -v clang++ >/dev/null 2>&1; then
  "$root/tests/fuzz/run.sh" 30
else
  echo "clang++ not found: fuzzing skipped"
fi
