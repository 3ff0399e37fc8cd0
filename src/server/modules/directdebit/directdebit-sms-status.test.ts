import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { RULES } from '../../../shared/rules';
import { directDebitRequestResponseSchema } from '../../../shared/schemas/directdebit';
import { creditsResponseSchema } from '../../../shared/schemas/payments';
import { directDebitRequests, outbox, users } from '../../db/schema';
import { DropOutboxItem } from '../../jobs/outbox-sender';
import { smsSender, smsStatusCallbackUrl } from '../../lib/sms/sms-sender';
import { startTwilioFake, type TwilioFake } from '../../lib/sms/twilio-fake';
import { createTwilioGateway } from '../../lib/sms/twilio-gateway';
import { CLIENT, createMember, type TestMember, uniqueMobile } from '../../test/factories';
import { type TestContext, withTestSite } from '../../test/test-app';
import { setProfile } from '../member-profile/member-profile.fixtures';
import { recordSmsOutcome } from './directdebit.sms-status';

/**
 * Issue 26, point 5: SMS codes that arrive, or a clear reason why not. Through the API with a real database, the
 * outbox's SMS sender and the Twilio gateway against the Twilio fake: Twilio's configuration errors fail at once
 * (one call, no retry), raise the alarm without the number and tell the member (`sms: unavailable`); a delivery
 * failure reported by Twilio's signed status callback makes the request `failed`, and a resend is then possible;
 * a callback without a valid signature is refused (403) and changes nothing.
 */
const SID = `AC${'0123456789abcdef'.repeat(2)}`;
const TOKEN = 'fedcba9876543210'.repeat(2);
const PUBLIC_URL = 'https://amora.example';

let ctx: TestContext;
let domain: string;
withTestSite(
  (c, d) => {
    ctx = c;
    domain = d;
  },
  { TWILIO_ACCOUNT_SID: SID, TWILIO_AUTH_TOKEN: TOKEN, TWILIO_FROM: 'Amora', PUBLIC_URL },
);

let fake: TwilioFake;
const alarms: string[] = [];
beforeAll(async () => {
  fake = await startTwilioFake({ accountSid: SID, authToken: TOKEN });
});
afterAll(async () => {
  await fake?.close();
});
afterEach(() => {
  vi.useRealTimers();
});

const db = () => ctx.database.db;
const send = () =>
  smsSender(
    createTwilioGateway({
      accountSid: SID,
      authToken: TOKEN,
      from: 'Amora',
      baseUrl: fake.url,
      timeoutMs: 2_000,
      statusCallback: smsStatusCallbackUrl(PUBLIC_URL),
    }),
    undefined,
    { record: (ref, outcome) => recordSmsOutcome(db(), ref, outcome), alarm: (m) => alarms.push(m) },
  );

const newPhone = uniqueMobile;

function api(method: 'GET' | 'POST', url: string, m: TestMember, payload?: object) {
  return ctx.app.inject({
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
}

/** A member's direct-debit form sent: the request and its queued SMS (the outbox payload). */
async function started() {
  const m = await createMember(ctx, domain);
  await setProfile(db(), m.id, { country: 'NL' });
  await db().update(users).set({ credits: 0 }).where(eq(users.id, m.id));
  const bundles = creditsResponseSchema.parse((await api('GET', '/api/credits.php', m)).json()).bundles;
  const phone = newPhone();
  const res = await api('POST', '/api/directdebit.php', m, {
    bundle_id: bundles[0]!.id,
    account_holder: 'Sanne de Vries',
    iban: 'NL91ABNA0417164300',
    street: 'Keizersgracht',
    house_number: '12A',
    zip: '1015 CS',
    city: 'Amsterdam',
    phone,
    authorise: true,
  });
  expect(res.statusCode, res.body).toBe(200);
  const { request } = directDebitRequestResponseSchema.parse(res.json());
  expect(request.sms).toBe('queued');
  return { m, request, phone, payload: await lastSms(m) };
}

async function lastSms(m: TestMember) {
  const [row] = await db()
    .select()
    .from(outbox)
    .where(and(eq(outbox.channel, 'sms'), eq(outbox.userId, m.id)))
    .orderBy(desc(outbox.id))
    .limit(1);
  return row!.payload;
}

const smsOf = async (m: TestMember, token: string) => {
  const res = await api('GET', `/api/directdebit-request.php?request=${token}`, m);
  expect(res.statusCode, res.body).toBe(200);
  return directDebitRequestResponseSchema.parse(res.json()).request.sms;
};

const deliver = (cb: { url: string; headers: Record<string, string>; body: string }) =>
  ctx.app.inject({
    method: 'POST',
    url: new URL(cb.url).pathname,
    headers: { ...cb.headers, host: domain },
    payload: cb.body,
  });

describe("Twilio's configuration errors (issue 26, point 5)", () => {
  for (const code of [21408, 21606, 21608, 20003, 21212, 21659, 10001])
    it(`${code} fails at once, raises the alarm without the number, and the member is told`, async () => {
      const { m, request, phone, payload } = await started();
      alarms.length = 0;
      const before = fake.requests.length;
      fake.refuseNext(code);
      await expect(send()(payload)).rejects.toBeInstanceOf(DropOutboxItem);
      expect(fake.requests.length).toBe(before + 1);
      expect(alarms).toHaveLength(1);
      expect(alarms[0]).toContain(`configuration error ${code}`);
      expect(alarms[0]).not.toContain(phone.slice(1));
      expect(await smsOf(m, request.id)).toBe('unavailable');
      const [row] = await db().select().from(directDebitRequests).where(eq(directDebitRequests.userId, m.id));
      expect(row).toMatchObject({ smsStatus: 'unavailable', smsError: code });
    });

  it('a number Twilio refuses (21612) is a failed code, not an unavailable gateway', async () => {
    const { m, request, phone } = await started();
    fake.unreachable.add(`+31${phone.slice(1)}`);
    alarms.length = 0;
    await expect(send()(await lastSms(m))).rejects.toBeInstanceOf(DropOutboxItem);
    expect(alarms).toEqual([]);
    expect(await smsOf(m, request.id)).toBe('failed');
  });
});

describe("Twilio's status callback (issue 26, point 5)", () => {
  it('names our route on each message; a delivery failure makes the code failed and a resend possible', async () => {
    const { m, request, payload } = await started();
    await send()(payload);
    const [sid] = [...fake.messages.entries()].find(([, v]) => v.to === payload.to)!;
    expect(fake.messages.get(sid)!.statusCallback).toBe(`${PUBLIC_URL}/api/sms-status.php`);
    expect(await smsOf(m, request.id)).toBe('sent');

    expect((await deliver(fake.statusCallback(sid, 'sent'))).statusCode).toBe(204);
    expect(await smsOf(m, request.id)).toBe('sent');
    expect((await deliver(fake.statusCallback(sid, 'undelivered', { errorCode: 30003 }))).statusCode).toBe(
      204,
    );
    expect(await smsOf(m, request.id)).toBe('failed');
    // Twilio may post twice or late: a final status stays.
    expect((await deliver(fake.statusCallback(sid, 'delivered'))).statusCode).toBe(204);
    expect(await smsOf(m, request.id)).toBe('failed');

    // The resend (after its wait, within the SMS limits) sends a new code that starts queued again.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + (RULES.directDebit.resendAfterSeconds + 1) * 1000);
    const again = await api('POST', '/api/directdebit-resend.php', m, { request: request.id });
    expect(again.statusCode, again.body).toBe(200);
    expect(directDebitRequestResponseSchema.parse(again.json()).request.sms).toBe('queued');
    const next = await lastSms(m);
    expect(next.ref).not.toBe(payload.ref);
    // A late report on the old code changes nothing on the new one.
    await recordSmsOutcome(db(), String(payload.ref), { status: 'unavailable', code: 21408 });
    expect(await smsOf(m, request.id)).toBe('queued');
    await send()(next);
    expect(await smsOf(m, request.id)).toBe('sent');
  });

  it('refuses a callback without a valid signature (403), changing nothing', async () => {
    const { m, request, payload } = await started();
    await send()(payload);
    const [sid] = [...fake.messages.entries()].find(([, v]) => v.to === payload.to)!;
    const forged = fake.statusCallback(sid, 'failed', { errorCode: 30008, signWith: 'a'.repeat(32) });
    expect((await deliver(forged)).statusCode).toBe(403);
    const unsigned = fake.statusCallback(sid, 'failed', { errorCode: 30008 });
    const { 'x-twilio-signature': _dropped, ...headers } = unsigned.headers;
    expect((await deliver({ ...unsigned, headers })).statusCode).toBe(403);
    // A signed body whose fields were changed afterwards.
    const tampered = fake.statusCallback(sid, 'delivered');
    expect(
      (await deliver({ ...tampered, body: tampered.body.replace('delivered', 'failed') })).statusCode,
    ).toBe(403);
    expect(await smsOf(m, request.id)).toBe('sent');
    const [row] = await db()
      .select({ status: directDebitRequests.smsStatus })
      .from(directDebitRequests)
      .where(sql`${directDebitRequests.smsSid} = ${sid}`);
    expect(row!.status).toBe('sent');
  });
});
