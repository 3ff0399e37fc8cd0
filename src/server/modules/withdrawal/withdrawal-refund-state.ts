import { and, eq, sql } from 'drizzle-orm';
import { withdrawals } from '../../db/schema';
import type { Tx } from '../accounts/accounts.repo';

/**
 * A withdrawal's refund followed after it was made (issue 23, point 3): the provider can still fail or cancel a refund
 * it accepted (Mollie: a refund ends `failed`; the payment's refunded amount drops again). Called by applyInTx under
 * the payment's row lock with the provider's refunded amount: a `refunded` withdrawal whose refund is no longer all
 * there becomes `refund_failed`, due for the withdrawal-refunds job at once, which makes the refund again (and staff
 * see the state in the console). Answers whether the payment was withdrawn: a withdrawn contract's taken credits are
 * never given back when a refund is undone (the contract ended; the money is what is owed, and is retried).
 */
export async function followWithdrawalRefund(
  tx: Tx,
  paymentId: number,
  amountRefundedMinor: number,
): Promise<{ withdrawn: boolean }> {
  const [w] = await tx.select().from(withdrawals).where(eq(withdrawals.paymentId, paymentId));
  if (!w) return { withdrawn: false };
  if (w.status === 'refunded' && amountRefundedMinor < w.refundedBeforeMinor + w.refundMinor)
    await tx
      .update(withdrawals)
      .set({
        status: 'refund_failed',
        refundedAt: null,
        nextAttemptAt: sql`now()` as unknown as Date,
        // at least one try made: the retry asks the provider first whether the refund is there after all
        attempts: sql`greatest(${withdrawals.attempts}, 1)`,
      })
      .where(and(eq(withdrawals.id, w.id), eq(withdrawals.status, 'refunded')));
  return { withdrawn: true };
}

/** The states whose refund is still owed: the withdrawal-refunds job tries them when due. */
export const REFUND_OWED = ['refund_pending', 'refund_failed'] as const;
