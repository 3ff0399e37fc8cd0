import { and, desc, eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RULES } from '../../../shared/rules';
import {
  directDebitConfirmedSchema,
  directDebitOfferSchema,
  directDebitRequestResponseSchema,
} from '../../../shared/schemas/directdebit';
import { creditsResponseSchema } from '../../../shared/schemas/payments';
import { creditLedger, directDebitRequests, outbox, payments, users } from '../../db/schema';
import { CLIENT, createMember, type TestMember, uniqueMobile } from '../../test/factories';
import { type TestContext, withTestSite } from '../../test/test-app';
import { setProfile } from '../member-profile/member-profile.fixtures';
import type { createTestProvider } from '../payments/providers/test-provider';

/**
 * Direct debit with an SMS code, through the API on the built-in test provider: the form, the code (wrong, expired,
 * out of tries, resent), parallel confirmations, ownership, the limit and the block, and what is stored and sent.
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

const IBAN = 'NL91ABNA0417164300';
const IBAN_TYPED = 'nl91 abna 0417 1643 00';
const db = () => ctx.database.db;
const provider = () => ctx.app.paymentProvider as ReturnType<typeof createTestProvider>;

/** A Dutch mobile number of its own for each request (the outbox is shared by the whole file). */
const newPhone = uniqueMobile;
const e164 = (national: string) => `+31${national.slice(1)}`;

function api(
  method: 'GET' | 'POST',
  url: string,
  m: TestMember | undefined,
  payload?: object,
  opts: { locale?: string; host?: string } = {},
) {
  return ctx.app.inject({
    method,
    url,
    headers: {
      host: opts.host ?? domain,
      'accept-language': opts.locale ?? 'en',
      ...(m ? { cookie: m.cookie } : {}),
      ...(method === 'POST' ? CLIENT : {}),
    },
    ...(payload ? { payload } : {}),
  });
}

async function member(host = domain, country = 'NL', language = 'en'): Promise<TestMember> {
  const m = await createMember(ctx, host, { language });
  await setProfile(db(), m.id, { country });
  await db().update(users).set({ credits: 0 }).where(eq(users.id, m.id));
  await db().delete(creditLedger).where(eq(creditLedger.userId, m.id));
  return m;
}

async function bundles(m: TestMember, host = domain) {
  const res = await api('GET', '/api/credits.php', m, undefined, { host });
  return creditsResponseSchema.parse(res.json()).bundles;
}

function form(bundleId: number, phone: string, overrides: Record<string, unknown> = {}) {
  return {
    bundle_id: bundleId,
    account_holder: 'Sanne de Vries',
    iban: IBAN_TYPED,
    street: 'Keizersgracht',
    house_number: '12A',
    zip: '1015 cs',
    city: 'Amsterdam',
    phone,
    authorise: true,
    ...overrides,
  };
}

async function start(
  m: TestMember,
  phone = newPhone(),
  overrides: Record<string, unknown> = {},
  host = domain,
) {
  const bundle = (await bundles(m, host))[0]!;
  const res = await api('POST', '/api/directdebit.php', m, form(bundle.id, phone, overrides), { host });
  expect(res.statusCode, res.body).toBe(200);
  const { request } = directDebitRequestResponseSchema.parse(res.json());
  return { request, phone, bundle };
}

/** The newest SMS to a number, and the code in it. */
async function lastSms(phone: string) {
  const [row] = await db()
    .select()
    .from(outbox)
    .where(and(eq(outbox.channel, 'sms'), sql`${outbox.payload}->>'to' = ${e164(phone)}`))
    .orderBy(desc(outbox.id))
    .limit(1);
  if (!row) throw new Error(`no SMS to ${phone}`);
  const text = String(row.payload.text);
  const code = text.match(new RegExp(`\\b(\\d{${RULES.directDebit.codeDigits}})\\b`))?.[1];
  if (!code) throw new Error(`no code in ${text}`);
  return { text, code, payload: row.payload };
}

const confirm = (m: TestMember, request: string, otp: string, iban = IBAN_TYPED, locale = 'en') =>
  api('POST', '/api/directdebit-confirm.php', m, { request, otp, iban }, { locale });
const resend = (m: TestMember, request: string) => api('POST', '/api/directdebit-resend.php', m, { request });
const wrong = (code: string) =>
  String((Number(code) + 1) % 10 ** RULES.directDebit.codeDigits).padStart(6, '0');

const rowOf = async (m: TestMember) => {
  const [row] = await db()
    .select()
    .from(directDebitRequests)
    .where(eq(directDebitRequests.userId, m.id))
    .orderBy(desc(directDebitRequests.id))
    .limit(1);
  return row!;
};

const webhook = (id: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/payment-webhook.php',
    headers: { host: domain, 'content-type': 'application/x-www-form-urlencoded' },
    payload: `id=${id}`,
  });

/** Moves the clock (Date only: timers, the database and the network keep real time). */
function clockAt(time: Date) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(time);
}

describe('GET /api/directdebit.php', () => {
  it('prices the bundle (with a discount code), names the creditor and the debit date, and refuses nothing yet', async () => {
    const m = await member();
    const bundle = (await bundles(m))[1]!;
    const res = await api('GET', `/api/directdebit.php?bundle_id=${bundle.id}`, m);
    expect(res.statusCode, res.body).toBe(200);
    const offer = directDebitOfferSchema.parse(res.json());
    expect(offer).toMatchObject({
      price: { amount: bundle.amount, list_amount: bundle.amount, discount: 0, currency: 'EUR' },
      creditor: {
        name: 'Stichting Mollie Payments',
        id: 'NL08ZZZ502057730000',
        on_behalf_of: 'Amora Media B.V.',
      },
      available: true,
      refusal: null,
    });
    expect(offer.debit_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // The welcome discount is priced on the server, as at checkout.
    const welcome = await api(
      'GET',
      `/api/directdebit.php?bundle_id=${bundle.id}&discount_code=WELCOME25`,
      m,
    );
    expect(welcome.statusCode, welcome.body).toBe(200);
    expect(welcome.json().price).toMatchObject({
      list_amount: bundle.amount,
      discount: Math.floor(bundle.amount / 4),
      discount_code: 'WELCOME25',
    });
  });

  it('asks a visitor to log in, and refuses direct debit where it is not offered (Poland, in złoty)', async () => {
    expect((await api('GET', '/api/directdebit.php?bundle_id=1', undefined)).statusCode).toBe(403);
    const pl = await member(domain, 'PL');
    const bundle = (await bundles(pl))[0]!;
    const res = await api('GET', `/api/directdebit.php?bundle_id=${bundle.id}`, pl);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('payment_method_not_available');
  });
});

describe('POST /api/directdebit.php', () => {
  it('checks every field at the field, in the member language, and stores and sends nothing then', async () => {
    const m = await member();
    const bundle = (await bundles(m))[0]!;
    const bad = async (overrides: Record<string, unknown>, field: string, locale = 'en') => {
      const res = await api('POST', '/api/directdebit.php', m, form(bundle.id, newPhone(), overrides), {
        locale,
      });
      expect(res.statusCode, res.body).toBe(400);
      return res.json().error.fields[field] as string;
    };
    expect(await bad({ iban: 'NL91ABNA0417164301' }, 'iban')).toBe(
      'This IBAN is not valid. Check it in your banking app or on your bank card.',
    );
    // A valid IBAN outside the SEPA area.
    expect(await bad({ iban: 'BR1800360305000010009795493C1' }, 'iban')).toMatch(/SEPA/);
    // A landline cannot receive the code.
    expect(await bad({ phone: '020 123 4567' }, 'phone', 'nl')).toBe(
      "Vul een mobiel nummer in dat sms'jes kan ontvangen.",
    );
    expect(await bad({ authorise: false }, 'authorise')).toBe('Tick the box to authorise the direct debit.');
    expect(await bad({ account_holder: '' }, 'account_holder')).toMatch(/account holder/);
    expect(await bad({ house_number: 'abc' }, 'house_number')).toMatch(/house number/);
    expect(await bad({ zip: '' }, 'zip')).toBe('This field is required.');
    const rows = await db().select().from(directDebitRequests).where(eq(directDebitRequests.userId, m.id));
    expect(rows).toEqual([]);
  });

  it('sends the code by SMS and keeps only a masked IBAN, a hash of the code and nothing of the account', async () => {
    const m = await member();
    const national = newPhone();
    const { request, bundle } = await start(m, national);
    expect(request).toMatchObject({
      masked_iban: 'NL** **** **** **43 00',
      phone: `+31 6 ${national.slice(2)}`,
      account_holder: 'Sanne de Vries',
      price: { amount: bundle.amount, currency: 'EUR' },
      credits: bundle.credits,
      attempts_left: RULES.directDebit.attemptsPerCode,
      sends_left: RULES.directDebit.sendsPerRequest - 1,
    });
    expect(request.id).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(request.mandate_reference).toMatch(new RegExp(`^DD-${m.id}-[0-9A-F]{10}$`));
    const sms = await lastSms(national);
    expect(sms.text).toContain('ending in 4300');
    expect(sms.text).toContain('€');
    expect(sms.payload.expires_at).toBe(request.expires_at);

    const row = await rowOf(m);
    const stored = JSON.stringify(row);
    expect(stored).not.toContain(IBAN);
    expect(stored).not.toContain('0417164300');
    expect(stored).not.toContain(sms.code);
    expect(stored).not.toContain(request.id);
    expect(row).toMatchObject({
      status: 'pending',
      attempts: 0,
      sends: 1,
      zip: '1015 CS',
      phone: e164(national),
    });
    const mails = await db().select().from(outbox).where(eq(outbox.userId, m.id));
    expect(JSON.stringify(mails)).not.toContain('0417164300');
  });
});

describe('POST /api/directdebit-confirm.php', () => {
  it('pays once with the right code: mandate, pending payment, pre-notification mail; credits when the bank collects', async () => {
    const m = await member();
    const { request, phone, bundle } = await start(m);
    const { code } = await lastSms(phone);
    const res = await confirm(m, request.id, code);
    expect(res.statusCode, res.body).toBe(200);
    const done = directDebitConfirmedSchema.parse(res.json());
    expect(done.payment).toMatchObject({
      status: 'pending',
      method: 'sdd',
      sequence_type: 'recurring',
      amount: bundle.amount,
      credits: bundle.credits,
    });
    expect(done.mandate).toMatchObject({
      reference: request.mandate_reference,
      masked_iban: 'NL** **** **** **43 00',
      creditor: { id: 'NL08ZZZ502057730000' },
    });
    const [payment] = await db().select().from(payments).where(eq(payments.id, done.payment.id));
    expect(payment!.mandateId).toMatch(/^mdt_test/);
    expect((await rowOf(m)).status).toBe('confirmed');

    // The confirmation mail is the SEPA pre-notification: amount, debit date, mandate reference, creditor id.
    const [mail] = await db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.userId, m.id), sql`${outbox.payload}->>'subject' like 'Direct debit%'`));
    const text = String(mail!.payload.text);
    expect(text).toContain(`Mandate reference: ${request.mandate_reference}`);
    expect(text).toContain('Creditor identifier: NL08ZZZ502057730000');
    expect(text).toContain('Account: NL** **** **** **43 00');
    expect(text).toMatch(/Debit date: \w+ \d{1,2}, \d{4}/);
    expect(text).toContain('€');
    expect(text).not.toContain('0417164300');

    // The bank collects: the webhook makes it paid and adds the credits once.
    await provider().settle(payment!.providerPaymentId!, 'paid');
    expect((await webhook(payment!.providerPaymentId!)).statusCode).toBe(200);
    expect((await webhook(payment!.providerPaymentId!)).statusCode).toBe(200);
    const [user] = await db().select().from(users).where(eq(users.id, m.id));
    expect(user).toMatchObject({ credits: bundle.credits, paidUser: true });
    const ledger = await db().select().from(creditLedger).where(eq(creditLedger.userId, m.id));
    expect(ledger.map((l) => l.idempotencyKey)).toEqual([`payment:${payment!.id}`]);
    // The same code never pays again.
    expect((await confirm(m, request.id, code)).statusCode).toBe(409);
  });

  it("answers 'Code ongeldig' for a wrong code, counts the tries, and then refuses even the right one", async () => {
    const m = await member(domain, 'NL', 'nl');
    const { request, phone } = await start(m);
    const { code } = await lastSms(phone);
    for (let left = RULES.directDebit.attemptsPerCode - 1; left >= 0; left -= 1) {
      const res = await confirm(m, request.id, wrong(code), IBAN_TYPED, 'nl');
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'otp_invalid', message: 'Code ongeldig' });
      expect(res.json().error.fields.otp).toBe(
        left > 0
          ? `Code ongeldig. Je kunt deze code nog ${left} keer proberen.`
          : 'Code ongeldig. Deze code kun je niet meer proberen: vraag een nieuwe code aan.',
      );
    }
    const blocked = await confirm(m, request.id, code);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.code).toBe('otp_attempts_exceeded');
    // A malformed code is a form error and costs no try.
    expect((await confirm(m, request.id, '12ab')).json().error.fields.otp).toBe(
      'Enter the 6-digit code from the text message.',
    );
  });

  it('refuses an expired code (a fake clock, not waiting) and takes a new one sent afterwards', async () => {
    const m = await member();
    const { request, phone } = await start(m);
    const { code } = await lastSms(phone);
    clockAt(new Date(Date.parse(request.expires_at) + 1000));
    const res = await confirm(m, request.id, code);
    expect(res.statusCode).toBe(410);
    expect(res.json().error).toMatchObject({
      code: 'otp_expired',
      message: 'This code has expired. Ask for a new code.',
    });
    // Expired and unused: the request still takes a new code, which is then valid for its own lifetime.
    const again = await resend(m, request.id);
    expect(again.statusCode, again.body).toBe(200);
    const fresh = await lastSms(phone);
    expect(fresh.code).not.toBe('');
    expect((await confirm(m, request.id, code)).statusCode).toBe(400);
    expect((await confirm(m, request.id, fresh.code)).statusCode).toBe(200);
  });

  it('sends a limited number of codes, a wait apart; a new code ends the old one', async () => {
    const m = await member();
    const { request, phone } = await start(m);
    const first = await lastSms(phone);
    const soon = await resend(m, request.id);
    expect(soon.statusCode).toBe(429);
    expect(soon.json().error.code).toBe('otp_resend_too_soon');
    expect(soon.json().error.message).toMatch(/wait \d+ seconds/);

    let t = Date.now();
    const codes = [first.code];
    for (let sendsLeft = RULES.directDebit.sendsPerRequest - 2; sendsLeft >= 0; sendsLeft -= 1) {
      t += (RULES.directDebit.resendAfterSeconds + 1) * 1000;
      clockAt(new Date(t));
      const res = await resend(m, request.id);
      expect(res.statusCode, res.body).toBe(200);
      const view = directDebitRequestResponseSchema.parse(res.json()).request;
      expect(view).toMatchObject({ sends_left: sendsLeft, attempts_left: RULES.directDebit.attemptsPerCode });
      expect(view.resend_at === null).toBe(sendsLeft === 0);
      codes.push((await lastSms(phone)).code);
    }
    t += (RULES.directDebit.resendAfterSeconds + 1) * 1000;
    clockAt(new Date(t));
    const over = await resend(m, request.id);
    expect(over.statusCode).toBe(429);
    expect(over.json().error.code).toBe('otp_resend_limit');
    const smsCount = await db()
      .select({ id: outbox.id })
      .from(outbox)
      .where(and(eq(outbox.channel, 'sms'), sql`${outbox.payload}->>'to' = ${e164(phone)}`));
    expect(smsCount).toHaveLength(RULES.directDebit.sendsPerRequest);
    // Only the newest code works (unless an older one happens to be the same digits).
    const newest = codes.at(-1)!;
    if (codes[0] !== newest) expect((await confirm(m, request.id, codes[0]!)).statusCode).toBe(400);
    expect((await confirm(m, request.id, newest)).statusCode).toBe(200);
  });

  it('pays once when the right code is confirmed several times at once', async () => {
    const m = await member();
    const { request, phone, bundle } = await start(m);
    const { code } = await lastSms(phone);
    const answers = await Promise.all([1, 2, 3, 4].map(() => confirm(m, request.id, code)));
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([200, 409, 409, 409]);
    const mine = await db().select().from(payments).where(eq(payments.userId, m.id));
    expect(mine).toHaveLength(1);
    await provider().settle(mine[0]!.providerPaymentId!, 'paid');
    await Promise.all([webhook(mine[0]!.providerPaymentId!), webhook(mine[0]!.providerPaymentId!)]);
    const [user] = await db().select().from(users).where(eq(users.id, m.id));
    expect(user!.credits).toBe(bundle.credits);
  });

  it('counts parallel wrong guesses atomically: never more tries than a code has', async () => {
    const m = await member();
    const { request, phone } = await start(m);
    const { code } = await lastSms(phone);
    const answers = await Promise.all(
      Array.from({ length: 2 * RULES.directDebit.attemptsPerCode }, () =>
        confirm(m, request.id, wrong(code)),
      ),
    );
    const codes = answers.map((a) => a.json().error.code as string);
    expect(codes.filter((c) => c === 'otp_invalid')).toHaveLength(RULES.directDebit.attemptsPerCode);
    expect(codes.filter((c) => c === 'otp_attempts_exceeded')).toHaveLength(
      RULES.directDebit.attemptsPerCode,
    );
    expect((await rowOf(m)).attempts).toBe(RULES.directDebit.attemptsPerCode);
  });

  it("treats another member's request as unknown, without counting a try", async () => {
    const owner = await member();
    const other = await member();
    const { request, phone } = await start(owner);
    const { code } = await lastSms(phone);
    const stolen = await confirm(other, request.id, code);
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json().error.code).toBe('directdebit_not_found');
    expect((await resend(other, request.id)).statusCode).toBe(404);
    expect((await rowOf(owner)).attempts).toBe(0);
    expect(await db().select().from(payments).where(eq(payments.userId, other.id))).toEqual([]);
    // A visitor is asked to log in.
    expect((await confirm(undefined as unknown as TestMember, request.id, code)).statusCode).toBe(403);
    expect((await confirm(owner, request.id, code)).statusCode).toBe(200);
  });

  it('confirms only the account the code was sent for', async () => {
    const m = await member();
    const { request, phone } = await start(m);
    const { code } = await lastSms(phone);
    const res = await confirm(m, request.id, code, 'DE89370400440532013000');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('directdebit_iban_changed');
    expect((await confirm(m, request.id, code, IBAN)).statusCode).toBe(200);
  });
});

describe('limits and blocks', () => {
  it("refuses beyond the site's limit per 30 days, with the advice and a cheaper bundle that fits", async () => {
    const site = await ctx.createSite({ directDebitLimitMinor: 1500 });
    const m = await member(site.domain);
    const list = await bundles(m, site.domain);
    const [cheapest, dearer] = [list[0]!, list[1]!];
    const offer = await api('GET', `/api/directdebit.php?bundle_id=${dearer.id}`, m, undefined, {
      host: site.domain,
    });
    expect(offer.json().refusal).toMatchObject({
      reason: 'limit',
      limit: 1500,
      available: 1500,
      cheaper_bundle_id: cheapest.id,
    });
    const res = await api('POST', '/api/directdebit.php', m, form(dearer.id, newPhone()), {
      host: site.domain,
      locale: 'nl',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('directdebit_limit');
    // Intl writes "€ 15,00" with a no-break space.
    expect(res.json().error.message.replace(/\u00a0/g, ' ')).toBe(
      'Dit bedrag gaat boven je incassolimiet van € 15,00 per 30 dagen (nog € 15,00 beschikbaar). Probeer het later opnieuw, kies een goedkoper pakket of betaal met een andere methode.',
    );

    // The cheapest fits; once it is debited, what is left is less and the window's end is known.
    const { request, phone } = await start(m, newPhone(), {}, site.domain);
    const { code } = await lastSms(phone);
    const done = await api(
      'POST',
      '/api/directdebit-confirm.php',
      m,
      { request: request.id, otp: code, iban: IBAN },
      { host: site.domain },
    );
    expect(done.statusCode, done.body).toBe(200);
    const after = await api('GET', `/api/directdebit.php?bundle_id=${cheapest.id}`, m, undefined, {
      host: site.domain,
    });
    expect(after.json().refusal).toMatchObject({
      reason: 'limit',
      available: 1500 - cheapest.amount,
      cheaper_bundle_id: null,
    });
    expect(Date.parse(after.json().refusal.next_at)).toBeGreaterThan(Date.now() + 29 * 86_400_000);
  });

  it('blocks members whose earlier direct debit was charged back', async () => {
    const m = await member();
    const { request, phone, bundle } = await start(m);
    const { code } = await lastSms(phone);
    const paid = directDebitConfirmedSchema.parse((await confirm(m, request.id, code)).json());
    const [payment] = await db().select().from(payments).where(eq(payments.id, paid.payment.id));
    await provider().settle(payment!.providerPaymentId!, 'paid');
    await webhook(payment!.providerPaymentId!);
    await provider().settle(payment!.providerPaymentId!, 'chargeback');
    await webhook(payment!.providerPaymentId!);
    const offer = await api('GET', `/api/directdebit.php?bundle_id=${bundle.id}`, m);
    expect(offer.json().refusal).toMatchObject({ reason: 'blocked' });
    const res = await api('POST', '/api/directdebit.php', m, form(bundle.id, newPhone()));
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatchObject({
      code: 'directdebit_blocked',
      message:
        'Direct debit is not possible for you at the moment. Try again later, choose a cheaper package, or pay with another method.',
    });
  });

  it('is switched off on a site whose limit is 0', async () => {
    const site = await ctx.createSite({ directDebitLimitMinor: 0 });
    const m = await member(site.domain);
    const bundle = (await bundles(m, site.domain))[0]!;
    const offer = await api('GET', `/api/directdebit.php?bundle_id=${bundle.id}`, m, undefined, {
      host: site.domain,
    });
    expect(offer.json()).toMatchObject({ available: false, refusal: null });
    const res = await api('POST', '/api/directdebit.php', m, form(bundle.id, newPhone()), {
      host: site.domain,
    });
    expect(res.statusCode).toBe(503);
    expect(res.json().error.code).toBe('directdebit_unavailable');
  });

  it('sends a member at most the hourly and the daily number of codes (a fake clock, not waiting)', async () => {
    const { smsPerHour, smsPerDay } = RULES.directDebit;
    const m = await member();
    const bundle = (await bundles(m))[0]!;
    const t0 = Date.now();
    let sent = 0;
    for (let hour = 0; sent < smsPerDay; hour += 1) {
      clockAt(new Date(t0 + hour * 61 * 60_000));
      for (let i = 0; i < smsPerHour && sent < smsPerDay; i += 1, sent += 1) await start(m);
      if (sent < smsPerDay) {
        const more = await api('POST', '/api/directdebit.php', m, form(bundle.id, newPhone()));
        expect(more.statusCode).toBe(429);
        expect(more.json().error.code).toBe('otp_send_limit_hour');
      }
    }
    clockAt(new Date(t0 + 3 * 61 * 60_000));
    const res = await api('POST', '/api/directdebit.php', m, form(bundle.id, newPhone()));
    expect(res.statusCode).toBe(429);
    expect(res.json().error.code).toBe('otp_send_limit');
  });

  it('is not paid through the checkout: sdd needs the form with the SMS code', async () => {
    const m = await member();
    const bundle = (await bundles(m))[0]!;
    const res = await api('POST', '/api/payment.php', m, { bundle_id: bundle.id, method: 'sdd' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('directdebit_form_required');
  });
});
