import { WITHDRAWAL_RULES } from '../../../shared/rules';

/**
 * What a withdrawal gives back (issue 23, point 3; docs/payments.md "Withdrawal"). A dating membership is a service:
 * with the member's express request to start at once (recorded at checkout) the member pays for what was used
 * (CJEU C-641/19), that is the credits spent, at the purchase's own price per credit; without that request, nothing
 * (Consumer Rights Directive Art. 14(4)(a)): the whole price comes back. Premium has no price or term of its own
 * (the spec: the first bundle makes a member premium), so the price is the price of the credits.
 */

const DAY_MS = 86_400_000;

/** The end of the withdrawal period: `days` (the statutory 14, or the site's longer refund_days) after payment. */
export function withdrawalDeadline(paidAt: Date, siteRefundDays: number): Date {
  const days = Math.max(WITHDRAWAL_RULES.days, Number.isInteger(siteRefundDays) ? siteRefundDays : 0);
  return new Date(paidAt.getTime() + days * DAY_MS);
}

export interface PurchaseFacts {
  /** the price paid, minor units */
  amountMinor: number;
  credits: number;
  /** refunded before (an operator's partial refund), minor units */
  refundedMinor: number;
  /** credits of this purchase taken back before (or written off) */
  creditsReversed: number;
  /** whether the express request to start at once was recorded */
  immediateStart: boolean;
}

export interface WithdrawalTerms {
  /** the unspent credits taken back by the ledger */
  creditsTaken: number;
  /** the refund, minor units */
  refundMinor: number;
  /**
   * The payment's credits_reversed afterwards: at least what was taken, and at least what the provider's refund
   * implies by the payments rule (creditsToReverse: the refunded share, rounded up), so applying the refund later
   * takes nothing more from credits of other purchases (the difference was used, and is written off).
   */
  creditsReversed: number;
}

/**
 * The terms for `unspent` credits of the purchase still in the balance. With the express request: the refund is the
 * price of the unspent credits plus those taken back before, less what was refunded before, rounded up to the minor
 * unit (in the member's favour); without it: all that was not refunded yet.
 */
export function withdrawalTerms(p: PurchaseFacts, unspent: number): WithdrawalTerms {
  const open = Math.max(0, p.credits - p.creditsReversed);
  const taken = Math.max(0, Math.min(unspent, open));
  const refundable = Math.max(0, p.amountMinor - p.refundedMinor);
  const refundMinor = p.immediateStart
    ? Math.min(
        refundable,
        Math.max(0, Math.ceil((p.amountMinor * (p.creditsReversed + taken)) / p.credits) - p.refundedMinor),
      )
    : refundable;
  const implied = Math.ceil((p.credits * (p.refundedMinor + refundMinor)) / p.amountMinor);
  const creditsReversed = Math.min(p.credits, Math.max(p.creditsReversed + taken, implied));
  return { creditsTaken: taken, refundMinor, creditsReversed };
}
