#!/usr/bin/env bash
# A throwaway PostgreSQL server for the tests, the load test and trying
# several `jungle serve` on one database: a cluster of its own in DIR, no
# system service, reachable from this machine only (a Unix socket in DIR and
# a free port on 127.0.0.1, trust authentication), fsync off for speed.
#
#   pg_temp_server.sh start DIR [--guard PID]
#       Starts it and prints its URL, postgresql://jungle@127.0.0.1:PORT/jungle
#       (also written to DIR/url). DIR must not exist or be empty.
#       --guard PID: a watcher stops the server and removes DIR as soon as
#       process PID has ended, however it ended (a test that crashed or was
#       killed leaves nothing running).
#   pg_temp_server.sh stop DIR
#       Stops it at once (nothing in it is worth keeping) and removes DIR.
#   pg_temp_server.sh start-linked LINK [--guard PID]
#       Stops the server LINK points to, if any, then starts one in a new
#       folder under ${TMPDIR:-/tmp} and points the symbolic link LINK at it
#       (ctest's one server for a run: a fixed path for the tests, while the
#       watcher of an earlier run, still winding down, removes only its own).
#   pg_temp_server.sh stop-linked LINK
#       Stops the server LINK points to and removes both.
#   pg_temp_server.sh available
#       Exits 0 when PostgreSQL's server programs are installed, else says
#       why on standard error and exits 2.
#
# initdb and the server refuse to run as root: as root they run as the user
# nobody (setpriv), DIR given to it. Otherwise they run as the caller.
# A fresh cluster is copied from a template made once per machine by initdb
# (in ${TMPDIR:-/tmp}, checked to belong to the server's user), which makes a
# start take about a second instead of several.
# JUNGLE_PG_BIN names the folder of initdb and pg_ctl when it is not the
# newest /usr/lib/postgresql/*/bin.
set -euo pipefail

usage() {
  echo "usage: pg_temp_server.sh start DIR [--guard PID] | stop DIR | start-linked LINK [--guard PID] | stop-linked LINK | available" >&2
  exit 64
}

find_bin() {
  if [ -n "${JUNGLE_PG_BIN:-}" ]; then
    echo "$JUNGLE_PG_BIN"
    return
  fi
  local found=""
  for d in /usr/lib/postgresql/*/bin; do
    [ -x "$d/initdb" ] && [ -x "$d/pg_ctl" ] && found=$d
  done
  echo "$found"
}

bin=$(find_bin)
available() {
  if [ -z "$bin" ] || [ ! -x "$bin/initdb" ] || [ ! -x "$bin/pg_ctl" ] || [ ! -x "$bin/postgres" ]; then
    echo "PostgreSQL's server programs (initdb, pg_ctl) are not installed: scripts/setup.sh installs them (Debian package postgresql)" >&2
    return 2
  fi
  if [ "$(id -u)" -eq 0 ] && ! command -v setpriv >/dev/null 2>&1; then
    echo "running as root, and setpriv (util-linux) is missing to run PostgreSQL as nobody" >&2
    return 2
  fi
}

# The server's user: the caller, or nobody for root.
if [ "$(id -u)" -eq 0 ]; then
  pg_uid=$(id -u nobody)
  pg_gid=$(id -g nobody)
else
  pg_uid=$(id -u)
  pg_gid=$(id -g)
fi

# Runs a PostgreSQL program as the server's user, from a folder it may enter.
as_pg() {
  if [ "$(id -u)" -eq 0 ]; then
    (cd / && setpriv --reuid="$pg_uid" --regid="$pg_gid" --clear-groups -- "$@")
  else
    "$@"
  fi
}

give_to_pg() {
  if [ "$(id -u)" -eq 0 ]; then chown "$pg_uid:$pg_gid" "$@"; fi
}

# The template cluster, made by initdb once; echoes its path.
template() {
  local version
  version=$(basename "$(dirname "$bin")")
  local base=${TMPDIR:-/tmp}
  local tpl="$base/jungle-pg-template-$version-$pg_uid"
  local lock="$base/jungle-pg-template-$version-$pg_uid.lock"
  exec 9>>"$lock"
  flock 9
  if [ -d "$tpl" ]; then
    # Made by someone else, or half made: not ours to trust.
    if [ "$(stat -c %u "$tpl")" != "$pg_uid" ] || [ ! -f "$tpl/data/PG_VERSION" ] ||
      [ ! -f "$tpl/complete" ]; then
      rm -rf "$tpl"
    fi
  fi
  if [ ! -d "$tpl" ]; then
    local work
    work=$(mktemp -d "$base/jungle-pg-initdb-XXXXXX")
    give_to_pg "$work"
    as_pg "$bin/initdb" -D "$work/data" -A trust -U jungle -E UTF8 --locale=C --no-sync --wal-segsize=1 \
      >"$work/initdb.log" 2>&1 || {
      cat "$work/initdb.log" >&2
      rm -rf "$work"
      echo "pg_temp_server: initdb failed" >&2
      exit 1
    }
    touch "$work/complete"
    give_to_pg "$work/complete"
    mv "$work" "$tpl"
  fi
  exec 9>&-
  echo "$tpl"
}

start() {
  local dir=$1 guard=${2:-}
  available || exit 2
  mkdir -p "$dir"
  dir=$(cd "$dir" && pwd)
  if [ -n "$(ls -A "$dir")" ]; then
    echo "pg_temp_server: $dir is not empty" >&2
    exit 1
  fi
  # The socket's path must stay short (about 100 bytes).
  if [ ${#dir} -gt 80 ]; then
    echo "pg_temp_server: the path $dir is too long for a Unix socket" >&2
    exit 1
  fi
  chmod 700 "$dir"
  give_to_pg "$dir"
  if ! as_pg test -w "$dir"; then
    echo "pg_temp_server: the server's user ($(id -un "$pg_uid")) cannot reach $dir: a folder above it is closed to it; choose one under ${TMPDIR:-/tmp}" >&2
    exit 1
  fi
  if [ -n "$guard" ]; then
    # In a session of its own, so that a signal to the caller's process group
    # does not take the watcher with it.
    setsid bash -c 'while kill -0 "$1" 2>/dev/null && [ -d "$2" ]; do sleep 0.5; done
                    [ -d "$2" ] && "$3" stop "$2"' _ "$guard" "$dir" "$(realpath "$0")" \
      </dev/null >/dev/null 2>&1 &
  fi
  local tpl
  tpl=$(template)
  cp -a "$tpl/data" "$dir/data"
  cat >>"$dir/data/postgresql.conf" <<EOF
# pg_temp_server.sh: this machine only, speed over durability.
listen_addresses = '127.0.0.1'
unix_socket_directories = '$dir'
fsync = off
synchronous_commit = off
full_page_writes = off
max_connections = 200
shared_buffers = 32MB
log_min_messages = warning
EOF
  local port started=""
  for _ in $(seq 1 20); do
    port=$((20000 + RANDOM % 40000))
    : >"$dir/server.log"
    give_to_pg "$dir/server.log"
    if as_pg "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -o "-p $port" -w -t 60 start \
      >"$dir/pg_ctl.log" 2>&1; then
      started=1
      break
    fi
    # Another program had the port: try another; any other failure is told.
    grep -q -E "could not bind|Address already in use|could not create any TCP/IP sockets" \
      "$dir/server.log" || break
  done
  if [ -z "$started" ]; then
    cat "$dir/pg_ctl.log" "$dir/server.log" >&2
    echo "pg_temp_server: the server did not start" >&2
    exit 1
  fi
  as_pg "$bin/createdb" -h "$dir" -p "$port" -U jungle jungle
  echo "$port" >"$dir/port"
  echo "postgresql://jungle@127.0.0.1:$port/jungle" | tee "$dir/url"
}

stop() {
  local dir=$1
  [ -d "$dir" ] || return 0
  if [ -f "$dir/data/postmaster.pid" ]; then
    if ! as_pg "$bin/pg_ctl" -D "$dir/data" -m immediate -w -t 20 stop >/dev/null 2>&1; then
      # Not answering: its postmaster goes, and its backends with it.
      local pid
      pid=$(head -n 1 "$dir/data/postmaster.pid" 2>/dev/null || true)
      [ -n "$pid" ] && kill -KILL "$pid" 2>/dev/null || true
    fi
  fi
  rm -rf "$dir"
}

stop_linked() {
  local link=$1
  if [ -L "$link" ]; then stop "$(readlink "$link")"; fi
  rm -f "$link"
}

start_linked() {
  local link=$1 guard=${2:-} real
  stop_linked "$link"
  real=$(mktemp -d "${TMPDIR:-/tmp}/jungle-pg-run-XXXXXX")
  start "$real" "$guard"
  ln -sfn "$real" "$link"
}

case "${1:-}" in
  start-linked | start)
    [ $# -ge 2 ] || usage
    dir=$2
    guard=""
    if [ $# -ge 3 ]; then
      [ "$3" = "--guard" ] && [ $# -eq 4 ] || usage
      guard=$4
    fi
    if [ "$1" = start ]; then start "$dir" "$guard"; else start_linked "$dir" "$guard"; fi
    ;;
  stop)
    [ $# -eq 2 ] || usage
    stop "$2"
    ;;
  stop-linked)
    [ $# -eq 2 ] || usage
    stop_linked "$2"
    ;;
  available)
    available
    ;;
  *) usage ;;
esac
