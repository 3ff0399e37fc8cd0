import type { ProviderPayment } from './providers/provider';

/**
 * The states of a payment in our books (issue 10), forward only:
 *   open → pending | authorized → paid | failed | canceled | expired;  paid → refunded | charged_back.
 * A webhook can never move a payment back (paid → failed, failed → paid never happen), whatever the order in which
 * deliveries arrive.
 */
export type PaymentStatus =
  | 'open'
  | 'pending'
  | 'authorized'
  | 'paid'
  | 'failed'
  | 'canceled'
  | 'expired'
  | 'refunded'
  | 'charged_back';

export const OPEN_STATUSES: readonly PaymentStatus[] = ['open', 'pending', 'authorized'];

const RANK: Record<PaymentStatus, number> = {
  open: 0,
  pending: 1,
  authorized: 1,
  paid: 2,
  failed: 2,
  canceled: 2,
  expired: 2,
  refunded: 3,
  charged_back: 3,
};

/** Whether `from` may become `to`. */
export function mayMove(from: PaymentStatus, to: PaymentStatus): boolean {
  if (from === to) return false;
  if (RANK[to] <= RANK[from]) return false;
  // After paid only refunded or charged back; the end states of an unpaid payment are final.
  if (RANK[from] === 2) return from === 'paid' && RANK[to] === 3;
  if (RANK[to] === 3) return false;
  return true;
}

/**
 * The one way back: a refunded or charged-back payment is paid again when the money came back to us after all (a
 * chargeback reversed, a refund that ended failed or canceled: the provider names it in `undoneReversalIds`) and the
 * provider's amounts now say paid.
 */
export function mayReturnToPaid(from: PaymentStatus, p: ProviderPayment): boolean {
  return (
    (from === 'refunded' || from === 'charged_back') &&
    p.undoneReversalIds.length > 0 &&
    statusOf(p) === 'paid'
  );
}

/** Our status for what the provider reports: a fully refunded paid payment is refunded, a charged back one so. */
export function statusOf(p: ProviderPayment): PaymentStatus {
  if (p.status === 'paid') {
    if (p.amountChargedBackMinor > 0) return 'charged_back';
    if (p.amountRefundedMinor >= p.amountMinor) return 'refunded';
  }
  return p.status;
}

/**
 * Credits a refund or chargeback takes back: all for a chargeback, the refunded share (rounded up) for a refund.
 * What was already spent cannot be taken (the balance never goes below zero): see reverseCredits.
 */
export function creditsToReverse(p: ProviderPayment, credits: number): number {
  if (p.amountChargedBackMinor > 0) return credits;
  if (p.amountRefundedMinor <= 0) return 0;
  return Math.min(credits, Math.ceil((credits * p.amountRefundedMinor) / p.amountMinor));
}
