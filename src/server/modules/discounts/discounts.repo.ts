import { and, eq, ne, notExists, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { type DiscountCode, discountCodes, discountRedemptions } from '../../db/schema';
import type { Tx } from '../accounts/accounts.repo';

/** Codes are stored and compared in capitals, without spaces around them. */
export const normaliseCode = (code: string) => code.trim().toUpperCase();

/** The member's own code of that text (retention codes) before a code for everybody. */
export async function findCode(db: Db | Tx, code: string, userId: number): Promise<DiscountCode | undefined> {
  const rows = await db
    .select()
    .from(discountCodes)
    .where(
      and(
        eq(discountCodes.code, normaliseCode(code)),
        sql`(${discountCodes.userId} is null or ${discountCodes.userId} = ${userId})`,
      ),
    );
  return rows.find((r) => r.userId === userId) ?? rows[0];
}

export async function findCodeOfKind(
  db: Db | Tx,
  kind: 'welcome' | 'time_bonus',
): Promise<DiscountCode | undefined> {
  const [row] = await db
    .select()
    .from(discountCodes)
    .where(and(eq(discountCodes.kind, kind), eq(discountCodes.status, 'active')))
    .limit(1);
  return row;
}

/**
 * Whether the code is reserved or used, by the member and by anyone (releases do not count); with `countAll` (a
 * code with a most number of uses) also how many times in all.
 */
export async function usesOf(db: Db | Tx, codeId: number, userId: number, countAll = false) {
  const rows = await db
    .select({ userId: discountRedemptions.userId })
    .from(discountRedemptions)
    .where(and(eq(discountRedemptions.codeId, codeId), ne(discountRedemptions.status, 'released')))
    .limit(50);
  const uses = countAll && rows.length === 50 ? await countUses(db, codeId) : rows.length;
  return { usedByAnyone: rows.length > 0, usedByMember: rows.some((r) => r.userId === userId), uses };
}

/** Reservations and uses of a code in all (releases do not count). */
export async function countUses(db: Db | Tx, codeId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(discountRedemptions)
    .where(and(eq(discountRedemptions.codeId, codeId), ne(discountRedemptions.status, 'released')));
  return row?.n ?? 0;
}

/** Locks the code's row for the rest of the transaction: reservations of a code with a most number of uses queue. */
export async function lockCode(tx: Tx, codeId: number): Promise<void> {
  await tx
    .select({ id: discountCodes.id })
    .from(discountCodes)
    .where(eq(discountCodes.id, codeId))
    .for('update');
}

/**
 * Reserves the code for a payment. One INSERT: a single-use code already reserved or used by another payment, or a
 * once-per-user code of the member's, hits a partial unique index and nothing is stored (false).
 */
export async function reserve(
  tx: Tx,
  code: DiscountCode,
  userId: number,
  paymentId: number,
): Promise<boolean> {
  const rows = await tx
    .insert(discountRedemptions)
    .values({ codeId: code.id, userId, paymentId, validity: code.validity })
    .onConflictDoNothing()
    .returning({ id: discountRedemptions.id });
  return rows.length > 0;
}

/**
 * A payment that was failed and turns out to exist after all (docs/payments.md "A create call without an answer"):
 * its released redemption is reserved again, unless the code has since been taken where it may be taken once (a
 * single code by anyone, a once-per-member code by the same member). Returns whether it was reserved again.
 */
export async function reclaimRedemption(tx: Tx, paymentId: number): Promise<boolean> {
  const r = discountRedemptions;
  const other = alias(discountRedemptions, 'other');
  const taken = tx
    .select({ id: other.id })
    .from(other)
    .where(
      and(
        eq(other.codeId, r.codeId),
        ne(other.id, r.id),
        ne(other.status, 'released'),
        or(eq(r.validity, 'single'), and(eq(r.validity, 'once_per_user'), eq(other.userId, r.userId))),
      ),
    );
  const rows = await tx
    .update(r)
    .set({ status: 'reserved', updatedAt: sql`now()` })
    .where(and(eq(r.paymentId, paymentId), eq(r.status, 'released'), notExists(taken)))
    .returning({ id: r.id });
  return rows.length > 0;
}

/** The payment was paid (used) or ended without paying (released); a redemption only moves on from `reserved`. */
export async function settleRedemption(tx: Tx, paymentId: number, to: 'used' | 'released'): Promise<void> {
  await tx
    .update(discountRedemptions)
    .set({ status: to, updatedAt: sql`now()` })
    .where(and(eq(discountRedemptions.paymentId, paymentId), eq(discountRedemptions.status, 'reserved')));
}
