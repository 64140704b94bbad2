#!/usr/bin/env bash
# Sets everything up, builds in Release, and runs jungle with the given
# arguments (none: the engine protocol on stdin/stdout).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
"$root/scripts/setup.sh"
"$root/scripts/build.sh" "$root/build/release" -DCMAKE_BUILD_TYPE=Release -DJUNGLE_TESTS=OFF -DJUNGLE_LTO=ON
exec "$root/build/release/jungle" "$@"
