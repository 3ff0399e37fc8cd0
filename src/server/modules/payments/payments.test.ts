import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createPaymentResponseSchema,
  creditsResponseSchema,
  transactionsResponseSchema,
} from '../../../shared/schemas/payments';
import { creditLedger, outbox, payments, users } from '../../db/schema';
import { createMember, type TestMember } from '../../test/factories';
import { buildTestApp, type TestContext } from '../../test/test-app';
import { call, setProfile } from '../member-profile/member-profile.fixtures';
import { flakyTestProvider } from './payments.fixtures';
import { recheckOpenPayments } from './payments-recheck';
import { refundPayment } from './refund';

/**
 * Payments through the built-in test provider, behind a wrapper that fails on demand (payments.fixtures: its
 * getPayment throws ProviderUnavailableError while `down` is set).
 */
let ctx: TestContext;
let domain: string;
const flaky = flakyTestProvider();
const state = flaky.flaws;
let inner: ReturnType<typeof flaky.inner>;

beforeAll(async () => {
  ctx = await buildTestApp({}, { paymentProvider: flaky.provider });
  flaky.attach(ctx.database.db);
  inner = flaky.inner();
  domain = (await ctx.createSite()).domain;
});
afterAll(async () => {
  await ctx?.close();
});

const db = () => ctx.database.db;
const member = async (country = 'NL') => {
  const m = await createMember(ctx, domain);
  await setProfile(db(), m.id, { country });
  // Start from 0 (signup credits are another test's business), and without the signup ledger row.
  await db().update(users).set({ credits: 0 }).where(eq(users.id, m.id));
  await db().delete(creditLedger).where(eq(creditLedger.userId, m.id));
  return m;
};
const catalogue = async (m?: TestMember) => {
  const res = await call(ctx, domain, 'GET', '/api/credits.php', m?.cookie);
  expect(res.statusCode, res.body).toBe(200);
  return creditsResponseSchema.parse(res.json());
};
const buy = async (m: TestMember, method = 'ideal', bundle?: number) => {
  const bundleId = bundle ?? (await catalogue(m)).bundles[0]!.id;
  const res = await call(ctx, domain, 'POST', '/api/payment.php', m.cookie, { bundle_id: bundleId, method });
  expect(res.statusCode, res.body).toBe(200);
  return createPaymentResponseSchema.parse(res.json()).payment;
};
const providerIdOf = async (paymentId: number) => {
  const [row] = await db().select().from(payments).where(eq(payments.id, paymentId));
  return row!.providerPaymentId!;
};
const webhook = (id: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/payment-webhook.php',
    headers: { host: domain, 'content-type': 'application/x-www-form-urlencoded' },
    payload: `id=${id}`,
  });
const account = async (m: TestMember) => {
  const [u] = await db().select().from(users).where(eq(users.id, m.id));
  return u!;
};

describe('GET /api/credits.php', () => {
  it("prices the bundles in the member's country and currency, VAT included, with the methods offered there", async () => {
    const nl = await catalogue(await member('NL'));
    expect(nl.currency).toBe('EUR');
    expect(nl.bundles.map((b) => b.credits)).toEqual([25, 60, 150, 400]);
    expect(nl.bundles[0]).toMatchObject({ amount: 995, currency: 'EUR', vat_rate_bp: 2100, vat: 173 });
    expect(nl.bundles.filter((b) => b.best_value)).toHaveLength(1);
    expect(nl.methods).toContain('ideal');
    expect(nl.methods).not.toContain('blik');
    // Retired schemes are never offered.
    expect(nl.methods).not.toContain('giropay');
    expect(nl.test_mode).toBe(true);
    const pl = await catalogue(await member('PL'));
    expect(pl).toMatchObject({ currency: 'PLN' });
    expect(pl.methods).toEqual(expect.arrayContaining(['blik', 'prezelewy24', 'creditcard']));
    expect(pl.methods).not.toContain('ideal');
  });
});

describe('POST /api/payment.php and the webhook', () => {
  it('takes price and credits from the catalogue, never from the client, and refuses methods not offered', async () => {
    const m = await member('NL');
    const bundle = (await catalogue(m)).bundles[2]!;
    const res = await call(ctx, domain, 'POST', '/api/payment.php', m.cookie, {
      bundle_id: bundle.id,
      method: 'ideal',
      amount: 1,
      credits: 99999,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().payment).toMatchObject({
      amount: bundle.amount,
      credits: bundle.credits,
      status: 'open',
    });
    expect(res.json().payment.checkout_url).toMatch(/\/test-provider\/checkout\/tr_test/);
    const blik = await call(ctx, domain, 'POST', '/api/payment.php', m.cookie, {
      bundle_id: bundle.id,
      method: 'blik',
    });
    expect(blik.statusCode).toBe(400);
    expect(blik.json().error.code).toBe('payment_method_not_available');
    const none = await call(ctx, domain, 'POST', '/api/payment.php', m.cookie, {
      bundle_id: 999999,
      method: 'ideal',
    });
    expect(none.statusCode).toBe(404);
  });

  it('needs the request-type header like every write (only the webhook and the test checkout form are exempt)', async () => {
    const m = await member();
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/payment.php',
      headers: { host: domain, cookie: m.cookie },
      payload: { bundle_id: (await catalogue()).bundles[0]!.id, method: 'ideal' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('csrf');
  });

  it('needs a confirmed member', async () => {
    const anon = await call(ctx, domain, 'POST', '/api/payment.php', undefined, {
      bundle_id: 1,
      method: 'ideal',
    });
    expect(anon.statusCode).toBe(403);
    const unconfirmed = await createMember(ctx, domain, { confirm: false });
    const res = await call(ctx, domain, 'POST', '/api/payment.php', unconfirmed.cookie, {
      bundle_id: (await catalogue()).bundles[0]!.id,
      method: 'ideal',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('email_not_confirmed');
  });

  it('credits once when the paid webhook is delivered 10 times at once, and makes the member premium', async () => {
    const m = await member();
    const p = await buy(m);
    const id = await providerIdOf(p.id);
    await inner.settle(id, 'paid');
    const answers = await Promise.all(Array.from({ length: 10 }, () => webhook(id)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    expect(await account(m)).toMatchObject({ credits: p.credits, paidUser: true });
    const ledger = await db().select().from(creditLedger).where(eq(creditLedger.userId, m.id));
    expect(ledger.map((l) => [l.delta, l.reason])).toEqual([[p.credits, 'payment']]);
    const list = transactionsResponseSchema.parse(
      (await call(ctx, domain, 'GET', '/api/transactions.php', m.cookie)).json(),
    );
    expect(list.payments[0]).toMatchObject({ id: p.id, status: 'paid', checkout_url: null });
  });

  it('never moves backwards: failed never becomes paid, paid never becomes failed', async () => {
    const m = await member();
    const failed = await buy(m);
    const failedId = await providerIdOf(failed.id);
    await inner.settle(failedId, 'failed');
    await webhook(failedId);
    // The provider (wrongly) reports paid later: ignored.
    await db().execute(`update test_provider_payments set status = 'paid' where id = '${failedId}'`);
    await webhook(failedId);
    const [f] = await db().select().from(payments).where(eq(payments.id, failed.id));
    expect(f!.status).toBe('failed');
    expect((await account(m)).credits).toBe(0);

    const paid = await buy(m);
    const paidId = await providerIdOf(paid.id);
    await inner.settle(paidId, 'paid');
    await webhook(paidId);
    await db().execute(`update test_provider_payments set status = 'failed' where id = '${paidId}'`);
    await webhook(paidId);
    const [p] = await db().select().from(payments).where(eq(payments.id, paid.id));
    expect(p!.status).toBe('paid');
    expect((await account(m)).credits).toBe(paid.credits);
  });

  it('answers an unknown id like a known one and changes nothing', async () => {
    const res = await webhook('tr_test0000000000000000');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect((await webhook('not valid!')).statusCode).toBe(400);
  });

  it('needs no request-type header (a provider cannot send one) but ignores any session cookie', async () => {
    const m = await member();
    const p = await buy(m);
    const id = await providerIdOf(p.id);
    await inner.settle(id, 'paid');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/payment-webhook.php',
      headers: { host: domain, 'content-type': 'application/json', cookie: m.cookie },
      payload: { id },
    });
    expect(res.statusCode).toBe(200);
    expect((await account(m)).credits).toBe(p.credits);
  });

  it('leaves a payment to the re-check job when the provider is down during the webhook, and credits once', async () => {
    const m = await member();
    const p = await buy(m);
    const id = await providerIdOf(p.id);
    await inner.settle(id, 'paid');
    state.down = true;
    try {
      expect((await webhook(id)).statusCode).toBe(503);
      expect((await account(m)).credits).toBe(0);
      await recheckOpenPayments(db(), ctx.app.paymentProvider);
      expect((await account(m)).credits).toBe(0);
    } finally {
      state.down = false;
    }
    const changed = await recheckOpenPayments(db(), ctx.app.paymentProvider, 500);
    expect(changed.filter((c) => c.paymentId === p.id)).toEqual([
      expect.objectContaining({ becamePaid: true, status: 'paid' }),
    ]);
    // A late webhook and another job run change nothing.
    await webhook(id);
    await recheckOpenPayments(db(), ctx.app.paymentProvider, 500);
    expect((await account(m)).credits).toBe(p.credits);
  });

  it('takes back the unspent credits of a charged back payment, never below zero', async () => {
    const m = await member();
    const p = await buy(m, 'creditcard');
    const id = await providerIdOf(p.id);
    await inner.settle(id, 'paid');
    await webhook(id);
    // The member spends all but 5 credits.
    await db().update(users).set({ credits: 5 }).where(eq(users.id, m.id));
    await inner.settle(id, 'chargeback');
    await webhook(id);
    await webhook(id);
    expect((await account(m)).credits).toBe(0);
    const [row] = await db().select().from(payments).where(eq(payments.id, p.id));
    expect(row).toMatchObject({ status: 'charged_back', creditsReversed: p.credits });
  });

  it('shows a member only their own payments', async () => {
    const a = await member();
    const b = await member();
    const p = await buy(a);
    const res = await call(ctx, domain, 'GET', `/api/transaction.php?id=${p.id}`, b.cookie);
    expect(res.statusCode).toBe(404);
    expect((await call(ctx, domain, 'GET', `/api/transaction.php?id=${p.id}`, a.cookie)).statusCode).toBe(
      200,
    );
  });
});

describe('the test provider checkout page', () => {
  it('says it is a test, and paying there calls the webhook and returns to the transaction', async () => {
    const m = await member();
    const p = await buy(m);
    const url = new URL(p.checkout_url!);
    const page = await ctx.app.inject({ method: 'GET', url: url.pathname, headers: { host: domain } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Test payment.');
    expect(page.body).toContain('€9.95');
    const done = await ctx.app.inject({
      method: 'POST',
      url: url.pathname,
      headers: { host: domain, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'outcome=paid',
    });
    expect(done.statusCode).toBe(303);
    // Back to the member's own site (not the default site's PUBLIC_URL), where the member is signed in.
    expect(done.headers.location).toBe(`https://${domain}/transactions/${p.id}`);
    expect(await account(m)).toMatchObject({ credits: p.credits, paidUser: true });
  });
});

describe('repeat order and receipts', () => {
  it('repeats the last bundle on the mandate of a card payment in one step, with a receipt each time', async () => {
    const m = await member();
    expect((await call(ctx, domain, 'GET', '/api/repeat-order.php', m.cookie)).json()).toEqual({
      offer: null,
    });
    expect((await call(ctx, domain, 'POST', '/api/repeat-order.php', m.cookie, {})).statusCode).toBe(404);
    // iDEAL leaves no mandate: still nothing to repeat.
    const ideal = await buy(m, 'ideal');
    await inner.settle(await providerIdOf(ideal.id), 'paid');
    await webhook(await providerIdOf(ideal.id));
    expect((await call(ctx, domain, 'GET', '/api/repeat-order.php', m.cookie)).json()).toEqual({
      offer: null,
    });

    const bundle = (await catalogue(m)).bundles[1]!;
    const card = await buy(m, 'visa', bundle.id);
    await inner.settle(await providerIdOf(card.id), 'paid');
    await webhook(await providerIdOf(card.id));
    const offer = (await call(ctx, domain, 'GET', '/api/repeat-order.php', m.cookie)).json().offer;
    expect(offer).toMatchObject({ bundle: { id: bundle.id, credits: 60, amount: 1995 }, method: 'visa' });

    const res = await call(ctx, domain, 'POST', '/api/repeat-order.php', m.cookie, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().payment).toMatchObject({ status: 'paid', credits: 60, method: 'visa' });
    expect((await account(m)).credits).toBe(ideal.credits + 60 + 60);

    const mails = await db().select().from(outbox).where(eq(outbox.userId, m.id));
    const receipts = mails
      .map((r) => r.payload as { subject: string; text: string })
      .filter((p) => /receipt/i.test(p.subject));
    expect(receipts).toHaveLength(3);
    expect(receipts[1]!.subject).toMatch(/60 credits/);
    expect(receipts[1]!.text).toContain('VAT included (21%): €3.46');
    expect(receipts[1]!.text).toContain('Seller: Amora Media B.V., Keizersgracht 100, Amsterdam, NL');
    expect(receipts[1]!.text).toContain('VAT number: NL000000000B01');
    expect(receipts[1]!.text).not.toContain(m.email);
  });

  it('writes the receipt in the member language, with its plural forms', async () => {
    const m = await member();
    await db().update(users).set({ language: 'pl' }).where(eq(users.id, m.id));
    const p = await buy(m, 'creditcard');
    await inner.settle(await providerIdOf(p.id), 'paid');
    await webhook(await providerIdOf(p.id));
    const mail = (await db().select().from(outbox).where(eq(outbox.userId, m.id)))
      .map((r) => r.payload as { subject: string; text: string })
      .find((p) => p.subject.startsWith('Twój'));
    expect(mail!.subject).toMatch(/^Twój rachunek/);
    expect(mail!.text).toContain('Zakup: 25 kredytów');
  });
});

describe('refunds', () => {
  it("an operator's refund takes back the unspent credits and shows as refunded", async () => {
    const m = await member();
    const p = await buy(m, 'ideal');
    await inner.settle(await providerIdOf(p.id), 'paid');
    await webhook(await providerIdOf(p.id));
    await expect(refundPayment(db(), ctx.app.paymentProvider, p.id, 999_999)).rejects.toThrow(
      /refund amount/,
    );
    const applied = await refundPayment(db(), ctx.app.paymentProvider, p.id);
    expect(applied).toMatchObject({ status: 'refunded' });
    expect((await account(m)).credits).toBe(0);
    const list = (await call(ctx, domain, 'GET', '/api/transactions.php', m.cookie)).json().payments;
    expect(list[0]).toMatchObject({ id: p.id, status: 'refunded', credits_reversed: p.credits });
    await expect(refundPayment(db(), ctx.app.paymentProvider, p.id)).rejects.toThrow(/is refunded, not paid/);
  });

  it('the test checkout page lets a tester refund or charge back a paid payment', async () => {
    const m = await member();
    const p = await buy(m, 'creditcard');
    const url = new URL(p.checkout_url!).pathname;
    const post = (outcome: string) =>
      ctx.app.inject({
        method: 'POST',
        url,
        headers: { host: domain, 'content-type': 'application/x-www-form-urlencoded' },
        payload: `outcome=${outcome}`,
      });
    await post('paid');
    const page = await ctx.app.inject({ method: 'GET', url, headers: { host: domain } });
    expect(page.body).toContain('Charge back');
    expect((await post('chargeback')).statusCode).toBe(303);
    expect((await account(m)).credits).toBe(0);
    const [row] = await db().select().from(payments).where(eq(payments.id, p.id));
    expect(row!.status).toBe('charged_back');
  });
});
