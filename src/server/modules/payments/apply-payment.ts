import { and, eq, like, or, sql } from 'drizzle-orm';
import { RULES } from '../../../shared/rules';
import { creditLedger, payments, users } from '../../db/schema';
import type { Tx } from '../accounts/accounts.repo';
import { changeCredits } from '../credits/credits.service';
import { settleForPayment } from '../discounts/discounts.service';
import { followWithdrawalRefund } from '../withdrawal/withdrawal-refund-state';
import {
  creditsToReverse,
  mayMove,
  mayReturnToPaid,
  OPEN_STATUSES,
  type PaymentStatus,
  statusOf,
} from './payments.policy';
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
  else if (mayReturnToPaid(status, p)) status = 'paid';
  // Refunds and chargebacks take back the unspent credits of this payment (never below zero); a reversed chargeback
  // or a refund that ended failed or canceled gives back what they took.
  // A withdrawal's refund that failed after it was made is owed again (the job retries it); its credits stay taken.
  const { withdrawn } = await followWithdrawalRefund(tx, row.id, p.amountRefundedMinor);
  if (status === 'paid' || status === 'refunded' || status === 'charged_back') {
    const target = creditsToReverse(p, row.credits);
    const undone = [...new Set(p.undoneReversalIds)].sort();
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
          // The running total is unique while no reversal was undone; each undone one starts a new series.
          idempotencyKey: `payment:${row.id}:reversal:${row.creditsReversed + take}${undone.length > 0 ? `:u${undone.length}` : ''}`,
        });
      // What was already spent is written off: the payment counts as reversed up to the target.
      set.creditsReversed = target;
    } else if (target < row.creditsReversed && undone.length > 0 && !withdrawn) {
      // Given back: what the reversals really took (the ledger), less what the remaining ones still count; credits
      // written off are never given (they were spent, and the money that paid for them is ours again). One ledger row
      // per set of undone reversals, named by their ids: a replay, a second webhook or the re-check job adds nothing.
      const give = Math.max(0, (await creditsTakenBack(tx, row)) - target);
      if (give > 0)
        await changeCredits(tx, {
          userId: row.userId,
          delta: give,
          reason: 'reversal_undone',
          idempotencyKey: `payment:${row.id}:undone:${undone.join(',')}`,
        });
      set.creditsReversed = target;
    }
  }
  // Refunded or charged back: a refund can still fail and a chargeback be reversed without a webhook, so the
  // re-check job looks again (recheckReversals) for as long as that can happen.
  if (p.amountRefundedMinor > 0 || p.amountChargedBackMinor > 0)
    set.checkAfter =
      sql`now() + make_interval(hours => ${RULES.payments.reversalRecheckHours})` as unknown as Date;
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

/** The credits this payment's refunds and chargebacks took from the balance so far, net of what was given back. */
async function creditsTakenBack(tx: Tx, row: PaymentRow): Promise<number> {
  const [sum] = await tx
    .select({ net: sql<string>`coalesce(sum(${creditLedger.delta}), 0)` })
    .from(creditLedger)
    .where(
      and(
        eq(creditLedger.userId, row.userId),
        or(
          like(creditLedger.idempotencyKey, `payment:${row.id}:reversal:%`),
          like(creditLedger.idempotencyKey, `payment:${row.id}:undone:%`),
        ),
      ),
    );
  return -Number(sum?.net ?? 0);
}
