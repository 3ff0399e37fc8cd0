import { and, eq, gte, sql } from 'drizzle-orm';
import { creditLedger, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Tx } from '../accounts/accounts.repo';

export interface CreditChange {
  userId: number;
  /** positive adds, negative spends */
  delta: number;
  reason: string;
  /** the same key applies the change once, however often it is replayed */
  idempotencyKey: string;
}

/**
 * Moves credits inside the caller's transaction: one ledger row per movement, the balance updated with a
 * conditional UPDATE so it never drops below zero. Returns the new balance, or null when the key was applied before.
 */
export async function changeCredits(tx: Tx, change: CreditChange): Promise<number | null> {
  if (!Number.isInteger(change.delta) || change.delta === 0)
    throw new Error('credit change must be a non-zero integer');
  const [entry] = await tx
    .insert(creditLedger)
    .values({
      userId: change.userId,
      delta: change.delta,
      balanceAfter: 0,
      reason: change.reason,
      idempotencyKey: change.idempotencyKey,
    })
    .onConflictDoNothing({ target: creditLedger.idempotencyKey })
    .returning({ id: creditLedger.id });
  if (!entry) return null;
  const [row] = await tx
    .update(users)
    .set({ credits: sql`${users.credits} + ${change.delta}` })
    .where(and(eq(users.id, change.userId), gte(sql`${users.credits} + ${change.delta}`, 0)))
    .returning({ credits: users.credits });
  if (!row) throw new AppError(402, 'insufficient_credits');
  await tx.update(creditLedger).set({ balanceAfter: row.credits }).where(eq(creditLedger.id, entry.id));
  return row.credits;
}
