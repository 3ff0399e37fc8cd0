import { and, desc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { RULES } from '../../../shared/rules';
import {
  directDebitConfirmedSchema,
  directDebitOfferSchema,
  directDebitRequestResponseSchema,
} from '../../../shared/schemas/directdebit';
import { creditsResponseSchema } from '../../../shared/schemas/payments';
import { creditLedger, outbox, payments, users } from '../../db/schema';
import { CLIENT, createMember, type TestMember, uniqueMobile } from '../../test/factories';
import { type TestContext, withTestSite } from '../../test/test-app';
import { setProfile } from '../member-profile/member-profile.fixtures';
import type { createTestProvider } from '../payments/providers/test-provider';

/**
 * Issue 26, point 4: a repeat order on a direct-debit mandate passes the same check as a new debit (the site's limit
 * per window, the block after a charged-back debit), also when it is asked several times at once; and the member is
 * told when the credits of a debit arrive (the form and the pre-notification mail).
 */
let ctx: TestContext;
let domain: string;
withTestSite((c, d) => {
  ctx = c;
  domain = d;
});

const db = () => ctx.database.db;
const provider = () => ctx.app.paymentProvider as ReturnType<typeof createTestProvider>;
const newPhone = uniqueMobile;

function api(method: 'GET' | 'POST', url: string, m: TestMember, payload?: object, host = domain) {
  return ctx.app.inject({
    method,
    url,
    headers: { host, 'accept-language': 'en', cookie: m.cookie, ...(method === 'POST' ? CLIENT : {}) },
    ...(payload ? { payload } : {}),
  });
}

async function member(host = domain): Promise<TestMember> {
  const m = await createMember(ctx, host);
  await setProfile(db(), m.id, { country: 'NL' });
  await db().update(users).set({ credits: 0 }).where(eq(users.id, m.id));
  await db().delete(creditLedger).where(eq(creditLedger.userId, m.id));
  return m;
}

async function cheapest(m: TestMember, host = domain) {
  const res = await api('GET', '/api/credits.php', m, undefined, host);
  return creditsResponseSchema.parse(res.json()).bundles[0]!;
}

const webhook = (id: string, host = domain) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/payment-webhook.php',
    headers: { host, 'content-type': 'application/x-www-form-urlencoded' },
    payload: `id=${id}`,
  });

/** One direct debit of the cheapest bundle through the form and the code, collected by the bank (paid). */
async function paidDebit(m: TestMember, host = domain) {
  const bundle = await cheapest(m, host);
  const phone = newPhone();
  const started = await api(
    'POST',
    '/api/directdebit.php',
    m,
    {
      bundle_id: bundle.id,
      account_holder: 'Sanne de Vries',
      iban: 'NL91ABNA0417164300',
      street: 'Keizersgracht',
      house_number: '12A',
      zip: '1015 CS',
      city: 'Amsterdam',
      phone,
      authorise: true,
    },
    host,
  );
  expect(started.statusCode, started.body).toBe(200);
  const { request } = directDebitRequestResponseSchema.parse(started.json());
  const [sms] = await db()
    .select()
    .from(outbox)
    .where(and(eq(outbox.channel, 'sms'), sql`${outbox.payload}->>'to' = ${`+31${phone.slice(1)}`}`))
    .orderBy(desc(outbox.id))
    .limit(1);
  const code = String(sms!.payload.text).match(
    new RegExp(`\\b(\\d{${RULES.directDebit.codeDigits}})\\b`),
  )![1]!;
  const res = await api(
    'POST',
    '/api/directdebit-confirm.php',
    m,
    { request: request.id, otp: code, iban: 'NL91ABNA0417164300' },
    host,
  );
  expect(res.statusCode, res.body).toBe(200);
  const done = directDebitConfirmedSchema.parse(res.json());
  const [payment] = await db().select().from(payments).where(eq(payments.id, done.payment.id));
  await provider().settle(payment!.providerPaymentId!, 'paid');
  expect((await webhook(payment!.providerPaymentId!, host)).statusCode).toBe(200);
  return { bundle, payment: payment!, done };
}

const sddPayments = async (m: TestMember) =>
  db()
    .select()
    .from(payments)
    .where(and(eq(payments.userId, m.id), eq(payments.method, 'sdd')));

describe('repeat orders on a direct-debit mandate (issue 26, point 4)', () => {
  it("are refused beyond the site's limit per window, of parallel orders exactly those that fit", async () => {
    const probe = await member();
    const price = (await cheapest(probe)).amount;
    // Room for the first debit and one repeat order, not two.
    const site = await ctx.createSite({ directDebitLimitMinor: price * 2 + Math.floor(price / 2) });
    const m = await member(site.domain);
    await paidDebit(m, site.domain);
    expect((await api('GET', '/api/repeat-order.php', m, undefined, site.domain)).json().offer).toMatchObject(
      {
        method: 'sdd',
      },
    );

    const answers = await Promise.all(
      Array.from({ length: 4 }, () => api('POST', '/api/repeat-order.php', m, {}, site.domain)),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([200, 403, 403, 403]);
    for (const refused of answers.filter((a) => a.statusCode === 403))
      expect(refused.json().error.code).toBe('directdebit_limit');
    const rows = await sddPayments(m);
    expect(rows).toHaveLength(2);
    expect(rows.reduce((sum, r) => sum + r.amountMinor, 0)).toBeLessThanOrEqual(price * 2 + price / 2);
  });

  it('are refused after a charged-back debit (also in parallel), with no payment made', async () => {
    const m = await member();
    const first = await paidDebit(m);
    await paidDebit(m);
    await provider().settle(first.payment.providerPaymentId!, 'chargeback');
    expect((await webhook(first.payment.providerPaymentId!)).statusCode).toBe(200);
    // The other debit is still paid on its mandate: without the check it would be charged again.
    expect((await api('GET', '/api/repeat-order.php', m)).json().offer).toMatchObject({ method: 'sdd' });
    const before = (await sddPayments(m)).length;

    const answers = await Promise.all(
      Array.from({ length: 3 }, () => api('POST', '/api/repeat-order.php', m, {})),
    );
    for (const a of answers) {
      expect(a.statusCode, a.body).toBe(403);
      expect(a.json().error.code).toBe('directdebit_blocked');
    }
    expect(await sddPayments(m)).toHaveLength(before);
  });
});

describe('when the credits of a direct debit arrive (issue 26, point 4)', () => {
  it('names the day on the form and in the pre-notification mail, business days after the debit date', async () => {
    const m = await member();
    const bundle = await cheapest(m);
    const offer = directDebitOfferSchema.parse(
      (await api('GET', `/api/directdebit.php?bundle_id=${bundle.id}`, m)).json(),
    );
    // Whole business days after the debit date: at least the rule's count of calendar days later, on a weekday.
    const gapDays = (Date.parse(offer.credits_date) - Date.parse(offer.debit_date)) / 86_400_000;
    expect(gapDays).toBeGreaterThanOrEqual(RULES.directDebit.creditsAfterBusinessDays);
    expect([0, 6]).not.toContain(new Date(`${offer.credits_date}T00:00:00Z`).getUTCDay());

    const { done } = await paidDebit(m);
    expect(done.mandate.credits_date).toBe(offer.credits_date);
    const [mail] = await db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.userId, m.id), sql`${outbox.payload}->>'subject' like 'Direct debit%'`));
    const day = new Intl.DateTimeFormat('en', { dateStyle: 'long', timeZone: 'UTC' }).format(
      new Date(`${done.mandate.credits_date}T00:00:00Z`),
    );
    expect(String(mail!.payload.text)).toContain(`Credits in your account by: ${day}`);
  });
});
