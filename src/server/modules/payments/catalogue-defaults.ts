import type { Bundle } from '../../../shared/schemas/payments';
import type { Db } from '../../db/client';
import { catalogBundles, catalogPrices } from '../../db/schema';

/** The trial package: a small, cheap bundle offered to a member about to delete the account who has not paid yet. */
export const TRIAL_BUNDLE_CODE = 'trial-10';

/**
 * The catalogue created on first start (docs/payments.md): four bundles, priced per served country in its currency
 * (integer minor units, VAT included). Operators change `catalog_bundles` and `catalog_prices` without a deploy;
 * this only fills what is missing, never overwrites.
 */
export const DEFAULT_BUNDLES = [
  { code: 'credits-25', credits: 25, style: 'p0', sort: 1, bestValue: false },
  { code: 'credits-60', credits: 60, style: 'p1', sort: 2, bestValue: false },
  { code: 'credits-150', credits: 150, style: 'p2', sort: 3, bestValue: true },
  { code: 'credits-400', credits: 400, style: 'p3', sort: 4, bestValue: false },
  // The trial package of the retention offers (account deletion): not listed in the catalogue screens.
  { code: TRIAL_BUNDLE_CODE, credits: 10, style: 'p0', sort: 0, bestValue: false, listed: false },
] as const;

/** Prices of the four bundles and the trial package per currency, minor units (charm prices of each market). */
const PRICES: Record<string, readonly [number, number, number, number, number]> = {
  EUR: [995, 1995, 3995, 8995, 295],
  GBP: [895, 1695, 3495, 7795, 249],
  USD: [1099, 2199, 4399, 9799, 299],
  CAD: [1499, 2999, 5999, 12999, 399],
  AUD: [1599, 3199, 6399, 13999, 449],
  NZD: [1699, 3399, 6799, 14999, 499],
  CHF: [995, 1995, 3995, 8995, 295],
  PLN: [4299, 8599, 16999, 38999, 1299],
  DKK: [7495, 14995, 29995, 66995, 2195],
  SEK: [10995, 21995, 43995, 98995, 3295],
  NOK: [10995, 21995, 43995, 98995, 3295],
};

/**
 * Country → currency and standard VAT (basis points) on digital services sold to consumers, 2026. US: prices are
 * shown without sales tax (0 here; the operator sets state rules where needed). CA: federal GST only.
 */
export const COUNTRY_PRICING: Record<string, { currency: keyof typeof PRICES; vatRateBp: number }> = {
  NL: { currency: 'EUR', vatRateBp: 2100 },
  BE: { currency: 'EUR', vatRateBp: 2100 },
  DE: { currency: 'EUR', vatRateBp: 1900 },
  AT: { currency: 'EUR', vatRateBp: 2000 },
  FR: { currency: 'EUR', vatRateBp: 2000 },
  IT: { currency: 'EUR', vatRateBp: 2200 },
  ES: { currency: 'EUR', vatRateBp: 2100 },
  IE: { currency: 'EUR', vatRateBp: 2300 },
  FI: { currency: 'EUR', vatRateBp: 2550 },
  GB: { currency: 'GBP', vatRateBp: 2000 },
  US: { currency: 'USD', vatRateBp: 0 },
  CA: { currency: 'CAD', vatRateBp: 500 },
  AU: { currency: 'AUD', vatRateBp: 1000 },
  NZ: { currency: 'NZD', vatRateBp: 1500 },
  CH: { currency: 'CHF', vatRateBp: 810 },
  PL: { currency: 'PLN', vatRateBp: 2300 },
  DK: { currency: 'DKK', vatRateBp: 2500 },
  NO: { currency: 'NOK', vatRateBp: 2500 },
  SE: { currency: 'SEK', vatRateBp: 2500 },
};

/** Fills the default bundles and prices that are missing (idempotent; safe with several instances starting). */
export async function ensureDefaultCatalogue(db: Db): Promise<void> {
  await db
    .insert(catalogBundles)
    .values([...DEFAULT_BUNDLES])
    .onConflictDoNothing();
  const bundles = await db.select().from(catalogBundles);
  const rows = [];
  for (const b of DEFAULT_BUNDLES) {
    const id = bundles.find((x) => x.code === b.code)?.id;
    if (id === undefined) continue;
    const index = DEFAULT_BUNDLES.indexOf(b);
    for (const [country, p] of Object.entries(COUNTRY_PRICING)) {
      const amountMinor = PRICES[p.currency]?.[index];
      if (amountMinor === undefined) continue;
      rows.push({ bundleId: id, country, currency: p.currency, amountMinor, vatRateBp: p.vatRateBp });
    }
  }
  if (rows.length > 0) await db.insert(catalogPrices).values(rows).onConflictDoNothing();
}

/** The VAT part of a VAT-inclusive amount, rounded half up to the minor unit. */
export function vatIncluded(amountMinor: number, vatRateBp: number): number {
  return Math.floor((amountMinor * vatRateBp + (10_000 + vatRateBp) / 2) / (10_000 + vatRateBp));
}

/** A bundle of the catalogue with its price in one country, as the API shows it (credits.php, repeat order, …). */
export function presentBundle(
  bundle: Pick<typeof catalogBundles.$inferSelect, 'id' | 'credits' | 'style' | 'bestValue'>,
  price: Pick<typeof catalogPrices.$inferSelect, 'amountMinor' | 'currency' | 'vatRateBp'>,
): Bundle {
  return {
    id: bundle.id,
    credits: bundle.credits,
    style: bundle.style,
    best_value: bundle.bestValue,
    amount: price.amountMinor,
    currency: price.currency,
    vat: vatIncluded(price.amountMinor, price.vatRateBp),
    vat_rate_bp: price.vatRateBp,
  };
}
