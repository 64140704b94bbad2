#!/usr/bin/env bash
# Sets everything up and runs every test: formatting, the web page's
# JavaScript (types and unit tests), the Release build, the Python module, the browser and load
# tests, the same suite under address and undefined-behaviour sanitizers, the
# threaded parts under ThreadSanitizer, and a short fuzzing run.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
# Each stage says how long it took, and the end sums them up: CI must stay
# well under 30 minutes, and this shows where the time goes.
# The CPU seconds beside them (the stage's processes, user and system) say
# what a stage costs on a busier or a bigger machine.
stages=()
stage_start=$SECONDS
times_file=$(mktemp)
children_cpu() {  # CPU seconds of every finished child process so far, in $cpu_now
  times >"$times_file"  # in this shell: a subshell would count its own children
  cpu_now=$(awk 'NR == 2 {
    t = 0
    for (i = 1; i <= 2; i++) { split($i, a, /[ms]/); t += a[1] * 60 + a[2] }
    printf "%d", t }' "$times_file")
}
children_cpu
stage_cpu=$cpu_now
stage() {
  if [ -n "${stage_name:-}" ]; then
    children_cpu
    local cpu=$((cpu_now - stage_cpu))
    stages+=("$((SECONDS - stage_start)) s (CPU $cpu s)  $stage_name")
    echo "   ($((SECONDS - stage_start)) s, CPU $cpu s)"
  fi
  stage_name=$1
  stage_start=$SECONDS
  children_cpu
  stage_cpu=$cpu_now
  [ -z "$stage_name" ] || echo "== $stage_name"
}
trap 'stage ""; rm -f "$times_file"; printf "%s\n" "== Time per stage" "${stages[@]}" "total: $SECONDS s"' EXIT

stage "Setup (Debian packages)"
"$root/scripts/setup.sh"

stage "Formatting"
"$root/scripts/check_format.sh"

stage "Web page JavaScript: types (tsc) and unit tests"
"$root/scripts/check_js.sh"

# Every build here is a unity build (CMake compiles the files of a target
# eight at a time, as one): the headers each file includes (GoogleTest,
# nlohmann-json, cpp-httplib, CLI11) are then read once per eight files, not
# once per file, which cuts the CPU time of these clean builds. A name
# defined twice in files of one folder (even in anonymous namespaces) then
# clashes, and the build says so: give it one home.
unity=-DCMAKE_UNITY_BUILD=ON

stage "Release build"
"$root/scripts/build.sh" "$root/build/test-release" -DCMAKE_BUILD_TYPE=Release $unity
stage "Release tests"
ctest --test-dir "$root/build/test-release" --output-on-failure --parallel "$(nproc)"
"$root/scripts/check_bench.sh" "$root/build/test-release/jungle"

stage "Python module (pip install into a venv, pytest)"
"$root/scripts/python_test.sh"

stage "Web app in headless Chromium (screenshots in build/test-release/screenshots)"
(cd "$root/tests/browser" && npm ci --no-audit --no-fund --loglevel=error)
# One file at a time: each starts its own server, Chromium and engines, and
# two at once on a 2-core machine starved the tests that wait on an engine
# (live analysis, the hint beside it, the engine's clock) past their
# timeouts in three fresh-clone runs of four; each passed with the machine to itself.
JUNGLE_BINARY="$root/build/test-release/jungle" JUNGLE_SCREENSHOTS="$root/build/test-release/screenshots" \
  node --test --test-concurrency=1 "$root"/tests/browser/*.test.mjs

stage "Web server load test (loopback, bounded): one server on SQLite, two on PostgreSQL"
"$root/tests/load/load_test.sh" "$root/build/test-release/jungle"
"$root/tests/load/load_test.sh" --postgres 2 "$root/build/test-release/jungle"

# The sanitized builds use clang (setup.sh installs it; the fuzzing stage
# needs it anyway): on this 2-core machine its sanitized compiles took 581 CPU
# seconds where GCC 12's took 1011, and the Release build stays on the
# system compiler, the one a user builds the app with.
stage "Sanitizer build (address, undefined; clang)"
"$root/scripts/build.sh" "$root/build/test-sanitize" -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DJUNGLE_SANITIZE=ON -DJUNGLE_MICROBENCH=OFF $unity
stage "Sanitizer tests"
# tests/lsan.supp: a leak of libpqxx 6.4's own on a lost connection.
LSAN_OPTIONS="suppressions=$root/tests/lsan.supp" JUNGLE_SANITIZED=1 \
  ctest --test-dir "$root/build/test-sanitize" --output-on-failure --parallel "$(nproc)"

stage "ThreadSanitizer build (clang): the engine protocol, the web server and the engine pool"
# The suites with threads of their own (tests/tsan_suites.txt, one ctest name
# pattern a line), and only the test files that hold them are compiled.
tsan_patterns=$(grep -v '^#' "$root/tests/tsan_suites.txt")
tsan_files=$("$root/scripts/test_files_of.sh" $tsan_patterns)
# Not a unity build: the one build here that compiles each source file on
# its own, as the package preset's does, so that a file which compiles only
# beside its unity neighbours (a missing #include) fails here, not for a user.
"$root/scripts/build.sh" "$root/build/test-tsan" -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=RelWithDebInfo -DJUNGLE_TSAN=ON \
  -DJUNGLE_MICROBENCH=OFF "-DJUNGLE_TEST_FILES=$tsan_files"
stage "ThreadSanitizer tests"
# JUNGLE_SANITIZED widens the few time bounds the suites assert.
TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1 suppressions=$root/tests/tsan.supp" JUNGLE_SANITIZED=1 \
  ctest --test-dir "$root/build/test-tsan" --output-on-failure --parallel "$(nproc)" \
  -R "$(echo "$tsan_patterns" | paste -sd '|')"

stage "Fuzzing: each libFuzzer target for 30 s (tests/fuzz/README.md)"
if command -v clang++ >/dev/null 2>&1; then
  "$root/tests/fuzz/run.sh" 30
else
  echo "clang++ not found: fuzzing skipped"
fi
