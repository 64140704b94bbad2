#!/usr/bin/env bash
# Sets everything up, builds in Release, and runs jungle with the given
# arguments; with none, the web app (`jungle serve`) on http://127.0.0.1:8080/.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
"$root/scripts/setup.sh"
dir="$root/build/release"
options=(-DCMAKE_BUILD_TYPE=Release -DJUNGLE_TESTS=OFF -DCMAKE_UNITY_BUILD=ON -DJUNGLE_LTO=OFF)
# Profile-guided (scripts/build_pgo.sh), a unity build: the fastest of the
# variants that docs/speed.md measures (the search 8% less CPU than the
# link-time-optimised build this script made before), as fast as profile
# and link-time optimisation together, which take a third longer to build.
# A profile fits only the sources it was trained on, so a change to what
# the build reads (anything there newer than the binary; `ninja -n` cannot
# tell, as the source globs make it always plan to re-run CMake) builds the
# folder through all three steps again: without ccache, about twice the
# time of a plain build. JUNGLE_PROFILE=0 builds without a profile, as does
# a failed profiled build.
profiled_and_up_to_date() {
  [ -x "$dir/jungle" ] && grep -qx "JUNGLE_PGO:STRING=use" "$dir/CMakeCache.txt" &&
    [ -z "$(find "$root/CMakeLists.txt" "$root/cmake" "$root/src" "$root/bench" "$root/variants" \
      "$root/weights" "$root/data" "$root/scripts/run.sh" "$root/scripts/build_pgo.sh" \
      -newer "$dir/jungle" -print -quit)" ]
}
if [ "${JUNGLE_PROFILE:-1}" != 0 ]; then
  if ! profiled_and_up_to_date && ! "$root/scripts/build_pgo.sh" "$dir" "${options[@]}"; then
    echo "run.sh: the profile-guided build failed; building without a profile" >&2
    "$root/scripts/build.sh" "$dir" "${options[@]}" -DJUNGLE_PGO=
  fi
else
  "$root/scripts/build.sh" "$dir" "${options[@]}" -DJUNGLE_PGO=
fi
if [ $# -eq 0 ]; then set -- serve; fi
exec "$dir/jungle" "$@"
