import { and, eq } from 'drizzle-orm';
import type { AdminMemberPayment } from '../../../shared/schemas/admin-members';
import type { Db } from '../../db/client';
import { directDebitRequests, payments, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { PaymentProviders } from '../payments/providers/provider-set';
import { providerNamed } from '../payments/providers/provider-set';
import { refundPayment } from '../payments/refund';
import { recordStaffAction } from '../staff/staff-audit';
import type { StaffIdentity } from '../staff/staff-guard';
import { presentPayment } from './members-admin.presenter';

/** Refunds running in this instance, by payment id: a second click waits for the first instead of asking again. */
const inFlight = new Map<number, Promise<{ payment: AdminMemberPayment; refundedNow: boolean }>>();

async function loadPayment(db: Db, memberId: number, paymentId: number) {
  const [row] = await db
    .select({ payment: payments, ibanMasked: directDebitRequests.ibanMasked, siteId: users.siteId })
    .from(payments)
    .innerJoin(users, eq(users.id, payments.userId))
    .leftJoin(directDebitRequests, eq(directDebitRequests.paymentId, payments.id))
    .where(and(eq(payments.id, paymentId), eq(payments.userId, memberId)));
  if (!row) throw new AppError(404, 'payment_not_found');
  return row;
}

const whollyRefunded = (p: typeof payments.$inferSelect) =>
  p.status === 'refunded' || (p.status === 'paid' && p.refundedMinor >= p.amountMinor);

/**
 * An admin refunds what is left of a member's paid payment through its provider, with the refund function of the
 * operator's script (payments/refund.ts): the provider refunds, the payment is synced at once, and the unspent
 * credits of the purchase are taken back through the ledger as for any refund; the audit row is written in that
 * same transaction. Idempotent: a payment refunded already (also by a concurrent click, here or on another instance,
 * whose second refund the provider refuses) answers `refundedNow: false` and asks the provider nothing more.
 */
export async function refundMemberPayment(
  db: Db,
  providers: PaymentProviders,
  staff: StaffIdentity,
  input: { member: number; payment: number },
): Promise<{ payment: AdminMemberPayment; refundedNow: boolean }> {
  // One refund of a payment at a time on this instance: the queue is joined before anything is awaited, so a second
  // click waits for the first and then finds the payment refunded (another instance: the provider refuses the second).
  const previous = inFlight.get(input.payment) ?? Promise.resolve();
  const mine = previous.catch(() => undefined).then(() => refundOnce(db, providers, staff, input));
  inFlight.set(input.payment, mine);
  try {
    return await mine;
  } finally {
    if (inFlight.get(input.payment) === mine) inFlight.delete(input.payment);
  }
}

async function refundOnce(
  db: Db,
  providers: PaymentProviders,
  staff: StaffIdentity,
  input: { member: number; payment: number },
): Promise<{ payment: AdminMemberPayment; refundedNow: boolean }> {
  const before = await loadPayment(db, input.member, input.payment);
  const current = async () => {
    const r = await loadPayment(db, input.member, input.payment);
    return presentPayment(r.payment, r.ibanMasked);
  };
  if (whollyRefunded(before.payment)) return { payment: await current(), refundedNow: false };
  // Refunded by the provider that took it (a Verotel site's payment at Verotel).
  const provider = providerNamed(providers, before.payment.provider);
  if (before.payment.status !== 'paid' || !provider) throw new AppError(409, 'payment_not_refundable');

  const work = refundPayment(db, provider, input.payment, undefined, async (tx, applied) => {
    const [after] = await tx.select().from(payments).where(eq(payments.id, input.payment));
    await recordStaffAction(tx, staff.id, {
      action: 'payment.refund',
      targetType: 'payment',
      targetId: input.payment,
      siteId: before.siteId,
      before: {
        member: input.member,
        status: before.payment.status,
        refunded_minor: before.payment.refundedMinor,
        credits_reversed: before.payment.creditsReversed,
      },
      after: {
        member: input.member,
        status: applied.status,
        refunded_minor: after?.refundedMinor ?? null,
        credits_reversed: after?.creditsReversed ?? null,
        currency: before.payment.currency,
      },
    });
  });
  try {
    await work;
  } catch (err) {
    // Refunded meanwhile (another instance: the provider refused the second refund): nothing to do.
    if (whollyRefunded((await loadPayment(db, input.member, input.payment)).payment))
      return { payment: await current(), refundedNow: false };
    if (err instanceof AppError) throw err;
    throw new AppError(502, 'refund_failed');
  }
  return { payment: await current(), refundedNow: true };
}
