import { RULES } from '../../../shared/rules';
import type { DiscountCode } from '../../db/schema';

/**
 * Whether a discount code applies, and what it costs. Pure rules; the service gathers the facts (issue 12,
 * docs/decisions.md "Discounts").
 */
export type CodeRefusal =
  | 'code_not_found'
  | 'code_used'
  | 'code_expired'
  | 'code_wrong_country'
  | 'code_minimum_order'
  | 'code_method_not_allowed';

export interface MemberFacts {
  id: number;
  signupDate: Date;
  paidUser: boolean;
  /** the member's pricing country */
  country: string;
}

export interface OrderFacts {
  amountMinor: number;
  currency: string;
  /** the spec's method name; undefined while no method is chosen yet (the code is only looked up) */
  method?: string | undefined;
}

const HOUR = 3_600_000;

/**
 * When the code ends for this member: its own `expires`, and for the welcome discount and the time bonus the
 * window after the member's signup (welcome_discount_hours; RULES.timeBonus.windowSeconds).
 */
export function endsAt(code: DiscountCode, member: MemberFacts, welcomeHours: number): Date | null {
  const window =
    code.kind === 'welcome'
      ? new Date(member.signupDate.getTime() + welcomeHours * HOUR)
      : code.kind === 'time_bonus'
        ? new Date(member.signupDate.getTime() + RULES.timeBonus.windowSeconds * 1000)
        : null;
  if (!window) return code.expires;
  if (!code.expires) return window;
  return new Date(Math.min(window.getTime(), code.expires.getTime()));
}

/** The refusal for the member (and the order, when one is known), or null when the code applies. */
export function refusal(
  code: DiscountCode | undefined,
  member: MemberFacts,
  facts: { now: Date; welcomeHours: number; usedByMember: boolean; usedByAnyone: boolean; uses?: number },
  order?: OrderFacts,
): CodeRefusal | null {
  if (code?.status !== 'active' || (code.userId !== null && code.userId !== member.id))
    return 'code_not_found';
  // A code whose validity window has not begun is not there yet for the member.
  if (code.startsAt && code.startsAt > facts.now) return 'code_not_found';
  if (code.maxUses !== null && (facts.uses ?? 0) >= code.maxUses) return 'code_used';
  // The welcome discount and the time bonus are for members who have not paid yet (the first purchase).
  if ((code.kind === 'welcome' || code.kind === 'time_bonus') && member.paidUser) return 'code_used';
  if (code.validity === 'single' && facts.usedByAnyone) return 'code_used';
  if (code.validity === 'once_per_user' && facts.usedByMember) return 'code_used';
  const end = endsAt(code, member, facts.welcomeHours);
  if (end && end <= facts.now) return 'code_expired';
  if (code.country && code.country !== member.country) return 'code_wrong_country';
  return order ? orderRefusal(code, order) : null;
}

/** The refusal of a code that applies to the member for one order (its currency, minimum and method), or null. */
export function orderRefusal(code: DiscountCode, order: OrderFacts): CodeRefusal | null {
  if (code.currency && code.currency !== order.currency) return 'code_wrong_country';
  if (order.amountMinor < code.minimumOrderValue) return 'code_minimum_order';
  if (order.method && code.paymentmethods.length > 0 && !code.paymentmethods.includes(order.method))
    return 'code_method_not_allowed';
  return null;
}

/** The discount on a price, rounded down to a whole minor unit (the member never pays more than the percentage says). */
export function discountOn(amountMinor: number, percentage: number): number {
  return Math.floor((amountMinor * percentage) / 100);
}
