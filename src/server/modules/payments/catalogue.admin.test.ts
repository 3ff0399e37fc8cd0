import { randomBytes } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  type AdminBundle,
  type AdminBundleInput,
  adminBundleResponseSchema,
  adminCatalogueResponseSchema,
} from '../../../shared/schemas/admin-catalogue';
import { createPaymentResponseSchema, creditsResponseSchema } from '../../../shared/schemas/payments';
import { payments, staffAuditLog, testProviderPayments } from '../../db/schema';
import { createMember, type TestMember } from '../../test/factories';
import { signInStaff, signInStaffAs } from '../../test/staff';
import { type TestContext, withTestSite } from '../../test/test-app';
import { call, setProfile } from '../member-profile/member-profile.fixtures';

/**
 * The console's catalogue (issue 22, point 7): a price set in the console is the price /api/credits.php shows and the
 * payment checkout makes. The bundles here are priced in New Zealand only (no other test buys there), so a shared
 * PostgreSQL's other tests never see them; each test disables its bundle at the end.
 */
let ctx: TestContext;
let domain: string;
withTestSite((c, d) => {
  ctx = c;
  domain = d;
});

const COUNTRY = 'NZ';
const db = () => ctx.database.db;
const code = () => `test-${randomBytes(4).toString('hex')}`;
const input = (amount: number, over: Partial<AdminBundleInput> = {}): AdminBundleInput => ({
  code: code(),
  credits: 77,
  style: 'p2',
  best_value: false,
  active: true,
  listed: true,
  prices: [{ country: COUNTRY, currency: 'NZD', amount_minor: amount, vat_rate_bp: 1500 }],
  ...over,
});

const nzMember = async () => {
  const m = await createMember(ctx, domain);
  await setProfile(db(), m.id, { country: COUNTRY });
  return m;
};
const priceList = async (m: TestMember) => {
  const res = await call(ctx, domain, 'GET', '/api/credits.php', m.cookie);
  expect(res.statusCode, res.body).toBe(200);
  return creditsResponseSchema.parse(res.json());
};
const save = async (headers: Record<string, string>, body: AdminBundleInput, id?: number) => {
  const res = await ctx.app.inject({
    method: id ? 'PUT' : 'POST',
    url: id ? `/api/admin/catalogue.php?id=${id}` : '/api/admin/catalogue.php',
    headers,
    payload: body,
  });
  return res;
};
const saved = async (headers: Record<string, string>, body: AdminBundleInput, id?: number) => {
  const res = await save(headers, body, id);
  expect(res.statusCode, res.body).toBe(200);
  return adminBundleResponseSchema.parse(res.json()).bundle;
};
const inputOf = (b: AdminBundle): AdminBundleInput => ({
  code: b.code,
  credits: b.credits,
  style: b.style,
  best_value: b.best_value,
  active: b.active,
  listed: b.listed,
  prices: b.prices,
});

describe('catalogue in the console', () => {
  it('a price changed in the console is what /api/credits.php shows and what checkout charges', async () => {
    const { headers: admin, staff } = await signInStaffAs(ctx.app, 'admin');
    const bundle = await saved(admin, input(1234));
    const member = await nzMember();
    expect((await priceList(member)).bundles.find((b) => b.id === bundle.id)).toMatchObject({
      amount: 1234,
      currency: 'NZD',
      credits: 77,
      vat_rate_bp: 1500,
    });

    const changed = await saved(
      admin,
      { ...inputOf(bundle), prices: [{ ...bundle.prices[0]!, amount_minor: 1599 }] },
      bundle.id,
    );
    expect(changed.prices).toEqual([
      { country: COUNTRY, currency: 'NZD', amount_minor: 1599, vat_rate_bp: 1500 },
    ]);
    const list = await priceList(member);
    const shown = list.bundles.find((b) => b.id === bundle.id)!;
    expect(shown.amount).toBe(1599);
    expect(shown.per_message).toBe(Math.ceil((1599 * list.unit_prices.message!.credits) / 77));

    const pay = await call(ctx, domain, 'POST', '/api/payment.php', member.cookie, {
      bundle_id: bundle.id,
      method: list.methods[0],
    });
    expect(pay.statusCode, pay.body).toBe(200);
    const payment = createPaymentResponseSchema.parse(pay.json()).payment;
    const [row] = await db().select().from(payments).where(eq(payments.id, payment.id));
    expect(row).toMatchObject({ amountMinor: 1599, currency: 'NZD', credits: 77, country: COUNTRY });
    const [atProvider] = await db()
      .select()
      .from(testProviderPayments)
      .where(eq(testProviderPayments.id, row!.providerPaymentId!));
    expect(atProvider).toMatchObject({ amountMinor: 1599, currency: 'NZD' });

    const [audit] = await db()
      .select()
      .from(staffAuditLog)
      .where(
        and(
          eq(staffAuditLog.action, 'catalogue.bundle.update'),
          eq(staffAuditLog.targetId, String(bundle.id)),
        ),
      )
      .orderBy(desc(staffAuditLog.id))
      .limit(1);
    expect(audit).toMatchObject({ staffId: staff.id, targetType: 'bundle' });
    expect(audit!.before).toMatchObject({ prices: [{ amount_minor: 1234 }] });
    expect(audit!.after).toMatchObject({ prices: [{ amount_minor: 1599 }] });

    // Sold: the credits stay (a new bundle is made instead); disabling takes it off the list and out of checkout.
    const credits = await save(admin, { ...inputOf(changed), credits: 80 }, bundle.id);
    expect(credits.statusCode).toBe(409);
    expect(credits.json().error.fields.credits).toBeTruthy();
    await saved(admin, { ...inputOf(changed), active: false }, bundle.id);
    expect((await priceList(member)).bundles.some((b) => b.id === bundle.id)).toBe(false);
    const refused = await call(ctx, domain, 'POST', '/api/payment.php', member.cookie, {
      bundle_id: bundle.id,
      method: list.methods[0],
    });
    expect(refused.statusCode).not.toBe(200);
  });

  it("refuses a price in another currency than the country's, a country twice and a taken code, per field", async () => {
    const admin = await signInStaff(ctx.app, 'admin');
    const wrongCurrency = await save(
      admin,
      input(999, { prices: [{ country: 'NZ', currency: 'EUR', amount_minor: 999, vat_rate_bp: 0 }] }),
    );
    expect(wrongCurrency.statusCode).toBe(400);
    expect(wrongCurrency.json().error.fields['prices.0.currency']).toContain('NZD');
    const twice = await save(
      admin,
      input(999, {
        prices: [
          { country: 'NZ', currency: 'NZD', amount_minor: 999, vat_rate_bp: 1500 },
          { country: 'NZ', currency: 'NZD', amount_minor: 1099, vat_rate_bp: 1500 },
        ],
      }),
    );
    expect(twice.json().error.fields['prices.1.country']).toBeTruthy();
    const zero = await save(admin, input(0));
    expect(zero.statusCode).toBe(400);
    expect(Object.keys(zero.json().error.fields)).toContain('prices.0.amount_minor');
    const first = await saved(admin, input(999, { active: false }));
    const taken = await save(admin, input(999, { code: first.code, active: false }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.fields.code).toBeTruthy();
  });

  it('puts a bundle first in the order, keeping the order of the others', async () => {
    const admin = await signInStaff(ctx.app, 'admin');
    const bundle = await saved(admin, input(1111));
    const all = adminCatalogueResponseSchema.parse(
      (await ctx.app.inject({ method: 'GET', url: '/api/admin/catalogue.php', headers: admin })).json(),
    );
    expect(all.countries).toContainEqual({ country: 'NZ', currency: 'NZD', vat_rate_bp: 1500 });
    const others = all.bundles.map((b) => b.id).filter((id) => id !== bundle.id);
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/admin/catalogue-order.php',
      headers: admin,
      payload: { ids: [bundle.id, ...others] },
    });
    expect(res.statusCode, res.body).toBe(200);
    const ordered = adminCatalogueResponseSchema.parse(res.json()).bundles.map((b) => b.id);
    expect(ordered).toEqual([bundle.id, ...others]);
    const member = await nzMember();
    expect((await priceList(member)).bundles[0]!.id).toBe(bundle.id);
    const incomplete = await ctx.app.inject({
      method: 'PUT',
      url: '/api/admin/catalogue-order.php',
      headers: admin,
      payload: { ids: [bundle.id] },
    });
    expect(incomplete.statusCode).toBe(400);
    await saved(admin, { ...inputOf(bundle), active: false }, bundle.id);
  });

  it('is for admins only', async () => {
    const moderator = await signInStaff(ctx.app, 'moderator');
    const res = await save(moderator, input(999));
    expect(res.statusCode).toBe(403);
  });
});
