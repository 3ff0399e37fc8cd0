import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { STAFF_RULES } from '../../../shared/rules';
import type { Db } from '../../db/client';
import { type StaffAccount, type StaffSession, staffAccounts, staffSessions } from '../../db/schema';

export interface StaffSessionWithAccount {
  session: StaffSession;
  account: StaffAccount;
}

const IDLE_SECONDS = STAFF_RULES.session.idleMinutes * 60;

/**
 * The live session of a token: not revoked, before its absolute end, used within the idle limit, and its account
 * active. A disabled account's sessions stop at once even before they are revoked.
 */
export async function findActiveStaffSession(
  db: Db,
  tokenHash: string,
): Promise<StaffSessionWithAccount | undefined> {
  const rows = await db
    .select({ session: staffSessions, account: staffAccounts })
    .from(staffSessions)
    .innerJoin(staffAccounts, eq(staffAccounts.id, staffSessions.staffId))
    .where(
      and(
        eq(staffSessions.tokenHash, tokenHash),
        isNull(staffSessions.revokedAt),
        gt(staffSessions.expiresAt, sql`now()`),
        gt(staffSessions.lastSeenAt, sql`now() - make_interval(secs => ${IDLE_SECONDS})`),
        eq(staffAccounts.status, 'active'),
      ),
    )
    .limit(1);
  return rows[0];
}

export async function insertStaffSession(
  db: Pick<Db, 'insert'>,
  values: { staffId: number; tokenHash: string; userAgent: string },
): Promise<void> {
  await db.insert(staffSessions).values({
    ...values,
    expiresAt: sql`now() + make_interval(hours => ${STAFF_RULES.session.absoluteHours})`,
  });
}

export async function touchStaffSession(db: Db, id: number): Promise<void> {
  await db.update(staffSessions).set({ lastSeenAt: sql`now()` }).where(eq(staffSessions.id, id));
}

export async function revokeStaffSession(db: Pick<Db, 'update'>, id: number): Promise<void> {
  await db
    .update(staffSessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(staffSessions.id, id), isNull(staffSessions.revokedAt)));
}

/** Ends every session of a staff member (disabled, or a new password), except `keepId` when given. */
export async function revokeStaffSessionsOf(
  db: Pick<Db, 'update'>,
  staffId: number,
  keepId?: number,
): Promise<number> {
  const rows = await db
    .update(staffSessions)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(staffSessions.staffId, staffId),
        isNull(staffSessions.revokedAt),
        keepId === undefined ? undefined : ne(staffSessions.id, keepId),
      ),
    )
    .returning({ id: staffSessions.id });
  return rows.length;
}
