#!/usr/bin/env bash
# Runs a command against a private, throwaway PostgreSQL cluster and removes it afterwards.
#
#   scripts/with-postgres.sh npx vitest run --project 'server*'
#
# The cluster lives in a temp dir, listens on 127.0.0.1 on a free port with trust auth (local test
# use only) and has one database, `app_test`. The command sees TEST_DATABASE_URL pointing at it.
# initdb and pg_ctl refuse to run as root, so as root they run as the `postgres` system user
# (created by Debian's postgresql package; created here when absent).
set -uo pipefail

if [ "$#" -eq 0 ]; then
  echo "usage: $0 COMMAND [ARGS...]" >&2
  exit 2
fi

log() { echo "[with-postgres] $*" >&2; }

find_pg_bin() {
  local initdb dir
  if initdb=$(command -v initdb); then
    dirname "$(readlink -f "$initdb")"
    return 0
  fi
  # Debian keeps the server binaries off PATH, one directory per major version.
  for dir in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r); do
    if [ -x "$dir/initdb" ]; then
      echo "$dir"
      return 0
    fi
  done
  return 1
}

if ! PG_BIN=$(find_pg_bin); then
  log "no initdb found on PATH or in /usr/lib/postgresql/*/bin (apt-get install -y postgresql)"
  exit 127
fi

as_pg() {
  if [ "$(id -u)" -eq 0 ]; then
    runuser -u postgres -- "$@"
  else
    "$@"
  fi
}

if [ "$(id -u)" -eq 0 ] && ! id -u postgres >/dev/null 2>&1; then
  log "creating system user postgres"
  useradd --system --user-group --no-create-home --home-dir /nonexistent \
    --shell /usr/sbin/nologin postgres || exit 1
fi

TMP_ROOT=$(mktemp -d /tmp/with-postgres.XXXXXX) || exit 1
PGDATA_DIR="$TMP_ROOT/data"
STARTED=0

cleanup() {
  if [ "$STARTED" -eq 1 ]; then
    (cd "$TMP_ROOT" && as_pg "$PG_BIN/pg_ctl" -D "$PGDATA_DIR" -m fast -w -t 30 stop >/dev/null) ||
      (cd "$TMP_ROOT" && as_pg "$PG_BIN/pg_ctl" -D "$PGDATA_DIR" -m immediate stop >/dev/null)
  fi
  rm -rf "$TMP_ROOT"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

if [ "$(id -u)" -eq 0 ]; then
  chown postgres: "$TMP_ROOT"
fi
chmod 700 "$TMP_ROOT"

free_port() {
  node -e "const s = require('net').createServer(); s.listen(0, '127.0.0.1', () => { console.log(s.address().port); s.close() })"
}

# Run from the temp dir: the postgres user may not be able to read the caller's working directory.
cd "$TMP_ROOT" || exit 1

if ! as_pg "$PG_BIN/initdb" -D "$PGDATA_DIR" -U postgres --auth=trust --encoding=UTF8 \
  --locale=C --no-sync >"$TMP_ROOT/initdb.log" 2>&1; then
  log "initdb failed:"
  cat "$TMP_ROOT/initdb.log" >&2
  exit 1
fi

# A free port can be taken between choosing and binding it: try a few.
PORT=
for _ in 1 2 3 4 5; do
  candidate=$(free_port) || exit 1
  if as_pg "$PG_BIN/pg_ctl" -D "$PGDATA_DIR" -l "$TMP_ROOT/server.log" -w -t 60 \
    -o "-p $candidate -k $TMP_ROOT -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off" \
    start >/dev/null; then
    STARTED=1
    PORT=$candidate
    break
  fi
  log "server did not start on port $candidate:"
  tail -n 5 "$TMP_ROOT/server.log" >&2
done
if [ -z "$PORT" ]; then
  log "giving up: PostgreSQL did not start"
  exit 1
fi

if ! "$PG_BIN/createdb" -h 127.0.0.1 -p "$PORT" -U postgres app_test; then
  log "createdb failed"
  exit 1
fi

export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$PORT/app_test"
log "PostgreSQL $("$PG_BIN/postgres" --version | awk '{print $3}') ready at $TEST_DATABASE_URL"

cd "$OLDPWD" || exit 1
"$@"
status=$?
exit "$status"
