import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { PaymentMethodName } from '../../../../shared/payment-methods';
import type { DiscountCodeInfo } from '../../../../shared/schemas/discounts';
import { ApiError } from '../../../lib/http';
import { DISCOUNT_REFUSALS, discountCheckQuery } from '../api/discounts';

const MAX_CODE_LENGTH = 40;

/** A code as typed or linked: trimmed; nothing for an empty or over-long one. */
export function normaliseCode(raw: string | null | undefined): string | null {
  const code = raw?.trim() ?? '';
  return code === '' || code.length > MAX_CODE_LENGTH ? null : code;
}

/** An error of POST payment.php that is about the discount code (shown at the code field). */
export function isDiscountRefusal(error: unknown): error is ApiError {
  return error instanceof ApiError && DISCOUNT_REFUSALS.has(error.code);
}

export type DiscountStatus = 'none' | 'checking' | 'valid' | 'invalid';

export interface CheckoutDiscount {
  /** the code applied to this order, or null */
  code: string | null;
  status: DiscountStatus;
  /** the order's price with the code, when valid (minor units; per_message: one message at that price) */
  price: {
    list_amount: number;
    discount: number;
    amount: number;
    currency: string;
    per_message: number | null;
  } | null;
  info: DiscountCodeInfo | null;
  /** why the code does not apply (the server's refusal, or trouble reaching it) */
  error: unknown;
  /** the code to send with POST payment.php: only one that was accepted for this bundle and method */
  sendCode: string | undefined;
  apply(code: string): void;
  remove(): void;
  /** POST payment.php refused the code: shown at the field, the order goes on without it */
  refused(error: ApiError): void;
}

/**
 * The discount code of a checkout. Which code: the member's own choice on this page, else `?code=` of the URL (the
 * retention offer, via /credits), else the discount of the member's price list (`listed`: the server's choice of
 * time bonus, else welcome code, in GET credits.php, which the checkout has before it shows a price, so the price
 * never starts without it). It is checked and priced by GET discountcode.php for the bundle and the chosen method,
 * again whenever the method changes.
 */
export function useCheckoutDiscount(
  bundleId: number,
  method: PaymentMethodName | undefined,
  listed: string | null,
): CheckoutDiscount {
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  // The member's choice on this page (a code applied, or null: removed) wins over the URL and the active discount.
  const [choice, setChoice] = useState<{ code: string | null } | null>(null);
  const [refusal, setRefusal] = useState<{
    code: string;
    method: string | undefined;
    error: ApiError;
  } | null>(null);
  const code = choice ? choice.code : (normaliseCode(params.get('code')) ?? listed);
  const options = discountCheckQuery(code ?? '', bundleId, method);
  const check = useQuery({ ...options, enabled: code !== null });

  const refusedNow = refusal !== null && refusal.code === code && refusal.method === method;
  let status: DiscountStatus;
  let error: unknown = null;
  if (code === null) status = 'none';
  else if (refusedNow) {
    status = 'invalid';
    error = refusal.error;
  } else if (check.isFetching || check.isPending) status = 'checking';
  else if (check.isError) {
    status = 'invalid';
    error = check.error;
  } else status = 'valid';

  const data = status === 'valid' ? check.data : undefined;
  return {
    code,
    status,
    price: data?.price ?? null,
    info: data?.discount_code ?? null,
    error,
    sendCode: status === 'valid' && code !== null ? code : undefined,
    apply(next: string) {
      const normalised = normaliseCode(next);
      if (normalised === null) return;
      setRefusal(null);
      setChoice({ code: normalised });
      // The same code again: ask the server again (it may have been refused for a reason that has passed).
      if (normalised === code)
        void queryClient.invalidateQueries({
          queryKey: discountCheckQuery(normalised, bundleId, method).queryKey,
        });
    },
    remove() {
      setRefusal(null);
      setChoice({ code: null });
    },
    refused(err: ApiError) {
      if (code !== null) setRefusal({ code, method, error: err });
    },
  };
}
