#!/usr/bin/env bash
# Load test of `jungle serve`: starts it on a free loopback port with a fresh
# database, drives many games at once from load_test.mjs for a bounded time
# and number of requests, prints the figures, and checks that the server
# stops cleanly on SIGTERM.
#   tests/load/load_test.sh [--postgres N] build/release/jungle [seconds] [games] [clients] [engine-games]
# --postgres N: N servers on one PostgreSQL database that the test starts
# and stops itself (scripts/pg_temp_server.sh), instead of one on SQLite.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
servers=1
postgres=""
if [ "${1:-}" = "--postgres" ]; then
  postgres=1
  servers=${2:?--postgres needs the number of servers}
  shift 2
fi
binary=$(realpath "${1:?usage: load_test.sh [--postgres N] JUNGLE_BINARY [seconds] [games] [clients] [engine-games]}")
seconds=${2:-10}
games=${3:-64}
clients=${4:-24}
engine_games=${5:-8}

work=$(mktemp -d)
pg_dir=""
pids=()
cleanup() {
  for pid in "${pids[@]}"; do
    if kill -0 "$pid" 2>/dev/null; then kill "$pid"; fi
  done
  if [ -n "$pg_dir" ]; then "$here/../../scripts/pg_temp_server.sh" stop "$pg_dir" || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

db="$work/games.db"
store=SQLite
if [ -n "$postgres" ]; then
  if ! "$here/../../scripts/pg_temp_server.sh" available; then
    echo "load test: PostgreSQL is not installed, the run on PostgreSQL is skipped"
    exit 0
  fi
  # A folder of its own under /tmp: the server may run as another user
  # (nobody, under root), who cannot enter $work.
  pg_dir=$(mktemp -d /tmp/jungle-load-pg-XXXXXX)
  db=$("$here/../../scripts/pg_temp_server.sh" start "$pg_dir" --guard $$)
  store=PostgreSQL
fi

urls=()
for i in $(seq 1 "$servers"); do
  "$binary" serve --host 127.0.0.1 --port 0 --db "$db" >"$work/server$i.log" 2>&1 &
  pids+=($!)
  url=""
  for _ in $(seq 1 100); do
    url=$(grep -o 'http://127\.0\.0\.1:[0-9]*/' "$work/server$i.log" || true)
    [ -n "$url" ] && break
    sleep 0.1
  done
  [ -n "$url" ] || { cat "$work/server$i.log"; echo "load test: server $i did not start"; exit 1; }
  urls+=("$url")
done

LOAD_STORE=$store node "$here/load_test.mjs" "$(IFS=,; echo "${urls[*]}")" "$seconds" "$games" "$clients" "$engine_games"

for i in "${!pids[@]}"; do
  kill -TERM "${pids[$i]}"
  status=0
  wait "${pids[$i]}" || status=$?
  [ "$status" -eq 0 ] || { cat "$work/server$((i + 1)).log"; echo "load test: server $((i + 1)) exited with $status"; exit 1; }
done
pids=()
echo "load test: $servers server(s) stopped cleanly"
