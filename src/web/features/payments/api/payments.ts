import { queryOptions } from '@tanstack/react-query';
import type { PaymentMethodName } from '../../../../shared/payment-methods';
import type { CreditsResponse, Payment, RepeatOrderResponse } from '../../../../shared/schemas/payments';
import type { WithdrawalQuote } from '../../../../shared/schemas/withdrawal';
import { api } from '../../../lib/http';

/**
 * GET /api/credits.php: the price list of the member's country (a visitor: `country` or GeoIP): the bundles with
 * their price per message and discounted offer, the cheapest price of a message, photo and gift, the discount priced
 * in (`code`, else the member's time bonus or welcome code), the methods, test mode. Every screen naming a price
 * shows this answer's figures (features/payments/components/UnitPrices).
 */
export const creditsQuery = (country?: string, code?: string | null) =>
  queryOptions({
    queryKey: ['credits', country ?? null, code ?? null],
    queryFn: ({ signal }) =>
      api<CreditsResponse>('api/credits.php', {
        query: { ...(country ? { country } : {}), ...(code ? { code } : {}) },
        signal,
      }),
    staleTime: 5 * 60_000,
    throwOnError: false,
  });

/**
 * POST /api/payment.php: starts paying a bundle, with a discount code when one applies (the server prices and
 * reserves it; a refused code answers its code_* error); go to `payment.checkout_url` next. `immediateStart`: the
 * member paid under the checkout's statement asking for the service to start at once (recorded with the payment).
 */
export const createPayment = (
  bundleId: number,
  method: PaymentMethodName,
  discountCode?: string,
  immediateStart = false,
) =>
  api<{ payment: Payment }>('api/payment.php', {
    method: 'POST',
    body: {
      bundle_id: bundleId,
      method,
      ...(discountCode ? { discount_code: discountCode } : {}),
      ...(immediateStart ? { immediate_start: true } : {}),
    },
  });

/** GET /api/transactions.php: the member's payments, newest first. */
export const transactionsQuery = () =>
  queryOptions({
    queryKey: ['transactions'],
    queryFn: ({ signal }) => api<{ payments: Payment[] }>('api/transactions.php', { signal }),
    throwOnError: false,
  });

/** GET /api/transaction.php?id=: one payment of the member (poll it while it is open). */
export const transactionQuery = (id: number) =>
  queryOptions({
    queryKey: ['transactions', id],
    queryFn: ({ signal }) => api<{ payment: Payment }>('api/transaction.php', { query: { id }, signal }),
    throwOnError: false,
  });

/** GET /api/repeat-order.php: the last bundle and the method of its mandate, or null. */
export const repeatOrderQuery = () =>
  queryOptions({
    queryKey: ['repeat-order'],
    queryFn: ({ signal }) => api<RepeatOrderResponse>('api/repeat-order.php', { signal }),
    throwOnError: false,
  });

/**
 * POST /api/repeat-order.php: buys the last bundle again on the mandate, in one confirmed step; pressed under the
 * statement of ImmediateStartNote, it is the express request to start at once.
 */
export const placeRepeatOrder = () =>
  api<{ payment: Payment }>('api/repeat-order.php', { method: 'POST', body: { immediate_start: true } });

/** GET /api/withdrawal.php?payment_id=: what withdrawing from a purchase would give back now (the server computes it). */
export const withdrawalQuoteQuery = (paymentId: number) =>
  queryOptions({
    queryKey: ['withdrawal', paymentId],
    queryFn: ({ signal }) =>
      api<WithdrawalQuote>('api/withdrawal.php', { query: { payment_id: paymentId }, signal }),
    staleTime: 0,
    throwOnError: false,
  });

/** POST /api/withdrawal.php: withdraws from the purchase (credits taken back, refund, acknowledgment mail). */
export const withdrawFromPurchase = (paymentId: number) =>
  api<{ payment: Payment }>('api/withdrawal.php', { method: 'POST', body: { payment_id: paymentId } });
