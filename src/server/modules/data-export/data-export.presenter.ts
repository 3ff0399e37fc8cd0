import type { DataExportInfo, DataExportState } from '../../../shared/schemas/data-export';
import type { DataExport } from '../../db/schema';

/** The state as members see it: a ready export past its expiry is expired, even before the sweep deleted it. */
export function exportState(row: DataExport, now = Date.now()): DataExportState {
  if (row.status === 'pending') return 'preparing';
  if (row.status === 'ready') return row.expiresAt && row.expiresAt.getTime() > now ? 'ready' : 'expired';
  return row.status === 'failed' ? 'failed' : 'expired';
}

export function presentExport(row: DataExport, downloadPath: string): DataExportInfo {
  const state = exportState(row);
  return {
    id: row.id,
    state,
    requested_at: row.createdAt.toISOString(),
    ready_at: row.readyAt?.toISOString() ?? null,
    expires_at: row.expiresAt?.toISOString() ?? null,
    size_bytes: row.sizeBytes ?? null,
    download_url: state === 'ready' ? `${downloadPath}?id=${row.id}` : null,
  };
}

/** The download's file name: the site's domain and the day it was made, e.g. amora.example-data-2026-05-01.zip. */
export function exportFileName(domain: string, row: DataExport): string {
  const day = (row.readyAt ?? row.createdAt).toISOString().slice(0, 10);
  return `${domain.replace(/[^a-z0-9.-]/gi, '')}-data-${day}.zip`;
}
