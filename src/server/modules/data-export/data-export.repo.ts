import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type DataExport, dataExports } from '../../db/schema';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Runner = Db | Tx;

/** How long a claimed export is the claiming job's; a job that dies lets another take it over after this. */
export const CLAIM_LEASE_MINUTES = 10;
/** Attempts before an export is given up (failed); the member may ask again at once then. */
export const MAX_ATTEMPTS = 5;

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** The member's newest export of their own (not one staff asked for). */
export async function latestMemberExport(db: Runner, userId: number): Promise<DataExport | undefined> {
  const [row] = await db
    .select()
    .from(dataExports)
    .where(and(eq(dataExports.userId, userId), isNull(dataExports.requestedByStaffId)))
    .orderBy(desc(dataExports.createdAt), desc(dataExports.id))
    .limit(1);
  return row;
}

/**
 * The member's newest request that counts against the interval: pending or ready or expired (a failed one does not
 * count: the member may ask again at once).
 */
export async function lastCountingRequest(tx: Runner, userId: number): Promise<DataExport | undefined> {
  const [row] = await tx
    .select()
    .from(dataExports)
    .where(
      and(
        eq(dataExports.userId, userId),
        isNull(dataExports.requestedByStaffId),
        sql`${dataExports.status} <> 'failed'`,
      ),
    )
    .orderBy(desc(dataExports.createdAt), desc(dataExports.id))
    .limit(1);
  return row;
}

export async function findExport(db: Runner, id: number): Promise<DataExport | undefined> {
  const [row] = await db.select().from(dataExports).where(eq(dataExports.id, id));
  return row;
}

export async function insertExport(
  tx: Runner,
  userId: number,
  requestedByStaffId: number | null,
): Promise<DataExport> {
  const [row] = await tx.insert(dataExports).values({ userId, requestedByStaffId }).returning();
  return row!;
}

export interface ClaimedExport {
  id: number;
  userId: number;
  requestedByStaffId: number | null;
  attempts: number;
}

/**
 * Claims up to `limit` pending exports whose lease is over, leasing each for CLAIM_LEASE_MINUTES (attempts counts
 * the claim). FOR UPDATE SKIP LOCKED: two instances never claim the same export.
 */
export async function claimDueExports(db: Db, limit: number): Promise<ClaimedExport[]> {
  const result = await db.execute(sql`
    update data_exports
       set attempts = attempts + 1,
           locked_until = now() + make_interval(mins => ${CLAIM_LEASE_MINUTES})
     where id in (
       select id from data_exports
        where status = 'pending' and locked_until <= now()
        order by locked_until, id
        limit ${limit}
        for update skip locked)
    returning id, user_id, requested_by_staff_id, attempts`);
  return rowsOf<{ id: unknown; user_id: unknown; requested_by_staff_id: unknown; attempts: unknown }>(
    result,
  ).map((r) => ({
    id: Number(r.id),
    userId: Number(r.user_id),
    requestedByStaffId: r.requested_by_staff_id === null ? null : Number(r.requested_by_staff_id),
    attempts: Number(r.attempts),
  }));
}

/**
 * Marks the claimed export ready with its file, if the claim is still this job's (same attempt, still pending).
 * False: another job took it over after the lease ran out, and this job's file is not the export's.
 */
export async function markReady(
  tx: Runner,
  claim: ClaimedExport,
  file: { key: string; size: number; expiresAt: Date },
): Promise<boolean> {
  const updated = await tx
    .update(dataExports)
    .set({
      status: 'ready',
      storageKey: file.key,
      sizeBytes: file.size,
      readyAt: sql`now()`,
      expiresAt: file.expiresAt,
      lastError: null,
    })
    .where(
      and(
        eq(dataExports.id, claim.id),
        eq(dataExports.status, 'pending'),
        eq(dataExports.attempts, claim.attempts),
      ),
    )
    .returning({ id: dataExports.id });
  return updated.length === 1;
}

/** A failed attempt: tried again after a back-off (1, 2, 4, 8 minutes), failed for good after MAX_ATTEMPTS. */
export async function markAttemptFailed(db: Runner, claim: ClaimedExport, error: string): Promise<void> {
  const giveUp = claim.attempts >= MAX_ATTEMPTS;
  await db
    .update(dataExports)
    .set({
      status: giveUp ? 'failed' : 'pending',
      lastError: error.slice(0, 500),
      lockedUntil: sql`now() + make_interval(mins => ${2 ** (claim.attempts - 1)})`,
    })
    .where(
      and(
        eq(dataExports.id, claim.id),
        eq(dataExports.status, 'pending'),
        eq(dataExports.attempts, claim.attempts),
      ),
    );
}

/** Ready exports past their expiry, locked for the sweep's transaction (another instance skips them). */
export async function lockExpiredExports(
  tx: Runner,
  limit: number,
): Promise<Array<{ id: number; storageKey: string }>> {
  const result = await tx.execute(sql`
    select id, storage_key from data_exports
     where status = 'ready' and expires_at <= now()
     order by expires_at
     limit ${limit}
     for update skip locked`);
  return rowsOf<{ id: unknown; storage_key: string }>(result).map((r) => ({
    id: Number(r.id),
    storageKey: r.storage_key,
  }));
}

export async function markExpired(tx: Runner, id: number): Promise<void> {
  await tx.update(dataExports).set({ status: 'expired' }).where(eq(dataExports.id, id));
}
