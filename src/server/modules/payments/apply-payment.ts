import { eq, sql } from 'drizzle-orm';
import { payments, users } from '../../db/schema';
import type { Tx } from '../accounts/accounts.repo';
import { changeCredits } from '../credits/credits.service';
import { settleForPayment } from '../discounts/discounts.service';
import { creditsToReverse, mayMove, OPEN_STATUSES, type PaymentStatus, statusOf } from './payments.policy';
import type { ProviderPayment } from './providers/provider';
import { enqueueReceipt } from './receipt';

type PaymentRow = typeof payments.$inferSelect;

/** What applying the provider's view changed, for the caller's notifications (session cache, receipts). */
export interface Applied {
  userId: number;
  paymentId: number;
  /** this delivery made the payment paid (credits added, member premium) */
  becamePaid: boolean;
  status: PaymentStatus;
}

/** Applies the provider's payment to ours under the row lock (the caller holds it): forward-only status, credits once, reversals. */
export async function applyInTx(tx: Tx, row: PaymentRow, p: ProviderPayment): Promise<Applied> {
  const next = statusOf(p);
  let status = row.status as PaymentStatus;
  let becamePaid = false;
  const set: Partial<typeof payments.$inferInsert> = {
    refundedMinor: p.amountRefundedMinor,
    chargedBackMinor: p.amountChargedBackMinor,
  };
  // A payment that was paid (also one refunded or charged back in the same delivery) is credited once.
  const paidNow = (next === 'paid' || next === 'refunded' || next === 'charged_back') && status !== 'paid';
  if (paidNow && (OPEN_STATUSES.includes(status) || status === 'paid')) {
    await changeCredits(tx, {
      userId: row.userId,
      delta: row.credits,
      reason: 'payment',
      idempotencyKey: `payment:${row.id}`,
    });
    await tx.update(users).set({ paidUser: true }).where(eq(users.id, row.userId));
    set.paidAt = sql`now()` as unknown as Date;
    set.mandateId = p.mandateId;
    status = 'paid';
    becamePaid = true;
    await enqueueReceipt(tx, { ...row, paidAt: new Date() }, row.vatRateBp);
  }
  if (mayMove(status, next)) status = next;
  // Refunds and chargebacks take back the unspent credits of this payment (never below zero).
  if (status === 'paid' || status === 'refunded' || status === 'charged_back') {
    const target = creditsToReverse(p, row.credits);
    if (target > row.creditsReversed) {
      const [user] = await tx
        .select({ credits: users.credits })
        .from(users)
        .where(eq(users.id, row.userId))
        .for('update');
      const take = Math.min(target - row.creditsReversed, user?.credits ?? 0);
      if (take > 0)
        await changeCredits(tx, {
          userId: row.userId,
          delta: -take,
          reason: p.amountChargedBackMinor > 0 ? 'chargeback' : 'refund',
          idempotencyKey: `payment:${row.id}:reversal:${row.creditsReversed + take}`,
        });
      // What was already spent is written off: the payment counts as reversed up to the target.
      set.creditsReversed = target;
    }
  }
  // The payment's discount code is used once it is paid, and free again when it ended unpaid (expired included).
  if (status !== row.status) await settleForPayment(tx, row.id, status);
  // Still open with an expiry ahead (an abandoned checkout expires then): the re-check job looks again by that
  // moment at the latest, so the row follows even when the provider's expiry webhook is lost.
  if (OPEN_STATUSES.includes(status) && p.expiresAt && p.expiresAt.getTime() > Date.now())
    set.checkAfter =
      sql`least(${payments.checkAfter}, ${p.expiresAt.toISOString()}::timestamptz)` as unknown as Date;
  await tx
    .update(payments)
    .set({ ...set, status, updatedAt: sql`now()` })
    .where(eq(payments.id, row.id));
  return { userId: row.userId, paymentId: row.id, becamePaid, status };
}
