#!/usr/bin/env bash
# Backup of one Amora deployment: the PostgreSQL database (pg_dump, custom format) and the photo storage, with a
# manifest (time, app version, migration level, SHA-256 of every file). docs/operations.md "Backup and restore".
#
#   DATABASE_URL=postgres://... DATA_DIR=/srv/amora/data scripts/backup.sh [output-folder]
#
# The output folder (default ./backups) gets one folder per run: <UTC time>/ with db.dump, media.tar.gz (local
# photo folder DATA_DIR/media) and manifest.json. With S3_BUCKET set the photos are in the bucket: the script
# copies them with `aws s3 sync` (AWS CLI) or `mc mirror` (MinIO client, alias from BACKUP_MC_ALIAS) when one is
# installed, into BACKUP_S3_TARGET (another bucket/prefix, e.g. s3://amora-backup/media/2026-11-28); without a
# target or a tool it stops with the command to run, since a database without its photos is no backup.
# pg_dump must be the server's major version or newer (check: pg_dump --version; psql -c 'show server_version').
set -euo pipefail

: "${DATABASE_URL:?set DATABASE_URL to the database to back up}"
DATA_DIR="${DATA_DIR:-./data}"
OUT_ROOT="${1:-./backups}"
ROOT="$(cd "$(dirname "$0")/.." && pwd)"

stamp="$(date -u +%Y-%m-%dT%H-%M-%SZ)"
out="$OUT_ROOT/$stamp"
mkdir -p "$out"
umask 077

log() { echo "[backup] $*" >&2; }

server_major="$(psql "$DATABASE_URL" -XAtqc 'show server_version_num' | cut -c1-2)"
dump_major="$(pg_dump --version | sed -E 's/[^0-9]*([0-9]+).*/\1/')"
if [ "$dump_major" -lt "$server_major" ]; then
  log "pg_dump $dump_major is older than the server ($server_major): install the server's client version"
  exit 1
fi

log "database -> $out/db.dump"
# One consistent snapshot (pg_dump runs in one repeatable-read transaction); no owners or grants, so the dump
# restores into a database owned by another role.
pg_dump --format=custom --compress=6 --no-owner --no-privileges --file="$out/db.dump" "$DATABASE_URL"

migration_count="$(psql "$DATABASE_URL" -XAtqc 'select count(*) from drizzle.__drizzle_migrations')"
migration_last="$(psql "$DATABASE_URL" -XAtqc 'select coalesce(max(created_at), 0) from drizzle.__drizzle_migrations')"
app_version="$(node -p "require('$ROOT/package.json').version" 2>/dev/null || echo unknown)"
git_commit="$(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null || echo unknown)"

media_kind=local
media_note=""
if [ -n "${S3_BUCKET:-}" ]; then
  media_kind=s3
  src="s3://$S3_BUCKET/${S3_PREFIX:-}"
  if [ -z "${BACKUP_S3_TARGET:-}" ]; then
    log "S3_BUCKET is set: set BACKUP_S3_TARGET (e.g. s3://amora-backup/media/$stamp) to copy the photos, or run:"
    log "  aws s3 sync $src s3://amora-backup/media/$stamp   (or: mc mirror <alias>/$S3_BUCKET/${S3_PREFIX:-} <backup-alias>/media/$stamp)"
    exit 1
  fi
  if command -v aws >/dev/null 2>&1; then
    log "photos: aws s3 sync $src $BACKUP_S3_TARGET"
    aws s3 sync ${S3_ENDPOINT:+--endpoint-url "$S3_ENDPOINT"} "$src" "$BACKUP_S3_TARGET"
  elif command -v mc >/dev/null 2>&1 && [ -n "${BACKUP_MC_ALIAS:-}" ]; then
    log "photos: mc mirror $BACKUP_MC_ALIAS/$S3_BUCKET/${S3_PREFIX:-} $BACKUP_S3_TARGET"
    mc mirror --overwrite "$BACKUP_MC_ALIAS/$S3_BUCKET/${S3_PREFIX:-}" "$BACKUP_S3_TARGET"
  else
    log "no aws CLI (or mc with BACKUP_MC_ALIAS) installed: copy $src to $BACKUP_S3_TARGET yourself"
    exit 1
  fi
  media_note="$BACKUP_S3_TARGET"
else
  log "photos: $DATA_DIR/media -> $out/media.tar.gz"
  mkdir -p "$DATA_DIR/media"
  tar -C "$DATA_DIR" -czf "$out/media.tar.gz" media
fi

(cd "$out" && sha256sum -- * >SHA256SUMS)
checksums="$(awk '{ printf "%s\"%s\": \"%s\"", (NR > 1 ? ", " : ""), $2, $1 }' "$out/SHA256SUMS")"
media_files=0
if [ "$media_kind" = local ]; then media_files="$(tar -tzf "$out/media.tar.gz" | grep -vc '/$' || true)"; fi

cat >"$out/manifest.json" <<JSON
{
  "created_at": "$(date -u +%Y-%m-%dT%H:%M:%SZ)",
  "app_version": "$app_version",
  "git_commit": "$git_commit",
  "postgres_server_major": $server_major,
  "pg_dump_version": "$(pg_dump --version | sed -E 's/^pg_dump \(PostgreSQL\) //')",
  "migrations_applied": $migration_count,
  "migration_last_created_at": $migration_last,
  "media": { "kind": "$media_kind", "files": $media_files, "copied_to": "$media_note" },
  "sha256": { $checksums }
}
JSON
log "done: $out ($(du -sh "$out" | cut -f1))"
echo "$out"
