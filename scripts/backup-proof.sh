#!/usr/bin/env bash
# Proof that a backup restores into a working product (issue 28, point 5), against a real PostgreSQL:
#  1. creates a database of its own (unique name) and starts the app on it with a fresh DATA_DIR;
#  2. seeds through the public API (scripts/backup-proof-client.ts): members who confirm their address, pay a credit
#     bundle through the built-in test provider, upload a photo and write to each other;
#  3. stops the app and backs up with scripts/backup.sh (pg_dump custom format + the photo folder + manifest);
#  4. restores with scripts/restore.sh into a second new database and an empty DATA_DIR, and checks that every
#     table holds as many rows as in the source;
#  5. starts the app on the restored copy and checks over HTTP that the members sign in, their payments, messages and
#     photos are intact (counts and content);
#  then drops both databases and removes its folders (also on failure).
#
#   scripts/backup-proof.sh                      (PostgreSQL at postgres://postgres@127.0.0.1:5432)
#   PROOF_PG=postgres://user@host:5432 PROOF_PORT=3295 PROOF_SERVER=compiled scripts/backup-proof.sh
# PROOF_SERVER=compiled runs dist/server/main.js (npm run build:server first) instead of the sources through tsx.
set -euo pipefail
cd "$(dirname "$0")/.."

started="$(date +%s)"
PG="${PROOF_PG:-postgres://postgres@127.0.0.1:5432}"
PORT="${PROOF_PORT:-3295}"
suffix="$(date +%s)_$$_$RANDOM"
SRC_DB="amora_backup_proof_src_$suffix"
DST_DB="amora_backup_proof_dst_$suffix"
work="$(mktemp -d "${TMPDIR:-/tmp}/amora-backup-proof.XXXXXX")"
app_pid=""


log() { echo "[backup-proof +$(($(date +%s) - started)) s] $*" >&2; }

stop_app() {
  if [ -n "$app_pid" ] && kill -0 "$app_pid" 2>/dev/null; then
    kill -TERM "$app_pid" 2>/dev/null || true
    for _ in $(seq 1 100); do kill -0 "$app_pid" 2>/dev/null || break; sleep 0.1; done
    kill -KILL "$app_pid" 2>/dev/null || true
  fi
  app_pid=""
}
cleanup() {
  local rc=$?
  stop_app
  psql "$PG/postgres" -Xqc "drop database if exists \"$SRC_DB\" with (force)" >/dev/null 2>&1 || true
  psql "$PG/postgres" -Xqc "drop database if exists \"$DST_DB\" with (force)" >/dev/null 2>&1 || true
  if [ "$rc" -ne 0 ] && [ -f "$work/app.log" ]; then
    log "app log (last lines):"
    tail -n 30 "$work/app.log" >&2 || true
  fi
  rm -rf "$work"
  exit "$rc"
}
trap cleanup EXIT INT TERM

if [ "${PROOF_SERVER:-tsx}" = compiled ]; then
  server=(node dist/server/main.js)
  [ -f dist/server/main.js ] || { log "dist/server/main.js missing: npm run build:server"; exit 1; }
else
  server=(node --import tsx src/server/main.ts)
fi

start_app() { # database url, data dir
  DATABASE_URL="$1" DATA_DIR="$2" NODE_ENV=production PORT="$PORT" HOST=127.0.0.1 REDIS_URL= S3_BUCKET= \
    PUBLIC_URL="http://localhost:$PORT" DEFAULT_SITE_DOMAIN=localhost PAYMENT_TEST_PROVIDER=true \
    DEMO_CONTENT=false RATE_LIMIT_SCALE=1000000 SHUTDOWN_DRAIN_SECONDS=0 LOG_LEVEL=warn SMTP_URL= \
    "${server[@]}" >>"$work/app.log" 2>&1 &
  app_pid=$!
  for _ in $(seq 1 300); do
    if curl -fsS -o /dev/null "http://127.0.0.1:$PORT/readyz" 2>/dev/null; then return 0; fi
    kill -0 "$app_pid" 2>/dev/null || { log "the app exited while starting"; return 1; }
    sleep 0.2
  done
  log "the app did not become ready in 60 s"
  return 1
}

table_counts() { # database url -> "table rows" lines, exact counts of every table
  psql "$1" -XAtq -F ' ' <<'SQL'
select format('select %L, count(*) from %I.%I', schemaname || '.' || tablename, schemaname, tablename)
from pg_tables where schemaname not in ('pg_catalog', 'information_schema') order by 1
\gexec
SQL
}

log "source database $SRC_DB"
psql "$PG/postgres" -Xqc "create database \"$SRC_DB\""
start_app "$PG/$SRC_DB" "$work/data-src"
log "app ready on the source"
PROOF_DATABASE_URL="$PG/$SRC_DB" node --import tsx scripts/backup-proof-client.ts seed \
  "http://localhost:$PORT" "$work/expect.json"
stop_app
table_counts "$PG/$SRC_DB" >"$work/counts-src.txt"

backup="$(DATABASE_URL="$PG/$SRC_DB" DATA_DIR="$work/data-src" scripts/backup.sh "$work/backups")"
log "manifest: $(tr -d '\n' <"$backup/manifest.json" | tr -s ' ')"

DATABASE_URL="$PG/$DST_DB" DATA_DIR="$work/data-dst" scripts/restore.sh "$backup"
table_counts "$PG/$DST_DB" >"$work/counts-dst.txt"
if ! diff -u "$work/counts-src.txt" "$work/counts-dst.txt" >&2; then
  log "row counts differ between the source and the restored database"
  exit 1
fi
log "restored: $(wc -l <"$work/counts-dst.txt") tables, the same row counts as the source ($(awk '{ s += $2 } END { print s }' "$work/counts-dst.txt") rows)"
src_files="$(cd "$work/data-src/media" && find . -type f | sort | xargs sha256sum)"
dst_files="$(cd "$work/data-dst/media" && find . -type f | sort | xargs sha256sum)"
[ "$src_files" = "$dst_files" ] || { log "the restored photo folder differs"; exit 1; }
log "photo folder: $(echo "$dst_files" | grep -c .) files, identical"

start_app "$PG/$DST_DB" "$work/data-dst"
log "app ready on the restored copy"
node --import tsx scripts/backup-proof-client.ts verify "http://localhost:$PORT" "$work/expect.json"
stop_app
log "passed in $(($(date +%s) - started)) s"
