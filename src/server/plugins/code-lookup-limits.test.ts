import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { RULES } from '../../shared/rules';
import { creditsResponseSchema } from '../../shared/schemas/payments';
import { translate } from '../i18n/translate';
import { setProfile } from '../modules/member-profile/member-profile.fixtures';
import { CLIENT, createMember, type TestMember, uniqueMobile } from '../test/factories';
import { type TestContext, withTestSite } from '../test/test-app';
import { CODE_LOOKUP_ROUTES } from './code-lookup-limits';

/**
 * Issue 27, point 19: discount codes cannot be guessed. Look-ups of codes are limited per member and per client
 * address (RULES.discountLookups), across every route that tries a code; the welcome-code request does not count.
 * The limits at their real size (RATE_LIMIT_SCALE 1); each test comes from an address of its own.
 */
let ctx: TestContext;
let domain: string;
withTestSite(
  (c, d) => {
    ctx = c;
    domain = d;
  },
  { RATE_LIMIT_SCALE: '1' },
);

const RULE = RULES.discountLookups;
let addressSeq = 0;
/** An address no other test uses. */
const address = () => `10.27.${addressSeq++}.19`;

async function member(): Promise<TestMember> {
  const m = await createMember(ctx, domain);
  await setProfile(ctx.database.db, m.id, { country: 'NL' });
  return m;
}

function get(m: TestMember, url: string, ip: string, locale = 'en') {
  return ctx.app.inject({
    method: 'GET',
    url,
    remoteAddress: ip,
    headers: { host: domain, cookie: m.cookie, 'accept-language': locale },
  });
}

function post(m: TestMember, url: string, payload: object, ip: string) {
  return ctx.app.inject({
    method: 'POST',
    url,
    remoteAddress: ip,
    headers: { host: domain, cookie: m.cookie, ...CLIENT },
    payload,
  });
}

const unknownCode = () => `NOPE${randomBytes(5).toString('hex').toUpperCase()}`;
const lookUp = (m: TestMember, ip: string, locale = 'en') =>
  get(m, `/api/discountcode.php?code=${unknownCode()}`, ip, locale);

describe('discount code look-ups are limited', () => {
  it('one member: unknown codes answer 404 up to the limit, then a translated 429 with Retry-After', async () => {
    const m = await member();
    const ip = address();
    const statuses: number[] = [];
    let refused: Awaited<ReturnType<typeof lookUp>> | undefined;
    for (let i = 0; i < 80; i += 1) {
      const res = await lookUp(m, ip, 'nl');
      statuses.push(res.statusCode);
      if (res.statusCode === 429) refused ??= res;
      else expect(res.json().error.code).toBe('code_not_found');
    }
    expect(statuses.filter((s) => s === 404)).toHaveLength(RULE.perMember);
    expect(statuses.slice(RULE.perMember).every((s) => s === 429)).toBe(true);
    expect(refused!.json().error).toEqual({
      code: 'discount_code_attempts',
      message: translate('nl', 'errors.discount_code_attempts'),
    });
    expect(Number(refused!.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused!.headers['retry-after'])).toBeLessThanOrEqual(RULE.windowMinutes * 60);
    // Another member at another address is not affected.
    expect((await lookUp(await member(), address())).statusCode).toBe(404);
  });

  it('one address, many members: refused after the address limit, though no member reached its own', async () => {
    const ip = address();
    const perMember = 10;
    const members = await Promise.all(Array.from({ length: 80 / perMember }, () => member()));
    const statuses: number[] = [];
    for (const m of members)
      for (let i = 0; i < perMember; i += 1) statuses.push((await lookUp(m, ip)).statusCode);
    expect(statuses.filter((s) => s === 404)).toHaveLength(RULE.perAddress);
    expect(statuses.slice(RULE.perAddress).every((s) => s === 429)).toBe(true);
    // The same members from another address still have their own budget left.
    expect((await lookUp(members[0]!, address())).statusCode).toBe(404);
  });

  it('counts a parallel burst exactly', async () => {
    const m = await member();
    const ip = address();
    const answers = await Promise.all(Array.from({ length: 80 }, () => lookUp(m, ip)));
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 404)).toHaveLength(RULE.perMember);
    expect(statuses.filter((s) => s === 429)).toHaveLength(80 - RULE.perMember);
  });

  it('the welcome-code request does not use up the budget', async () => {
    const m = await member();
    const ip = address();
    for (let i = 0; i < RULE.perMember + 10; i += 1)
      expect((await get(m, '/api/discountcode.php?welcome=true', ip)).statusCode).toBe(200);
    const statuses: number[] = [];
    for (let i = 0; i < RULE.perMember; i += 1) statuses.push((await lookUp(m, ip)).statusCode);
    expect(statuses.every((s) => s === 404)).toBe(true);
    expect((await lookUp(m, ip)).statusCode).toBe(429);
    // Still answered once the code budget is used up.
    expect((await get(m, '/api/discountcode.php?welcome=true', ip)).statusCode).toBe(200);
  });

  it('every way of trying a code shares the budget; the same calls without a code are not limited by it', async () => {
    for (const key of Object.keys(CODE_LOOKUP_ROUTES)) {
      const [method, url] = key.split(' ') as ['GET' | 'POST', string];
      expect(ctx.app.hasRoute({ method, url }), key).toBe(true);
    }
    const m = await member();
    const ip = address();
    const credits = await get(m, '/api/credits.php', ip);
    const bundle = creditsResponseSchema.parse(credits.json()).bundles[0]!;
    for (let i = 0; i < RULE.perMember; i += 1) expect((await lookUp(m, ip)).statusCode).toBe(404);

    const offer = await get(
      m,
      `/api/directdebit.php?bundle_id=${bundle.id}&discount_code=${unknownCode()}`,
      ip,
    );
    expect(offer.statusCode).toBe(429);
    const payment = await post(
      m,
      '/api/payment.php',
      { bundle_id: bundle.id, method: 'ideal', discount_code: unknownCode() },
      ip,
    );
    expect(payment.statusCode).toBe(429);
    expect(payment.json().error.code).toBe('discount_code_attempts');
    const debit = await post(
      m,
      '/api/directdebit.php',
      {
        bundle_id: bundle.id,
        account_holder: 'Sanne de Vries',
        iban: 'NL91ABNA0417164300',
        street: 'Keizersgracht',
        house_number: '12A',
        zip: '1015 CS',
        city: 'Amsterdam',
        phone: uniqueMobile(),
        authorise: true,
        discount_code: unknownCode(),
      },
      ip,
    );
    expect(debit.statusCode).toBe(429);

    // Without a code: answered as always.
    expect((await get(m, `/api/directdebit.php?bundle_id=${bundle.id}`, ip)).statusCode).toBe(200);
    const plain = await post(m, '/api/payment.php', { bundle_id: bundle.id, method: 'ideal' }, ip);
    expect(plain.statusCode, plain.body).toBe(200);
  });
});
