import { and, desc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { RULES, WITHDRAWAL_RULES } from '../../../shared/rules';
import {
  directDebitConfirmedSchema,
  directDebitRequestResponseSchema,
} from '../../../shared/schemas/directdebit';
import { creditsResponseSchema, repeatOrderCreatedSchema } from '../../../shared/schemas/payments';
import { creditLedger, outbox, payments, users } from '../../db/schema';
import { CLIENT, createMember, type TestMember, uniqueMobile } from '../../test/factories';
import { type TestContext, withTestSite } from '../../test/test-app';
import { changeCredits } from '../credits/credits.service';
import { setProfile } from '../member-profile/member-profile.fixtures';
import type { createTestProvider } from '../payments/providers/test-provider';

/**
 * The express request to start at once (issue 23, point 3) on the screens besides checkout: the direct-debit form's
 * confirmation and the repeat order record it with the payment and its text version, like checkout; a withdrawal
 * then refunds only the unused share, and without it the whole price.
 */
let ctx: TestContext;
let domain: string;
withTestSite((c, d) => {
  ctx = c;
  domain = d;
});
const db = () => ctx.database.db;
const provider = () => ctx.app.paymentProvider as ReturnType<typeof createTestProvider>;

const api = (method: 'GET' | 'POST', url: string, m: TestMember, payload?: object) =>
  ctx.app.inject({
    method,
    url,
    headers: {
      host: domain,
      'accept-language': 'en',
      cookie: m.cookie,
      ...(method === 'POST' ? CLIENT : {}),
    },
    ...(payload ? { payload } : {}),
  });

async function member(): Promise<TestMember> {
  const m = await createMember(ctx, domain);
  await setProfile(db(), m.id, { country: 'NL' });
  await db().update(users).set({ credits: 0 }).where(eq(users.id, m.id));
  await db().delete(creditLedger).where(eq(creditLedger.userId, m.id));
  return m;
}

const webhook = (id: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/payment-webhook.php',
    headers: { host: domain, 'content-type': 'application/x-www-form-urlencoded' },
    payload: `id=${id}`,
  });
const paymentRow = async (id: number) => (await db().select().from(payments).where(eq(payments.id, id)))[0]!;
const settlePaid = async (id: number) => {
  const row = await paymentRow(id);
  await provider().settle(row.providerPaymentId!, 'paid');
  expect((await webhook(row.providerPaymentId!)).statusCode).toBe(200);
};

/** A direct debit of the cheapest bundle through the form and the SMS code, confirmed with `extra`, collected. */
async function paidDebit(m: TestMember, extra: object) {
  const bundle = creditsResponseSchema.parse((await api('GET', '/api/credits.php', m)).json()).bundles[0]!;
  const phone = uniqueMobile();
  const started = await api('POST', '/api/directdebit.php', m, {
    bundle_id: bundle.id,
    account_holder: 'Sanne de Vries',
    iban: 'NL91ABNA0417164300',
    street: 'Keizersgracht',
    house_number: '12A',
    zip: '1015 CS',
    city: 'Amsterdam',
    phone,
    authorise: true,
  });
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
  const res = await api('POST', '/api/directdebit-confirm.php', m, {
    request: request.id,
    otp: code,
    iban: 'NL91ABNA0417164300',
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(200);
  const done = directDebitConfirmedSchema.parse(res.json());
  await settlePaid(done.payment.id);
  return done.payment.id;
}

const repeat = async (m: TestMember, body: object) => {
  const res = await api('POST', '/api/repeat-order.php', m, body);
  expect(res.statusCode, res.body).toBe(200);
  const id = repeatOrderCreatedSchema.parse(res.json()).payment.id;
  if ((await paymentRow(id)).status !== 'paid') await settlePaid(id);
  return id;
};

describe('the express request to start at once beyond checkout', () => {
  it('is recorded by the direct-debit confirmation and the repeat order; a withdrawal then refunds pro rata', async () => {
    const m = await member();
    const debit = await paidDebit(m, { immediate_start: true });
    expect(await paymentRow(debit)).toMatchObject({
      immediateStartVersion: WITHDRAWAL_RULES.immediateStartVersion,
    });
    expect((await paymentRow(debit)).immediateStartAt).toBeInstanceOf(Date);

    const withRequest = await repeat(m, { immediate_start: true });
    const without = await repeat(m, {});
    expect((await paymentRow(withRequest)).immediateStartVersion).toBe(
      WITHDRAWAL_RULES.immediateStartVersion,
    );
    expect((await paymentRow(without)).immediateStartAt).toBeNull();
    // A value other than true is refused (a request is express or absent).
    expect((await api('POST', '/api/repeat-order.php', m, { immediate_start: false })).statusCode).toBe(400);

    // Spend everything of the first two purchases and a part of the third (oldest first).
    const credits = (await paymentRow(debit)).credits;
    await db().transaction((tx) =>
      changeCredits(tx, {
        userId: m.id,
        delta: -(credits * 2 + Math.floor(credits / 2)),
        reason: 'test',
        idempotencyKey: `test-spend:${m.id}`,
      }),
    );
    // The repeat order without the express request: the whole price comes back.
    const full = await api('POST', '/api/withdrawal.php', m, { payment_id: without });
    expect(full.statusCode, full.body).toBe(200);
    const p = await paymentRow(without);
    expect(p.refundedMinor).toBe(p.amountMinor);
    // With it: only the unused share (here nothing is left of it: nothing to refund).
    const used = await api('POST', '/api/withdrawal.php', m, { payment_id: withRequest });
    expect(used.statusCode, used.body).toBe(200);
    expect((await paymentRow(withRequest)).refundedMinor).toBe(0);
  });

  it('a debit confirmed without it keeps none', async () => {
    const m = await member();
    const debit = await paidDebit(m, {});
    expect((await paymentRow(debit)).immediateStartAt).toBeNull();
  });
});
