import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { creditsResponseSchema } from '../../../shared/schemas/payments';
import { creditLedger, payments, users } from '../../db/schema';
import { CLIENT, createMember, type TestMember } from '../../test/factories';
import { buildTestApp, type TestContext } from '../../test/test-app';
import { call, setProfile, setUser } from '../member-profile/member-profile.fixtures';
import { allowFakeCertificate, type MollieFake, startMollieFake } from './providers/mollie-fake';
import { FAKE_METHODS } from './providers/mollie-fake-methods';
import { createMollieProvider } from './providers/mollie-provider';
import type { PaymentProvider } from './providers/provider';

/**
 * Only methods that are really switched on (issue 26, point 1), through the API and the Mollie adapter against the
 * Mollie fake: the price list and checkout offer what Mollie lists for the currency, country and amount (intersected
 * with the spec's methods of the country), ask Mollie once per site, currency, country and amount band for many
 * checkouts, and a method Mollie refuses with a 422 reaches the member as a translated "choose another", nothing
 * charged.
 */
let ctx: TestContext;
let fake: MollieFake;
let provider: PaymentProvider;
let restoreCertificate: () => void;
const ALL = Object.keys(FAKE_METHODS);

beforeAll(async () => {
  restoreCertificate = allowFakeCertificate();
  fake = await startMollieFake();
  provider = createMollieProvider({ apiKey: fake.apiKey, apiEndpoint: fake.url, timeoutMs: 5_000 });
  ctx = await buildTestApp({}, { paymentProvider: provider });
});
afterAll(async () => {
  await ctx?.close();
  await fake?.close();
  restoreCertificate?.();
});
beforeEach(() => fake.setActiveMethods(ALL));

const db = () => ctx.database.db;
const methodCalls = () => fake.requests.filter((r) => r.path === '/v2/methods');

/** A site of its own (the cache is per site, so each test starts with none) and a member of `country`. */
async function memberIn(country: string, language = 'en'): Promise<{ domain: string; m: TestMember }> {
  const { domain } = await ctx.createSite();
  const m = await createMember(ctx, domain);
  await setProfile(db(), m.id, { country });
  await setUser(db(), m.id, { language });
  return { domain, m };
}

async function priceList(domain: string, m: TestMember) {
  const res = await call(ctx, domain, 'GET', '/api/credits.php', m.cookie);
  expect(res.statusCode).toBe(200);
  return creditsResponseSchema.parse(res.json());
}

const pay = (domain: string, m: TestMember, bundleId: number, method: string, language = 'en') =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/payment.php',
    headers: { host: domain, cookie: m.cookie, 'accept-language': language, ...CLIENT },
    payload: { bundle_id: bundleId, method },
  });

describe('the methods Mollie lists, by currency and country (adapter against the fake)', () => {
  const list = (currency: string, billingCountry: string, sequenceType: 'oneoff' | 'first' = 'oneoff') =>
    provider.listMethods({ amountMinor: 2_500, currency, billingCountry, sequenceType, locale: 'da' });

  it('asks GET /v2/methods with the amount, country, sequence type, locale and Apple Pay as a wallet', async () => {
    await list('DKK', 'DK');
    expect(methodCalls().at(-1)?.query).toEqual({
      'amount[value]': '25.00',
      'amount[currency]': 'DKK',
      billingCountry: 'DK',
      sequenceType: 'oneoff',
      includeWallets: 'applepay',
      locale: 'da_DK',
    });
  });

  it('leaves out paysafecard in DKK, and MobilePay outside Denmark and Finland', async () => {
    const dk = await list('DKK', 'DK');
    expect(dk).toContain('mobilepay');
    expect(dk).toContain('creditcard');
    expect(dk).not.toContain('paysafecard');
    expect(await list('EUR', 'FI')).toContain('mobilepay');
    const nl = await list('EUR', 'NL');
    expect(nl).not.toContain('mobilepay');
    expect(nl).toEqual(expect.arrayContaining(['ideal', 'paysafecard', 'creditcard']));
    expect(await list('NOK', 'NO')).toContain('vipps');
    expect(await list('SEK', 'SE')).toEqual(expect.arrayContaining(['swish', 'paysafecard']));
  });

  it('lists for first payments only methods that can start a mandate', async () => {
    const first = await list('EUR', 'NL', 'first');
    expect(first).toEqual(expect.arrayContaining(['creditcard', 'paypal', 'ideal']));
    expect(first).not.toContain('paysafecard');
    expect(first).not.toContain('banktransfer');
  });

  it('lists only what the profile has switched on', async () => {
    fake.setActiveMethods(['creditcard', 'ideal']);
    expect((await list('EUR', 'NL')).sort()).toEqual(['creditcard', 'ideal']);
  });
});

describe('the price list and checkout offer only methods switched on', () => {
  it('Denmark: MobilePay when the profile has it, never paysafecard; a profile without it leaves it out', async () => {
    const on = await memberIn('DK', 'da');
    const offered = (await priceList(on.domain, on.m)).methods;
    expect(offered).toContain('mobilepay');
    expect(offered).toContain('dankort');
    expect(offered).not.toContain('paysafecard');

    fake.setActiveMethods(ALL.filter((id) => id !== 'mobilepay'));
    const off = await memberIn('DK', 'da');
    const list = await priceList(off.domain, off.m);
    expect(list.methods).not.toContain('mobilepay');
    expect(list.methods).toContain('creditcard');
    // Checkout refuses it as well, before anything is made at Mollie.
    const before = fake.requests.filter((r) => r.path === '/v2/payments').length;
    const res = await pay(off.domain, off.m, list.bundles[0]!.id, 'mobilepay');
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('payment_method_inactive');
    expect(fake.requests.filter((r) => r.path === '/v2/payments')).toHaveLength(before);
  });

  it('Norway and Sweden: Vipps and Swish only when switched on', async () => {
    fake.setActiveMethods(ALL.filter((id) => id !== 'vipps' && id !== 'swish'));
    const no = await memberIn('NO');
    const se = await memberIn('SE');
    expect((await priceList(no.domain, no.m)).methods).not.toContain('vipps');
    expect((await priceList(se.domain, se.m)).methods).not.toContain('swish');
    fake.setActiveMethods(ALL);
    const no2 = await memberIn('NO');
    expect((await priceList(no2.domain, no2.m)).methods).toContain('vipps');
  });

  it('the Netherlands: the spec’s methods of the country that Mollie lists, and Mollie is asked in nl_NL for NL', async () => {
    fake.setActiveMethods(['creditcard', 'ideal', 'paypal']);
    const { domain, m } = await memberIn('NL', 'nl');
    const list = await priceList(domain, m);
    expect(list.methods).toEqual(expect.arrayContaining(['ideal', 'creditcard', 'visa', 'paypal']));
    for (const off of ['paysafecard', 'applepay', 'sct', 'bancontact', 'mobilepay'])
      expect(list.methods).not.toContain(off);
    expect(methodCalls().at(-1)?.query).toMatchObject({
      billingCountry: 'NL',
      'amount[currency]': 'EUR',
      locale: 'nl_NL',
    });
  });
});

describe('the cache', () => {
  it('asks Mollie once (one list per sequence type) for many price lists and checkouts of a site, currency and country', async () => {
    const { domain, m } = await memberIn('NL');
    const others = await Promise.all([1, 2, 3].map(() => createMember(ctx, domain)));
    for (const o of others) await setProfile(db(), o.id, { country: 'NL' });
    const before = methodCalls().length;
    const lists = await Promise.all([m, ...others, m, m].map((who) => priceList(domain, who)));
    const bundle = lists[0]!.bundles[0]!;
    const results = await Promise.all([m, ...others].map((who) => pay(domain, who, bundle.id, 'ideal')));
    for (const r of results) expect(r.statusCode).toBe(200);
    const asked = methodCalls().slice(before);
    expect(asked.map((r) => r.query.sequenceType).sort()).toEqual(['first', 'oneoff']);
    // Another country is another key.
    const be = await createMember(ctx, domain);
    await setProfile(db(), be.id, { country: 'BE' });
    expect((await priceList(domain, be)).methods).toContain('bancontact');
    expect(methodCalls().length - before).toBe(4);
  });

  it('serves the static list, logged, when Mollie cannot be asked', async () => {
    fake.setActiveMethods(ALL.filter((id) => id !== 'mobilepay'));
    const { domain, m } = await memberIn('DK');
    fake.failNext(401, { times: 2 });
    const list = await priceList(domain, m);
    // The static list of the country (what the spec offers there), not the profile's answer.
    expect(list.methods).toContain('mobilepay');
    expect(list.methods).not.toContain('paysafecard');
  });
});

describe('a 422 for a method that is not active', () => {
  it('answers a translated "choose another" with nothing charged, and the next price list asks Mollie again', async () => {
    const { domain, m } = await memberIn('NL', 'nl');
    await db().update(users).set({ credits: 0 }).where(eq(users.id, m.id));
    await db().delete(creditLedger).where(eq(creditLedger.userId, m.id));
    const list = await priceList(domain, m);
    expect(list.methods).toContain('ideal');
    // Switched off at Mollie after the list was cached.
    fake.setActiveMethods(ALL.filter((id) => id !== 'ideal'));
    const asked = methodCalls().length;

    const res = await pay(domain, m, list.bundles[0]!.id, 'ideal', 'nl');
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({
      code: 'payment_method_inactive',
      message: 'Deze betaalmethode is nu niet beschikbaar. Kies een andere.',
    });
    const en = await pay(domain, m, list.bundles[0]!.id, 'ideal', 'en');
    expect(en.json().error.message).toBe(
      'This payment method is not available right now. Please choose another.',
    );
    // Mollie's answer was a 422 on method, not a 500.
    const created = fake.requests.filter((r) => r.path === '/v2/payments' && r.method === 'POST');
    expect(created.at(-1)?.body).toMatchObject({ method: 'ideal' });

    // Nothing charged: the payment ended failed, no credits, no checkout page.
    const rows = await db()
      .select()
      .from(payments)
      .where(eq(payments.userId, m.id))
      .orderBy(desc(payments.id));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.status).toBe('failed');
      expect(row.checkoutUrl).toBeNull();
    }
    const [member] = await db().select({ credits: users.credits }).from(users).where(eq(users.id, m.id));
    expect(member?.credits).toBe(0);

    // The methods are refreshed: Mollie is asked again and iDEAL is gone.
    const again = await priceList(domain, m);
    expect(methodCalls().length).toBeGreaterThan(asked);
    expect(again.methods).not.toContain('ideal');
    expect(again.methods).toContain('creditcard');
  });
});
