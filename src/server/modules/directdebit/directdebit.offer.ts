import type { Locale } from '../../../shared/locales';
import { methodsFor } from '../../../shared/payment-methods';
import { RULES } from '../../../shared/rules';
import type { DirectDebitOffer, DirectDebitRefusal } from '../../../shared/schemas/directdebit';
import { creditsDate, debitDate } from '../../../shared/sepa';
import type { Db } from '../../db/client';
import type { Company, Site } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Tx } from '../accounts/accounts.repo';
import { checkCode, priceWith } from '../discounts/discounts.service';
import { presentBundle } from '../payments/catalogue-defaults';
import { pricingCountry } from '../payments/payments.service';
import type { PaymentProvider } from '../payments/providers/provider';
import { formatMoney } from '../payments/receipt';
import { debitsSince, hasChargedBackDebit, listedPrices, lockMember, offerOf } from './directdebit.repo';

/**
 * What a member may have debited (docs/payments.md "Direct debit"): the bundle priced as at checkout, the creditor
 * and debit date the member authorises, and the refusals (blocked after a charged-back debit; the amount limit per
 * window, with a cheaper bundle that fits). GET /api/directdebit.php answers it; directdebit.service checks it again
 * when the form is sent and when the code confirms it.
 */

export const RULE = RULES.directDebit;
const WINDOW_MS = RULE.limitWindowDays * 86_400_000;

export interface DirectDebitMember {
  id: number;
  name: string;
  email: string;
  country: string | null;
  language: string;
  signupDate: Date;
  paidUser: boolean;
  /** the language of this request's answers (amounts in refusals are written for it) */
  uiLocale: Locale;
}

export interface DirectDebitSite {
  site: Site;
  company: Company;
}

export interface DirectDebitOptions {
  /** an SMS gateway is configured, or the dev mailbox shows the codes (outside production) */
  smsAvailable: boolean;
  publicUrl: string;
}

export function creditorOf(company: Company) {
  return { name: company.sepaCreditorName, id: company.sepaCreditorId, on_behalf_of: company.name };
}

/** The bundle priced for the member as at checkout (discount code checked for method sdd), or the refusal. */
export async function priceOrder(
  db: Db | Tx,
  provider: PaymentProvider,
  member: DirectDebitMember,
  order: { bundleId: number; discountCode: string | undefined },
  opts: { now: Date; welcomeHours: number },
) {
  const country = pricingCountry(member.country);
  const offer = await offerOf(db, order.bundleId, country);
  if (!offer) throw new AppError(404, 'bundle_not_available');
  const { bundle, price } = offer;
  if (!bundle.listed && member.paidUser) throw new AppError(404, 'bundle_not_available');
  if (!methodsFor(country, price.currency, provider.supportedMethods).includes('sdd'))
    throw new AppError(400, 'payment_method_not_available');
  const facts = { id: member.id, signupDate: member.signupDate, paidUser: member.paidUser, country };
  const discount = order.discountCode
    ? await checkCode(db, order.discountCode, facts, {
        now: opts.now,
        welcomeHours: opts.welcomeHours,
        order: { amountMinor: price.amountMinor, currency: price.currency, method: 'sdd' },
      })
    : undefined;
  const priced = discount
    ? priceWith(discount.code, price.amountMinor)
    : { listAmountMinor: price.amountMinor, discountMinor: 0, amountMinor: price.amountMinor };
  return { bundle, price, country, discount, priced };
}

/**
 * Whether the member may have `amountMinor` debited now: not when an earlier direct debit was charged back, nor
 * beyond the site's limit for the window (pending and paid debits of the window count).
 */
export async function refusalFor(
  tx: Db | Tx,
  member: Pick<DirectDebitMember, 'id'>,
  site: Site,
  order: { amountMinor: number; currency: string; country: string },
  now: Date,
): Promise<DirectDebitRefusal> {
  const limit = site.directDebitLimitMinor;
  const base = { limit, currency: order.currency, next_at: null, cheaper_bundle_id: null };
  if (await hasChargedBackDebit(tx, member.id)) return { ...base, reason: 'blocked', available: 0 };
  const window = await debitsSince(tx, member.id, new Date(now.getTime() - WINDOW_MS));
  const available = Math.max(0, limit - window.total);
  if (order.amountMinor <= available) return null;
  const cheaper = (await listedPrices(tx, order.country)).find((b) => b.amountMinor <= available);
  return {
    ...base,
    reason: 'limit',
    available,
    next_at: window.oldest ? new Date(window.oldest.getTime() + WINDOW_MS).toISOString() : null,
    cheaper_bundle_id: cheaper?.id ?? null,
  };
}

/**
 * In a write's transaction (the request in step 1, the payment in step 2, a repeat order on a direct-debit mandate
 * in payments/repeat-order.service.ts): takes the member's lock, so that parallel
 * requests count each other's debits, and throws the translated refusal when the debit may not happen now.
 */
export async function lockAndCheckDebit(
  tx: Tx,
  member: Pick<DirectDebitMember, 'id' | 'uiLocale'>,
  site: Site,
  order: { amountMinor: number; currency: string; country: string },
  now: Date,
): Promise<void> {
  await lockMember(tx, member.id);
  const refusal = await refusalFor(tx, member, site, order, now);
  if (refusal) throw refusalError(refusal, member.uiLocale);
}

export function refusalError(refusal: NonNullable<DirectDebitRefusal>, locale: Locale): AppError {
  if (refusal.reason === 'blocked') return new AppError(403, 'directdebit_blocked');
  return new AppError(403, 'directdebit_limit', 'errors.directdebit_limit', {
    limit: formatMoney(refusal.limit, refusal.currency, locale),
    available: formatMoney(refusal.available, refusal.currency, locale),
  });
}

/** GET /api/directdebit.php: what the member would authorise, and whether direct debit is possible for them now. */
export async function directDebitOffer(
  db: Db,
  provider: PaymentProvider,
  member: DirectDebitMember,
  where: DirectDebitSite,
  query: { bundle_id: number; discount_code?: string | undefined },
  opts: DirectDebitOptions,
  now: Date,
): Promise<DirectDebitOffer> {
  const order = await priceOrder(
    db,
    provider,
    member,
    { bundleId: query.bundle_id, discountCode: query.discount_code },
    { now, welcomeHours: where.site.welcomeDiscountHours },
  );
  const { bundle, price, priced } = order;
  const debitDay = debitDate(now, RULE.debitAfterBusinessDays);
  const off = !opts.smsAvailable || where.site.directDebitLimitMinor <= 0;
  const refusal = off
    ? null
    : await refusalFor(
        db,
        member,
        where.site,
        { amountMinor: priced.amountMinor, currency: price.currency, country: order.country },
        now,
      );
  return {
    bundle: presentBundle(bundle, price),
    price: {
      list_amount: priced.listAmountMinor,
      discount: priced.discountMinor,
      amount: priced.amountMinor,
      currency: price.currency,
      discount_code: order.discount?.code.code ?? null,
    },
    creditor: creditorOf(where.company),
    debit_date: debitDay,
    credits_date: creditsDate(debitDay, RULE.creditsAfterBusinessDays),
    available: !off,
    refusal,
  };
}
