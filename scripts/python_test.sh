#!/usr/bin/env bash
# Installs the Python module as a user would (docs/python.md): a virtual
# environment that sees Debian's numpy and pytest, and `pip install
# --no-build-isolation .`, which builds with CMake in build/python (through
# ccache when present) and fetches nothing; then runs pytest on tests/python.
# Debian's own python3 on purpose: the packages setup.sh installs are its.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
venv="$root/build/python-venv"
python=/usr/bin/python3
[ -x "$python" ] || python=python3
if [ ! -x "$venv/bin/python" ]; then
  "$python" -m venv --system-site-packages "$venv"
fi
(cd "$root" && "$venv/bin/pip" install --no-build-isolation --no-deps --quiet .)
# From outside the tree, so that the installed module is the one imported.
cd "$root/tests/python"
exec "$venv/bin/python" -m pytest -q -p no:cacheprovider "$@" .
