#!/usr/bin/env bash
# Builds jungle with GCC's profile-guided optimisation into one folder:
#   build_pgo.sh DIR [cmake options...]
# an instrumented build of the jungle target (-DJUNGLE_PGO=generate), a
# training run (`jungle bench`, `jungle perft 6`), then the same folder
# configured with -DJUNGLE_PGO=use and built again, every target. GCC names
# the profiles after the object files, so both builds must be of the same
# folder and options. ccache is kept out: it cannot tell one profile from
# another. A source changed since the training would not match its profile
# (an error under -Werror), so a changed tree is built through all three
# steps again, as scripts/run.sh does.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
dir=$1
shift
export CCACHE_DISABLE=1
rm -rf "$dir/pgo"
cmake -S "$root" -B "$dir" -G Ninja "$@" -DJUNGLE_PGO=generate >/dev/null
cmake --build "$dir" --target jungle --parallel "$(nproc)"
echo "build_pgo.sh: training $dir/jungle (jungle bench, jungle perft 6)"
"$dir/jungle" bench >/dev/null
"$dir/jungle" perft 6 >/dev/null
cmake -S "$root" -B "$dir" -G Ninja "$@" -DJUNGLE_PGO=use >/dev/null
cmake --build "$dir" --parallel "$(nproc)"
