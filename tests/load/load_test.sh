#!/usr/bin/env bash
# Load test of `jungle serve`: starts it on a free loopback port with a fresh
# database, drives many games at once from load_test.mjs for a bounded time
# and number of requests, prints the figures, and checks that the server
# stops cleanly on SIGTERM.
#   tests/load/load_test.sh build/release/jungle [seconds] [games] [clients] [engine-games]
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
binary=$(realpath "${1:?usage: load_test.sh JUNGLE_BINARY [seconds] [games] [clients]}")
seconds=${2:-10}
games=${3:-64}
clients=${4:-24}
engine_games=${5:-8}

work=$(mktemp -d)
server_pid=""
cleanup() {
  if [ -n "$server_pid" ] && kill -0 "$server_pid" 2>/dev/null; then kill "$server_pid"; fi
  rm -rf "$work"
}
trap cleanup EXIT

"$binary" serve --host 127.0.0.1 --port 0 --db "$work/games.db" >"$work/server.log" 2>&1 &
server_pid=$!
url=""
for _ in $(seq 1 100); do
  url=$(grep -o 'http://127\.0\.0\.1:[0-9]*/' "$work/server.log" || true)
  [ -n "$url" ] && break
  sleep 0.1
done
[ -n "$url" ] || { cat "$work/server.log"; echo "load test: the server did not start"; exit 1; }

node "$here/load_test.mjs" "$url" "$seconds" "$games" "$clients" "$engine_games"

kill -TERM "$server_pid"
status=0
wait "$server_pid" || status=$?
server_pid=""
[ "$status" -eq 0 ] || { cat "$work/server.log"; echo "load test: the server exited with $status"; exit 1; }
echo "load test: server stopped cleanly"
