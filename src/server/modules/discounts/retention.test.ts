import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { RULES } from '../../../shared/rules';
import { deleteOffersResponseSchema, takeDeleteOfferResponseSchema } from '../../../shared/schemas/accounts';
import { catalogBundles, users } from '../../db/schema';
import { createMember, type TestMember } from '../../test/factories';
import { type TestContext, withTestSite } from '../../test/test-app';
import { call, setProfile } from '../member-profile/member-profile.fixtures';
import { TRIAL_BUNDLE_CODE } from '../payments/catalogue-defaults';

let ctx: TestContext;
let domain: string;
withTestSite((c, d) => {
  ctx = c;
  domain = d;
});
const db = () => ctx.database.db;

async function member(): Promise<TestMember> {
  const m = await createMember(ctx, domain);
  await setProfile(db(), m.id, { country: 'NL' });
  return m;
}
const offers = async (m: TestMember) =>
  deleteOffersResponseSchema.parse(
    (await call(ctx, domain, 'GET', '/api/delete-offers.php', m.cookie)).json(),
  ).offers;
const takeDiscount = (m: TestMember) =>
  call(ctx, domain, 'POST', '/api/delete-offers.php', m.cookie, { offer: 'discount' });

describe('retention offers before account deletion', () => {
  it('offers the unlisted trial package to members who have not paid, bought in one step', async () => {
    const m = await member();
    const o = await offers(m);
    const [trial] = await db()
      .select()
      .from(catalogBundles)
      .where(eq(catalogBundles.code, TRIAL_BUNDLE_CODE));
    expect(o.trial).toEqual({ bundle_id: trial!.id, credits: 10, amount: 295, currency: 'EUR' });
    expect(o.trial_package).toBe(true);
    // Not in the catalogue screens…
    const credits = (await call(ctx, domain, 'GET', '/api/credits.php', m.cookie)).json();
    expect(credits.bundles.map((b: { id: number }) => b.id)).not.toContain(trial!.id);
    // …but a payment of it can be started at once.
    const pay = await call(ctx, domain, 'POST', '/api/payment.php', m.cookie, {
      bundle_id: trial!.id,
      method: 'ideal',
    });
    expect(pay.statusCode, pay.body).toBe(200);
    expect(pay.json().payment).toMatchObject({ amount: 295, credits: 10 });
    // Members who paid get no trial, and cannot buy it.
    await db().update(users).set({ paidUser: true }).where(eq(users.id, m.id));
    expect((await offers(m)).trial).toBeNull();
    const refused = await call(ctx, domain, 'POST', '/api/payment.php', m.cookie, {
      bundle_id: trial!.id,
      method: 'ideal',
    });
    expect(refused.statusCode).toBe(404);
  });

  it('makes the member a discount code of the company’s delete_discount, once, usable only by that member', async () => {
    const m = await member();
    const o = await offers(m);
    const res = await takeDiscount(m);
    expect(res.statusCode, res.body).toBe(200);
    const code = takeDeleteOfferResponseSchema.parse(res.json());
    expect(code.code).toMatch(new RegExp(`^${RULES.retention.codePrefix}-[A-Z2-9]{6}$`));
    expect(code.percentage).toBe(o.discount_percentage);
    const days = (new Date(code.expires).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(RULES.retention.discountDays - 0.01);
    expect(days).toBeLessThanOrEqual(RULES.retention.discountDays);
    // Asked again: the same code.
    expect((await takeDiscount(m)).json().code).toBe(code.code);
    // Only for this member.
    const other = await member();
    expect(
      (await call(ctx, domain, 'GET', `/api/discountcode.php?code=${code.code}`, other.cookie)).statusCode,
    ).toBe(404);
    const bundle = (await call(ctx, domain, 'GET', '/api/credits.php', m.cookie)).json().bundles[0];
    const pay = await call(ctx, domain, 'POST', '/api/payment.php', m.cookie, {
      bundle_id: bundle.id,
      method: 'ideal',
      discount_code: code.code,
    });
    expect(pay.statusCode, pay.body).toBe(200);
    expect(pay.json().payment.amount).toBe(
      bundle.amount - Math.floor((bundle.amount * code.percentage) / 100),
    );
  });

  it('needs a session and a known offer', async () => {
    expect(
      (await call(ctx, domain, 'POST', '/api/delete-offers.php', undefined, { offer: 'discount' }))
        .statusCode,
    ).toBe(403);
    const m = await member();
    expect(
      (await call(ctx, domain, 'POST', '/api/delete-offers.php', m.cookie, { offer: 'money' })).statusCode,
    ).toBe(400);
  });
});
