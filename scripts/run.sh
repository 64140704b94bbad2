#!/usr/bin/env bash
# Sets everything up, builds in Release, and runs jungle with the given
# arguments; with none, the web app (`jungle serve`) on http://127.0.0.1:8080/.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
"$root/scripts/setup.sh"
# Link-time optimisation: as many instructions as the unity build, and no
# measurable difference in CPU time (docs/speed.md, scripts/speed.sh).
"$root/scripts/build.sh" "$root/build/release" -DCMAKE_BUILD_TYPE=Release -DJUNGLE_TESTS=OFF -DJUNGLE_LTO=ON
if [ $# -eq 0 ]; then set -- serve; fi
exec "$root/build/release/jungle" "$@"
