import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { RULES } from '../../../shared/rules';
import { conversationSchema } from '../../../shared/schemas/chat';
import { discountResponseSchema } from '../../../shared/schemas/discounts';
import {
  type CreditsResponse,
  createPaymentResponseSchema,
  creditsResponseSchema,
} from '../../../shared/schemas/payments';
import { settingsResponseSchema } from '../../../shared/schemas/sites';
import { catalogBundles, catalogPrices, discountCodes, sites, users } from '../../db/schema';
import { createMember, type TestMember } from '../../test/factories';
import { type TestContext, withTestSite } from '../../test/test-app';
import { call, setProfile } from '../member-profile/member-profile.fixtures';
import { perUnitMinor, unitPrice } from './unit-prices';

/**
 * What a message costs (issue 27): one server computation, in the credits answer, equal to the bundle math of the
 * catalogue, with the discount only where one applies, and equal to what checkout charges.
 */
let ctx: TestContext;
let domain: string;
withTestSite((c, d) => {
  ctx = c;
  domain = d;
});
const db = () => ctx.database.db;
const HOUR = 3_600_000;

async function member(country = 'NL'): Promise<TestMember> {
  const m = await createMember(ctx, domain);
  await setProfile(db(), m.id, { country });
  return m;
}
async function signedUpAgo(m: TestMember, ms: number) {
  await db()
    .update(users)
    .set({ signupDate: new Date(Date.now() - ms) })
    .where(eq(users.id, m.id));
}
async function priceList(m?: TestMember, query = ''): Promise<CreditsResponse> {
  const res = await call(ctx, domain, 'GET', `/api/credits.php${query}`, m?.cookie);
  expect(res.statusCode, res.body).toBe(200);
  return creditsResponseSchema.parse(res.json());
}
async function site() {
  const [row] = await db().select().from(sites).where(eq(sites.domain, domain));
  return row!;
}
/** The listed bundles of a country straight from the catalogue tables: the facts the math starts from. */
async function catalogue(country: string) {
  return db()
    .select({ id: catalogBundles.id, credits: catalogBundles.credits, amount: catalogPrices.amountMinor })
    .from(catalogBundles)
    .innerJoin(catalogPrices, eq(catalogPrices.bundleId, catalogBundles.id))
    .where(
      and(
        eq(catalogPrices.country, country),
        eq(catalogBundles.active, true),
        eq(catalogBundles.listed, true),
      ),
    );
}
/** The bundle math written out: the lowest of amount × unit credits / credits, rounded up to the cent. */
function cheapest(rows: { credits: number; amount: number }[], unitCredits: number) {
  return Math.min(...rows.map((r) => Math.ceil((r.amount * unitCredits) / r.credits)));
}
const afterPercent = (amount: number, percent: number) => amount - Math.floor((amount * percent) / 100);

describe('perUnitMinor and unitPrice', () => {
  it('rounds up, so the price named is never below the one paid', () => {
    expect(perUnitMinor(8995, 400, 5)).toBe(113); // 112.44 cents
    expect(perUnitMinor(995, 25, 5)).toBe(199); // exact
    expect(perUnitMinor(6747, 400, 5)).toBe(85); // 84.34 cents
    expect(perUnitMinor(995, 25, 0)).toBeNull();
    expect(perUnitMinor(995, 0, 5)).toBeNull();
  });

  it('takes the lowest over the bundles, with and without the offer', () => {
    const b = (id: number, credits: number, amount: number, offer?: number) => ({
      id,
      credits,
      amount,
      style: 'p0',
      best_value: false,
      currency: 'EUR',
      vat: 0,
      vat_rate_bp: 0,
      per_message: null,
      offer: offer === undefined ? null : { amount: offer, discount: amount - offer, per_message: null },
    });
    expect(unitPrice([b(1, 25, 995), b(2, 400, 8995)], 5)).toEqual({
      credits: 5,
      from: 113,
      bundle_id: 2,
      offer_from: null,
    });
    // The offer applies to the small bundle only (a minimum order the big one … does not matter here): its figure.
    expect(unitPrice([b(1, 25, 995, 500), b(2, 400, 8995)], 5)?.offer_from).toBe(100);
    expect(unitPrice([], 5)).toBeNull();
  });
});

describe('GET /api/credits.php: what a message costs', () => {
  it('for an NL member in the time bonus: list and discounted figures equal the bundle math, and checkout charges the offer', async () => {
    const s = await site();
    const m = await member('NL');
    const list = await priceList(m);
    const rows = await catalogue('NL');
    expect(list.country).toBe('NL');
    expect(list.currency).toBe('EUR');
    expect(list.discount).toMatchObject({
      code: RULES.timeBonus.code,
      percentage: RULES.timeBonus.percentage,
      source: 'time_bonus',
    });
    const message = list.unit_prices.message!;
    expect(message.credits).toBe(s.messageCredits);
    expect(message.from).toBe(cheapest(rows, s.messageCredits));
    expect(message.offer_from).toBe(
      cheapest(
        rows.map((r) => ({ ...r, amount: afterPercent(r.amount, RULES.timeBonus.percentage) })),
        s.messageCredits,
      ),
    );
    // The default catalogue: 400 credits for €89.95 is the cheapest: €1.13 a message, €0.85 with 25 % off.
    expect([message.from, message.offer_from]).toEqual([113, 85]);
    expect(list.unit_prices.photo!.from).toBe(cheapest(rows, s.photoCredits));
    expect(list.unit_prices.gift!.from).toBe(cheapest(rows, s.giftCredits));
    for (const b of list.bundles) {
      const row = rows.find((r) => r.id === b.id)!;
      expect(b.per_message).toBe(Math.ceil((row.amount * s.messageCredits) / row.credits));
      expect(b.offer!.amount).toBe(afterPercent(row.amount, RULES.timeBonus.percentage));
    }
    expect(list.starter).toEqual({ free_messages: s.freeMessages, credits: s.signupCredits });

    // Checkout of the cheapest bundle with the same code charges the offer's amount: the figure is real.
    const cheapestBundle = list.bundles.find((b) => b.id === message.bundle_id)!;
    const checked = discountResponseSchema.parse(
      (
        await call(
          ctx,
          domain,
          'GET',
          `/api/discountcode.php?code=${RULES.timeBonus.code}&bundle_id=${cheapestBundle.id}&method=ideal`,
          m.cookie,
        )
      ).json(),
    );
    expect(checked.price).toMatchObject({
      amount: cheapestBundle.offer!.amount,
      per_message: message.offer_from,
    });
    const paid = await call(ctx, domain, 'POST', '/api/payment.php', m.cookie, {
      bundle_id: cheapestBundle.id,
      method: 'ideal',
      discount_code: RULES.timeBonus.code,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(createPaymentResponseSchema.parse(paid.json()).payment.amount).toBe(cheapestBundle.offer!.amount);
  });

  it('after the time bonus, within the welcome hours: the welcome code, labelled as such', async () => {
    const m = await member('NL');
    await signedUpAgo(m, 5 * HOUR);
    const list = await priceList(m);
    expect(list.discount).toMatchObject({ code: RULES.welcomeDiscount.code, source: 'welcome' });
    const rows = await catalogue('NL');
    expect(list.unit_prices.message!.offer_from).toBe(
      cheapest(
        rows.map((r) => ({ ...r, amount: afterPercent(r.amount, RULES.welcomeDiscount.percentage) })),
        5,
      ),
    );
  });

  it('without a discount: list prices only, the same figure', async () => {
    const s = await site();
    const m = await member('NL');
    await signedUpAgo(m, (s.welcomeDiscountHours + 1) * HOUR);
    const list = await priceList(m);
    expect(list.discount).toBeNull();
    expect(list.bundles.every((b) => b.offer === null)).toBe(true);
    expect(list.unit_prices.message).toEqual({
      credits: s.messageCredits,
      from: cheapest(await catalogue('NL'), s.messageCredits),
      bundle_id: expect.any(Number),
      offer_from: null,
    });
  });

  it('a paid member gets no welcome discount', async () => {
    const m = await member('NL');
    await db().update(users).set({ paidUser: true }).where(eq(users.id, m.id));
    const list = await priceList(m);
    expect(list.discount).toBeNull();
    expect(list.unit_prices.message!.offer_from).toBeNull();
  });

  it("a member's own country counts, whatever is asked; a visitor sees the country asked for", async () => {
    const m = await member('PL');
    const mine = await priceList(m, '?country=US');
    expect([mine.country, mine.currency]).toEqual(['PL', 'PLN']);
    expect(mine.unit_prices.message!.from).toBe(cheapest(await catalogue('PL'), 5));
    const visitor = await priceList(undefined, '?country=US');
    expect([visitor.country, visitor.currency, visitor.discount]).toEqual(['US', 'USD', null]);
    expect(visitor.unit_prices.message!.from).toBe(cheapest(await catalogue('US'), 5));
  });

  it('a code asked for (the retention link) is priced in when it applies; a refused one gives list prices', async () => {
    const m = await member('NL');
    const code = `KEEP${Date.now().toString(36).toUpperCase()}`;
    await db().insert(discountCodes).values({ code, valuePercentage: 40, minimumOrderValue: 3000 });
    const list = await priceList(m, `?code=${code}`);
    expect(list.discount).toMatchObject({ code, percentage: 40, source: 'code' });
    // The minimum order leaves the two small bundles at list price.
    const rows = await catalogue('NL');
    for (const b of list.bundles) {
      const row = rows.find((r) => r.id === b.id)!;
      expect(b.offer?.amount ?? null).toBe(row.amount >= 3000 ? afterPercent(row.amount, 40) : null);
    }
    const refused = await priceList(m, '?code=NOSUCHCODE');
    expect(refused.discount).toBeNull();
    expect(refused.unit_prices.message!.offer_from).toBeNull();
  });

  it('the chat and the settings no longer carry a price of their own', async () => {
    const settings = await call(ctx, domain, 'GET', '/api/settings.php');
    expect(Object.keys(settingsResponseSchema.parse(settings.json()).settings)).not.toContain(
      'minimum_message_costs',
    );
    expect(Object.keys(conversationSchema.shape)).not.toContain('message_price');
  });
});
