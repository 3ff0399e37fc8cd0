import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditsResponseSchema } from '../../../shared/schemas/payments';
import { creditLedger, paymentProviderCursors, payments, users } from '../../db/schema';
import { createMember, type TestMember } from '../../test/factories';
import { buildTestApp, type TestContext } from '../../test/test-app';
import { call, setProfile } from '../member-profile/member-profile.fixtures';
import { allowFakeCertificate, type MollieFake, startMollieFake } from './providers/mollie-fake';
import { createMollieProvider } from './providers/mollie-provider';
import type { PaymentProvider } from './providers/provider';
import { recheckReversals, scanChargebacks } from './reversal-checks';

/**
 * Credits that follow the money both ways (issue 26, point 3), through the API and the Mollie adapter against the
 * Mollie fake: a chargeback Mollie never calls the webhook for is found by the chargeback scan; a reversed chargeback
 * and a refund that ends failed or canceled give the credits back once, whatever arrives twice or at the same time.
 */
let ctx: TestContext;
let fake: MollieFake;
let provider: PaymentProvider;
let domain: string;
let restoreCertificate: () => void;

beforeAll(async () => {
  restoreCertificate = allowFakeCertificate();
  fake = await startMollieFake();
  provider = createMollieProvider({ apiKey: fake.apiKey, apiEndpoint: fake.url });
  ctx = await buildTestApp({}, { paymentProvider: provider });
  domain = (await ctx.createSite()).domain;
});
afterAll(async () => {
  await ctx?.close();
  await fake?.close();
  restoreCertificate?.();
});

const db = () => ctx.database.db;

const webhook = (id: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/payment-webhook.php',
    headers: { host: domain, 'content-type': 'application/x-www-form-urlencoded' },
    payload: `id=${id}`,
  });

/** A member with no credits who paid the first bundle by iDEAL: the payment row and the bundle's credits. */
async function paidMember(): Promise<{
  m: TestMember;
  providerId: string;
  paymentId: number;
  credits: number;
}> {
  const m = await createMember(ctx, domain);
  await setProfile(db(), m.id, { country: 'NL' });
  await db().update(users).set({ credits: 0 }).where(eq(users.id, m.id));
  await db().delete(creditLedger).where(eq(creditLedger.userId, m.id));
  const list = creditsResponseSchema.parse(
    (await call(ctx, domain, 'GET', '/api/credits.php', m.cookie)).json(),
  );
  const bundle = list.bundles[0]!;
  const res = await call(ctx, domain, 'POST', '/api/payment.php', m.cookie, {
    bundle_id: bundle.id,
    method: 'ideal',
  });
  expect(res.statusCode).toBe(200);
  const [row] = await db()
    .select()
    .from(payments)
    .where(eq(payments.userId, m.id))
    .orderBy(desc(payments.id))
    .limit(1);
  const providerId = row!.providerPaymentId!;
  fake.setStatus(providerId, 'paid', { method: 'ideal' });
  expect((await webhook(providerId)).statusCode).toBe(200);
  expect(await balance(m)).toBe(bundle.credits);
  return { m, providerId, paymentId: row!.id, credits: bundle.credits };
}

async function balance(m: TestMember): Promise<number> {
  const [u] = await db().select({ credits: users.credits }).from(users).where(eq(users.id, m.id));
  return u!.credits;
}
async function ledger(m: TestMember) {
  return db()
    .select({ delta: creditLedger.delta, reason: creditLedger.reason, key: creditLedger.idempotencyKey })
    .from(creditLedger)
    .where(eq(creditLedger.userId, m.id))
    .orderBy(creditLedger.id);
}
async function paymentRow(paymentId: number) {
  const [row] = await db().select().from(payments).where(eq(payments.id, paymentId));
  return row!;
}
/** How often the adapter fetched this payment from the fake. */
const fetches = (providerId: string) =>
  fake.requests.filter((r) => r.method === 'GET' && r.path === `/v2/payments/${providerId}`).length;
/** Makes the payment due for the reversal re-check now (as if a day had passed). */
const dueNow = (paymentId: number) =>
  db()
    .update(payments)
    .set({ checkAfter: new Date(Date.now() - 1000) })
    .where(eq(payments.id, paymentId));

describe('a chargeback without a webhook', () => {
  it('is found by the chargeback scan and takes the credits back once; the next scans leave it alone', async () => {
    const { m, providerId, paymentId } = await paidMember();
    fake.chargeback(providerId);
    // No webhook: the payment still counts as paid until the scan runs.
    expect(await balance(m)).toBeGreaterThan(0);

    const applied = await scanChargebacks(db(), provider);
    expect(applied.map((a) => a.paymentId)).toContain(paymentId);
    expect(await balance(m)).toBe(0);
    const row = await paymentRow(paymentId);
    expect(row.status).toBe('charged_back');
    expect((await ledger(m)).filter((l) => l.reason === 'chargeback')).toHaveLength(1);

    // The cursor holds the newest chargeback handled: a second scan fetches no payment again.
    const before = fetches(providerId);
    await scanChargebacks(db(), provider);
    await scanChargebacks(db(), provider);
    expect(fetches(providerId)).toBe(before);
    const [cursor] = await db()
      .select()
      .from(paymentProviderCursors)
      .where(eq(paymentProviderCursors.provider, 'mollie'));
    expect(cursor?.lastId).toMatch(/^chb_/);
    expect((await ledger(m)).filter((l) => l.reason === 'chargeback')).toHaveLength(1);
  });

  it('walks back over several pages to the cursor and handles each new chargeback once, oldest first', async () => {
    await scanChargebacks(db(), provider); // the cursor at the newest chargeback so far
    const paid = [];
    for (let i = 0; i < 3; i++) paid.push(await paidMember());
    for (const p of paid) fake.chargeback(p.providerId);
    const before = paid.map((p) => fetches(p.providerId));
    // Pages of 2: the three new chargebacks span two pages, the third page would reach the cursor.
    const applied = await scanChargebacks(db(), provider, 2);
    expect(applied.map((a) => a.paymentId)).toEqual(paid.map((p) => p.paymentId));
    for (const [i, p] of paid.entries()) {
      expect(await balance(p.m)).toBe(0);
      expect(fetches(p.providerId)).toBe(before[i]! + 1);
    }
  });

  it('is applied once when the scan and the webhook race', async () => {
    await scanChargebacks(db(), provider);
    const { m, providerId } = await paidMember();
    fake.chargeback(providerId);
    const [, a, b] = await Promise.all([
      scanChargebacks(db(), provider),
      webhook(providerId),
      webhook(providerId),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(await balance(m)).toBe(0);
    expect((await ledger(m)).filter((l) => l.reason === 'chargeback')).toHaveLength(1);
  });

  it('stops at a provider that does not answer and carries on from there next time', async () => {
    await scanChargebacks(db(), provider);
    const { m, providerId } = await paidMember();
    fake.chargeback(providerId);
    fake.failNext(503, { times: 3 }); // the list call, with the client's own retries
    await expect(scanChargebacks(db(), provider)).rejects.toThrow();
    expect(await balance(m)).toBeGreaterThan(0);
    await scanChargebacks(db(), provider);
    expect(await balance(m)).toBe(0);
  });
});

describe('money that comes back', () => {
  it('a reversed chargeback gives the credits back once, with the webhook delivered twice at once', async () => {
    const { m, providerId, paymentId, credits } = await paidMember();
    const chargeback = fake.chargeback(providerId);
    await webhook(providerId);
    expect(await balance(m)).toBe(0);

    fake.reverseChargeback(chargeback);
    const [a, b] = await Promise.all([webhook(providerId), webhook(providerId)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(await balance(m)).toBe(credits);
    const rows = (await ledger(m)).filter((l) => l.reason === 'reversal_undone');
    expect(rows).toEqual([
      { delta: credits, reason: 'reversal_undone', key: `payment:${paymentId}:undone:${chargeback}` },
    ]);
    const row = await paymentRow(paymentId);
    expect(row).toMatchObject({ status: 'paid', creditsReversed: 0, chargedBackMinor: 0 });

    // The re-check job and more webhooks later change nothing.
    await dueNow(paymentId);
    await Promise.all([recheckReversals(db(), provider), webhook(providerId)]);
    expect(await balance(m)).toBe(credits);
    expect((await ledger(m)).filter((l) => l.reason === 'reversal_undone')).toHaveLength(1);
  });

  it('a reversal seen only by the re-check job, racing a webhook, gives the credits back once', async () => {
    const { m, providerId, paymentId, credits } = await paidMember();
    const chargeback = fake.chargeback(providerId);
    await scanChargebacks(db(), provider);
    expect(await balance(m)).toBe(0);
    fake.reverseChargeback(chargeback);
    // Not due yet: the job leaves it for a day.
    await recheckReversals(db(), provider);
    expect(await balance(m)).toBe(0);
    await dueNow(paymentId);
    await Promise.all([
      recheckReversals(db(), provider),
      webhook(providerId),
      recheckReversals(db(), provider),
    ]);
    expect(await balance(m)).toBe(credits);
    expect((await ledger(m)).filter((l) => l.reason === 'reversal_undone')).toHaveLength(1);
  });

  it('gives back only what the chargeback took: credits spent before it stay written off', async () => {
    const { m, providerId, paymentId, credits } = await paidMember();
    const left = Math.floor(credits / 3);
    await db().update(users).set({ credits: left }).where(eq(users.id, m.id)); // the rest was spent
    const chargeback = fake.chargeback(providerId);
    await webhook(providerId);
    expect(await balance(m)).toBe(0);
    expect((await paymentRow(paymentId)).creditsReversed).toBe(credits);
    fake.reverseChargeback(chargeback);
    await Promise.all([webhook(providerId), webhook(providerId)]);
    expect(await balance(m)).toBe(left);
    // A second chargeback on the same payment later takes again, with its own ledger row.
    fake.chargeback(providerId);
    await webhook(providerId);
    expect(await balance(m)).toBe(0);
    const reasons = (await ledger(m)).map((l) => l.reason);
    expect(reasons.filter((r) => r === 'chargeback')).toHaveLength(2);
  });

  for (const ending of ['failed', 'canceled'] as const) {
    it(`a refund that ends ${ending} gives the credits back once (webhooks and the re-check job at once)`, async () => {
      const { m, providerId, paymentId, credits } = await paidMember();
      // An operator's refund in Mollie's dashboard: Mollie made it, its webhook tells us.
      const row = await paymentRow(paymentId);
      const refund = await provider.createRefund(providerId, {
        amountMinor: row.amountMinor,
        currency: row.currency,
        description: 'refund',
      });
      await webhook(providerId);
      expect(await balance(m)).toBe(0);
      expect(await paymentRow(paymentId)).toMatchObject({ status: 'refunded', creditsReversed: credits });
      expect((await ledger(m)).filter((l) => l.reason === 'refund')).toHaveLength(1);
      const id = refund.id;
      fake.setRefundStatus(id, ending);
      await dueNow(paymentId);
      await Promise.all([webhook(providerId), webhook(providerId), recheckReversals(db(), provider)]);
      expect(await balance(m)).toBe(credits);
      const undone = (await ledger(m)).filter((l) => l.reason === 'reversal_undone');
      expect(undone).toEqual([
        { delta: credits, reason: 'reversal_undone', key: `payment:${paymentId}:undone:${id}` },
      ]);
      expect(await paymentRow(paymentId)).toMatchObject({
        status: 'paid',
        refundedMinor: 0,
        creditsReversed: 0,
      });
    });
  }
});
