#!/usr/bin/env bash
# Usage: scripts/with-postgres.sh CMD [ARGS...]
#
# Runs CMD with TEST_DATABASE_URL pointing at a throwaway PostgreSQL cluster made from the machine's own
# binaries (the newest /usr/lib/postgresql/*/bin; the Debian package is installed if there is none). The
# cluster listens on a free TCP port of 127.0.0.1 only (no Unix socket), so two runs can go side by side.
# It is always stopped and its data directory removed, and the script exits with CMD's exit code.
set -euo pipefail

if [ "$#" -eq 0 ]; then
  echo "usage: $0 CMD [ARGS...]" >&2
  exit 2
fi

log() { echo "[with-postgres] $*" >&2; }

find_bin() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1; }

BIN="$(find_bin || true)"
if [ -z "$BIN" ] || [ ! -x "$BIN/initdb" ]; then
  log "no PostgreSQL binaries under /usr/lib/postgresql; installing the Debian package"
  if [ "$(id -u)" -ne 0 ]; then
    log "installing PostgreSQL needs root (apt-get install -y postgresql)"
    exit 1
  fi
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq postgresql >/dev/null
  BIN="$(find_bin || true)"
  if [ -z "$BIN" ] || [ ! -x "$BIN/initdb" ]; then
    log "PostgreSQL binaries still missing after apt-get install"
    exit 1
  fi
fi

# initdb refuses to run as root: the cluster belongs to the postgres user (made by the Debian package).
if [ "$(id -u)" -eq 0 ]; then
  id postgres >/dev/null 2>&1 || {
    log "no 'postgres' user; create it or install the postgresql package"
    exit 1
  }
  as_pg() { runuser -u postgres -- "$@"; }
else
  as_pg() { "$@"; }
fi

ROOT="$(mktemp -d "${TMPDIR:-/tmp}/with-postgres.XXXXXX")"
DATA_DIR="$ROOT/data"
chmod 700 "$ROOT"
if [ "$(id -u)" -eq 0 ]; then chown postgres:postgres "$ROOT"; fi
STARTED=0

cleanup() {
  local status=$?
  if [ "$STARTED" -eq 1 ]; then
    as_pg "$BIN/pg_ctl" -D "$DATA_DIR" -w -m fast stop >/dev/null 2>&1 ||
      as_pg "$BIN/pg_ctl" -D "$DATA_DIR" -w -m immediate stop >/dev/null 2>&1 || true
  fi
  rm -rf "$ROOT"
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

REPO_ROOT="$(cd "$(dirname "$0")/.." && pwd)"
free_port() { (cd "$REPO_ROOT" && node --import tsx scripts/free-port.ts); }

if ! as_pg "$BIN/initdb" -D "$DATA_DIR" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >"$ROOT/initdb.log" 2>&1; then
  cat "$ROOT/initdb.log" >&2
  exit 1
fi

# Another run may take the port between our probe and the server's bind: try a few. Durability settings
# are off because the cluster is thrown away at the end; they would only slow the tests down.
PORT=""
for attempt in 1 2 3 4 5; do
  candidate="$(free_port)"
  STARTED=1
  if as_pg "$BIN/pg_ctl" -D "$DATA_DIR" -l "$ROOT/server.log" -w -t 30 \
    -o "-p $candidate -k '' -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off" \
    start >/dev/null 2>&1; then
    PORT="$candidate"
    break
  fi
  log "start on port $candidate failed (attempt $attempt)"
  as_pg "$BIN/pg_ctl" -D "$DATA_DIR" -w -m immediate stop >/dev/null 2>&1 || true
  STARTED=0
done
if [ -z "$PORT" ]; then
  log "could not start PostgreSQL; server log:"
  cat "$ROOT/server.log" >&2 || true
  exit 1
fi

export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$PORT/postgres"
log "PostgreSQL $("$BIN/postgres" --version | awk '{print $3}') on 127.0.0.1:$PORT"

# The command runs in the background so a TERM or INT reaches it at once and the cluster is still
# removed afterwards (bash runs traps only between commands).
set +e
"$@" <&0 &
child=$!
trap 'kill -TERM "$child" 2>/dev/null' TERM
trap 'kill -INT "$child" 2>/dev/null' INT
wait "$child"
status=$?
# A trapped signal interrupts wait (status > 128): wait again for the command's own exit status.
if [ "$status" -gt 128 ]; then
  wait "$child"
  status=$?
fi
set -e
exit "$status"
