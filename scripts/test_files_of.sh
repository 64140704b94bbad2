#!/usr/bin/env bash
# Prints, as a CMake list (a;b;c), the test files (names without .cpp) of
# tests/ that define the GoogleTest suites matched by the ctest name patterns
# given: "^Uci\." is the suite Uci, "^UciHardening" every suite whose name
# starts so. A pattern that no file matches is an error: a renamed suite would
# otherwise silently drop out of the run.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
files=()
for pattern in "$@"; do
  name=${pattern#^}
  if [[ $name == *'\.' ]]; then
    suite="${name%'\.'}"
  else
    suite="${name}[A-Za-z0-9_]*"
  fi
  found=$(grep -lE "^TEST(_F|_P)?\\(${suite}," "$root"/tests/*.cpp || true)
  if [ -z "$found" ]; then
    echo "test_files_of.sh: no test file defines a suite matching '$pattern'" >&2
    exit 1
  fi
  for f in $found; do files+=("$(basename "$f" .cpp)"); done
done
printf '%s\n' "${files[@]}" | sort -u | paste -sd ';'
