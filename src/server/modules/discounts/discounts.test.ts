import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { RULES } from '../../../shared/rules';
import { discountResponseSchema, timeBonusResponseSchema } from '../../../shared/schemas/discounts';
import { creditsResponseSchema } from '../../../shared/schemas/payments';
import { discountCodes, discountRedemptions, payments, sites, users } from '../../db/schema';
import { createMember, type TestMember } from '../../test/factories';
import { type TestContext, withTestSite } from '../../test/test-app';
import { call, setProfile } from '../member-profile/member-profile.fixtures';
import type { createTestProvider } from '../payments/providers/test-provider';

let ctx: TestContext;
let domain: string;
withTestSite((c, d) => {
  ctx = c;
  domain = d;
});

const db = () => ctx.database.db;
const HOUR = 3_600_000;
let seq = 0;
const uniqueCode = (prefix: string) => `${prefix}${Date.now().toString(36).toUpperCase()}${seq++}`;

async function member(country = 'NL'): Promise<TestMember> {
  const m = await createMember(ctx, domain);
  await setProfile(db(), m.id, { country });
  return m;
}
/** Moves the member's signup back in time (the windows count from it): a fake clock for the member. */
async function signedUpAgo(m: TestMember, ms: number) {
  await db()
    .update(users)
    .set({ signupDate: new Date(Date.now() - ms) })
    .where(eq(users.id, m.id));
}
async function addCode(values: Partial<typeof discountCodes.$inferInsert> = {}) {
  const code = values.code ?? uniqueCode('SAVE');
  await db()
    .insert(discountCodes)
    .values({ code, valuePercentage: 20, ...values });
  return code;
}
async function bundles(m: TestMember) {
  return creditsResponseSchema.parse((await call(ctx, domain, 'GET', '/api/credits.php', m.cookie)).json())
    .bundles;
}
const lookup = (m: TestMember, query: string, cookie = m.cookie) =>
  call(ctx, domain, 'GET', `/api/discountcode.php?${query}`, cookie);
const pay = (m: TestMember, bundleId: number, code?: string, method = 'ideal') =>
  call(ctx, domain, 'POST', '/api/payment.php', m.cookie, {
    bundle_id: bundleId,
    method,
    ...(code ? { discount_code: code } : {}),
  });
async function settle(paymentId: number, outcome: 'paid' | 'failed' | 'canceled' | 'expired') {
  const [row] = await db().select().from(payments).where(eq(payments.id, paymentId));
  const provider = ctx.app.paymentProvider as ReturnType<typeof createTestProvider>;
  await provider.settle(row!.providerPaymentId!, outcome);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/payment-webhook.php',
    headers: { host: domain, 'content-type': 'application/json' },
    payload: { id: row!.providerPaymentId },
  });
  expect(res.statusCode).toBe(200);
}
async function redemptions(paymentId: number) {
  return db().select().from(discountRedemptions).where(eq(discountRedemptions.paymentId, paymentId));
}

describe('discount codes', () => {
  it('says "Code niet gevonden" for an unknown code, and prices a bundle with a known one', async () => {
    const m = await member();
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/discountcode.php?code=NOPE123',
      headers: { host: domain, cookie: `${m.cookie}; i18n_redirected=nl` },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toEqual({ code: 'code_not_found', message: 'Code niet gevonden' });

    const code = await addCode({ valuePercentage: 20 });
    const bundle = (await bundles(m))[1]!;
    const found = discountResponseSchema.parse(
      (await lookup(m, `code=${code.toLowerCase()}&bundle_id=${bundle.id}`)).json(),
    );
    expect(found.discount_code).toMatchObject({
      code,
      value_percentage: 20,
      percentage: 20,
      validity: 'single',
    });
    const discount = Math.floor((bundle.amount * 20) / 100);
    expect(found.price).toEqual({
      list_amount: bundle.amount,
      discount,
      amount: bundle.amount - discount,
      currency: 'EUR',
      // one message at that price, rounded up (5 credits a message)
      per_message: Math.ceil(((bundle.amount - discount) * 5) / bundle.credits),
    });
  });

  it('charges the discounted price, uses a single-use code once paid, and says "Code reeds gebruikt" after', async () => {
    const [a, b] = [await member(), await member()];
    const code = await addCode({ valuePercentage: 30 });
    const bundle = (await bundles(a))[0]!;
    const res = await pay(a, bundle.id, code);
    expect(res.statusCode, res.body).toBe(200);
    const paymentId = res.json().payment.id as number;
    const [row] = await db().select().from(payments).where(eq(payments.id, paymentId));
    const discount = Math.floor((bundle.amount * 30) / 100);
    expect(row).toMatchObject({
      amountMinor: bundle.amount - discount,
      listAmountMinor: bundle.amount,
      discountMinor: discount,
      discountCode: code,
    });
    // Reserved: nobody else may start a payment with it meanwhile.
    expect((await pay(b, bundle.id, code)).json().error.code).toBe('code_used');
    await settle(paymentId, 'paid');
    expect((await redemptions(paymentId))[0]!.status).toBe('used');
    const again = await ctx.app.inject({
      method: 'GET',
      url: `/api/discountcode.php?code=${code}`,
      headers: { host: domain, cookie: `${b.cookie}; i18n_redirected=nl` },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('Code reeds gebruikt');
  });

  it('gives a single-use code back when its payment fails, is canceled or expires', async () => {
    const m = await member();
    const code = await addCode();
    const bundle = (await bundles(m))[0]!;
    for (const outcome of ['failed', 'canceled', 'expired'] as const) {
      const res = await pay(m, bundle.id, code);
      expect(res.statusCode, res.body).toBe(200);
      await settle(res.json().payment.id, outcome);
      expect((await redemptions(res.json().payment.id))[0]!.status).toBe('released');
    }
    expect((await pay(m, bundle.id, code)).statusCode).toBe(200);
  });

  it('two payments racing for one single-use code use it once', async () => {
    const members = await Promise.all(Array.from({ length: 6 }, () => member()));
    const code = await addCode();
    const bundle = (await bundles(members[0]!))[0]!;
    const answers = await Promise.all(members.map((m) => pay(m, bundle.id, code)));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 409).map((r) => r.json().error.code)).toEqual(
      Array(5).fill('code_used'),
    );
  });

  it('refuses an expired code, another country’s, an order below the minimum and a method the code does not allow', async () => {
    const nl = await member('NL');
    const bundle = (await bundles(nl))[0]!;
    const cases: [Partial<typeof discountCodes.$inferInsert>, string, number][] = [
      [{ expires: new Date(Date.now() - 1000) }, 'code_expired', 410],
      [{ country: 'DE' }, 'code_wrong_country', 403],
      [{ currency: 'PLN' }, 'code_wrong_country', 403],
      [{ minimumOrderValue: bundle.amount + 1 }, 'code_minimum_order', 400],
      [{ paymentmethods: ['paypal'] }, 'code_method_not_allowed', 400],
      [{ status: 'disabled' }, 'code_not_found', 404],
    ];
    for (const [values, error, status] of cases) {
      const code = await addCode(values);
      const res = await pay(nl, bundle.id, code);
      expect(res.statusCode, error).toBe(status);
      expect(res.json().error.code).toBe(error);
      expect(res.json().error.message).not.toBe(`errors.${error}`);
    }
    const minimum = await addCode({ minimumOrderValue: 50_000 });
    expect((await pay(nl, bundle.id, minimum)).json().error.message).toContain('500.00');
    // A code of one member does not exist for another.
    const owner = await member();
    const own = await addCode({ userId: owner.id, kind: 'retention', validity: 'once_per_user' });
    expect((await lookup(nl, `code=${own}`)).statusCode).toBe(404);
    expect((await lookup(owner, `code=${own}`)).statusCode).toBe(200);
  });
});

describe('the welcome discount and the time bonus', () => {
  it('offers the welcome code for welcome_discount_hours after signup, to members who have not paid', async () => {
    const m = await member();
    const [site] = await db().select().from(sites).where(eq(sites.domain, domain));
    const hours = site!.welcomeDiscountHours;
    const res = discountResponseSchema.parse((await lookup(m, 'welcome=true')).json());
    expect(res.discount_code).toMatchObject({
      code: RULES.welcomeDiscount.code,
      value_percentage: RULES.welcomeDiscount.percentage,
      expired: false,
    });
    const [user] = await db().select().from(users).where(eq(users.id, m.id));
    expect(new Date(res.discount_code!.expires!).getTime()).toBe(user!.signupDate.getTime() + hours * HOUR);
    await signedUpAgo(m, hours * HOUR + 1000);
    expect((await lookup(m, 'welcome=true')).json().discount_code).toBeNull();
    expect((await lookup(m, `code=${RULES.welcomeDiscount.code}`)).json().error.code).toBe('code_expired');
  });

  it('shows the time bonus for 4 hours after signup until the member pays, and takes 25 % off once', async () => {
    const m = await member();
    const bonus = timeBonusResponseSchema.parse(
      (await call(ctx, domain, 'GET', '/api/time-bonus.php', m.cookie)).json(),
    );
    expect(bonus).toMatchObject({ visible: true, code: 'TIMEBONUS25', percentage: 25 });
    expect(bonus.seconds_left).toBeGreaterThan(RULES.timeBonus.windowSeconds - 60);
    expect(bonus.seconds_left).toBeLessThanOrEqual(RULES.timeBonus.windowSeconds);

    // 3 h 59 min later: still there, a minute left.
    await signedUpAgo(m, RULES.timeBonus.windowSeconds * 1000 - 60_000);
    const late = (await call(ctx, domain, 'GET', '/api/time-bonus.php', m.cookie)).json();
    expect(late.visible).toBe(true);
    expect(late.seconds_left).toBeLessThanOrEqual(60);
    const bundle = (await bundles(m))[0]!;
    const res = await pay(m, bundle.id, 'TIMEBONUS25');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().payment.amount).toBe(bundle.amount - Math.floor(bundle.amount / 4));
    await settle(res.json().payment.id, 'paid');
    // Paid: no bonus any more, and the code is used.
    expect((await call(ctx, domain, 'GET', '/api/time-bonus.php', m.cookie)).json().visible).toBe(false);
    expect((await pay(m, bundle.id, 'TIMEBONUS25')).json().error.code).toBe('code_used');
    expect((await lookup(m, 'welcome=true')).json().discount_code).toBeNull();

    // After 4 hours there is no bonus.
    const n = await member();
    await signedUpAgo(n, RULES.timeBonus.windowSeconds * 1000 + 1000);
    expect((await call(ctx, domain, 'GET', '/api/time-bonus.php', n.cookie)).json()).toMatchObject({
      visible: false,
      seconds_left: 0,
    });
    expect((await pay(n, bundle.id, 'TIMEBONUS25')).json().error.code).toBe('code_expired');
  });

  it('needs a session', async () => {
    for (const url of ['/api/discountcode.php?welcome=true', '/api/time-bonus.php'])
      expect((await call(ctx, domain, 'GET', url)).statusCode).toBe(403);
  });
});
