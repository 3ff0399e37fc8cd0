import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPaymentResponseSchema, creditsResponseSchema } from '../../../shared/schemas/payments';
import { creditLedger, payments, staffAuditLog, users } from '../../db/schema';
import { createMember, type TestMember } from '../../test/factories';
import { signInStaff, signInStaffAs } from '../../test/staff';
import { buildTestApp, type TestContext } from '../../test/test-app';
import { call, setProfile } from '../member-profile/member-profile.fixtures';
import { flakyTestProvider } from '../payments/payments.fixtures';

/** Credit adjustments and refunds by staff (issue 22, point 6), through the built-in test provider. */
let ctx: TestContext;
let domain: string;
const flaky = flakyTestProvider();
let inner: ReturnType<typeof flaky.inner>;

beforeAll(async () => {
  ctx = await buildTestApp({}, { paymentProvider: flaky.provider });
  flaky.attach(ctx.database.db);
  inner = flaky.inner();
  domain = (await ctx.createSite()).domain;
});
afterAll(async () => {
  await ctx?.close();
});

const db = () => ctx.database.db;
const balance = async (id: number) =>
  (await db().select({ credits: users.credits }).from(users).where(eq(users.id, id)))[0]!.credits;
const ledgerOf = (id: number) => db().select().from(creditLedger).where(eq(creditLedger.userId, id));
const adjust = (headers: Record<string, string>, member: number, delta: number, requestId = randomUUID()) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/admin/member-credits.php',
    headers,
    payload: { member, delta, reason: 'Goodwill after a support ticket', request_id: requestId },
  });
const refund = (headers: Record<string, string>, member: number, payment: number) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/admin/member-refund.php',
    headers,
    payload: { member, payment },
  });
const audit = (action: string, targetType: string, targetId: number) =>
  db()
    .select()
    .from(staffAuditLog)
    .where(
      and(
        eq(staffAuditLog.action, action),
        eq(staffAuditLog.targetType, targetType),
        eq(staffAuditLog.targetId, String(targetId)),
      ),
    );

async function paidPayment(m: TestMember) {
  // iDEAL is offered in the Netherlands.
  await setProfile(db(), m.id, { country: 'NL' });
  const prices = creditsResponseSchema.parse(
    (await call(ctx, domain, 'GET', '/api/credits.php', m.cookie)).json(),
  );
  const res = await call(ctx, domain, 'POST', '/api/payment.php', m.cookie, {
    bundle_id: prices.bundles[0]!.id,
    method: 'ideal',
  });
  expect(res.statusCode, res.body).toBe(200);
  const payment = createPaymentResponseSchema.parse(res.json()).payment;
  const [row] = await db().select().from(payments).where(eq(payments.id, payment.id));
  await inner.settle(row!.providerPaymentId!, 'paid');
  const hook = await ctx.app.inject({
    method: 'POST',
    url: '/api/payment-webhook.php',
    headers: { host: domain, 'content-type': 'application/x-www-form-urlencoded' },
    payload: `id=${row!.providerPaymentId}`,
  });
  expect(hook.statusCode).toBe(200);
  return payment;
}

describe('credit adjustments', () => {
  it('adds and takes credits with a ledger row naming the staff member and the reason, audited', async () => {
    const { staff, headers } = await signInStaffAs(ctx.app, 'admin');
    const m = await createMember(ctx, domain);
    const start = await balance(m.id);

    const up = await adjust(headers, m.id, 40);
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json()).toEqual({ credits: start + 40, applied: true });
    const down = await adjust(headers, m.id, -15);
    expect(down.json()).toEqual({ credits: start + 25, applied: true });
    expect(await balance(m.id)).toBe(start + 25);

    const rows = (await ledgerOf(m.id)).filter((r) => r.reason === 'staff_adjustment');
    expect(rows.map((r) => [r.delta, r.staffId, r.note])).toEqual(
      expect.arrayContaining([
        [40, staff.id, 'Goodwill after a support ticket'],
        [-15, staff.id, 'Goodwill after a support ticket'],
      ]),
    );
    const audited = await audit('member.credits.adjust', 'member', m.id);
    expect(audited).toHaveLength(2);
    expect(audited.map((a) => a.staffId)).toEqual([staff.id, staff.id]);
    expect(audited[0]!.before).toEqual({ credits: start });

    // The member's own view shows the new balance at once.
    const me = await call(ctx, domain, 'GET', '/api/user.php', m.cookie);
    expect(me.json().user.credits).toBe(start + 25);
  });

  it('never takes the balance below zero, and says so', async () => {
    const headers = await signInStaff(ctx.app, 'admin');
    const m = await createMember(ctx, domain);
    const start = await balance(m.id);
    const rowsBefore = (await ledgerOf(m.id)).length;
    const res = await adjust(headers, m.id, -(start + 1));
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('credits_would_be_negative');
    expect(res.json().error.message).toContain(String(start));
    expect(await balance(m.id)).toBe(start);
    expect(await ledgerOf(m.id)).toHaveLength(rowsBefore);
    expect(await audit('member.credits.adjust', 'member', m.id)).toEqual([]);
  });

  it('applies a request once, however often it is sent', async () => {
    const headers = await signInStaff(ctx.app, 'admin');
    const m = await createMember(ctx, domain);
    const start = await balance(m.id);
    const id = randomUUID();
    const sent = await Promise.all([adjust(headers, m.id, 7, id), adjust(headers, m.id, 7, id)]);
    expect(sent.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(sent.map((r) => r.json().applied).sort()).toEqual([false, true]);
    expect(await balance(m.id)).toBe(start + 7);
    expect(await audit('member.credits.adjust', 'member', m.id)).toHaveLength(1);
  });

  it('is exact under parallel adjustments, and refuses exactly the ones that would go below zero', async () => {
    const headers = await signInStaff(ctx.app, 'admin');
    const m = await createMember(ctx, domain);
    await db().update(users).set({ credits: 0 }).where(eq(users.id, m.id));
    const ups = await Promise.all(Array.from({ length: 12 }, () => adjust(headers, m.id, 5)));
    expect(ups.every((r) => r.statusCode === 200)).toBe(true);
    expect(await balance(m.id)).toBe(60);
    // Ten takes of 8 from 60: seven fit, three are refused, whatever the order.
    const downs = await Promise.all(Array.from({ length: 10 }, () => adjust(headers, m.id, -8)));
    expect(downs.filter((r) => r.statusCode === 200)).toHaveLength(7);
    expect(downs.filter((r) => r.statusCode === 409)).toHaveLength(3);
    expect(await balance(m.id)).toBe(4);
    const staffRows = (await ledgerOf(m.id)).filter((r) => r.reason === 'staff_adjustment');
    expect(staffRows.reduce((sum, r) => sum + r.delta, 0)).toBe(4);
    expect(staffRows.map((r) => r.balanceAfter).sort((a, b) => a - b)[0]).toBeGreaterThanOrEqual(0);
  });

  it('is for admins only, and needs a reason', async () => {
    const moderator = await signInStaff(ctx.app, 'moderator');
    const admin = await signInStaff(ctx.app, 'admin');
    const m = await createMember(ctx, domain);
    expect((await adjust(moderator, m.id, 5)).statusCode).toBe(403);
    const noReason = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/member-credits.php',
      headers: admin,
      payload: { member: m.id, delta: 5, reason: ' ', request_id: randomUUID() },
    });
    expect(noReason.statusCode).toBe(400);
    expect((await adjust(admin, 999_999_999, 5)).statusCode).toBe(404);
  });
});

describe('refunds', () => {
  it('refunds through the provider, takes back the unspent credits, is audited and idempotent', async () => {
    const { staff, headers } = await signInStaffAs(ctx.app, 'admin');
    const m = await createMember(ctx, domain);
    const start = await balance(m.id);
    const p = await paidPayment(m);
    expect(await balance(m.id)).toBe(start + p.credits);

    const view = await ctx.app.inject({ method: 'GET', url: `/api/admin/member.php?id=${m.id}`, headers });
    expect(view.json().payments[0]).toMatchObject({ id: p.id, status: 'paid', refundable: true });

    const [first, second] = await Promise.all([refund(headers, m.id, p.id), refund(headers, m.id, p.id)]);
    expect([first!.statusCode, second!.statusCode], `${first!.body} ${second!.body}`).toEqual([200, 200]);
    expect([first!.json().refunded_now, second!.json().refunded_now].sort()).toEqual([false, true]);
    expect(first!.json().payment).toMatchObject({ status: 'refunded', refundable: false });
    expect(await balance(m.id)).toBe(start);
    const [row] = await db().select().from(payments).where(eq(payments.id, p.id));
    expect(row).toMatchObject({
      status: 'refunded',
      refundedMinor: row!.amountMinor,
      creditsReversed: p.credits,
    });
    expect((await inner.find(row!.providerPaymentId!))?.refundedMinor).toBe(row!.amountMinor);

    const audited = await audit('payment.refund', 'payment', p.id);
    expect(audited).toHaveLength(1);
    expect(audited[0]).toMatchObject({ staffId: staff.id });
    expect(audited[0]!.after).toMatchObject({ status: 'refunded', member: m.id });

    const third = await refund(headers, m.id, p.id);
    expect(third.json().refunded_now).toBe(false);
    expect(await audit('payment.refund', 'payment', p.id)).toHaveLength(1);
  });

  it("refuses an unpaid payment and another member's payment", async () => {
    const headers = await signInStaff(ctx.app, 'admin');
    const m = await createMember(ctx, domain);
    const other = await createMember(ctx, domain);
    const p = await paidPayment(m);
    expect((await refund(headers, other.id, p.id)).statusCode).toBe(404);

    const prices = creditsResponseSchema.parse(
      (await call(ctx, domain, 'GET', '/api/credits.php', m.cookie)).json(),
    );
    const open = await call(ctx, domain, 'POST', '/api/payment.php', m.cookie, {
      bundle_id: prices.bundles[0]!.id,
      method: 'ideal',
    });
    const res = await refund(headers, m.id, open.json().payment.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('payment_not_refundable');
    expect((await refund(await signInStaff(ctx.app, 'moderator'), m.id, p.id)).statusCode).toBe(403);
  });
});
