#!/usr/bin/env bash
# A throwaway PostgreSQL cluster on loopback for the test suite.
#   bash .ci/pg.sh up    -> prints the DATABASE_URL of a fresh, empty database
#   bash .ci/pg.sh down  -> stops the cluster and removes its files
# Idempotent. Runs the server as the postgres user (initdb refuses root).
set -euo pipefail
PGPORT="${PGPORT:-54329}"
PGBASE="${PGBASE:-/tmp/duplicate-pg-$PGPORT}"

if ! ls -d /usr/lib/postgresql/*/bin >/dev/null 2>&1; then
  echo "PostgreSQL is not installed: run 'make system-deps' (apt-get install postgresql)." >&2
  exit 1
fi
BIN="$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)"

as_pg() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

down() {
  if [ -f "$PGBASE/data/postmaster.pid" ]; then
    as_pg "$BIN/pg_ctl" -D "$PGBASE/data" -m fast -w stop >/dev/null || true
  fi
  rm -rf "$PGBASE"
}

up() {
  down
  if [ "$(id -u)" = 0 ]; then
    install -d -o postgres -g postgres -m 700 "$PGBASE"
  else
    install -d -m 700 "$PGBASE"
  fi
  as_pg "$BIN/initdb" -D "$PGBASE/data" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >/dev/null
  if "$BIN/pg_isready" -q -h 127.0.0.1 -p "$PGPORT"; then
    echo "Port $PGPORT already serves another PostgreSQL; set PGPORT to a free port." >&2
    exit 1
  fi
  as_pg "$BIN/pg_ctl" -D "$PGBASE/data" -l "$PGBASE/server.log" -w -t 60 \
    -o "-c listen_addresses=127.0.0.1 -p $PGPORT -k $PGBASE -c fsync=off -c synchronous_commit=off -c full_page_writes=off" \
    start >/dev/null || { cat "$PGBASE/server.log" >&2; exit 1; }
  as_pg "$BIN/createdb" -h 127.0.0.1 -p "$PGPORT" -U postgres duplicate
  echo "postgres://postgres@127.0.0.1:$PGPORT/duplicate"
}

case "${1:-}" in
  up) up ;;
  down) down ;;
  *) echo "usage: $0 up|down" >&2; exit 2 ;;
esac
