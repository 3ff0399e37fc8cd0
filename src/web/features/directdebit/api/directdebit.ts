import { queryOptions } from '@tanstack/react-query';
import type {
  DirectDebitConfirmed,
  DirectDebitOffer,
  DirectDebitRequest,
  DirectDebitStart,
} from '../../../../shared/schemas/directdebit';
import { ApiError, api } from '../../../lib/http';

/** GET /api/directdebit.php: the bundle priced (with the discount code), the creditor, and any refusal. */
export const directDebitOfferQuery = (bundleId: number, code: string | null) =>
  queryOptions({
    queryKey: ['directdebit-offer', bundleId, code],
    queryFn: ({ signal }) =>
      api<DirectDebitOffer>('api/directdebit.php', {
        query: { bundle_id: bundleId, ...(code ? { discount_code: code } : {}) },
        signal,
      }),
    staleTime: 0,
    // A refusal (unknown bundle, a refused code) stays; trouble reaching the server is retried by api().
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 1,
    throwOnError: false,
  });

/** POST /api/directdebit.php: the form; the server sends the code by SMS and answers the request to confirm. */
export const startDirectDebit = (body: DirectDebitStart) =>
  api<{ request: DirectDebitRequest }>('api/directdebit.php', { method: 'POST', body });

/**
 * GET /api/directdebit-request.php: the request again, read every few seconds while its code's SMS is on its way
 * (queued or sent), so the page learns when it could not be delivered or not sent at all. Keyed by the codes left,
 * so a new code starts a new watch.
 */
export const directDebitRequestQuery = (request: Pick<DirectDebitRequest, 'id' | 'sends_left' | 'sms'>) =>
  queryOptions({
    queryKey: ['directdebit-request', request.id, request.sends_left],
    queryFn: ({ signal }) =>
      api<{ request: DirectDebitRequest }>('api/directdebit-request.php', {
        query: { request: request.id },
        signal,
      }),
    refetchInterval: (query) =>
      SMS_ON_ITS_WAY.has(query.state.data?.request.sms ?? request.sms) ? 4_000 : false,
    staleTime: 0,
    retry: false,
    throwOnError: false,
  });

const SMS_ON_ITS_WAY: ReadonlySet<DirectDebitRequest['sms']> = new Set(['queued', 'sent']);

/** POST /api/directdebit-resend.php: a new code for the request. */
export const resendDirectDebitCode = (request: string) =>
  api<{ request: DirectDebitRequest }>('api/directdebit-resend.php', { method: 'POST', body: { request } });

/**
 * POST /api/directdebit-confirm.php: the code and the IBAN again (never stored); answers the payment. Confirmed under
 * the statement of ImmediateStartNote: the express request to start at once.
 */
export const confirmDirectDebit = (request: string, otp: string, iban: string) =>
  api<DirectDebitConfirmed>('api/directdebit-confirm.php', {
    method: 'POST',
    body: { request, otp, iban, immediate_start: true },
  });

/** Refusals that concern the member's standing (blocked, limit) or direct debit as a whole (off). */
export const STANDING_REFUSALS: ReadonlySet<string> = new Set([
  'directdebit_blocked',
  'directdebit_limit',
  'directdebit_unavailable',
]);

/** Refusals to send a code: the member's or the phone number's SMS limit (later, or another payment method). */
export const SMS_LIMITS: ReadonlySet<string> = new Set([
  'otp_send_limit',
  'otp_send_limit_hour',
  'sms_number_limit',
]);

/** Errors after which this request is over: the form has to be sent again. */
export const REQUEST_ENDED: ReadonlySet<string> = new Set([
  'directdebit_not_found',
  'directdebit_already_confirmed',
  'directdebit_iban_changed',
  'directdebit_refused',
  'otp_resend_limit',
  'payment_provider_unavailable',
  'code_used',
]);
