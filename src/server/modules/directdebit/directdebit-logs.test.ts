import { and, desc, eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox, testProviderMandates } from '../../db/schema';
import { maskSecrets, REDACT_PATHS } from '../../lib/log-redaction';
import { CLIENT, createMember, type TestMember, uniqueMobile } from '../../test/factories';
import { buildTestApp, type TestContext } from '../../test/test-app';
import { setProfile } from '../member-profile/member-profile.fixtures';
import { flakyTestProvider } from '../payments/payments.fixtures';

/**
 * Nothing of the direct-debit form reaches the logs: not the IBAN, the phone number, the code or the account holder,
 * also when the provider refuses and its error repeats them. The app logs at trace level, shaped as in production.
 */
let ctx: TestContext;
let domain: string;
const lines: string[] = [];
const refuse = { mandate: false, debit: false, revoke: false };
/** the mandates the provider made, in order */
const mandatesMade: string[] = [];

const IBAN = 'NL91ABNA0417164300';
const PHONE = uniqueMobile();
const HOLDER = 'Sanne Loggable';

// The test provider, whose calls can fail the way a provider's error would: repeating what it was given.
const flaky = flakyTestProvider({
  async createPayment(i, next) {
    if (refuse.debit && i.method === 'directdebit')
      throw new Error(
        `Mollie rejected the request (422 Unprocessable Entity): the mandate of ${IBAN} cannot be charged [field: mandateId]`,
      );
    return next(i);
  },
  async createMandate(i, next) {
    if (refuse.mandate)
      throw new Error(
        `Mollie rejected the request (422 Unprocessable Entity): ${i.consumerAccount} (+31612340987) is invalid [field: consumerAccount]`,
      );
    const made = await next(i);
    mandatesMade.push(made.id);
    return made;
  },
  async revokeMandate(c, id, next) {
    if (refuse.revoke) throw new Error(`Mollie answered 500 revoking the mandate of ${IBAN} (+31612340987)`);
    return next(c, id);
  },
});

beforeAll(async () => {
  ctx = await buildTestApp(
    { LOG_LEVEL: 'trace' },
    { paymentProvider: flaky.provider, logStream: { write: (line) => lines.push(line) } },
  );
  flaky.attach(ctx.database.db);
  domain = (await ctx.createSite()).domain;
});
afterAll(async () => {
  await ctx?.close();
});

const post = (m: TestMember, url: string, payload: object) =>
  ctx.app.inject({ method: 'POST', url, headers: { host: domain, cookie: m.cookie, ...CLIENT }, payload });

async function codeFor(m: TestMember) {
  const [row] = await ctx.database.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.userId, m.id), eq(outbox.channel, 'sms')))
    .orderBy(desc(outbox.id))
    .limit(1);
  return String(row!.payload.text).match(/\b(\d{6})\b/)![1]!;
}

async function flow(): Promise<{ code: string; status: number }> {
  const m = await createMember(ctx, domain);
  await setProfile(ctx.database.db, m.id, { country: 'NL' });
  const credits = await ctx.app.inject({
    method: 'GET',
    url: '/api/credits.php',
    headers: { host: domain, cookie: m.cookie },
  });
  const bundle = credits.json().bundles[0].id as number;
  const started = await post(m, '/api/directdebit.php', {
    bundle_id: bundle,
    account_holder: HOLDER,
    iban: IBAN,
    street: 'Keizersgracht',
    house_number: '12',
    zip: '1015 CS',
    city: 'Amsterdam',
    phone: PHONE,
    authorise: true,
  });
  expect(started.statusCode, started.body).toBe(200);
  const request = started.json().request.id as string;
  const code = await codeFor(m);
  const confirmed = await post(m, '/api/directdebit-confirm.php', { request, otp: code, iban: IBAN });
  return { code, status: confirmed.statusCode };
}

function expectNothingSecret(code: string) {
  const all = lines.join('\n');
  for (const secret of [IBAN, '0417164300', '+31612340987', '612340987', HOLDER, code])
    expect(all, secret).not.toContain(secret);
}

describe('direct-debit logs', () => {
  it('carry none of the form, the code or the account in a paid flow', async () => {
    const { code, status } = await flow();
    expect(status).toBe(200);
    expect(lines.some((l) => l.includes('/api/directdebit-confirm.php'))).toBe(true);
    expectNothingSecret(code);
  });

  it("mask what a provider's refusal repeats, and still say what went wrong", async () => {
    refuse.mandate = true;
    const { code, status } = await flow();
    refuse.mandate = false;
    expect(status).toBe(502);
    const warning = lines.find((l) => l.includes('direct debit: provider'));
    expect(warning).toBeDefined();
    expect(warning).toContain('[iban]');
    expect(warning).toContain('[phone]');
    expect(warning).toContain('consumerAccount');
    expectNothingSecret(code);
  });

  it('revoke the mandate of a refused first debit, and log a revoke that failed too, masked', async () => {
    const stillAtProvider = async (id: string) =>
      (await ctx.database.db.select().from(testProviderMandates).where(eq(testProviderMandates.id, id)))
        .length;
    refuse.debit = true;
    try {
      const { code, status } = await flow();
      expect(status).toBe(502);
      const revoked = mandatesMade.at(-1)!;
      expect(await stillAtProvider(revoked)).toBe(0);
      expectNothingSecret(code);

      refuse.revoke = true;
      const again = await flow();
      expect(again.status).toBe(502);
      const kept = mandatesMade.at(-1)!;
      expect(kept).not.toBe(revoked);
      expect(await stillAtProvider(kept)).toBe(1);
      const warning = lines.findLast((l) => l.includes('direct debit: provider'));
      expect(warning).toContain(`mandate ${kept}`);
      expect(warning).toContain('could not be revoked');
      expect(warning).toContain('[iban]');
      expectNothingSecret(again.code);
    } finally {
      refuse.debit = false;
      refuse.revoke = false;
    }
  });
});

describe('log redaction of the direct-debit payloads', () => {
  it('redacts the form and the mandate call when an object is logged by mistake', () => {
    const out: string[] = [];
    const log = pino(
      { redact: { paths: REDACT_PATHS, censor: '[redacted]' } },
      { write: (l: string) => out.push(l) },
    );
    log.info(
      {
        body: { iban: IBAN, phone: PHONE, otp: '123456', account_holder: HOLDER },
        mandate: { consumerAccount: IBAN, consumerName: HOLDER },
      },
      'oops',
    );
    const line = out.join('');
    for (const secret of [IBAN, PHONE, '123456', HOLDER]) expect(line).not.toContain(secret);
    expect(maskSecrets(`to +31612340987 from ${IBAN}`)).toBe('to [phone] from [iban]');
  });
});
