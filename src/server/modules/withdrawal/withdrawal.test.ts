import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WITHDRAWAL_RULES } from '../../../shared/rules';
import { createPaymentResponseSchema, creditsResponseSchema } from '../../../shared/schemas/payments';
import { withdrawalQuoteSchema } from '../../../shared/schemas/withdrawal';
import { openDatabase } from '../../db/client';
import { creditLedger, outbox, payments, testProviderPayments, users, withdrawals } from '../../db/schema';
import { CLIENT, createMember, type TestMember } from '../../test/factories';
import { buildTestApp, type TestContext } from '../../test/test-app';
import { changeCredits } from '../credits/credits.service';
import { call, setProfile } from '../member-profile/member-profile.fixtures';
import { flakyTestProvider } from '../payments/payments.fixtures';
import { retryWithdrawalRefunds } from './withdrawal.service';

/**
 * The withdrawal function (issue 23, point 3) through the built-in test provider, behind a wrapper whose refunds
 * fail on demand. Runs on PGlite, and on PostgreSQL with DATABASE_URL (unique members per test).
 */
let ctx: TestContext;
let domain: string;
/** what createRefund does: normally, fail before the provider has it, or make it and lose the answer */
let refundMode: 'ok' | 'down' | 'lose_answer' = 'ok';
let refundCalls = 0;
/** the provider payment ids createRefund was called for (the retry job works on every due row of a shared database) */
const refundAskedFor: string[] = [];
/** refunds the provider reports failed after it had accepted them (the test provider's are never undone) */
let undoneRefunds: string[] = [];
const flaky = flakyTestProvider();
const provider = {
  ...flaky.provider,
  async getPayment(id: string) {
    return { ...(await flaky.provider.getPayment(id)), undoneReversalIds: undoneRefunds };
  },
  async createRefund(id: string, input: { amountMinor: number; currency: string; description: string }) {
    refundCalls += 1;
    refundAskedFor.push(id);
    if (refundMode === 'down') throw new Error('provider down (test)');
    const made = await flaky.provider.createRefund(id, input);
    if (refundMode === 'lose_answer') throw new Error('the answer was lost (test)');
    return made;
  },
};
let inner: ReturnType<typeof flaky.inner>;

beforeAll(async () => {
  ctx = await buildTestApp({}, { paymentProvider: provider });
  flaky.attach(ctx.database.db);
  inner = flaky.inner();
  domain = (await ctx.createSite()).domain;
});
afterAll(async () => {
  await ctx?.close();
});

const db = () => ctx.database.db;
/** A member with `credits` signup credits (and their ledger row) and the given language. */
const member = async (credits = 0, language = 'en') => {
  const m = await createMember(ctx, domain, { language });
  await setProfile(db(), m.id, { country: 'NL' });
  await db().update(users).set({ credits: 0 }).where(eq(users.id, m.id));
  await db().delete(creditLedger).where(eq(creditLedger.userId, m.id));
  if (credits > 0) await grant(m, credits, `test-signup:${m.id}`);
  return m;
};
const grant = (m: TestMember, delta: number, key: string) =>
  db().transaction((tx) => changeCredits(tx, { userId: m.id, delta, reason: 'test', idempotencyKey: key }));
let spends = 0;
const spend = (m: TestMember, credits: number) => {
  spends += 1;
  return grant(m, -credits, `test-spend:${m.id}:${spends}`);
};

const bundles = async (m: TestMember) => {
  const res = await call(ctx, domain, 'GET', '/api/credits.php', m.cookie);
  return creditsResponseSchema.parse(res.json()).bundles;
};
/** Buys the bundle of `credits` credits (25 = EUR 9.95) and pays it; with the express request unless told not to. */
const buyPaid = async (m: TestMember, credits = 25, immediateStart = true) => {
  const bundle = (await bundles(m)).find((b) => b.credits === credits)!;
  const res = await call(ctx, domain, 'POST', '/api/payment.php', m.cookie, {
    bundle_id: bundle.id,
    method: 'ideal',
    ...(immediateStart ? { immediate_start: true } : {}),
  });
  expect(res.statusCode, res.body).toBe(200);
  const payment = createPaymentResponseSchema.parse(res.json()).payment;
  const providerId = await providerIdOf(payment.id);
  await inner.settle(providerId, 'paid');
  await webhook(providerId);
  return payment;
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
const quote = async (m: TestMember, paymentId: number) => {
  const res = await call(ctx, domain, 'GET', `/api/withdrawal.php?payment_id=${paymentId}`, m.cookie);
  expect(res.statusCode, res.body).toBe(200);
  return withdrawalQuoteSchema.parse(res.json());
};
const withdraw = (m: TestMember, paymentId: number, lang = 'en') =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/withdrawal.php',
    headers: { host: domain, cookie: m.cookie, 'accept-language': lang, ...CLIENT },
    payload: { payment_id: paymentId },
  });
const account = async (m: TestMember) => (await db().select().from(users).where(eq(users.id, m.id)))[0]!;
const paymentRow = async (id: number) => (await db().select().from(payments).where(eq(payments.id, id)))[0]!;
const withdrawalOf = async (paymentId: number) =>
  db().select().from(withdrawals).where(eq(withdrawals.paymentId, paymentId));
const ledgerOf = (m: TestMember, reason: string) =>
  db()
    .select()
    .from(creditLedger)
    .where(and(eq(creditLedger.userId, m.id), eq(creditLedger.reason, reason)));
const mailsOf = async (m: TestMember) =>
  (await db().select().from(outbox).where(eq(outbox.userId, m.id))).map(
    (r) => r.payload as { subject: string; text: string; html: string },
  );

describe('checkout: the express request to start at once', () => {
  it('is stored with the payment, with its time and text version; a payment without it has none', async () => {
    const m = await member();
    const withIt = await buyPaid(m, 25, true);
    const row = await paymentRow(withIt.id);
    expect(row.immediateStartVersion).toBe(WITHDRAWAL_RULES.immediateStartVersion);
    expect(row.immediateStartAt).toBeInstanceOf(Date);
    expect(Math.abs(row.immediateStartAt!.getTime() - row.createdAt.getTime())).toBeLessThan(60_000);
    const without = await buyPaid(m, 25, false);
    expect(await paymentRow(without.id)).toMatchObject({
      immediateStartAt: null,
      immediateStartVersion: null,
    });
    // Only `true` is an answer: a false or a string is refused.
    const bad = await call(ctx, domain, 'POST', '/api/payment.php', m.cookie, {
      bundle_id: (await bundles(m))[0]!.id,
      method: 'ideal',
      immediate_start: 'yes',
    });
    expect(bad.statusCode).toBe(400);
  });

  it('the receipt links to the withdrawal of its purchase', async () => {
    const m = await member();
    const p = await buyPaid(m);
    const receipt = (await mailsOf(m)).find((x) => /receipt/i.test(x.subject))!;
    expect(receipt.text).toContain(`Withdraw from contract here: `);
    expect(receipt.text).toContain(`/transactions?withdraw=${p.id}`);
    expect(receipt.text).toContain('within 14 days');
  });
});

describe('POST /api/withdrawal.php', () => {
  it('refunds exactly the unspent share (spending counted against the oldest credits first), once, with a ledger row and a mail', async () => {
    const m = await member(10);
    const p = await buyPaid(m); // 25 credits for EUR 9.95
    await spend(m, 15); // 10 signup credits first, then 5 of the purchase
    const q = await quote(m, p.id);
    expect(q).toMatchObject({
      refusal: null,
      credits: 25,
      credits_unspent: 20,
      credits_used: 5,
      refund: Math.ceil((995 * 20) / 25), // 796
      immediate_start: true,
      premium_ends: true,
      currency: 'EUR',
    });
    expect(new Date(q.until!).getTime() - new Date((await paymentRow(p.id)).paidAt!).getTime()).toBe(
      14 * 86_400_000,
    );

    const res = await withdraw(m, p.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().payment).toMatchObject({
      id: p.id,
      withdraw_until: null,
      withdrawal: { credits: 20, refund: 796, status: 'refunded' },
    });
    expect((await account(m)).credits).toBe(0);
    expect((await account(m)).paidUser).toBe(false);
    const taken = await ledgerOf(m, 'withdrawal');
    expect(taken.map((r) => [r.delta, r.balanceAfter, r.idempotencyKey])).toEqual([
      [-20, 0, `payment:${p.id}:reversal:withdrawal`],
    ]);
    // The provider's refund came through the refund service: no second ledger row took more.
    expect(await ledgerOf(m, 'refund')).toEqual([]);
    const row = await paymentRow(p.id);
    expect(row).toMatchObject({ refundedMinor: 796, status: 'paid', creditsReversed: 20 });
    expect((await inner.find(await providerIdOf(p.id)))?.refundedMinor).toBe(796);

    const ack = (await mailsOf(m)).find((x) => x.subject.startsWith('We have received your withdrawal'))!;
    expect(ack.subject).toBe(`We have received your withdrawal (#${p.id})`);
    expect(ack.text).toMatch(/Withdrawal received: \w+ \d{1,2}, \d{4} at \d{1,2}:\d{2}:\d{2}\s?[AP]M UTC/);
    expect(ack.text).toContain('Credits taken back: 20 credits');
    expect(ack.text).toContain('Refund: €7.96');
    expect(ack.text).not.toContain(m.email);

    // A second withdrawal of the same purchase is refused, and nothing moves.
    const again = await withdraw(m, p.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('withdrawal_exists');
    expect(await ledgerOf(m, 'withdrawal')).toHaveLength(1);
  });

  it('parallel withdrawals of one purchase: exactly one withdraws, refunds and writes the ledger', async () => {
    const m = await member();
    const p = await buyPaid(m, 60); // EUR 19.95
    await spend(m, 6);
    // Credits received later are not this purchase's: they stay (and the refund's rounding takes none of them).
    await grant(m, 7, `test-later:${m.id}`);
    refundCalls = 0;
    const results = await Promise.all(Array.from({ length: 6 }, () => withdraw(m, p.id)));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409, 409, 409, 409, 409]);
    for (const r of results.filter((x) => x.statusCode === 409))
      expect(r.json().error.code).toBe('withdrawal_exists');
    expect(refundCalls).toBe(1);
    expect(await withdrawalOf(p.id)).toHaveLength(1);
    expect((await ledgerOf(m, 'withdrawal')).map((r) => r.delta)).toEqual([-54]);
    // 1995 × 54 / 60 = 1795.5, rounded up for the member; that refund implies 55 credits by the payments rule:
    // the 55th was used, so it is written off rather than taken from the later credits.
    expect(await paymentRow(p.id)).toMatchObject({ refundedMinor: 1796, creditsReversed: 55 });
    expect((await account(m)).credits).toBe(7);
    const acks = (await mailsOf(m)).filter((x) => x.subject.startsWith('We have received your withdrawal'));
    expect(acks).toHaveLength(1);
  });

  it('attributes spending to the older purchase first, and keeps premium while another purchase stands', async () => {
    const m = await member();
    const older = await buyPaid(m, 25);
    const newer = await buyPaid(m, 25);
    await spend(m, 30); // all 25 of the older purchase, then 5 of the newer
    expect(await quote(m, older.id)).toMatchObject({ credits_unspent: 0, refund: 0, premium_ends: false });
    expect(await quote(m, newer.id)).toMatchObject({ credits_unspent: 20, refund: 796, premium_ends: false });
    const res = await withdraw(m, newer.id);
    expect(res.statusCode, res.body).toBe(200);
    expect((await account(m)).paidUser).toBe(true);
    // Withdrawing from the older one now: nothing left of it, nothing to refund; premium ends.
    const second = await withdraw(m, older.id);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().payment.withdrawal).toMatchObject({
      credits: 0,
      refund: 0,
      status: 'nothing_to_refund',
    });
    expect((await account(m)).paidUser).toBe(false);
    expect((await paymentRow(older.id)).refundedMinor).toBe(0);
  });

  it('without the express request, the whole price comes back (only the unspent credits are taken)', async () => {
    const m = await member(5);
    const p = await buyPaid(m, 25, false);
    await spend(m, 20); // 5 signup credits, then 15 of the purchase
    expect(await quote(m, p.id)).toMatchObject({ immediate_start: false, credits_unspent: 10, refund: 995 });
    const res = await withdraw(m, p.id);
    expect(res.statusCode, res.body).toBe(200);
    const row = await paymentRow(p.id);
    expect(row).toMatchObject({ status: 'refunded', refundedMinor: 995, creditsReversed: 25 });
    expect((await ledgerOf(m, 'withdrawal')).map((r) => r.delta)).toEqual([-10]);
    expect(await ledgerOf(m, 'refund')).toEqual([]);
    expect((await account(m)).credits).toBe(0);
  });

  it('after the withdrawal period: refused with a clear message in the member language, nothing changes', async () => {
    const m = await member(0, 'nl');
    const p = await buyPaid(m);
    const paidAt = new Date(Date.now() - (WITHDRAWAL_RULES.days * 86_400_000 + 60_000));
    await db().update(payments).set({ paidAt }).where(eq(payments.id, p.id));
    expect(await quote(m, p.id)).toMatchObject({ refusal: 'period_over', refund: 0 });
    const res = await withdraw(m, p.id, 'nl');
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('withdrawal_period_over');
    const until = new Date(paidAt.getTime() + WITHDRAWAL_RULES.days * 86_400_000).toISOString().slice(0, 10);
    expect(res.json().error.message).toBe(
      `De herroepingstermijn van 14 dagen voor deze aankoop is verlopen op ${until}. Je kunt deze aankoop niet meer herroepen.`,
    );
    expect(await withdrawalOf(p.id)).toEqual([]);
    expect((await account(m)).credits).toBe(25);
    // A day before the end it is still possible.
    await db()
      .update(payments)
      .set({ paidAt: new Date(Date.now() - (WITHDRAWAL_RULES.days - 1) * 86_400_000) })
      .where(eq(payments.id, p.id));
    expect((await withdraw(m, p.id, 'nl')).statusCode).toBe(200);
    const ack = (await mailsOf(m)).find((x) => x.subject.startsWith('We hebben je herroeping ontvangen'));
    expect(ack?.text).toMatch(/Terugbetaling: €\s9,95/);
  });

  it("refuses another member's payment (404), an unpaid one and signed-out requests", async () => {
    const owner = await member();
    const other = await member();
    const p = await buyPaid(owner);
    expect((await withdraw(other, p.id)).statusCode).toBe(404);
    expect(
      (await call(ctx, domain, 'GET', `/api/withdrawal.php?payment_id=${p.id}`, other.cookie)).statusCode,
    ).toBe(404);
    const open = await call(ctx, domain, 'POST', '/api/payment.php', owner.cookie, {
      bundle_id: (await bundles(owner))[0]!.id,
      method: 'ideal',
      immediate_start: true,
    });
    const unpaid = await withdraw(owner, open.json().payment.id);
    expect(unpaid.statusCode).toBe(409);
    expect(unpaid.json().error.code).toBe('withdrawal_not_possible');
    const anon = await ctx.app.inject({
      method: 'POST',
      url: '/api/withdrawal.php',
      headers: { host: domain, ...CLIENT },
      payload: { payment_id: p.id },
    });
    expect(anon.statusCode).toBe(403);
  });

  it('/transactions lists until when each purchase can be withdrawn, and the withdrawal made', async () => {
    const m = await member();
    const a = await buyPaid(m);
    const b = await buyPaid(m);
    expect((await withdraw(m, b.id)).statusCode).toBe(200);
    const res = await call(ctx, domain, 'GET', '/api/transactions.php', m.cookie);
    const list = res.json().payments as { id: number; withdraw_until: string | null; withdrawal: unknown }[];
    expect(list.find((x) => x.id === a.id)).toMatchObject({
      withdraw_until: expect.any(String),
      withdrawal: null,
    });
    expect(list.find((x) => x.id === b.id)).toMatchObject({
      withdraw_until: null,
      withdrawal: { status: 'refunded', credits: 25, refund: 995 },
    });
  });
});

describe('the refund at the provider', () => {
  it('a provider that fails leaves the refund pending; the job refunds it once', async () => {
    const m = await member();
    const p = await buyPaid(m);
    refundMode = 'down';
    try {
      const res = await withdraw(m, p.id);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().payment.withdrawal).toMatchObject({ status: 'refund_pending', refund: 995 });
    } finally {
      refundMode = 'ok';
    }
    // The credits are back at once; the money follows.
    expect((await account(m)).credits).toBe(0);
    // Not yet due: the job leaves it.
    await retryWithdrawalRefunds(db(), provider);
    expect((await withdrawalOf(p.id))[0]!.status).toBe('refund_pending');
    await db()
      .update(withdrawals)
      .set({ nextAttemptAt: new Date(0) })
      .where(eq(withdrawals.paymentId, p.id));
    await retryWithdrawalRefunds(db(), provider);
    const [w] = await withdrawalOf(p.id);
    expect(w).toMatchObject({ status: 'refunded', attempts: 1 });
    expect((await paymentRow(p.id)).refundedMinor).toBe(995);
  });

  it('a refund the provider made while its answer was lost is not made again', async () => {
    const m = await member();
    const p = await buyPaid(m);
    refundMode = 'lose_answer';
    try {
      expect((await withdraw(m, p.id)).statusCode).toBe(200);
    } finally {
      refundMode = 'ok';
    }
    expect((await withdrawalOf(p.id))[0]!.status).toBe('refund_pending');
    await db()
      .update(withdrawals)
      .set({ nextAttemptAt: new Date(0) })
      .where(eq(withdrawals.paymentId, p.id));
    refundCalls = 0;
    await retryWithdrawalRefunds(db(), provider);
    expect(refundCalls).toBe(0);
    expect((await withdrawalOf(p.id))[0]!.status).toBe('refunded');
    expect((await inner.find(await providerIdOf(p.id)))?.refundedMinor).toBe(995);
    expect(
      await db()
        .select()
        .from(creditLedger)
        .where(and(eq(creditLedger.userId, m.id), like(creditLedger.idempotencyKey, `payment:${p.id}:%`))),
    ).toHaveLength(1);
  });

  it('a refund that fails after it was made: the withdrawal is refund_failed (not refunded), the job refunds it again, the credits stay taken', async () => {
    const m = await member();
    const p = await buyPaid(m);
    expect((await withdraw(m, p.id)).statusCode).toBe(200);
    expect((await withdrawalOf(p.id))[0]!.status).toBe('refunded');
    const providerId = await providerIdOf(p.id);
    // The provider fails the refund it had accepted: its refunded amount drops back, the refund is named undone.
    await db()
      .update(testProviderPayments)
      .set({ refundedMinor: 0 })
      .where(eq(testProviderPayments.id, providerId));
    undoneRefunds = ['re_failed_later'];
    try {
      // The webhook and the re-check may both bring it, at once.
      await Promise.all([webhook(providerId), webhook(providerId)]);
      const [w] = await withdrawalOf(p.id);
      expect(w).toMatchObject({ status: 'refund_failed', refundedAt: null });
      expect((await paymentRow(p.id)).refundedMinor).toBe(0);
      // The contract stays withdrawn: the credits taken are not given back, and the member sees the refund owed.
      expect((await account(m)).credits).toBe(0);
      expect(await ledgerOf(m, 'reversal_undone')).toHaveLength(0);
      const listed = await call(ctx, domain, 'GET', '/api/transactions.php', m.cookie);
      const mine = (listed.json() as { payments: { id: number; withdrawal: { status: string } | null }[] })
        .payments;
      expect(mine.find((x) => x.id === p.id)?.withdrawal?.status).toBe('refund_pending');
      // The job retries it (due at once), once even when two runs overlap.
      refundCalls = 0;
      await Promise.all([retryWithdrawalRefunds(db(), provider), retryWithdrawalRefunds(db(), provider)]);
    } finally {
      undoneRefunds = [];
    }
    expect(refundCalls).toBe(1);
    expect((await withdrawalOf(p.id))[0]).toMatchObject({ status: 'refunded' });
    expect((await paymentRow(p.id)).refundedMinor).toBe(995);
    expect((await inner.find(providerId))?.refundedMinor).toBe(995);
    expect((await account(m)).credits).toBe(0);
  });

  // Two instances: one instance's claim is in flight (row locked, next try moved on, not committed yet) while the
  // other's job runs. The second must skip the row, not wait for it and then claim (and refund) it as well.
  it.skipIf(!process.env.DATABASE_URL)(
    'an instance skips a refund another instance is claiming, so it is not refunded twice',
    async () => {
      const m = await member();
      const p = await buyPaid(m);
      refundMode = 'down';
      try {
        expect((await withdraw(m, p.id)).statusCode).toBe(200);
      } finally {
        refundMode = 'ok';
      }
      await db()
        .update(withdrawals)
        .set({ nextAttemptAt: new Date(0) })
        .where(eq(withdrawals.paymentId, p.id));
      const other = await openDatabase({ databaseUrl: process.env.DATABASE_URL });
      try {
        refundAskedFor.length = 0;
        let second: Promise<number> | undefined;
        await other.db.transaction(async (tx) => {
          await tx.execute(
            sql`update withdrawals set attempts = attempts + 1, next_attempt_at = now() + interval '1 hour' where payment_id = ${p.id}`,
          );
          second = retryWithdrawalRefunds(db(), provider);
          await new Promise((r) => setTimeout(r, 300));
        });
        // The job may refund other tests' due rows (the database is shared); never this locked one.
        await second;
        expect(refundAskedFor).not.toContain(await providerIdOf(p.id));
        expect((await withdrawalOf(p.id))[0]).toMatchObject({ status: 'refund_pending', attempts: 1 });
      } finally {
        await other.close();
      }
    },
  );
});
