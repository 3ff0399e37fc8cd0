import { RULES } from '../../../shared/rules';
import type { DiscountCodeInfo, TimeBonusResponse } from '../../../shared/schemas/discounts';
import type { Db } from '../../db/client';
import { type DiscountCode, discountCodes } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Tx } from '../accounts/accounts.repo';
import {
  type CodeRefusal,
  discountOn,
  endsAt,
  type MemberFacts,
  type OrderFacts,
  orderRefusal,
  refusal,
} from './discounts.policy';
import {
  countUses,
  findCode,
  findCodeOfKind,
  lockCode,
  reclaimRedemption,
  reserve,
  settleRedemption,
  usesOf,
} from './discounts.repo';

/**
 * Discount codes (issue 12): looking a code up for a member, pricing an order with it, and its life with a payment
 * (reserved when the payment starts, used when paid, released when it ends unpaid). The welcome discount and the
 * time bonus are codes of their own kind (ensureDefaultDiscounts); docs/decisions.md "Discounts".
 */

const STATUS: Record<CodeRefusal, number> = {
  code_not_found: 404,
  code_used: 409,
  code_expired: 410,
  code_wrong_country: 403,
  code_minimum_order: 400,
  code_method_not_allowed: 400,
};

export function codeRefused(reason: CodeRefusal, vars: Record<string, string | number> = {}): AppError {
  return new AppError(STATUS[reason], reason, `errors.${reason}`, vars);
}

/** The welcome and time-bonus codes exist once, with the percentages of RULES (made at start-up, kept when present). */
export async function ensureDefaultDiscounts(db: Db): Promise<void> {
  await db
    .insert(discountCodes)
    .values([
      {
        code: RULES.welcomeDiscount.code,
        kind: 'welcome',
        valuePercentage: RULES.welcomeDiscount.percentage,
        validity: 'once_per_user',
      },
      {
        code: RULES.timeBonus.code,
        kind: 'time_bonus',
        valuePercentage: RULES.timeBonus.percentage,
        validity: 'once_per_user',
      },
    ])
    .onConflictDoNothing();
}

export interface CodeCheck {
  code: DiscountCode;
  endsAt: Date | null;
}

/** The code for the member (and order), or the refusal as an AppError. */
export async function checkCode(
  db: Db | Tx,
  text: string,
  member: MemberFacts,
  opts: { now: Date; welcomeHours: number; order?: OrderFacts | undefined },
): Promise<CodeCheck> {
  const code = await findCode(db, text, member.id);
  const uses = code
    ? await usesOf(db, code.id, member.id, code.maxUses !== null)
    : { usedByAnyone: false, usedByMember: false, uses: 0 };
  const refused = refusal(code, member, { ...opts, ...uses }, opts.order);
  if (refused)
    throw codeRefused(
      refused,
      refused === 'code_minimum_order' && code
        ? {
            minimum: `${(code.minimumOrderValue / 100).toFixed(2)} ${code.currency ?? opts.order?.currency ?? ''}`,
          }
        : {},
    );
  return { code: code!, endsAt: endsAt(code!, member, opts.welcomeHours) };
}

export function presentCode(check: CodeCheck, now: Date): DiscountCodeInfo {
  const { code, endsAt: end } = check;
  return {
    code: code.code,
    country: code.country,
    user_id: code.userId,
    expires: end ? end.toISOString() : null,
    value_percentage: code.valuePercentage,
    percentage: code.valuePercentage,
    currency: code.currency,
    minimum_order_value: code.minimumOrderValue,
    status: code.status,
    validity: code.validity,
    expired: end !== null && end <= now,
    paymentmethods: code.paymentmethods,
  };
}

/** The price of an order with the code (computed here, never taken from the client). */
export function priceWith(code: DiscountCode, listAmountMinor: number) {
  // A payment is never of 0 (no provider takes it): at most all but one minor unit off.
  const discount = Math.min(discountOn(listAmountMinor, code.valuePercentage), listAmountMinor - 1);
  return { listAmountMinor, discountMinor: discount, amountMinor: listAmountMinor - discount };
}

/** The code of that kind (welcome, time bonus) while it applies to the member; null otherwise. */
async function codeOfKindFor(
  db: Db,
  kind: 'welcome' | 'time_bonus',
  member: MemberFacts,
  now: Date,
  welcomeHours: number,
): Promise<CodeCheck | null> {
  const code = await findCodeOfKind(db, kind);
  if (!code) return null;
  const uses = await usesOf(db, code.id, member.id, code.maxUses !== null);
  if (refusal(code, member, { now, welcomeHours, ...uses })) return null;
  return { code, endsAt: endsAt(code, member, welcomeHours) };
}

/**
 * The member's welcome discount (GET /api/discountcode.php?welcome=true): the welcome code while the member has not
 * paid and is within welcome_discount_hours of signup; null otherwise.
 */
export function welcomeCode(
  db: Db,
  member: MemberFacts,
  now: Date,
  welcomeHours: number,
): Promise<CodeCheck | null> {
  return codeOfKindFor(db, 'welcome', member, now, welcomeHours);
}

export type DiscountSource = 'code' | 'time_bonus' | 'welcome';
export interface ActiveCheck extends CodeCheck {
  source: DiscountSource;
}

/**
 * The discount the member's price list is priced with (GET /api/credits.php), which is also the one checkout
 * applies unless the member chooses another: the code asked for (the retention offer's link) when it applies to the
 * member, else the time bonus while it runs, else the welcome code (the spec's active discount code). A code asked
 * for that is refused gives list prices, as checkout would charge them.
 */
export async function activeDiscount(
  db: Db,
  member: MemberFacts,
  opts: { now: Date; welcomeHours: number; code?: string | undefined },
): Promise<ActiveCheck | null> {
  if (opts.code) {
    try {
      const check = await checkCode(db, opts.code, member, {
        now: opts.now,
        welcomeHours: opts.welcomeHours,
      });
      const kind = check.code.kind;
      return { ...check, source: kind === 'welcome' || kind === 'time_bonus' ? kind : 'code' };
    } catch (err) {
      if (err instanceof AppError) return null;
      throw err;
    }
  }
  for (const kind of ['time_bonus', 'welcome'] as const) {
    const check = await codeOfKindFor(db, kind, member, opts.now, opts.welcomeHours);
    if (check) return { ...check, source: kind };
  }
  return null;
}

/** The order's price with the code, when the code applies to an order of that amount and currency (any method). */
export function offerFor(code: DiscountCode, order: { amountMinor: number; currency: string }) {
  if (orderRefusal(code, order)) return null;
  const priced = priceWith(code, order.amountMinor);
  return { amount: priced.amountMinor, discount: priced.discountMinor };
}

/** The time bonus (GET /api/time-bonus.php): visible while the member has not paid and is within 4 hours of signup. */
export async function timeBonus(db: Db, member: MemberFacts, now: Date): Promise<TimeBonusResponse> {
  const none: TimeBonusResponse = {
    visible: false,
    code: null,
    percentage: RULES.timeBonus.percentage,
    ends_at: null,
    seconds_left: 0,
  };
  const code = await findCodeOfKind(db, 'time_bonus');
  if (!code) return none;
  const uses = await usesOf(db, code.id, member.id, code.maxUses !== null);
  if (refusal(code, member, { now, welcomeHours: 0, ...uses })) return none;
  const end = endsAt(code, member, 0)!;
  return {
    visible: true,
    code: code.code,
    percentage: code.valuePercentage,
    ends_at: end.toISOString(),
    seconds_left: Math.max(0, Math.floor((end.getTime() - now.getTime()) / 1000)),
  };
}

/** Reserves the code for the payment in the payment's transaction; a code taken in the meantime is "used". */
export async function reserveForPayment(
  tx: Tx,
  code: DiscountCode,
  userId: number,
  paymentId: number,
): Promise<void> {
  // A code with a most number of uses: the code's row lock makes the count and the reservation one step.
  if (code.maxUses !== null) {
    await lockCode(tx, code.id);
    if ((await countUses(tx, code.id)) >= code.maxUses) throw codeRefused('code_used');
  }
  if (!(await reserve(tx, code, userId, paymentId))) throw codeRefused('code_used');
}

/** The payment's status changed: a paid payment uses its code, one that ended unpaid gives it back. */
export async function settleForPayment(tx: Tx, paymentId: number, status: string): Promise<void> {
  if (status === 'paid' || status === 'refunded' || status === 'charged_back')
    await settleRedemption(tx, paymentId, 'used');
  else if (status === 'failed' || status === 'canceled' || status === 'expired')
    await settleRedemption(tx, paymentId, 'released');
}

/** A failed payment turned out to exist (it was adopted): its code is reserved again where it is still free. */
export async function reclaimForPayment(tx: Tx, paymentId: number): Promise<boolean> {
  return reclaimRedemption(tx, paymentId);
}
