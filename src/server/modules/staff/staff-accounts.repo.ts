import { and, asc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { StaffRole } from '../../../shared/schemas/admin-staff';
import type { Db } from '../../db/client';
import { type StaffAccount, staffAccounts, staffSessions } from '../../db/schema';

export async function findStaffByEmail(db: Db, email: string): Promise<StaffAccount | undefined> {
  const rows = await db
    .select()
    .from(staffAccounts)
    .where(eq(staffAccounts.email, email.toLowerCase()))
    .limit(1);
  return rows[0];
}

export async function findStaffById(db: Pick<Db, 'select'>, id: number): Promise<StaffAccount | undefined> {
  const rows = await db.select().from(staffAccounts).where(eq(staffAccounts.id, id)).limit(1);
  return rows[0];
}

export async function insertStaffAccount(
  db: Pick<Db, 'insert'>,
  values: {
    email: string;
    name: string;
    passwordHash: string;
    role: StaffRole;
    totpSecret: string;
    totpLastStep?: number | null;
    invitedBy?: number | null;
  },
): Promise<StaffAccount> {
  const [row] = await db
    .insert(staffAccounts)
    .values({ ...values, email: values.email.toLowerCase() })
    .returning();
  if (!row) throw new Error('staff account not inserted');
  return row;
}

/**
 * Takes a TOTP time step for an account: true only for the first use of a step newer than the last one taken.
 * One conditional UPDATE, so two requests with the same code cannot both pass.
 */
export async function consumeTotpStep(
  db: Pick<Db, 'update'>,
  staffId: number,
  step: number,
): Promise<boolean> {
  const rows = await db
    .update(staffAccounts)
    .set({ totpLastStep: step })
    .where(
      and(
        eq(staffAccounts.id, staffId),
        or(isNull(staffAccounts.totpLastStep), lt(staffAccounts.totpLastStep, step)),
      ),
    )
    .returning({ id: staffAccounts.id });
  return rows.length === 1;
}

export async function setStaffPassword(
  db: Pick<Db, 'update'>,
  staffId: number,
  passwordHash: string,
): Promise<void> {
  await db.update(staffAccounts).set({ passwordHash }).where(eq(staffAccounts.id, staffId));
}

export interface StaffListRow {
  account: StaffAccount;
  lastSeenAt: Date | null;
}

export async function listStaff(db: Db): Promise<StaffListRow[]> {
  const lastSeen = sql<Date | null>`(select max(${staffSessions.lastSeenAt}) from ${staffSessions}
    where ${staffSessions.staffId} = ${staffAccounts.id})`.mapWith((v) => (v ? new Date(v) : null));
  return db
    .select({ account: staffAccounts, lastSeenAt: lastSeen })
    .from(staffAccounts)
    .orderBy(asc(staffAccounts.status), asc(staffAccounts.name), asc(staffAccounts.id));
}

export async function updateStaffAccount(
  db: Pick<Db, 'update'>,
  staffId: number,
  change: { role?: StaffRole; status?: 'active' | 'disabled' },
): Promise<StaffAccount | undefined> {
  const [row] = await db.update(staffAccounts).set(change).where(eq(staffAccounts.id, staffId)).returning();
  return row;
}

/** Active admins other than `exceptId`, locked for the rest of the transaction (the last admin is never removed). */
export async function countOtherActiveAdmins(tx: Pick<Db, 'execute'>, exceptId: number): Promise<number> {
  const result = await tx.execute(sql`select id from ${staffAccounts}
    where ${staffAccounts.role} = 'admin' and ${staffAccounts.status} = 'active' and ${staffAccounts.id} <> ${exceptId}
    for update`);
  return (result as unknown as { rows: unknown[] }).rows.length;
}
