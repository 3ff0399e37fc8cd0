import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { payments, sites, users, withdrawals } from '../../db/schema';
import type { Tx } from '../accounts/accounts.repo';

type PaymentRow = typeof payments.$inferSelect;
export type WithdrawalRow = typeof withdrawals.$inferSelect;

/**
 * The credits of a purchase still in the member's balance, spending attributed first in, first out: credits are
 * spent from the oldest credits received (the signup credits and earlier purchases first), so the balance holds the
 * newest. The purchase's own credits still there are the balance less what came in after it (later purchases net of
 * what their refunds and chargebacks took back, and every other credit received since: staff, gifts, given-back
 * reversals), between 0 and what of the purchase was not taken back before.
 * Call it under the member's row lock (the balance must not move meanwhile).
 */
export async function unspentCredits(db: Db | Tx, payment: PaymentRow, balance: number): Promise<number> {
  const own = `payment:${payment.id}`;
  const result = await db.execute(sql`
    with lot as (
      select id from credit_ledger where idempotency_key = ${own} and user_id = ${payment.userId}
    )
    select coalesce(sum(l.delta), 0)::text as newer
    from credit_ledger l, lot
    where l.user_id = ${payment.userId}
      and l.id > lot.id
      and l.idempotency_key not like ${`${own}:%`}
      and (
        l.delta > 0
        or (
          l.idempotency_key like 'payment:%:reversal:%'
          and exists (
            select 1 from credit_ledger q
            where q.user_id = l.user_id
              and q.idempotency_key = 'payment:' || split_part(l.idempotency_key, ':', 2)
              and q.id > lot.id
          )
        )
      )`);
  const [row] = (result as unknown as { rows: { newer: string | null }[] }).rows;
  const newer = Number(row?.newer ?? 0);
  return Math.max(0, Math.min(balance - newer, payment.credits - payment.creditsReversed));
}

/** Whether the member has another paid purchase that keeps them premium (not withdrawn, not wholly reversed). */
export async function hasOtherPaidPurchase(tx: Db | Tx, userId: number, paymentId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: payments.id })
    .from(payments)
    .leftJoin(withdrawals, eq(withdrawals.paymentId, payments.id))
    .where(
      and(
        eq(payments.userId, userId),
        ne(payments.id, paymentId),
        eq(payments.status, 'paid'),
        sql`${withdrawals.id} is null`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The member's withdrawals by payment id, and the refund_days of the member's site (for the /transactions list). */
export async function withdrawalsOf(
  db: Db,
  userId: number,
): Promise<{ byPayment: Map<number, WithdrawalRow>; refundDays: number }> {
  const rows = await db.select().from(withdrawals).where(eq(withdrawals.userId, userId));
  const [site] = await db
    .select({ refundDays: sites.refundDays })
    .from(users)
    .innerJoin(sites, eq(sites.id, users.siteId))
    .where(eq(users.id, userId));
  return { byPayment: new Map(rows.map((w) => [w.paymentId, w])), refundDays: site?.refundDays ?? 0 };
}
