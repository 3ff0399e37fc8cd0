import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import { WITHDRAWAL_RULES } from '../../../shared/rules';
import type { Payment } from '../../../shared/schemas/payments';
import type { WithdrawalQuote, WithdrawalRefusal } from '../../../shared/schemas/withdrawal';
import type { Db } from '../../db/client';
import { payments, sites, users, withdrawals } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { LinkBase } from '../accounts/account-mail';
import type { Tx } from '../accounts/accounts.repo';
import { changeCredits } from '../credits/credits.service';
import { syncPayment } from '../payments/payments.service';
import { type PaymentProviders, providerNamed } from '../payments/providers/provider-set';
import { refundPayment } from '../payments/refund';
import { withdrawalDeadline, withdrawalTerms } from './withdrawal.policy';
import { hasOtherPaidPurchase, unspentCredits, type WithdrawalRow, withdrawalsOf } from './withdrawal.repo';
import { enqueueWithdrawalAck } from './withdrawal-mail';
import { REFUND_OWED } from './withdrawal-refund-state';

/**
 * The withdrawal function (issue 23, point 3; docs/payments.md "Withdrawal"). One transaction, under the payment's row
 * lock and then the member's, records the withdrawal (unique per payment: parallel requests withdraw once), takes the
 * purchase's unspent credits back with one ledger row, ends premium when nothing else keeps it, and queues the
 * acknowledgment mail. The refund then goes through the provider (payments/refund.ts), tried again by a job until
 * the provider has it.
 */

type PaymentRow = typeof payments.$inferSelect;

/** The payment (the member's own, else 404) with the member's site's refund_days. */
async function ownPayment(db: Db | Tx, userId: number, paymentId: number, lock: boolean) {
  const q = db
    .select({ payment: payments, refundDays: sites.refundDays })
    .from(payments)
    .innerJoin(users, eq(users.id, payments.userId))
    .innerJoin(sites, eq(sites.id, users.siteId))
    .where(and(eq(payments.id, paymentId), eq(payments.userId, userId)));
  const [row] = await (lock ? q.for('update', { of: payments }) : q);
  if (!row) throw new AppError(404, 'payment_not_found');
  return row;
}

function refusalOf(
  payment: PaymentRow,
  deadline: Date | null,
  withdrawn: boolean,
  now: Date,
): WithdrawalRefusal | null {
  if (withdrawn) return 'withdrawn';
  if (payment.status !== 'paid' || !deadline) return 'not_paid';
  if (now.getTime() >= deadline.getTime()) return 'period_over';
  return null;
}

const deadlineOf = (payment: PaymentRow, refundDays: number) =>
  payment.paidAt ? withdrawalDeadline(payment.paidAt, refundDays) : null;

/** GET /api/withdrawal.php: what withdrawing from the purchase would give back now, computed as the withdrawal does. */
export async function quoteWithdrawal(
  db: Db,
  userId: number,
  paymentId: number,
  now = new Date(),
): Promise<WithdrawalQuote> {
  const { payment, refundDays } = await ownPayment(db, userId, paymentId, false);
  const [existing] = await db.select().from(withdrawals).where(eq(withdrawals.paymentId, payment.id));
  const [user] = await db.select({ credits: users.credits }).from(users).where(eq(users.id, userId));
  const deadline = deadlineOf(payment, refundDays);
  const refusal = refusalOf(payment, deadline, existing !== undefined, now);
  const immediateStart = payment.immediateStartAt !== null;
  const unspent = refusal ? 0 : await unspentCredits(db, payment, user?.credits ?? 0);
  const terms = refusal
    ? { creditsTaken: 0, refundMinor: 0 }
    : withdrawalTerms(
        {
          amountMinor: payment.amountMinor,
          credits: payment.credits,
          refundedMinor: payment.refundedMinor,
          creditsReversed: payment.creditsReversed,
          immediateStart,
        },
        unspent,
      );
  const premiumEnds = refusal === null && !(await hasOtherPaidPurchase(db, userId, payment.id));
  return {
    payment_id: payment.id,
    refusal,
    until: deadline?.toISOString() ?? null,
    amount: payment.amountMinor,
    currency: payment.currency,
    credits: payment.credits,
    credits_unspent: terms.creditsTaken,
    credits_used: refusal ? 0 : payment.credits - terms.creditsTaken,
    refund: terms.refundMinor,
    immediate_start: immediateStart,
    premium_ends: premiumEnds,
  };
}

/** The refusal as the member reads it (translated by the error handler). */
function refused(refusal: WithdrawalRefusal, deadline: Date | null): AppError {
  if (refusal === 'withdrawn') return new AppError(409, 'withdrawal_exists');
  if (refusal === 'period_over')
    return new AppError(409, 'withdrawal_period_over', 'errors.withdrawal_period_over', {
      date: deadline?.toISOString().slice(0, 10) ?? '',
    });
  return new AppError(409, 'withdrawal_not_possible');
}

/** Records the withdrawal (see the file's comment). Returns the row; refuses with a translated 404/409. */
async function claimWithdrawal(
  db: Db,
  userId: number,
  paymentId: number,
  links: LinkBase,
  now: Date,
): Promise<WithdrawalRow> {
  return db.transaction(async (tx) => {
    // The payment's row lock: a parallel withdrawal, a webhook or a refund of this payment waits here.
    const { payment, refundDays } = await ownPayment(tx, userId, paymentId, true);
    const [existing] = await tx.select().from(withdrawals).where(eq(withdrawals.paymentId, payment.id));
    const deadline = deadlineOf(payment, refundDays);
    const refusal = refusalOf(payment, deadline, existing !== undefined, now);
    if (refusal) throw refused(refusal, deadline);
    // The member's row lock: the balance does not move while the unspent credits are counted and taken.
    const [user] = await tx
      .select({ credits: users.credits })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    const immediateStart = payment.immediateStartAt !== null;
    const terms = withdrawalTerms(
      {
        amountMinor: payment.amountMinor,
        credits: payment.credits,
        refundedMinor: payment.refundedMinor,
        creditsReversed: payment.creditsReversed,
        immediateStart,
      },
      await unspentCredits(tx, payment, user?.credits ?? 0),
    );
    if (terms.creditsTaken > 0)
      await changeCredits(tx, {
        userId,
        delta: -terms.creditsTaken,
        reason: 'withdrawal',
        // A reversal of this payment (payments/apply-payment creditsTakenBack counts it should the refund fail).
        idempotencyKey: `payment:${payment.id}:reversal:withdrawal`,
      });
    await tx
      .update(payments)
      .set({ creditsReversed: terms.creditsReversed, updatedAt: sql`now()` })
      .where(eq(payments.id, payment.id));
    // Premium came with the first purchase: it ends with the contract unless another paid purchase keeps it.
    if (!(await hasOtherPaidPurchase(tx, userId, payment.id)))
      await tx.update(users).set({ paidUser: false }).where(eq(users.id, userId));
    const [withdrawal] = await tx
      .insert(withdrawals)
      .values({
        paymentId: payment.id,
        userId,
        requestedAt: now,
        creditsTaken: terms.creditsTaken,
        refundMinor: terms.refundMinor,
        currency: payment.currency,
        refundedBeforeMinor: payment.refundedMinor,
        immediateStart,
        status: terms.refundMinor > 0 ? 'refund_pending' : 'nothing_to_refund',
        // The request tries the refund at once; the job only after this (never both at the same time).
        nextAttemptAt:
          sql`now() + make_interval(mins => ${WITHDRAWAL_RULES.refundRetryMinutes})` as unknown as Date,
      })
      .returning();
    await enqueueWithdrawalAck(tx, payment, withdrawal!, links);
    return withdrawal!;
  });
}

/**
 * Asks the provider for the withdrawal's refund and applies it (the credits were taken back already: the payment's
 * credits_reversed covers what the refund implies). After an earlier try, the provider is asked first whether it has
 * the refund already (a call whose answer was lost), so a refund is never made twice.
 */
export async function refundWithdrawal(
  db: Db,
  providers: PaymentProviders,
  withdrawalId: number,
): Promise<void> {
  const [w] = await db.select().from(withdrawals).where(eq(withdrawals.id, withdrawalId));
  if (w?.status !== 'refund_pending' && w?.status !== 'refund_failed') return;
  const [p] = await db.select().from(payments).where(eq(payments.id, w.paymentId));
  if (!p?.providerPaymentId) return;
  // The provider that took the payment (a Verotel site's payment is refunded at Verotel, not at Mollie).
  const provider = providerNamed(providers, p.provider);
  if (!provider)
    throw new Error(`payment ${p.id} was taken by ${p.provider}, which this instance does not have`);
  const markRefunded = async (tx: Tx) => {
    await tx
      .update(withdrawals)
      .set({ status: 'refunded', refundedAt: sql`now()` as unknown as Date })
      .where(and(eq(withdrawals.id, w.id), inArray(withdrawals.status, [...REFUND_OWED])));
  };
  if (w.attempts > 0) {
    const remote = await provider.getPayment(p.providerPaymentId);
    if (remote.amountRefundedMinor >= w.refundedBeforeMinor + w.refundMinor) {
      await syncPayment(db, provider, p.providerPaymentId, markRefunded);
      return;
    }
  }
  await refundPayment(db, provider, p.id, w.refundMinor, markRefunded);
}

/** POST /api/withdrawal.php: withdraws, then tries the refund (a failure leaves it to the job). */
export async function withdraw(
  db: Db,
  provider: PaymentProviders,
  links: LinkBase,
  userId: number,
  paymentId: number,
  log: { warn(obj: object, msg: string): void },
  now = new Date(),
): Promise<WithdrawalRow> {
  const claimed = await claimWithdrawal(db, userId, paymentId, links, now);
  if (claimed.status === 'refund_pending') {
    try {
      await refundWithdrawal(db, provider, claimed.id);
    } catch (err) {
      log.warn(
        { withdrawalId: claimed.id, paymentId, err: err instanceof Error ? err.message : String(err) },
        'withdrawal refund failed: the withdrawal-refunds job tries again',
      );
    }
  }
  const [row] = await db.select().from(withdrawals).where(eq(withdrawals.id, claimed.id));
  return row ?? claimed;
}

/**
 * The withdrawal-refunds job: refunds still pending whose time has come are claimed (their next try moved on, longer
 * each time, up to a day) in one statement, so instances never take the same one, then tried.
 */
export async function retryWithdrawalRefunds(
  db: Db,
  provider: PaymentProviders,
  limit = 20,
): Promise<number> {
  const claimed = await db
    .update(withdrawals)
    .set({
      attempts: sql`${withdrawals.attempts} + 1`,
      nextAttemptAt:
        sql`now() + least(interval '1 day', make_interval(mins => ${WITHDRAWAL_RULES.refundRetryMinutes}) * power(2, least(${withdrawals.attempts}, 10)))` as unknown as Date,
    })
    .where(
      inArray(
        withdrawals.id,
        db
          .select({ id: withdrawals.id })
          .from(withdrawals)
          .where(
            and(inArray(withdrawals.status, [...REFUND_OWED]), lte(withdrawals.nextAttemptAt, sql`now()`)),
          )
          .orderBy(asc(withdrawals.nextAttemptAt))
          .limit(limit)
          // Without the lock a second instance's subquery reads the row before the first claim commits, waits on
          // it, and then claims it too (the IN list is not re-read): both would refund. Locked rows are skipped.
          .for('update', { skipLocked: true }),
      ),
    )
    .returning({ id: withdrawals.id });
  let done = 0;
  for (const c of claimed) {
    try {
      await refundWithdrawal(db, provider, c.id);
      done += 1;
    } catch {
      // Still not taken: the next run after its new time tries again.
    }
  }
  return done;
}

/** What /transactions shows of a payment's withdrawal: until when one is possible, or the one made. */
export function withdrawalFields(
  payment: PaymentRow,
  withdrawal: WithdrawalRow | undefined,
  refundDays: number,
  now = new Date(),
): Pick<Payment, 'withdraw_until' | 'withdrawal'> {
  const deadline = deadlineOf(payment, refundDays);
  const open = refusalOf(payment, deadline, withdrawal !== undefined, now) === null;
  return {
    withdraw_until: open && deadline ? deadline.toISOString() : null,
    withdrawal: withdrawal
      ? {
          requested_at: withdrawal.requestedAt.toISOString(),
          credits: withdrawal.creditsTaken,
          refund: withdrawal.refundMinor,
          // A refund that failed after it was made is owed again and being retried: for the member it is pending
          // (staff see refund_failed in the console).
          status:
            withdrawal.status === 'refund_failed'
              ? 'refund_pending'
              : (withdrawal.status as 'refund_pending' | 'refunded' | 'nothing_to_refund'),
          refunded_at: withdrawal.refundedAt?.toISOString() ?? null,
        }
      : null,
  };
}

/** The /transactions view of the member's payments: each with its withdrawal fields. */
export async function withWithdrawals<T extends object>(
  db: Db,
  userId: number,
  rows: readonly PaymentRow[],
  present: (p: PaymentRow) => T,
  now = new Date(),
): Promise<(T & Pick<Payment, 'withdraw_until' | 'withdrawal'>)[]> {
  const { byPayment, refundDays } = await withdrawalsOf(db, userId);
  return rows.map((p) => ({ ...present(p), ...withdrawalFields(p, byPayment.get(p.id), refundDays, now) }));
}
