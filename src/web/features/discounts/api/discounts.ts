import { queryOptions } from '@tanstack/react-query';
import type { PaymentMethodName } from '../../../../shared/payment-methods';
import type { DiscountResponse, TimeBonusResponse } from '../../../../shared/schemas/discounts';
import { api } from '../../../lib/http';

/**
 * GET /api/time-bonus.php: the 4-hour bonus after signup (members who have not paid). Loaded while signed in; the
 * logout removes it with the rest of the member's cache. Its failure only means no bonus is shown.
 */
export const timeBonusQuery = (userId: number) =>
  queryOptions({
    queryKey: ['time-bonus', userId],
    queryFn: ({ signal }) => api<TimeBonusResponse>('api/time-bonus.php', { signal }),
    staleTime: 5 * 60_000,
    throwOnError: false,
  });

/**
 * GET /api/discountcode.php?code=&bundle_id=&method=: checks a code for this bundle (and the chosen method) and
 * prices the bundle with it. A refusal is an ApiError with the server's translated message.
 */
export const discountCheckQuery = (code: string, bundleId: number, method: PaymentMethodName | undefined) =>
  queryOptions({
    queryKey: ['discounts', 'check', code, bundleId, method ?? null],
    queryFn: ({ signal }) =>
      api<DiscountResponse>('api/discountcode.php', {
        query: { code, bundle_id: bundleId, method },
        signal,
      }),
    // Always asked again when shown anew: a code can be used up or expire in the meantime.
    staleTime: 0,
    gcTime: 60_000,
    throwOnError: false,
  });

/** The refusals of a discount code, by GET discountcode.php and by POST payment.php alike. */
export const DISCOUNT_REFUSALS: ReadonlySet<string> = new Set([
  'code_not_found',
  'code_used',
  'code_expired',
  'code_wrong_country',
  'code_minimum_order',
  'code_method_not_allowed',
]);
