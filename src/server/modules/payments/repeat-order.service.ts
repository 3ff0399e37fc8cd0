import { and, desc, eq, inArray, lte, notExists, sql } from 'drizzle-orm';
import type { Locale } from '../../../shared/locales';
import { WITHDRAWAL_RULES } from '../../../shared/rules';
import type { RepeatOrderResponse } from '../../../shared/schemas/payments';
import type { Db } from '../../db/client';
import {
  cancelledMandates,
  catalogBundles,
  catalogPrices,
  paymentCustomers,
  payments,
  type Site,
} from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { lockAndCheckDebit } from '../directdebit/directdebit.offer';
import { applyInTx } from './apply-payment';
import { presentBundle, vatIncluded } from './catalogue-defaults';
import { type PaymentUrls, pricingCountry, providerUnavailable } from './payments.service';
import { type PaymentProvider, type ProviderPayment, ProviderUnavailableError } from './providers/provider';
import { failUnanswered } from './unanswered-payments';

/**
 * Repeat orders (issue 10): the last bundle again, charged on the mandate that a first card, PayPal or direct-debit
 * payment left, in one confirmed step.
 */

type PaymentRow = typeof payments.$inferSelect;

/**
 * The member's last paid payment that left a mandate at this provider, with its bundle at today's price. A mandate the
 * member cancelled with the cancel button (modules/cancellations) no longer counts once the cancellation took effect.
 */
async function repeatableOf(db: Db, provider: PaymentProvider, member: { id: number; country: string }) {
  const [last] = await db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.userId, member.id),
        eq(payments.provider, provider.name),
        inArray(payments.status, ['paid']),
        sql`${payments.mandateId} is not null`,
        notExists(
          db
            .select({ one: sql`1` })
            .from(cancelledMandates)
            .where(
              and(
                eq(cancelledMandates.provider, payments.provider),
                eq(cancelledMandates.mandateId, payments.mandateId),
                lte(cancelledMandates.effectiveAt, sql`now()`),
              ),
            ),
        ),
      ),
    )
    .orderBy(desc(payments.paidAt), desc(payments.id))
    .limit(1);
  if (!last) return undefined;
  const country = pricingCountry(member.country);
  const [offer] = await db
    .select({ bundle: catalogBundles, price: catalogPrices })
    .from(catalogBundles)
    .innerJoin(
      catalogPrices,
      and(eq(catalogPrices.bundleId, catalogBundles.id), eq(catalogPrices.country, country)),
    )
    .where(and(eq(catalogBundles.id, last.bundleId), eq(catalogBundles.active, true)));
  const [customer] = await db
    .select({ customerId: paymentCustomers.customerId })
    .from(paymentCustomers)
    .where(and(eq(paymentCustomers.userId, member.id), eq(paymentCustomers.provider, provider.name)));
  if (!offer || !customer) return undefined;
  return { last, offer, country, customerId: customer.customerId };
}

/** GET /api/repeat-order.php: what a repeat order would buy, or null. */
export async function repeatOffer(
  db: Db,
  provider: PaymentProvider,
  member: { id: number; country: string },
): Promise<RepeatOrderResponse> {
  const found = await repeatableOf(db, provider, member);
  if (!found) return { offer: null };
  const { bundle, price } = found.offer;
  return {
    offer: {
      bundle: presentBundle(bundle, price),
      method: found.last.method,
    },
  };
}

/**
 * A repeat order: the last bundle again, charged on the mandate of the payment that created it, in one step. On a
 * direct-debit mandate it passes the same check as a new debit (directdebit.offer lockAndCheckDebit: blocked after
 * a charged-back debit, the site's limit per window), in the transaction that makes its payment row under the
 * member's lock, so parallel orders count each other: 403 directdebit_blocked / directdebit_limit, nothing made. The
 * provider's answer is applied at once (a card is usually paid at once; direct debit stays pending until the
 * webhook). A refusal by the provider (mandate revoked, card expired) answers a failed payment: the member is then
 * offered a retry or PayPal (the recurring-failure screen).
 */
export async function placeRepeatOrder(
  db: Db,
  provider: PaymentProvider,
  member: { id: number; country: string; locale: string; uiLocale: Locale },
  site: Site,
  urls: PaymentUrls & { immediateStart?: boolean },
  now: Date = new Date(),
): Promise<PaymentRow> {
  const found = await repeatableOf(db, provider, member);
  if (!found) throw new AppError(404, 'repeat_order_not_available');
  const { bundle, price } = found.offer;
  const payment = await db.transaction(async (tx) => {
    if (found.last.method === 'sdd')
      await lockAndCheckDebit(
        tx,
        { id: member.id, uiLocale: member.uiLocale },
        site,
        { amountMinor: price.amountMinor, currency: price.currency, country: found.country },
        now,
      );
    const [row] = await tx
      .insert(payments)
      .values({
        userId: member.id,
        bundleId: bundle.id,
        provider: provider.name,
        method: found.last.method,
        amountMinor: price.amountMinor,
        currency: price.currency,
        vatMinor: vatIncluded(price.amountMinor, price.vatRateBp),
        vatRateBp: price.vatRateBp,
        credits: bundle.credits,
        country: found.country,
        sequenceType: 'recurring',
        // The express request to start at once, with the version of the text the member saw (as at checkout).
        ...(urls.immediateStart
          ? { immediateStartAt: now, immediateStartVersion: WITHDRAWAL_RULES.immediateStartVersion }
          : {}),
      })
      .returning();
    return row as PaymentRow;
  });
  let created: ProviderPayment;
  try {
    created = await provider.createPayment({
      amountMinor: payment.amountMinor,
      currency: payment.currency,
      description: `${bundle.credits} credits (#${payment.id})`,
      redirectUrl: `${urls.publicUrl}/transactions/${payment.id}`,
      webhookUrl: `${urls.publicUrl}/api/payment-webhook.php`,
      metadata: { payment_id: String(payment.id) },
      locale: member.locale,
      country: member.country,
      sequenceType: 'recurring',
      customerId: found.customerId,
      mandateId: found.last.mandateId ?? undefined,
    });
  } catch (err) {
    // Failed, unless the provider made it after all and its webhook adopted it meanwhile (unanswered-payments).
    await db.transaction((tx) => failUnanswered(tx, payment.id));
    if (err instanceof ProviderUnavailableError) throw providerUnavailable();
    const [failed] = await db.select().from(payments).where(eq(payments.id, payment.id));
    return failed as PaymentRow;
  }
  await db
    .update(payments)
    .set({ providerPaymentId: created.id, updatedAt: sql`now()` })
    .where(eq(payments.id, payment.id));
  await db.transaction(async (tx) => {
    const [locked] = await tx.select().from(payments).where(eq(payments.id, payment.id)).for('update');
    if (locked) await applyInTx(tx, locked, created);
  });
  const [after] = await db.select().from(payments).where(eq(payments.id, payment.id));
  return after as PaymentRow;
}
