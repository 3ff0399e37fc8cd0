import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { methodsFor, PAYMENT_METHOD_TABLE, type PaymentMethodName } from '../../../shared/payment-methods';
import { WITHDRAWAL_RULES } from '../../../shared/rules';
import type { Bundle, CreditsResponse, Payment } from '../../../shared/schemas/payments';
import type { Db } from '../../db/client';
import { catalogBundles, catalogPrices, paymentCustomers, payments } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Tx } from '../accounts/accounts.repo';
import {
  type ActiveCheck,
  checkCode,
  offerFor,
  priceWith,
  reserveForPayment,
} from '../discounts/discounts.service';
import type { ActiveMethodSets, ActiveMethods } from './active-methods';
import { type Applied, applyInTx } from './apply-payment';
import { COUNTRY_PRICING, presentBundle, vatIncluded } from './catalogue-defaults';
import { OPEN_STATUSES, type PaymentStatus } from './payments.policy';
import {
  type PaymentProvider,
  ProviderMethodInactiveError,
  ProviderNotFoundError,
  type ProviderPayment,
  ProviderUnavailableError,
} from './providers/provider';
import { failUnanswered } from './unanswered-payments';
import { priceBundle, type UnitCredits, unitPrices } from './unit-prices';

/**
 * Credits and payments (issue 10). Prices, currencies, credits and methods come from the catalogue and the method
 * table, never from the client. A webhook brings only an id: the payment is fetched from the provider (outside any
 * transaction) and applied under a row lock, forward only; credits are added once (ledger key `payment:<id>`).
 */

type PaymentRow = typeof payments.$inferSelect;

/** The country whose prices apply: the one asked for if it has prices, else NL's (the company's home). */
export function pricingCountry(country: string | undefined | null): string {
  return country && COUNTRY_PRICING[country] ? country : 'NL';
}

/** The listed, active bundles with their prices in the country, in the catalogue's order. */
export async function listedBundles(db: Db, country: string): Promise<Bundle[]> {
  const rows = await db
    .select({ bundle: catalogBundles, price: catalogPrices })
    .from(catalogBundles)
    .innerJoin(
      catalogPrices,
      and(eq(catalogPrices.bundleId, catalogBundles.id), eq(catalogPrices.country, country)),
    )
    .where(and(eq(catalogBundles.active, true), eq(catalogBundles.listed, true)))
    .orderBy(asc(catalogBundles.sort), asc(catalogBundles.id));
  return rows.map(({ bundle, price }) => presentBundle(bundle, price));
}

/**
 * The provider methods to offer, from what the provider says is switched on (active-methods.ts): a method checkout
 * makes as the first payment of a mandate (card, PayPal) must be able to start one; SEPA direct debit is not asked
 * (its mandate is made through the API by the direct-debit form, which Mollie's list of checkout methods does not
 * describe) and follows the provider's static list.
 */
export function switchedOn(sets: ActiveMethodSets, provider: PaymentProvider): ReadonlySet<string> {
  const on = new Set<string>();
  for (const info of Object.values(PAYMENT_METHOD_TABLE)) {
    const pm = info.providerMethod;
    if (info.retired || !provider.supportedMethods.has(pm)) continue;
    const active = pm === 'directdebit' ? true : info.recurring ? sets.first.has(pm) : sets.oneoff.has(pm);
    if (active) on.add(pm);
  }
  return on;
}

/** Where the active methods are asked for: the cache and the request's site. */
export interface MethodsContext {
  active: ActiveMethods;
  siteId: number;
  /** the member's language, when there is a member */
  locale?: string | undefined;
}

export interface PriceListFacts {
  /** the pricing country (pricingCountry) */
  country: string;
  /** credits per message, photo and gift (site settings) */
  credits: UnitCredits;
  /** what a new member gets (site settings free_messages, signup_credits) */
  starter: { freeMessages: number; signupCredits: number };
  /** the member's discount (discounts.service `activeDiscount`); null for visitors and members without one */
  discount: ActiveCheck | null;
}

/**
 * GET /api/credits.php: the price list of a country. The bundles with their price per message and, where the
 * discount applies, their discounted price (priced as checkout charges it); the cheapest price of a message, photo
 * and gift; the methods; the starter gifts. Every screen that names a price shows these figures.
 */
export async function catalogueFor(
  db: Db,
  provider: PaymentProvider,
  facts: PriceListFacts,
  methods: MethodsContext,
): Promise<CreditsResponse> {
  const { country, discount } = facts;
  const listed = await listedBundles(db, country);
  const bundles = listed.map((b) =>
    priceBundle(
      b,
      facts.credits.message,
      discount ? offerFor(discount.code, { amountMinor: b.amount, currency: b.currency }) : null,
    ),
  );
  const currency = bundles[0]?.currency ?? COUNTRY_PRICING[country]?.currency ?? 'EUR';
  const offered = discount !== null && bundles.some((b) => b.offer !== null);
  // The methods switched on for the country's smallest bundle (the checkout asks again for the amount it charges).
  const smallest = Math.min(...bundles.map((b) => b.amount));
  const providerMethods =
    bundles.length === 0
      ? provider.supportedMethods
      : switchedOn(
          await methods.active.get({
            siteId: methods.siteId,
            country,
            currency,
            amountMinor: smallest,
            locale: methods.locale,
          }),
          provider,
        );
  return {
    country,
    currency,
    bundles,
    discount:
      discount && offered
        ? {
            code: discount.code.code,
            percentage: discount.code.valuePercentage,
            source: discount.source,
            ends_at: discount.endsAt?.toISOString() ?? null,
          }
        : null,
    unit_prices: unitPrices(bundles, facts.credits),
    starter: { free_messages: facts.starter.freeMessages, credits: facts.starter.signupCredits },
    methods: methodsFor(country, currency, providerMethods),
    test_mode: provider.name === 'test',
  };
}

export function presentPayment(p: PaymentRow): Payment {
  return {
    id: p.id,
    bundle_id: p.bundleId,
    sequence_type: p.sequenceType as Payment['sequence_type'],
    status: p.status as PaymentStatus,
    credits: p.credits,
    amount: p.amountMinor,
    currency: p.currency,
    vat: p.vatMinor,
    method: p.method,
    created_at: p.createdAt.toISOString(),
    paid_at: p.paidAt?.toISOString() ?? null,
    credits_reversed: p.creditsReversed,
    checkout_url: OPEN_STATUSES.includes(p.status as PaymentStatus) ? p.checkoutUrl : null,
  };
}

export interface PaymentUrls {
  publicUrl: string;
  /**
   * Where the member comes back to from the provider's page: the origin of the member's site (a member of
   * bdsm.example returns there, signed in, not to the default site's PUBLIC_URL); default `publicUrl`.
   */
  returnOrigin?: string | undefined;
}

const paymentNotAvailable = () => new AppError(404, 'bundle_not_available');
const methodNotAvailable = () => new AppError(400, 'payment_method_not_available');
/** The method is in the country's list but not switched on at the provider now: nothing was charged. */
export const methodInactive = () => new AppError(409, 'payment_method_inactive');
export const providerUnavailable = () => new AppError(503, 'payment_provider_unavailable');

/** The member's customer at the provider (created once), for payments that leave a mandate. */
export async function customerOf(
  db: Db,
  provider: PaymentProvider,
  member: { id: number; name: string; email: string },
): Promise<string> {
  const [row] = await db
    .select({ customerId: paymentCustomers.customerId })
    .from(paymentCustomers)
    .where(and(eq(paymentCustomers.userId, member.id), eq(paymentCustomers.provider, provider.name)));
  if (row) return row.customerId;
  const created = await provider.createCustomer({
    name: member.name,
    email: member.email,
    metadata: { user_id: String(member.id) },
  });
  const [stored] = await db
    .insert(paymentCustomers)
    .values({ userId: member.id, provider: provider.name, customerId: created.id })
    .onConflictDoNothing()
    .returning({ customerId: paymentCustomers.customerId });
  if (stored) return stored.customerId;
  // Another request created one at the same time: use the stored one.
  return customerOf(db, provider, member);
}

/**
 * Starts the payment of a bundle: the price of the member's country from the catalogue, a method offered there,
 * our payment row first (so a webhook always finds it), then the provider's payment. Methods that can leave a mandate
 * start as the first payment of one (repeat orders).
 */
export async function createCheckout(
  db: Db,
  provider: PaymentProvider,
  member: {
    id: number;
    name: string;
    email: string;
    country: string;
    locale: string;
    signupDate: Date;
    paidUser: boolean;
  },
  body: {
    bundle_id: number;
    method: PaymentMethodName;
    discount_code?: string | undefined;
    /** the express request to start at once, ticked at checkout (recorded with its text version) */
    immediate_start?: true | undefined;
  },
  urls: PaymentUrls & { welcomeHours: number },
  methods: MethodsContext,
  now: Date = new Date(),
): Promise<PaymentRow> {
  const country = pricingCountry(member.country);
  const [offer] = await db
    .select({ bundle: catalogBundles, price: catalogPrices })
    .from(catalogBundles)
    .innerJoin(
      catalogPrices,
      and(eq(catalogPrices.bundleId, catalogBundles.id), eq(catalogPrices.country, country)),
    )
    .where(and(eq(catalogBundles.id, body.bundle_id), eq(catalogBundles.active, true)));
  if (!offer) throw paymentNotAvailable();
  const { bundle, price } = offer;
  // An unlisted bundle (the trial package) is only for members who have not paid yet.
  if (!bundle.listed && member.paidUser) throw paymentNotAvailable();
  // Direct debit needs the member's mandate, authorised with an SMS code: the /directdebit form (modules/directdebit).
  if (body.method === 'sdd') throw new AppError(400, 'directdebit_form_required');
  if (!methodsFor(country, price.currency, provider.supportedMethods).includes(body.method))
    throw methodNotAvailable();
  const info = PAYMENT_METHOD_TABLE[body.method];
  const sequenceType = info.recurring && provider.mandates !== false ? 'first' : 'oneoff';
  // A discount code is checked against this order and priced here; it is reserved with the payment row.
  const facts = { id: member.id, signupDate: member.signupDate, paidUser: member.paidUser, country };
  const discount = body.discount_code
    ? await checkCode(db, body.discount_code, facts, {
        now,
        welcomeHours: urls.welcomeHours,
        order: { amountMinor: price.amountMinor, currency: price.currency, method: body.method },
      })
    : undefined;
  const priced = discount
    ? priceWith(discount.code, price.amountMinor)
    : { listAmountMinor: price.amountMinor, discountMinor: 0, amountMinor: price.amountMinor };
  // Switched on at the provider for this amount? Asked before anything is made (cached: active-methods.ts).
  const methodsQuery = {
    siteId: methods.siteId,
    country,
    currency: price.currency,
    amountMinor: priced.amountMinor,
    locale: member.locale,
  };
  const on = switchedOn(await methods.active.get(methodsQuery), provider);
  if (!on.has(info.providerMethod)) throw methodInactive();

  const payment = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(payments)
      .values({
        userId: member.id,
        bundleId: bundle.id,
        provider: provider.name,
        method: body.method,
        amountMinor: priced.amountMinor,
        listAmountMinor: priced.listAmountMinor,
        discountCode: discount?.code.code ?? null,
        discountMinor: priced.discountMinor,
        currency: price.currency,
        vatMinor: vatIncluded(priced.amountMinor, price.vatRateBp),
        vatRateBp: price.vatRateBp,
        credits: bundle.credits,
        country,
        sequenceType,
        ...(body.immediate_start
          ? { immediateStartAt: now, immediateStartVersion: WITHDRAWAL_RULES.immediateStartVersion }
          : {}),
      })
      .returning();
    if (discount) await reserveForPayment(tx, discount.code, member.id, row!.id);
    return row as PaymentRow;
  });
  try {
    const customerId = sequenceType === 'first' ? await customerOf(db, provider, member) : undefined;
    const created = await provider.createPayment({
      amountMinor: payment.amountMinor,
      currency: payment.currency,
      description: `${bundle.credits} credits (#${payment.id})`,
      method: info.providerMethod,
      redirectUrl: `${urls.returnOrigin ?? urls.publicUrl}/transactions/${payment.id}`,
      webhookUrl: `${urls.publicUrl}/api/payment-webhook.php`,
      metadata: { payment_id: String(payment.id) },
      locale: member.locale,
      country: member.country,
      sequenceType,
      customerId,
    });
    const [updated] = await db
      .update(payments)
      .set({ providerPaymentId: created.id, checkoutUrl: created.checkoutUrl, updatedAt: sql`now()` })
      .where(eq(payments.id, payment.id))
      .returning();
    return updated as PaymentRow;
  } catch (err) {
    // The member has no checkout page: the payment ends failed (its discount code is free again), and the member may
    // try again or another method. Had the provider made it after all, its webhook adopts it (unanswered-payments).
    await db.transaction((tx) => failUnanswered(tx, payment.id));
    if (err instanceof ProviderUnavailableError) throw providerUnavailable();
    if (err instanceof ProviderMethodInactiveError) {
      // The provider listed it a while ago but refuses it now (switched off, or not for this amount): ask it again.
      methods.active.forget(methodsQuery);
      throw methodInactive();
    }
    throw err;
  }
}

/**
 * A webhook delivery (or a re-check): fetches the payment from the provider and applies it. Unknown ids change
 * nothing. A provider that fails or times out leaves the payment for the re-check job (nothing is applied twice:
 * the row lock and the ledger key). Returns what changed, or undefined.
 */
export async function syncPayment(
  db: Db,
  provider: PaymentProvider,
  providerPaymentId: string,
  /** runs in the transaction that applies the provider's view (a staff refund's audit row) */
  inTx?: (tx: Tx, applied: Applied) => Promise<void>,
): Promise<Applied | undefined> {
  const [known] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.provider, provider.name), eq(payments.providerPaymentId, providerPaymentId)));
  if (!known) return undefined;
  let fetched: ProviderPayment;
  try {
    fetched = await provider.getPayment(providerPaymentId);
  } catch (err) {
    if (err instanceof ProviderNotFoundError) return undefined;
    // Look again soon (the re-check job).
    await db.update(payments).set({ checkAfter: sql`now()` }).where(eq(payments.id, known.id));
    throw err;
  }
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(payments).where(eq(payments.id, known.id)).for('update');
    if (!row) return undefined;
    const applied = await applyInTx(tx, row, fetched);
    if (inTx) await inTx(tx, applied);
    return applied;
  });
}

export async function listPayments(db: Db, userId: number): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(eq(payments.userId, userId))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(100);
}

/** One payment of the member; another member's id answers like an unknown one. */
export async function findOwnPayment(db: Db, userId: number, id: number): Promise<PaymentRow> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.id, id), eq(payments.userId, userId)));
  if (!row) throw new AppError(404, 'payment_not_found');
  return row;
}
