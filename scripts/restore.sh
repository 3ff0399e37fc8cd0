#!/usr/bin/env bash
# Restores a backup made by scripts/backup.sh into a FRESH database and a fresh photo folder, then the product is
# started on them as usual (it applies any newer migrations itself). docs/operations.md "Backup and restore".
#
#   DATABASE_URL=postgres://.../amora_restored DATA_DIR=/srv/amora/data-restored scripts/restore.sh backups/<time>
#
# Refuses a database that already has tables and a photo folder that already holds files: a restore never mixes
# into live data. The database is created when missing (needs the CREATEDB right). Checksums are verified first.
# Photos in S3 (manifest media.kind "s3"): copy them back with `aws s3 sync <copied_to> s3://<new bucket>/<prefix>`
# (or `mc mirror`) and point S3_BUCKET/S3_PREFIX at the copy; the script restores the database only then.
set -euo pipefail

backup="${1:?usage: scripts/restore.sh <backup folder>}"
: "${DATABASE_URL:?set DATABASE_URL to the (new) database to restore into}"
DATA_DIR="${DATA_DIR:-./data}"
log() { echo "[restore] $*" >&2; }

[ -f "$backup/manifest.json" ] && [ -f "$backup/db.dump" ] || {
  log "$backup holds no manifest.json and db.dump"
  exit 1
}
log "checking checksums"
(cd "$backup" && sha256sum --quiet --strict -c SHA256SUMS)

# The database name is the URL's path; create it through the server's maintenance database when missing.
db_name="$(node -e 'console.log(decodeURIComponent(new URL(process.argv[1]).pathname.slice(1)))' "$DATABASE_URL")"
admin_url="$(node -e 'const u = new URL(process.argv[1]); u.pathname = "/postgres"; console.log(u.toString())' "$DATABASE_URL")"
exists="$(psql "$admin_url" -XAtqc "select 1 from pg_database where datname = '${db_name//\'/\'\'}'")"
if [ "$exists" != 1 ]; then
  log "creating database $db_name"
  psql "$admin_url" -Xqc "create database \"${db_name//\"/\"\"}\""
fi
tables="$(psql "$DATABASE_URL" -XAtqc "select count(*) from pg_tables where schemaname not in ('pg_catalog', 'information_schema')")"
if [ "$tables" != 0 ]; then
  log "database $db_name already has $tables tables: restore into a new, empty database"
  exit 1
fi

log "database <- $backup/db.dump"
pg_restore --exit-on-error --no-owner --no-privileges --jobs=2 --dbname="$DATABASE_URL" "$backup/db.dump"
psql "$DATABASE_URL" -Xqc 'analyze' >/dev/null

kind="$(node -p "require(require('node:path').resolve(process.argv[1], 'manifest.json')).media.kind" "$backup")"
if [ "$kind" = local ]; then
  if [ -d "$DATA_DIR/media" ] && [ -n "$(ls -A "$DATA_DIR/media")" ]; then
    log "$DATA_DIR/media is not empty: restore into a fresh DATA_DIR"
    exit 1
  fi
  log "photos <- $backup/media.tar.gz into $DATA_DIR/media"
  mkdir -p "$DATA_DIR"
  tar -C "$DATA_DIR" -xzf "$backup/media.tar.gz"
else
  log "photos are in S3: copy them back from $(node -p "require(require('node:path').resolve(process.argv[1], 'manifest.json')).media.copied_to" "$backup") (aws s3 sync / mc mirror) and set S3_BUCKET/S3_PREFIX"
fi
log "done: start the product with DATABASE_URL and DATA_DIR pointing here (it applies newer migrations itself)"
