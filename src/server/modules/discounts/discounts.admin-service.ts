import { and, desc, eq, ilike, inArray, sql } from 'drizzle-orm';
import type {
  AdminDiscount,
  AdminDiscountInput,
  AdminDiscountUse,
} from '../../../shared/schemas/admin-discounts';
import type { Db } from '../../db/client';
import {
  type DiscountCode,
  discountCodes,
  discountRedemptions,
  payments,
  profiles,
  users,
} from '../../db/schema';
import { fieldError, notFound } from '../../lib/app-error';
import type { Tx } from '../accounts/accounts.repo';
import { recordStaffAction } from '../staff/staff-audit';
import { normaliseCode } from './discounts.repo';

/**
 * The staff console's discount codes (issue 22, point 7): operators' codes (kind 'standard'), single-use or
 * multi-use with their limits, disabled rather than deleted (their uses stay with the payments), and who used them.
 */

type Counts = { used: number; reserved: number };

function present(code: DiscountCode, counts: Counts | undefined): AdminDiscount {
  return {
    id: code.id,
    code: code.code,
    kind: code.kind,
    value_percentage: code.valuePercentage,
    validity: code.validity,
    max_uses: code.maxUses,
    starts_at: code.startsAt?.toISOString() ?? null,
    expires: code.expires?.toISOString() ?? null,
    country: code.country,
    currency: code.currency,
    minimum_order_value: code.minimumOrderValue,
    paymentmethods: code.paymentmethods,
    user_id: code.userId,
    status: code.status === 'disabled' ? 'disabled' : 'active',
    created_at: code.createdAt.toISOString(),
    used: counts?.used ?? 0,
    reserved: counts?.reserved ?? 0,
  };
}

async function countsOf(db: Db | Tx, ids: number[]): Promise<Map<number, Counts>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      codeId: discountRedemptions.codeId,
      used: sql<number>`count(*) filter (where ${discountRedemptions.status} = 'used')::int`,
      reserved: sql<number>`count(*) filter (where ${discountRedemptions.status} = 'reserved')::int`,
    })
    .from(discountRedemptions)
    .where(inArray(discountRedemptions.codeId, ids))
    .groupBy(discountRedemptions.codeId);
  return new Map(rows.map((r) => [r.codeId, { used: r.used, reserved: r.reserved }]));
}

/** The newest codes (at most 200), optionally those containing `q` and of one status. */
export async function listCodes(
  db: Db,
  filter: { q?: string | undefined; status?: 'active' | 'disabled' | undefined },
): Promise<AdminDiscount[]> {
  const conditions = [];
  if (filter.q) conditions.push(ilike(discountCodes.code, `%${filter.q.replace(/[%_\\]/g, '\\$&')}%`));
  if (filter.status) conditions.push(eq(discountCodes.status, filter.status));
  const codes = await db
    .select()
    .from(discountCodes)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(discountCodes.id))
    .limit(200);
  const counts = await countsOf(
    db,
    codes.map((c) => c.id),
  );
  return codes.map((c) => present(c, counts.get(c.id)));
}

export async function createCode(db: Db, staffId: number, input: AdminDiscountInput): Promise<AdminDiscount> {
  return db.transaction(async (tx) => {
    if (input.user_id !== null) {
      const [member] = await tx.select({ id: users.id }).from(users).where(eq(users.id, input.user_id));
      if (!member) throw fieldError(400, 'validation_failed', 'user_id', 'validation.admin.member_unknown');
    }
    const code = normaliseCode(input.code);
    const [clash] = await tx
      .select({ id: discountCodes.id })
      .from(discountCodes)
      .where(
        input.user_id === null
          ? eq(discountCodes.code, code)
          : and(
              eq(discountCodes.code, code),
              sql`${discountCodes.userId} is null or ${discountCodes.userId} = ${input.user_id}`,
            ),
      )
      .limit(1);
    if (clash) throw fieldError(409, 'discount_code_taken', 'code', 'validation.admin.discount_code_taken');
    const [row] = await tx
      .insert(discountCodes)
      .values({
        code,
        kind: 'standard',
        valuePercentage: input.value_percentage,
        validity: input.validity,
        maxUses: input.validity === 'single' ? null : input.max_uses,
        startsAt: input.starts_at ? new Date(input.starts_at) : null,
        expires: input.expires ? new Date(input.expires) : null,
        country: input.country,
        currency: input.currency,
        minimumOrderValue: input.minimum_order_value,
        paymentmethods: input.paymentmethods,
        userId: input.user_id,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw fieldError(409, 'discount_code_taken', 'code', 'validation.admin.discount_code_taken');
    const after = present(row, undefined);
    await recordStaffAction(tx, staffId, {
      action: 'discount.create',
      targetType: 'discount_code',
      targetId: row.id,
      before: null,
      after,
    });
    return after;
  });
}

/** Disables or enables a code; a reservation already made keeps its price (the payment was started with it). */
export async function setCodeStatus(
  db: Db,
  staffId: number,
  id: number,
  status: 'active' | 'disabled',
): Promise<AdminDiscount> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(discountCodes).where(eq(discountCodes.id, id)).for('update');
    if (!before) throw notFound();
    const [after] = await tx
      .update(discountCodes)
      .set({ status })
      .where(eq(discountCodes.id, id))
      .returning();
    await recordStaffAction(tx, staffId, {
      action: status === 'disabled' ? 'discount.disable' : 'discount.enable',
      targetType: 'discount_code',
      targetId: id,
      before: { status: before.status },
      after: { status: after!.status },
    });
    return present(after!, (await countsOf(tx, [id])).get(id));
  });
}

/** Who used the code, when, with which payment (newest first, at most 500). */
export async function usesOfCode(
  db: Db,
  id: number,
): Promise<{ code: AdminDiscount; uses: AdminDiscountUse[] }> {
  const [code] = await db.select().from(discountCodes).where(eq(discountCodes.id, id));
  if (!code) throw notFound();
  const rows = await db
    .select({ redemption: discountRedemptions, payment: payments, name: profiles.name })
    .from(discountRedemptions)
    .innerJoin(payments, eq(payments.id, discountRedemptions.paymentId))
    .leftJoin(profiles, eq(profiles.userId, discountRedemptions.userId))
    .where(eq(discountRedemptions.codeId, id))
    .orderBy(desc(discountRedemptions.id))
    .limit(500);
  return {
    code: present(code, (await countsOf(db, [id])).get(id)),
    uses: rows.map(({ redemption: r, payment: p, name }) => ({
      id: r.id,
      user_id: r.userId,
      member_name: name,
      status: r.status,
      created_at: r.createdAt.toISOString(),
      payment: {
        id: p.id,
        status: p.status,
        credits: p.credits,
        list_amount_minor: p.listAmountMinor ?? p.amountMinor,
        discount_minor: p.discountMinor,
        amount_minor: p.amountMinor,
        currency: p.currency,
        method: p.method,
      },
    })),
  };
}
