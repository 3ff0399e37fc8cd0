import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { RULES } from '../../../shared/rules';
import type { Db } from '../../db/client';
import { payments } from '../../db/schema';
import type { Tx } from '../accounts/accounts.repo';
import { reclaimForPayment, settleForPayment } from '../discounts/discounts.service';
import { type Applied, applyInTx } from './apply-payment';
import { type PaymentProvider, ProviderNotFoundError, type ProviderPayment } from './providers/provider';

/**
 * Payments whose create call got no answer (docs/payments.md "A create call without an answer"). A timeout or a
 * lost connection does not mean the provider made no payment, and a recurring one (direct debit, a repeat order) is
 * collected without the member. So our row is failed only while it holds no provider id, and a webhook for an id we
 * never stored adopts the row named by the payment's metadata: money the provider collects is always credited.
 */

/** Rows made since this moment may still be adopted. */
const adoptableSince = () => sql`now() - make_interval(days => ${RULES.payments.adoptUnansweredForDays})`;

/**
 * The create call failed: the payment ends failed and its discount code is free again, unless a webhook adopted it
 * meanwhile (it then has the provider's id). Returns whether it was failed.
 */
export async function failUnanswered(tx: Tx, paymentId: number): Promise<boolean> {
  const failed = await tx
    .update(payments)
    .set({ status: 'failed', updatedAt: sql`now()` })
    .where(and(eq(payments.id, paymentId), eq(payments.status, 'open'), isNull(payments.providerPaymentId)))
    .returning({ id: payments.id });
  if (failed.length === 0) return false;
  await settleForPayment(tx, paymentId, 'failed');
  return true;
}

/** Does any recent row of this provider lack its id? Only then is an unknown id worth a call to the provider. */
async function anyWithoutId(db: Db, provider: PaymentProvider): Promise<boolean> {
  const rows = await db
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.provider, provider.name),
        isNull(payments.providerPaymentId),
        gt(payments.createdAt, adoptableSince()),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** Our row id from the provider's metadata (we always send `payment_id`), or null. */
function ourIdOf(p: ProviderPayment): number | null {
  const raw = p.metadata.payment_id;
  if (raw === undefined || !/^[1-9][0-9]{0,15}$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) ? id : null;
}

/**
 * A webhook for an id we never stored: the payment is fetched from the provider, and if its metadata names a recent
 * row of ours without a provider id, of the same amount and currency, the row takes the id (a failed one is open
 * again, its discount code reserved again where still free) and the payment is applied to it as any webhook's.
 * Returns what changed (with `adopted`), or undefined when there is nothing to adopt. A provider that cannot be
 * reached throws ProviderUnavailableError (the webhook answers 503 and the provider retries).
 */
export async function adoptUnanswered(
  db: Db,
  provider: PaymentProvider,
  providerPaymentId: string,
): Promise<(Applied & { adopted: true }) | undefined> {
  if (!(await anyWithoutId(db, provider))) return undefined;
  let fetched: ProviderPayment;
  try {
    fetched = await provider.getPayment(providerPaymentId);
  } catch (err) {
    if (err instanceof ProviderNotFoundError) return undefined;
    throw err;
  }
  const ours = ourIdOf(fetched);
  if (ours === null) return undefined;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.id, ours),
          eq(payments.provider, provider.name),
          isNull(payments.providerPaymentId),
          inArray(payments.status, ['open', 'failed']),
          gt(payments.createdAt, adoptableSince()),
        ),
      )
      .for('update');
    if (!row || row.amountMinor !== fetched.amountMinor || row.currency !== fetched.currency)
      return undefined;
    await tx
      .update(payments)
      .set({ providerPaymentId: fetched.id, status: 'open', updatedAt: sql`now()` })
      .where(eq(payments.id, row.id));
    if (row.status === 'failed') await reclaimForPayment(tx, row.id);
    const applied = await applyInTx(tx, { ...row, providerPaymentId: fetched.id, status: 'open' }, fetched);
    return { ...applied, adopted: true as const };
  });
}
