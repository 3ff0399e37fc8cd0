import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RULES } from '../../../shared/rules';
import {
  createPaymentResponseSchema,
  creditsResponseSchema,
  transactionsResponseSchema,
} from '../../../shared/schemas/payments';
import {
  creditLedger,
  discountCodes,
  discountRedemptions,
  payments,
  testProviderPayments,
  users,
} from '../../db/schema';
import { createMember, type TestMember } from '../../test/factories';
import { buildTestApp, type TestContext } from '../../test/test-app';
import { call, setProfile } from '../member-profile/member-profile.fixtures';
import { flakyTestProvider } from './payments.fixtures';
import { recheckOpenPayments } from './payments-recheck';

/**
 * Abandoned checkouts (issue 27, point 8): a payment nobody finishes expires at the provider (the built-in test
 * provider after RULES.payments.testProviderExpiryMinutes, Mollie after its method's time), and our row follows by the
 * expiry webhook or, when that never comes, by the re-check sweep once the provider's expiry has passed. Forward
 * only: a paid payment is never expired. Through the API, on the test provider behind payments.fixtures' wrapper.
 */
let ctx: TestContext;
let domain: string;
const flaky = flakyTestProvider();

beforeAll(async () => {
  ctx = await buildTestApp({}, { paymentProvider: flaky.provider });
  flaky.attach(ctx.database.db);
  domain = (await ctx.createSite()).domain;
});
afterAll(async () => {
  await ctx?.close();
});

const db = () => ctx.database.db;
let codeSeq = 0;

async function member(): Promise<TestMember> {
  const m = await createMember(ctx, domain);
  await setProfile(db(), m.id, { country: 'NL' });
  await db().update(users).set({ credits: 0 }).where(eq(users.id, m.id));
  await db().delete(creditLedger).where(eq(creditLedger.userId, m.id));
  return m;
}

/** Starts a checkout (iDEAL, the first bundle); answers our payment and the provider's id. */
async function checkout(m: TestMember, extra: object = {}) {
  const bundles = creditsResponseSchema.parse(
    (await call(ctx, domain, 'GET', '/api/credits.php', m.cookie)).json(),
  );
  const res = await call(ctx, domain, 'POST', '/api/payment.php', m.cookie, {
    bundle_id: bundles.bundles[0]!.id,
    method: 'ideal',
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(200);
  const payment = createPaymentResponseSchema.parse(res.json()).payment;
  return { payment, providerId: (await row(payment.id)).providerPaymentId! };
}

async function row(id: number) {
  const [found] = await db().select().from(payments).where(eq(payments.id, id));
  return found!;
}

/** The provider's payment was made `minutes` ago (its clock moved on). */
const ageAtProvider = (providerId: string, minutes: number) =>
  db()
    .update(testProviderPayments)
    .set({ createdAt: sql`now() - make_interval(mins => ${minutes}::int)` })
    .where(eq(testProviderPayments.id, providerId));

/** Our row's next re-check is due (long ago, so the sweep takes it before any other due row). */
const dueForRecheck = (id: number) =>
  db()
    .update(payments)
    .set({ checkAfter: new Date('2000-01-01T00:00:00Z') })
    .where(eq(payments.id, id));

const webhook = (id: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/payment-webhook.php',
    headers: { host: domain, 'content-type': 'application/x-www-form-urlencoded' },
    payload: `id=${id}`,
  });

async function withDiscountCode(m: TestMember) {
  const code = `GONE${Date.now().toString(36).toUpperCase()}${codeSeq++}`;
  await db().insert(discountCodes).values({ code, valuePercentage: 20, validity: 'once_per_user' });
  const started = await checkout(m, { discount_code: code });
  const redemption = async () =>
    (
      await db()
        .select({ status: discountRedemptions.status })
        .from(discountRedemptions)
        .where(eq(discountRedemptions.paymentId, started.payment.id))
    )[0]?.status;
  return { ...started, code, redemption };
}

async function transactionStatus(m: TestMember, id: number) {
  const res = await call(ctx, domain, 'GET', '/api/transactions.php', m.cookie);
  expect(res.statusCode).toBe(200);
  return transactionsResponseSchema.parse(res.json()).payments.find((p) => p.id === id);
}

const EXPIRY = RULES.payments.testProviderExpiryMinutes;

describe('the test provider expires an abandoned checkout', () => {
  it(`reports the expiry of an open payment, and ${EXPIRY} minutes after it was made it is expired and can no longer be paid`, async () => {
    const m = await member();
    const { providerId } = await checkout(m);
    const [made] = await db()
      .select()
      .from(testProviderPayments)
      .where(eq(testProviderPayments.id, providerId));
    const open = await flaky.provider.getPayment(providerId);
    expect(open.status).toBe('open');
    expect(open.expiresAt?.getTime()).toBe(made!.createdAt.getTime() + EXPIRY * 60_000);

    await ageAtProvider(providerId, EXPIRY - 1);
    expect((await flaky.provider.getPayment(providerId)).status).toBe('open');

    await ageAtProvider(providerId, EXPIRY + 1);
    const expired = await flaky.provider.getPayment(providerId);
    expect(expired).toMatchObject({ status: 'expired', expiresAt: null, checkoutUrl: null });
    // The tester's "Paid" on the checkout page comes too late, as at a real provider.
    expect((await flaky.inner().settle(providerId, 'paid'))?.status).toBe('expired');
    expect((await flaky.provider.getPayment(providerId)).status).toBe('expired');
  });
});

describe('our row follows the provider', () => {
  it('the expiry webhook expires the row and releases its discount code; /transactions says expired', async () => {
    const m = await member();
    const started = await withDiscountCode(m);
    expect(await started.redemption()).toBe('reserved');
    expect((await transactionStatus(m, started.payment.id))?.status).toBe('open');

    await ageAtProvider(started.providerId, EXPIRY + 1);
    expect((await webhook(started.providerId)).statusCode).toBe(200);

    expect(await row(started.payment.id)).toMatchObject({ status: 'expired', paidAt: null });
    expect(await started.redemption()).toBe('released');
    expect(await transactionStatus(m, started.payment.id)).toMatchObject({
      status: 'expired',
      checkout_url: null,
    });
    const [u] = await db().select({ credits: users.credits }).from(users).where(eq(users.id, m.id));
    expect(u!.credits).toBe(0);
  });

  it('a checkout cancelled on the provider page is cancelled here, its code released', async () => {
    const m = await member();
    const started = await withDiscountCode(m);
    await flaky.inner().settle(started.providerId, 'canceled');
    await webhook(started.providerId);
    expect((await transactionStatus(m, started.payment.id))?.status).toBe('canceled');
    expect(await started.redemption()).toBe('released');
  });

  it('without any webhook, the re-check sweep expires a row past the provider expiry and releases its code', async () => {
    const m = await member();
    const started = await withDiscountCode(m);
    await ageAtProvider(started.providerId, EXPIRY + 5);
    await dueForRecheck(started.payment.id);

    const changed = await recheckOpenPayments(db(), flaky.provider);
    expect(changed).toContainEqual(
      expect.objectContaining({ paymentId: started.payment.id, status: 'expired', becamePaid: false }),
    );
    expect((await row(started.payment.id)).status).toBe('expired');
    expect(await started.redemption()).toBe('released');
    expect((await transactionStatus(m, started.payment.id))?.status).toBe('expired');
  });

  it("an open payment is looked at again by the provider's expiry at the latest, whatever its backoff", async () => {
    const m = await member();
    const { payment, providerId } = await checkout(m);
    // An old open payment's backoff can put its next check an hour away; the expiry is sooner.
    await db()
      .update(payments)
      .set({ checkAfter: sql`now() + interval '1 day'` })
      .where(eq(payments.id, payment.id));
    await webhook(providerId);
    const { expiresAt } = await flaky.provider.getPayment(providerId);
    const after = await row(payment.id);
    expect(after.status).toBe('open');
    expect(after.checkAfter.getTime()).toBeLessThanOrEqual(expiresAt!.getTime());
    expect(after.checkAfter.getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('a paid payment is never expired: its paid webhooks and the sweep in parallel credit it once and it stays paid', async () => {
    const m = await member();
    const started = await withDiscountCode(m);
    await flaky.inner().settle(started.providerId, 'paid');
    // Paid, and long past the time an open payment would have expired.
    await ageAtProvider(started.providerId, EXPIRY * 10);
    await dueForRecheck(started.payment.id);

    await Promise.all([
      ...Array.from({ length: 4 }, () => webhook(started.providerId)),
      ...Array.from({ length: 4 }, () => recheckOpenPayments(db(), flaky.provider)),
    ]);
    await dueForRecheck(started.payment.id);
    await Promise.all([recheckOpenPayments(db(), flaky.provider), webhook(started.providerId)]);

    const after = await row(started.payment.id);
    expect(after.status).toBe('paid');
    expect(after.paidAt).not.toBeNull();
    expect(await started.redemption()).toBe('used');
    const credited = await db()
      .select()
      .from(creditLedger)
      .where(
        and(eq(creditLedger.userId, m.id), eq(creditLedger.idempotencyKey, `payment:${started.payment.id}`)),
      );
    expect(credited).toHaveLength(1);
    const [u] = await db().select({ credits: users.credits }).from(users).where(eq(users.id, m.id));
    expect(u!.credits).toBe(started.payment.credits);
    expect((await transactionStatus(m, started.payment.id))?.status).toBe('paid');
  });
});
