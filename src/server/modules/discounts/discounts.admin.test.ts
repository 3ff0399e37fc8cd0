import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  type AdminDiscountInput,
  adminDiscountResponseSchema,
  adminDiscountsResponseSchema,
  adminDiscountUsesResponseSchema,
} from '../../../shared/schemas/admin-discounts';
import { createPaymentResponseSchema, creditsResponseSchema } from '../../../shared/schemas/payments';
import { payments, staffAuditLog } from '../../db/schema';
import { createMember, type TestMember } from '../../test/factories';
import { signInStaff, signInStaffAs } from '../../test/staff';
import { type TestContext, withTestSite } from '../../test/test-app';
import { call, setProfile } from '../member-profile/member-profile.fixtures';

/** The console's discount codes (issue 22, point 7): made, used within their limits, disabled, and their use seen. */
let ctx: TestContext;
let domain: string;
withTestSite((c, d) => {
  ctx = c;
  domain = d;
});

const db = () => ctx.database.db;
const uniqueCode = (prefix: string) => `${prefix}-${randomBytes(4).toString('hex')}`.toUpperCase();
const codeInput = (over: Partial<AdminDiscountInput> = {}): AdminDiscountInput => ({
  code: uniqueCode('TEST'),
  value_percentage: 20,
  validity: 'multiple',
  max_uses: null,
  starts_at: null,
  expires: null,
  country: null,
  currency: null,
  minimum_order_value: 0,
  paymentmethods: [],
  user_id: null,
  ...over,
});
const create = async (admin: Record<string, string>, body: AdminDiscountInput) => {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/admin/discounts.php',
    headers: admin,
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return adminDiscountResponseSchema.parse(res.json()).code;
};
const member = async () => {
  const m = await createMember(ctx, domain);
  await setProfile(db(), m.id, { country: 'NL' });
  return m;
};
const lookup = (m: TestMember, code: string) =>
  call(ctx, domain, 'GET', `/api/discountcode.php?code=${encodeURIComponent(code)}`, m.cookie);
const buy = async (m: TestMember, code: string) => {
  const list = creditsResponseSchema.parse(
    (await call(ctx, domain, 'GET', '/api/credits.php', m.cookie)).json(),
  );
  const bundle = list.bundles[0]!;
  const res = await call(ctx, domain, 'POST', '/api/payment.php', m.cookie, {
    bundle_id: bundle.id,
    method: 'ideal',
    discount_code: code,
  });
  return { res, bundle };
};

describe('discount codes in the console', () => {
  it('a multi-use code with a most number of uses: used up to it, then refused; its uses show who, when and which order', async () => {
    const { headers: admin, staff } = await signInStaffAs(ctx.app, 'admin');
    const code = await create(admin, codeInput({ max_uses: 2, value_percentage: 25 }));
    expect(code).toMatchObject({
      kind: 'standard',
      validity: 'multiple',
      max_uses: 2,
      status: 'active',
      used: 0,
    });
    const [m1, m2, m3] = [await member(), await member(), await member()];
    const first = await buy(m1, code.code.toLowerCase());
    expect(first.res.statusCode, first.res.body).toBe(200);
    const paid = createPaymentResponseSchema.parse(first.res.json()).payment;
    const [row] = await db().select().from(payments).where(eq(payments.id, paid.id));
    expect(row).toMatchObject({
      discountCode: code.code,
      listAmountMinor: first.bundle.amount,
      amountMinor: first.bundle.amount - Math.floor((first.bundle.amount * 25) / 100),
    });
    expect((await buy(m2, code.code)).res.statusCode).toBe(200);
    // Two uses reserved: the third member is told the code is used, and cannot pay with it.
    expect((await lookup(m3, code.code)).statusCode).toBe(409);
    const third = await buy(m3, code.code);
    expect(third.res.statusCode).toBe(409);
    expect(third.res.json().error.code).toBe('code_used');

    const uses = adminDiscountUsesResponseSchema.parse(
      (
        await ctx.app.inject({
          method: 'GET',
          url: `/api/admin/discount-uses.php?id=${code.id}`,
          headers: admin,
        })
      ).json(),
    );
    expect(uses.code).toMatchObject({ reserved: 2, used: 0 });
    expect(uses.uses.map((u) => u.user_id).sort()).toEqual([m1.id, m2.id].sort());
    const use1 = uses.uses.find((u) => u.user_id === m1.id)!;
    expect(use1).toMatchObject({ member_name: m1.name, status: 'reserved' });
    expect(use1.payment).toMatchObject({
      id: paid.id,
      list_amount_minor: first.bundle.amount,
      currency: 'EUR',
    });

    const [audit] = await db()
      .select()
      .from(staffAuditLog)
      .where(and(eq(staffAuditLog.action, 'discount.create'), eq(staffAuditLog.targetId, String(code.id))));
    expect(audit).toMatchObject({ staffId: staff.id, targetType: 'discount_code' });
    expect(audit!.after).toMatchObject({ code: code.code, max_uses: 2 });
  });

  it('a single-use code is used once in all; disabling a code refuses it and is audited', async () => {
    const admin = await signInStaff(ctx.app, 'admin');
    const single = await create(admin, codeInput({ validity: 'single' }));
    const [m1, m2] = [await member(), await member()];
    expect((await buy(m1, single.code)).res.statusCode).toBe(200);
    expect((await buy(m2, single.code)).res.statusCode).toBe(409);

    const multi = await create(admin, codeInput());
    expect((await lookup(m2, multi.code)).statusCode).toBe(200);
    const off = await ctx.app.inject({
      method: 'PUT',
      url: `/api/admin/discounts.php?id=${multi.id}`,
      headers: admin,
      payload: { status: 'disabled' },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(adminDiscountResponseSchema.parse(off.json()).code.status).toBe('disabled');
    expect((await lookup(m2, multi.code)).statusCode).toBe(404);
    const audit = await db()
      .select()
      .from(staffAuditLog)
      .where(and(eq(staffAuditLog.action, 'discount.disable'), eq(staffAuditLog.targetId, String(multi.id))));
    expect(audit[0]?.before).toEqual({ status: 'active' });

    const listed = adminDiscountsResponseSchema.parse(
      (
        await ctx.app.inject({
          method: 'GET',
          url: `/api/admin/discounts.php?q=${multi.code.slice(5)}&status=disabled`,
          headers: admin,
        })
      ).json(),
    );
    expect(listed.codes.map((c) => c.id)).toEqual([multi.id]);
  });

  it('a validity window: refused before it starts and after it ends', async () => {
    const admin = await signInStaff(ctx.app, 'admin');
    const m = await member();
    const later = new Date(Date.now() + 86_400_000);
    const future = await create(admin, codeInput({ starts_at: later.toISOString() }));
    expect((await lookup(m, future.code)).statusCode).toBe(404);
    const past = await create(
      admin,
      codeInput({
        starts_at: new Date(Date.now() - 2 * 86_400_000).toISOString(),
        expires: new Date(Date.now() - 86_400_000).toISOString(),
      }),
    );
    expect((await lookup(m, past.code)).statusCode).toBe(410);
    const now = await create(admin, codeInput({ expires: later.toISOString(), country: 'NL' }));
    expect((await lookup(m, now.code)).statusCode).toBe(200);
  });

  it('refuses a bad code text, a taken code and an end before the start, per field; moderators get 403', async () => {
    const admin = await signInStaff(ctx.app, 'admin');
    const first = await create(admin, codeInput());
    const post = (body: object, headers = admin) =>
      ctx.app.inject({ method: 'POST', url: '/api/admin/discounts.php', headers, payload: body });
    const taken = await post(codeInput({ code: first.code.toLowerCase() }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.fields.code).toBeTruthy();
    const bad = await post(codeInput({ code: 'x y' }));
    expect(bad.json().error.fields.code).toBeTruthy();
    const window = await post(
      codeInput({ starts_at: '2030-01-02T00:00:00Z', expires: '2030-01-01T00:00:00Z' }),
    );
    expect(window.json().error.fields.expires).toBeTruthy();
    const percent = await post(codeInput({ value_percentage: 0 }));
    expect(percent.json().error.fields.value_percentage).toBeTruthy();
    const moderator = await signInStaff(ctx.app, 'moderator');
    expect((await post(codeInput(), moderator)).statusCode).toBe(403);
  });
});
