import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { isLocale } from '../../../shared/locales';
import type { Db } from '../../db/client';
import { type DataExport, profiles, sites, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { MediaStorage } from '../../lib/storage';
import { buildAccountMail, type LinkBase, siteOrigin } from '../accounts/account-mail';
import { enqueueMail } from '../outbox/outbox.repo';
import { recordStaffAction } from '../staff/staff-audit';
import { collectMemberData } from './data-export.collect';
import {
  type ClaimedExport,
  claimDueExports,
  findExport,
  insertExport,
  lastCountingRequest,
  lockExpiredExports,
  markAttemptFailed,
  markExpired,
  markReady,
} from './data-export.repo';
import { buildExportZip } from './data-export.zip';

/** The operator's settings (DATA_EXPORT_KEEP_DAYS, DATA_EXPORT_INTERVAL_HOURS). */
export interface DataExportSettings {
  keepDays: number;
  intervalHours: number;
}

/** Where the settings page shows the member's export (the link in the "ready" mail). */
export const EXPORT_SETTINGS_PATH = '/notifications#data-export';

/**
 * Asks for a copy of a member's data, prepared in the background by the data-export job.
 * - The member (no `requestedByStaffId`): one request in preparation at a time (409 data_export_pending) and one per
 *   `intervalHours` (429 data_export_too_soon; a failed one does not count); the member is mailed when it is ready.
 * - Staff (`requestedByStaffId`): for the console (issue 22, point 6), without the member's limits and without a mail
 *   to the member; audited as 'member.export.request' in the same transaction.
 */
export async function requestExport(
  db: Db,
  memberId: number,
  opts: { requestedByStaffId?: number | null; intervalHours?: number } = {},
): Promise<DataExport> {
  const staffId = opts.requestedByStaffId ?? null;
  return db.transaction(async (tx) => {
    // One request at a time per member: parallel requests wait here and then see the first one.
    const [member] = await tx
      .select({ id: users.id, siteId: users.siteId, purgedAt: users.purgedAt })
      .from(users)
      .where(eq(users.id, memberId))
      .for('update');
    if (!member || member.purgedAt) throw new AppError(404, 'member_not_found');
    if (staffId === null) {
      const last = await lastCountingRequest(tx, memberId);
      if (last?.status === 'pending') throw new AppError(409, 'data_export_pending');
      const interval = (opts.intervalHours ?? 24) * 3_600_000;
      if (last && last.createdAt.getTime() + interval > Date.now())
        throw new AppError(429, 'data_export_too_soon', undefined, {
          hours: Math.max(1, Math.ceil((last.createdAt.getTime() + interval - Date.now()) / 3_600_000)),
        });
    }
    const row = await insertExport(tx, memberId, staffId);
    if (staffId !== null)
      await recordStaffAction(tx, staffId, {
        action: 'member.export.request',
        targetType: 'member',
        targetId: memberId,
        after: { export_id: row.id },
        siteId: member.siteId,
      });
    return row;
  });
}

/** When the member may ask again (null: now). */
export function nextRequestAt(last: DataExport | undefined, intervalHours: number): Date | null {
  if (!last || last.status === 'failed') return null;
  if (last.status === 'pending') return null;
  const at = new Date(last.createdAt.getTime() + intervalHours * 3_600_000);
  return at.getTime() > Date.now() ? at : null;
}

/** A storage key nobody can guess (128 random bits), under exports/. */
export function newExportKey(userId: number): string {
  return `exports/${userId}/${randomBytes(16).toString('hex')}.zip`;
}

export interface PrepareDeps {
  db: Db;
  storage: MediaStorage;
  keepDays: number;
  links: LinkBase;
  log?: (msg: string) => void;
}

async function readyMail(
  tx: Parameters<Parameters<Db['transaction']>[0]>[0],
  deps: PrepareDeps,
  claim: ClaimedExport,
  expiresAt: Date,
) {
  const [row] = await tx
    .select({ user: users, site: sites, name: profiles.name })
    .from(users)
    .innerJoin(sites, eq(sites.id, users.siteId))
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, claim.userId));
  if (!row || row.user.status === 'deleted') return;
  const locale = isLocale(row.user.language) ? row.user.language : 'en';
  const until = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(expiresAt);
  const link = `${siteOrigin(row.site, deps.links)}${EXPORT_SETTINGS_PATH}`;
  await enqueueMail(
    tx,
    claim.userId,
    buildAccountMail(
      'data_export_ready',
      row.site,
      { email: row.user.email, name: row.name ?? '', language: row.user.language },
      link,
      { date: until, days: deps.keepDays },
    ),
    { type: 'data_export' },
  );
}

/** Prepares one claimed export: collects, zips, stores; ready (and mailed) in one transaction. */
async function prepareOne(deps: PrepareDeps, claim: ClaimedExport): Promise<void> {
  const data = await collectMemberData(deps.db, claim.userId);
  const [site] = await deps.db
    .select({ name: sites.name })
    .from(users)
    .innerJoin(sites, eq(sites.id, users.siteId))
    .where(eq(users.id, claim.userId));
  const zip = await buildExportZip(data, site?.name ?? '', new Date(), (key) => deps.storage.get(key));
  const key = newExportKey(claim.userId);
  await deps.storage.put(key, Buffer.from(zip), 'application/zip');
  const expiresAt = new Date(Date.now() + deps.keepDays * 86_400_000);
  const done = await deps.db.transaction(async (tx) => {
    if (!(await markReady(tx, claim, { key, size: zip.byteLength, expiresAt }))) return false;
    if (claim.requestedByStaffId === null) await readyMail(tx, deps, claim, expiresAt);
    return true;
  });
  // Taken over by another job after the lease: its file is the export's, this one is nobody's.
  if (!done) await deps.storage.remove(key);
}

/**
 * The data-export job: claims pending exports (several instances share the work, each export is prepared by one)
 * and prepares them one after the other. Returns how many became ready.
 */
export async function prepareDueExports(deps: PrepareDeps, limit = 3): Promise<number> {
  const claims = await claimDueExports(deps.db, limit);
  let ready = 0;
  for (const claim of claims) {
    try {
      await prepareOne(deps, claim);
      ready += 1;
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      deps.log?.(`data export ${claim.id} attempt ${claim.attempts} failed: ${message}`);
      await markAttemptFailed(deps.db, claim, message);
    }
  }
  return ready;
}

/** Deletes the files of exports past their expiry and marks them expired. Returns how many. */
export async function sweepExpiredExports(db: Db, storage: MediaStorage, limit = 50): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await lockExpiredExports(tx, limit);
    for (const e of due) {
      await storage.remove(e.storageKey);
      await markExpired(tx, e.id);
    }
    return due.length;
  });
}

/**
 * The zip of a ready, unexpired export, for its member (`memberId`) or for staff (`memberId` null). Anything else —
 * another member's export, a staff export asked for by a member, not ready, expired, the file gone — is 404 alike.
 */
export async function exportFile(
  db: Db,
  storage: MediaStorage,
  exportId: number,
  asker: { memberId: number } | { staff: true },
): Promise<{ row: DataExport; body: Buffer }> {
  const row = await findExport(db, exportId);
  const owned =
    row && ('staff' in asker || (row.userId === asker.memberId && row.requestedByStaffId === null));
  if (!row || !owned || row.status !== 'ready' || !row.storageKey || !row.expiresAt)
    throw new AppError(404, 'data_export_not_found');
  if (row.expiresAt.getTime() <= Date.now()) throw new AppError(404, 'data_export_not_found');
  const body = await storage.get(row.storageKey);
  if (!body) throw new AppError(404, 'data_export_not_found');
  return { row, body };
}
