import { and, asc, count, eq, inArray, max, notInArray } from 'drizzle-orm';
import type { AdminBundle, AdminBundleInput, PricingCountry } from '../../../shared/schemas/admin-catalogue';
import type { Db } from '../../db/client';
import { catalogBundles, catalogPrices, payments } from '../../db/schema';
import { AppError, fieldError, notFound } from '../../lib/app-error';
import type { Tx } from '../accounts/accounts.repo';
import { recordStaffAction } from '../staff/staff-audit';
import { COUNTRY_PRICING } from './catalogue-defaults';

/**
 * The staff console's catalogue (issue 22, point 7): bundles and their prices per country. The member side reads
 * the same tables through the same computation as before (payments.service listedBundles / catalogueFor and the
 * checkout's price lookup), uncached, so a change shows on /credits and is what checkout charges at once.
 */

type BundleRow = typeof catalogBundles.$inferSelect;
type PriceRow = typeof catalogPrices.$inferSelect;

/** The countries the catalogue can price, with their currency and standard VAT (catalogue-defaults). */
export function pricingCountries(): PricingCountry[] {
  return Object.entries(COUNTRY_PRICING).map(([country, p]) => ({
    country,
    currency: p.currency,
    vat_rate_bp: p.vatRateBp,
  }));
}

function present(bundle: BundleRow, prices: PriceRow[], paymentCount: number): AdminBundle {
  return {
    id: bundle.id,
    code: bundle.code,
    credits: bundle.credits,
    style: bundle.style as AdminBundle['style'],
    best_value: bundle.bestValue,
    active: bundle.active,
    listed: bundle.listed,
    sort: bundle.sort,
    payments: paymentCount,
    prices: prices
      .filter((p) => p.bundleId === bundle.id)
      .sort((a, b) => a.country.localeCompare(b.country))
      .map((p) => ({
        country: p.country,
        currency: p.currency,
        amount_minor: p.amountMinor,
        vat_rate_bp: p.vatRateBp,
      })),
  };
}

async function load(db: Db | Tx, ids?: number[]): Promise<AdminBundle[]> {
  const where = ids ? inArray(catalogBundles.id, ids) : undefined;
  const bundles = await db
    .select()
    .from(catalogBundles)
    .where(where)
    .orderBy(asc(catalogBundles.sort), asc(catalogBundles.id));
  if (bundles.length === 0) return [];
  const bundleIds = bundles.map((b) => b.id);
  const [prices, counts] = await Promise.all([
    db.select().from(catalogPrices).where(inArray(catalogPrices.bundleId, bundleIds)),
    db
      .select({ bundleId: payments.bundleId, n: count() })
      .from(payments)
      .where(inArray(payments.bundleId, bundleIds))
      .groupBy(payments.bundleId),
  ]);
  return bundles.map((b) => present(b, prices, counts.find((c) => c.bundleId === b.id)?.n ?? 0));
}

export const listCatalogue = (db: Db) => load(db);

/** Each price in a country the catalogue knows, in that country's currency, each country once. */
function checkPrices(input: AdminBundleInput): void {
  const seen = new Set<string>();
  input.prices.forEach((p, i) => {
    const known = COUNTRY_PRICING[p.country];
    if (!known || seen.has(p.country))
      throw fieldError(400, 'validation_failed', `prices.${i}.country`, 'validation.admin.price_country');
    if (known.currency !== p.currency)
      throw fieldError(400, 'validation_failed', `prices.${i}.currency`, 'validation.admin.price_currency', {
        currency: known.currency,
      });
    seen.add(p.country);
  });
}

async function assertCodeFree(tx: Tx, code: string, exceptId: number | null): Promise<void> {
  const [row] = await tx
    .select({ id: catalogBundles.id })
    .from(catalogBundles)
    .where(eq(catalogBundles.code, code));
  if (row && row.id !== exceptId)
    throw fieldError(409, 'bundle_code_taken', 'code', 'validation.admin.bundle_code_taken');
}

async function savePrices(tx: Tx, bundleId: number, input: AdminBundleInput): Promise<void> {
  const countries = input.prices.map((p) => p.country);
  await tx
    .delete(catalogPrices)
    .where(
      countries.length > 0
        ? and(eq(catalogPrices.bundleId, bundleId), notInArray(catalogPrices.country, countries))
        : eq(catalogPrices.bundleId, bundleId),
    );
  for (const p of input.prices) {
    const values = { currency: p.currency, amountMinor: p.amount_minor, vatRateBp: p.vat_rate_bp };
    await tx
      .insert(catalogPrices)
      .values({ bundleId, country: p.country, ...values })
      .onConflictDoUpdate({ target: [catalogPrices.bundleId, catalogPrices.country], set: values });
  }
}

const bundleValues = (input: AdminBundleInput) => ({
  code: input.code,
  credits: input.credits,
  style: input.style,
  bestValue: input.best_value,
  active: input.active,
  listed: input.listed,
});

export async function createBundle(db: Db, staffId: number, input: AdminBundleInput): Promise<AdminBundle> {
  checkPrices(input);
  return db.transaction(async (tx) => {
    await assertCodeFree(tx, input.code, null);
    const [last] = await tx.select({ sort: max(catalogBundles.sort) }).from(catalogBundles);
    const [row] = await tx
      .insert(catalogBundles)
      .values({ ...bundleValues(input), sort: Math.min(32_767, (last?.sort ?? 0) + 1) })
      .onConflictDoNothing()
      .returning();
    if (!row) throw fieldError(409, 'bundle_code_taken', 'code', 'validation.admin.bundle_code_taken');
    await savePrices(tx, row.id, input);
    const [after] = await load(tx, [row.id]);
    await recordStaffAction(tx, staffId, {
      action: 'catalogue.bundle.create',
      targetType: 'bundle',
      targetId: row.id,
      before: null,
      after,
    });
    return after!;
  });
}

export async function updateBundle(
  db: Db,
  staffId: number,
  id: number,
  input: AdminBundleInput,
): Promise<AdminBundle> {
  checkPrices(input);
  return db.transaction(async (tx) => {
    const [locked] = await tx.select().from(catalogBundles).where(eq(catalogBundles.id, id)).for('update');
    if (!locked) throw notFound();
    const [before] = await load(tx, [id]);
    // Payments keep the credits they were sold with; a bundle already sold keeps its credits (make a new one).
    if (before!.payments > 0 && input.credits !== locked.credits)
      throw fieldError(409, 'bundle_sold', 'credits', 'validation.admin.bundle_credits_sold');
    await assertCodeFree(tx, input.code, id);
    await tx.update(catalogBundles).set(bundleValues(input)).where(eq(catalogBundles.id, id));
    await savePrices(tx, id, input);
    const [after] = await load(tx, [id]);
    await recordStaffAction(tx, staffId, {
      action: 'catalogue.bundle.update',
      targetType: 'bundle',
      targetId: id,
      before,
      after,
    });
    return after!;
  });
}

/** Puts the bundles in the given order (sort 1, 2, …); every bundle must be named once. */
export async function reorderBundles(db: Db, staffId: number, ids: number[]): Promise<AdminBundle[]> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: catalogBundles.id, sort: catalogBundles.sort })
      .from(catalogBundles)
      .orderBy(asc(catalogBundles.sort), asc(catalogBundles.id))
      .for('update');
    const all = new Set(rows.map((r) => r.id));
    if (ids.length !== all.size || new Set(ids).size !== ids.length || ids.some((i) => !all.has(i)))
      throw new AppError(400, 'validation_failed', 'validation.admin.order_incomplete');
    for (const [index, bundleId] of ids.entries())
      await tx
        .update(catalogBundles)
        .set({ sort: index + 1 })
        .where(eq(catalogBundles.id, bundleId));
    await recordStaffAction(tx, staffId, {
      action: 'catalogue.reorder',
      targetType: 'catalogue',
      before: rows.map((r) => r.id),
      after: ids,
    });
    return load(tx);
  });
}
