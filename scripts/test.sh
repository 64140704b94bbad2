#!/usr/bin/env bash
# Sets everything up and runs every test: the Release build, then the same
# suite under address and undefined-behaviour sanitizers.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
"$root/scripts/setup.sh"

echo "== Release build and tests"
"$root/scripts/build.sh" "$root/build/test-release" -DCMAKE_BUILD_TYPE=Release
ctest --test-dir "$root/build/test-release" --output-on-failure --parallel "$(nproc)"

echo "== Sanitizer build (address, undefined) and tests"
"$root/scripts/build.sh" "$root/build/test-sanitize" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DJUNGLE_SANITIZE=ON
JUNGLE_SANITIZED=1 ctest --test-dir "$root/build/test-sanitize" --output-on-failure --parallel "$(nproc)"

echo "== Formatting"
"$root/scripts/check_format.sh"
