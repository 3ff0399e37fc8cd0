import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPaymentResponseSchema, creditsResponseSchema } from '../../../shared/schemas/payments';
import { creditLedger, payments, sites, users } from '../../db/schema';
import { createMember, type TestMember } from '../../test/factories';
import { buildTestApp, type TestContext } from '../../test/test-app';
import { call, setProfile } from '../member-profile/member-profile.fixtures';
import { flakyTestProvider } from './payments.fixtures';
import { recheckOpenPayments } from './payments-recheck';
import { type FlexpayFake, startFlexpayFake } from './providers/flexpay-fake';
import { createFlexpayProvider, FLEXPAY_METHODS } from './providers/flexpay-provider';
import { flexpaySignature } from './providers/flexpay-signature';
import type { PaymentProvider } from './providers/provider';
import { refundPayment } from './refund';

/**
 * Verotel FlexPay (issue 23, point 6) end to end against the FlexPay fake: checkout on a site whose provider is
 * verotel, the order page, the signed postback, credits once under replay and parallel delivery, refusals, refund and
 * chargeback through their postbacks, and no call to the general provider (Mollie) for such a site.
 */
let ctx: TestContext;
let fake: FlexpayFake & { url: string; close(): Promise<void> };
let flexpay: PaymentProvider;
let domain: string;
const logLines: string[] = [];
const general = flakyTestProvider();
const generalCalls: string[] = [];
const spied: PaymentProvider = new Proxy(general.provider, {
  get(target, key) {
    const v: unknown = Reflect.get(target, key, target);
    if (typeof v !== 'function') return v;
    return (...args: unknown[]) => {
      generalCalls.push(String(key));
      return (v as (...a: unknown[]) => unknown).apply(target, args);
    };
  },
});
const lazy: PaymentProvider = {
  name: 'verotel',
  mandates: false,
  supportedMethods: FLEXPAY_METHODS,
  createPayment: (i) => flexpay.createPayment(i),
  listMethods: (i) => flexpay.listMethods(i),
  getPayment: (id) => flexpay.getPayment(id),
  createCustomer: (i) => flexpay.createCustomer(i),
  listMandates: (c) => flexpay.listMandates(c),
  createMandate: (i) => flexpay.createMandate(i),
  revokeMandate: (c, m) => flexpay.revokeMandate(c, m),
  createRefund: (id, i) => flexpay.createRefund(id, i),
};

beforeAll(async () => {
  fake = await startFlexpayFake({
    postbackUrl: '/api/flexpay-postback.php',
    // FlexPay calls our postback URL; here it reaches the app in-process.
    deliver: async (url) => {
      const res = await ctx.app.inject({ method: 'GET', url, headers: { host: domain } });
      return { status: res.statusCode, body: res.body };
    },
  });
  ctx = await buildTestApp(
    { LOG_LEVEL: 'info' },
    {
      paymentProvider: spied,
      flexpay: { provider: lazy, shopId: fake.shopId, signatureKey: fake.signatureKey },
      logStream: { write: (l) => void logLines.push(l) },
    },
  );
  general.attach(ctx.database.db);
  flexpay = createFlexpayProvider({
    db: ctx.database.db,
    shopId: fake.shopId,
    signatureKey: fake.signatureKey,
    flexpayUrl: fake.url,
    controlCenter: { url: `${fake.url}/cc`, ...fake.controlCenter },
    timeoutMs: 2_000,
  });
  domain = (await ctx.createSite({ niche: 5 })).domain;
  await ctx.database.db.update(sites).set({ paymentProvider: 'verotel' }).where(eq(sites.domain, domain));
});
afterAll(async () => {
  await ctx?.close();
  await fake?.close();
});

const db = () => ctx.database.db;
const member = async () => {
  const m = await createMember(ctx, domain);
  await setProfile(db(), m.id, { country: 'NL' });
  await db().update(users).set({ credits: 0 }).where(eq(users.id, m.id));
  await db().delete(creditLedger).where(eq(creditLedger.userId, m.id));
  return m;
};
const credits = async (m: TestMember) =>
  (await db().select({ c: users.credits }).from(users).where(eq(users.id, m.id)))[0]!.c;
const paymentRow = async (id: number) => (await db().select().from(payments).where(eq(payments.id, id)))[0]!;
const buy = async (m: TestMember) => {
  const list = creditsResponseSchema.parse(
    (await call(ctx, domain, 'GET', '/api/credits.php', m.cookie)).json(),
  );
  const res = await call(ctx, domain, 'POST', '/api/payment.php', m.cookie, {
    bundle_id: list.bundles[0]!.id,
    method: 'visa',
  });
  expect(res.statusCode, res.body).toBe(200);
  return { payment: createPaymentResponseSchema.parse(res.json()).payment, bundle: list.bundles[0]! };
};
const openOrderPage = async (checkoutUrl: string) => {
  const res = await fetch(checkoutUrl);
  expect(res.status, await res.clone().text()).toBe(200);
  return new URL(checkoutUrl).searchParams.get('referenceID') as string;
};

describe('FlexPay signature', () => {
  it("matches the official PHP client's test vector (SHA-256 over key and sorted key=value pairs)", () => {
    const params = {
      saleID: '433456',
      priceAmount: '0.00',
      referenceID: 'reference1234',
      priceCurrency: 'USD',
      custom1: 'My',
      description: 'My Dščřčřřěřě&?=blah123',
      subscriptionType: 'RECURRING',
      period: 'P1M',
      name: 'My name',
      trialAmount: '0.01',
      trialPeriod: 'P3D',
      successURL: 'http://backURL.test',
      declineURL: 'http://declineURL.test',
      cancelDiscountPercentage: '30',
      shopID: '68849',
    };
    expect(flexpaySignature('zpXwe2D77g4P7ysGJcr3rY87TBYs6J', params)).toBe(
      'ff5cf9bcc0497c8cb40087065e5016dcfbe2efd23327f6c67614fa23537c24b2',
    );
  });
});

describe('a site on Verotel FlexPay', () => {
  it('offers the cards FlexPay takes and never asks the general provider', async () => {
    const m = await member();
    generalCalls.length = 0;
    const list = creditsResponseSchema.parse(
      (await call(ctx, domain, 'GET', '/api/credits.php', m.cookie)).json(),
    );
    expect(list.methods).toContain('visa');
    expect(list.methods).not.toContain('ideal');
    expect(list.methods).not.toContain('paypal');
    expect(list.test_mode).toBe(false);
    expect(generalCalls).toEqual([]);
    // Checkout names Verotel and what the statement shows (the site's descriptor, else the company's name).
    expect(list.payment_provider?.name).toBe('verotel');
    expect(list.payment_provider?.billing_descriptor.length).toBeGreaterThan(0);
    const described = (await ctx.createSite({ niche: 5 })).domain;
    await db()
      .update(sites)
      .set({ paymentProvider: 'verotel', billingDescriptor: 'NB SERVICES' })
      .where(eq(sites.domain, described));
    const named = creditsResponseSchema.parse((await call(ctx, described, 'GET', '/api/credits.php')).json());
    expect(named.payment_provider).toEqual({ name: 'verotel', billing_descriptor: 'NB SERVICES' });
    // A site on the general provider names none (its checkout is unchanged).
    const other = (await ctx.createSite({ niche: 1 })).domain;
    const general = creditsResponseSchema.parse((await call(ctx, other, 'GET', '/api/credits.php')).json());
    expect(general.payment_provider).toBeNull();
  });

  it('purchase → order page → signed postback: paid, credits once; replays and parallel postbacks add nothing', async () => {
    const m = await member();
    generalCalls.length = 0;
    const { payment, bundle } = await buy(m);
    expect(payment.checkout_url).toMatch(new RegExp(`^${fake.url}/startorder\\?`));
    const url = new URL(payment.checkout_url!);
    expect(url.searchParams.get('priceAmount')).toBe((bundle.amount / 100).toFixed(2));
    expect(url.searchParams.get('version')).toBe('4');
    // FlexPay sends the buyer back to the member's own site (where the session is), not to PUBLIC_URL.
    expect(url.searchParams.get('successURL')).toBe(`https://${domain}/transactions/${payment.id}`);
    const ref = await openOrderPage(payment.checkout_url!);
    const { postback } = await fake.decide(ref, 'approve');
    expect(postback?.answer).toBe('OK');
    expect(await credits(m)).toBe(bundle.credits);
    expect((await paymentRow(payment.id)).status).toBe('paid');

    const again = await fake.replay(postback!);
    expect(again.answer).toBe('OK');
    const parallel = await Promise.all(Array.from({ length: 6 }, () => fake.replay(postback!)));
    expect(parallel.map((p) => p.answer)).toEqual(Array(6).fill('OK'));
    expect(await credits(m)).toBe(bundle.credits);
    const ledger = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(creditLedger)
      .where(eq(creditLedger.idempotencyKey, `payment:${payment.id}`));
    expect(ledger[0]!.n).toBe(1);
    expect(generalCalls).toEqual([]);
  });

  it('refuses a postback with a bad signature or another amount, and logs no secret', async () => {
    const m = await member();
    const { payment } = await buy(m);
    const ref = await openOrderPage(payment.checkout_url!);
    const params = {
      shopID: fake.shopId,
      saleID: '555000111',
      referenceID: ref,
      priceAmount: '0.01',
      priceCurrency: 'EUR',
      paymentMethod: 'CC',
    };
    const forged = new URLSearchParams({ ...params, signature: flexpaySignature('not-the-key', params) });
    const bad = await ctx.app.inject({ method: 'GET', url: `/api/flexpay-postback.php?${forged}` });
    expect(bad.statusCode).toBe(403);
    expect(bad.body).toBe('ERROR');
    const signed = new URLSearchParams({ ...params, signature: flexpaySignature(fake.signatureKey, params) });
    const cheap = await ctx.app.inject({ method: 'GET', url: `/api/flexpay-postback.php?${signed}` });
    expect(cheap.statusCode).toBe(400);
    expect(await credits(m)).toBe(0);
    expect((await paymentRow(payment.id)).status).toBe('open');
    const logged = logLines.join('\n');
    expect(logged).toContain('FlexPay postback refused');
    expect(logged).not.toContain(fake.signatureKey);
    expect(logged).not.toContain(forged.get('signature'));
  });

  it('a declined card sends no postback; the re-check asks the sale status and fails the payment', async () => {
    const m = await member();
    const { payment } = await buy(m);
    const ref = await openOrderPage(payment.checkout_url!);
    const before = fake.postbacks.length;
    const { location } = await fake.decide(ref, 'decline');
    expect(location).toMatch(new RegExp(`/transactions/${payment.id}$`));
    expect(fake.postbacks.length).toBe(before);
    await db()
      .update(payments)
      .set({ checkAfter: new Date(0) })
      .where(eq(payments.id, payment.id));
    await recheckOpenPayments(db(), lazy);
    expect((await paymentRow(payment.id)).status).toBe('failed');
    expect(await credits(m)).toBe(0);
  });

  it('refund through the Control Center: the credit postback takes the credits back once', async () => {
    const m = await member();
    const { payment } = await buy(m);
    const ref = await openOrderPage(payment.checkout_url!);
    await fake.decide(ref, 'approve');
    await refundPayment(db(), lazy, payment.id);
    const row = await paymentRow(payment.id);
    expect(row.status).toBe('refunded');
    expect(row.refundedMinor).toBe(payment.amount);
    expect(await credits(m)).toBe(0);
    const credit = fake.postbacks.at(-1)!;
    expect(credit.params.event).toBe('credit');
    await fake.replay(credit);
    expect(await credits(m)).toBe(0);
  });

  it('a withdrawal of a FlexPay payment is refunded at Verotel, never at the general provider', async () => {
    const m = await member();
    const { payment } = await buy(m);
    const ref = await openOrderPage(payment.checkout_url!);
    await fake.decide(ref, 'approve');
    generalCalls.length = 0;
    const res = await call(ctx, domain, 'POST', '/api/withdrawal.php', m.cookie, { payment_id: payment.id });
    expect(res.statusCode, res.body).toBe(200);
    const row = await paymentRow(payment.id);
    expect(row.refundedMinor).toBeGreaterThan(0);
    expect(fake.postbacks.at(-1)!.params.event).toBe('credit');
    expect(await credits(m)).toBe(0);
    expect(generalCalls).toEqual([]);
  });

  it('a chargeback postback takes the credits back', async () => {
    const m = await member();
    const { payment } = await buy(m);
    const ref = await openOrderPage(payment.checkout_url!);
    await fake.decide(ref, 'approve');
    const pb = await fake.chargeback(ref);
    expect(pb.answer).toBe('OK');
    expect((await paymentRow(payment.id)).status).toBe('charged_back');
    expect(await credits(m)).toBe(0);
  });
});
