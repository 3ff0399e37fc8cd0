import { and, eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RULES } from '../../../shared/rules';
import { directDebitRequestResponseSchema } from '../../../shared/schemas/directdebit';
import { creditsResponseSchema } from '../../../shared/schemas/payments';
import { creditLedger, directDebitRequests, outbox, smsSends, users } from '../../db/schema';
import { smsNumberHash, smsNumberKey } from '../../lib/sms/sms-limits';
import { CLIENT, createMember, type TestMember, uniqueMobile } from '../../test/factories';
import { type TestContext, withTestSite } from '../../test/test-app';
import { setProfile } from '../member-profile/member-profile.fixtures';

/**
 * Issue 27, point 18: the direct-debit code as a cost attack. Codes go only to mobile numbers of the site's
 * countries, and at most RULES.directDebit.smsPerNumberPerHour / PerDay to one number, whichever members ask,
 * counted atomically.
 */
let ctx: TestContext;
let domain: string;
withTestSite((c, d) => {
  ctx = c;
  domain = d;
});
afterEach(() => {
  vi.useRealTimers();
});

const RULE = RULES.directDebit;
const db = () => ctx.database.db;

/** A Dutch mobile number no other test uses. */
const newPhone = () => `+31${uniqueMobile().slice(1)}`;

function api(method: 'GET' | 'POST', url: string, m: TestMember, payload?: object, host = domain) {
  return ctx.app.inject({
    method,
    url,
    headers: {
      host,
      'accept-language': 'en',
      cookie: m.cookie,
      ...(method === 'POST' ? CLIENT : {}),
    },
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

async function bundleOf(m: TestMember, host = domain): Promise<number> {
  const res = await api('GET', '/api/credits.php', m, undefined, host);
  return creditsResponseSchema.parse(res.json()).bundles[0]!.id;
}

const form = (bundleId: number, phone: string) => ({
  bundle_id: bundleId,
  account_holder: 'Sanne de Vries',
  iban: 'NL91ABNA0417164300',
  street: 'Keizersgracht',
  house_number: '12A',
  zip: '1015 CS',
  city: 'Amsterdam',
  phone,
  authorise: true,
});

const start = async (m: TestMember, phone: string, host = domain) =>
  api('POST', '/api/directdebit.php', m, form(await bundleOf(m, host), phone), host);

async function smsTo(e164: string): Promise<number> {
  const rows = await db()
    .select({ id: outbox.id })
    .from(outbox)
    .where(and(eq(outbox.channel, 'sms'), sql`${outbox.payload}->>'to' = ${e164}`));
  return rows.length;
}

function clockAt(time: number) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(time);
}

describe('SMS codes per phone number', () => {
  it('20 requests at once from two members to one number: exactly the hourly limit is sent', async () => {
    const [a, b] = [await member(), await member()];
    const phone = newPhone();
    const [bundleA, bundleB] = [await bundleOf(a), await bundleOf(b)];
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2 === 0
          ? api('POST', '/api/directdebit.php', a, form(bundleA, phone))
          : api('POST', '/api/directdebit.php', b, form(bundleB, phone)),
      ),
    );
    const ok = answers.filter((r) => r.statusCode === 200);
    const refused = answers.filter((r) => r.statusCode === 429);
    expect(ok).toHaveLength(RULE.smsPerNumberPerHour);
    expect(refused).toHaveLength(20 - RULE.smsPerNumberPerHour);
    for (const r of refused) expect(r.json().error.code).toBe('sms_number_limit');
    expect(refused[0]!.json().error.message).toBe(
      'We cannot send any more codes to this phone number for now. Try again later, or pay with another method.',
    );
    expect(await smsTo(phone)).toBe(RULE.smsPerNumberPerHour);
    // Kept only as a keyed hash: the number itself is not in sms_sends.
    const hash = smsNumberHash(await smsNumberKey(db()), phone);
    const sends = await db().select().from(smsSends).where(eq(smsSends.numberHash, hash));
    expect(sends).toHaveLength(RULE.smsPerNumberPerHour);
    expect(JSON.stringify(sends)).not.toContain(phone.slice(1));
    // The refused requests left nothing behind.
    const requests = await db()
      .select({ id: directDebitRequests.id })
      .from(directDebitRequests)
      .where(eq(directDebitRequests.phone, phone));
    expect(requests).toHaveLength(RULE.smsPerNumberPerHour);
    // Another number is not affected.
    expect((await start(a, newPhone())).statusCode).toBe(200);
  });

  it('a new code (resend) counts against the number too; the daily limit holds across hours', async () => {
    const [a, b] = [await member(), await member()];
    const phone = newPhone();
    const t0 = Date.now();
    clockAt(t0);
    const first = await start(a, phone);
    expect(first.statusCode).toBe(200);
    const { request } = directDebitRequestResponseSchema.parse(first.json());
    for (let i = 1; i < RULE.smsPerNumberPerHour; i += 1)
      expect((await start(b, phone)).statusCode).toBe(200);
    // The number had its hourly codes: A's resend (its wait over) is refused, and sends nothing.
    clockAt(t0 + (RULE.resendAfterSeconds + 1) * 1000);
    const resend = await api('POST', '/api/directdebit-resend.php', a, { request: request.id });
    expect(resend.statusCode).toBe(429);
    expect(resend.json().error.code).toBe('sms_number_limit');
    expect(await smsTo(phone)).toBe(RULE.smsPerNumberPerHour);

    // An hour later: the rest of the day's codes, then no more that day.
    let hour = 1;
    let sent = RULE.smsPerNumberPerHour;
    while (sent < RULE.smsPerNumberPerDay) {
      clockAt(t0 + hour * 61 * 60_000);
      const who = hour % 2 === 0 ? a : b;
      for (let i = 0; i < RULE.smsPerNumberPerHour && sent < RULE.smsPerNumberPerDay; i += 1, sent += 1)
        expect((await start(who, phone)).statusCode).toBe(200);
      hour += 1;
    }
    clockAt(t0 + hour * 61 * 60_000);
    const over = await start(await member(), phone);
    expect(over.statusCode).toBe(429);
    expect(over.json().error.code).toBe('sms_number_limit');
    expect(await smsTo(phone)).toBe(RULE.smsPerNumberPerDay);
    // A day after the first codes, the number may have codes again.
    clockAt(t0 + 25 * 3_600_000);
    expect((await start(await member(), phone)).statusCode).toBe(200);
  });
});

describe('where codes may go', () => {
  it('refuses numbers of countries the site does not serve (+1 268 is Antigua), at the field, and sends nothing', async () => {
    const host = (await ctx.createSite({ countries: ['NL', 'DE'] })).domain;
    const m = await member(host);
    for (const phone of ['+12684641234', '+32470123456']) {
      const res = await start(m, phone, host);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.fields.phone).toMatch(
        /^Enter a mobile number from a country where .+ is available\.$/,
      );
      expect(await smsTo(phone)).toBe(0);
    }
    // A German mobile of its own (a fixed one would meet its daily limit after a few runs on a shared database).
    const german = `+49151${String(Math.floor(Math.random() * 100_000_000)).padStart(8, '0')}`;
    expect((await start(m, german, host)).statusCode).toBe(200);
  });

  it('refuses premium-rate, shared-cost, toll-free and fixed-line numbers, and sends nothing', async () => {
    const m = await member();
    for (const phone of ['+31900123456', '+34901123456', '+31800123456', '+31201234567', '+31851234567']) {
      const res = await start(m, phone);
      expect(res.statusCode, phone).toBe(400);
      expect(res.json().error.fields.phone).toBeDefined();
      expect(await smsTo(phone)).toBe(0);
    }
    const sends = await db().select().from(smsSends).where(eq(smsSends.userId, m.id));
    expect(sends).toHaveLength(0);
  });
});
