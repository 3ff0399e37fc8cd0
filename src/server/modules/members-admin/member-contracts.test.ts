import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminContractsResponseSchema } from '../../../shared/schemas/admin-contracts';
import { createPaymentResponseSchema, creditsResponseSchema } from '../../../shared/schemas/payments';
import { withdrawals } from '../../db/schema';
import { createMember, type TestMember } from '../../test/factories';
import { signInStaff } from '../../test/staff';
import { type TestContext, withTestSite } from '../../test/test-app';
import { call, setProfile } from '../member-profile/member-profile.fixtures';

/**
 * The member's contracts in the console (issue 23): GET /api/admin/member-contracts.php lists the cancellations made
 * with the cancel button and the withdrawals with their refunds' state, to moderators and admins only.
 */
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

/** A card payment paid on the test checkout page (it leaves a mandate), with the express request to start at once. */
async function paidCard(m: TestMember): Promise<number> {
  const credits = creditsResponseSchema.parse(
    (await call(ctx, domain, 'GET', '/api/credits.php', m.cookie)).json(),
  );
  const res = await call(ctx, domain, 'POST', '/api/payment.php', m.cookie, {
    bundle_id: credits.bundles[0]!.id,
    method: 'visa',
    immediate_start: true,
  });
  expect(res.statusCode, res.body).toBe(200);
  const p = createPaymentResponseSchema.parse(res.json()).payment;
  const done = await ctx.app.inject({
    method: 'POST',
    url: new URL(p.checkout_url!).pathname,
    headers: { host: domain, 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'outcome=paid',
  });
  expect(done.statusCode).toBe(303);
  return p.id;
}

const contracts = (headers: Record<string, string>, id: number) =>
  ctx.app.inject({ method: 'GET', url: `/api/admin/member-contracts.php?id=${id}`, headers });

describe('GET /api/admin/member-contracts.php', () => {
  it("shows a member's cancellations (with the mandates stopped) and withdrawals, refund_failed included", async () => {
    const m = await member();
    const other = await member();
    const paymentId = await paidCard(m);
    const cancelled = await call(ctx, domain, 'POST', '/api/cancel.php', m.cookie, {
      name: 'Sanne de Vries',
      email: m.email,
      contract: 'all',
      reason: 'Moving abroad',
      effective: 'next_possible',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    // Another member's cancellation, not confirmed yet (signed out): never in this member's list.
    expect(
      (
        await call(ctx, domain, 'POST', '/api/cancel.php', undefined, {
          name: 'Someone Else',
          email: other.email,
          contract: 'repeat_order',
          reason: '',
          effective: 'next_possible',
        })
      ).statusCode,
    ).toBe(200);
    const withdrawn = await call(ctx, domain, 'POST', '/api/withdrawal.php', m.cookie, {
      payment_id: paymentId,
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);

    const moderator = await signInStaff(ctx.app, 'moderator');
    const res = await contracts(moderator, m.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const seen = adminContractsResponseSchema.parse(res.json());
    expect(seen.cancellations).toHaveLength(1);
    expect(seen.cancellations[0]).toMatchObject({
      contract: 'all',
      via: 'session',
      status: 'confirmed',
      name: 'Sanne de Vries',
      reason: 'Moving abroad',
      link_expires_at: null,
    });
    expect(seen.cancellations[0]!.mandates).toEqual([
      expect.objectContaining({ method: 'visa', effective_at: expect.any(String) }),
    ]);
    expect(seen.withdrawals).toEqual([
      expect.objectContaining({
        payment_id: paymentId,
        status: 'refunded',
        immediate_start: true,
        next_attempt_at: null,
      }),
    ]);
    expect(res.body).not.toContain('token');

    const pending = adminContractsResponseSchema.parse((await contracts(moderator, other.id)).json());
    expect(pending.cancellations).toEqual([
      expect.objectContaining({ status: 'pending', via: 'email', link_expires_at: expect.any(String) }),
    ]);
    expect(pending.withdrawals).toEqual([]);

    // A refund that failed after it was made is shown as such, with its next try.
    await db()
      .update(withdrawals)
      .set({ status: 'refund_failed', refundedAt: null })
      .where(eq(withdrawals.paymentId, paymentId));
    const admin = await signInStaff(ctx.app, 'admin');
    const failed = adminContractsResponseSchema.parse((await contracts(admin, m.id)).json());
    expect(failed.withdrawals[0]).toMatchObject({ status: 'refund_failed', refunded_at: null });
    expect(failed.withdrawals[0]!.next_attempt_at).not.toBeNull();
  });

  it('is for staff only: 401 without a staff session and with a member session; 404 for an unknown member', async () => {
    const m = await member();
    expect((await contracts({}, m.id)).statusCode).toBe(401);
    expect((await contracts({ host: domain, cookie: m.cookie }, m.id)).statusCode).toBe(401);
    const moderator = await signInStaff(ctx.app, 'moderator');
    expect((await contracts(moderator, 999_999_999)).statusCode).toBe(404);
    expect((await contracts(moderator, 0)).statusCode).toBe(400);
  });
});
