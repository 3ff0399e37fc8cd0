import type { Cancellation, CancelRequest, CancelResponse } from '../../../shared/schemas/cancellations';
import { api } from '../../lib/http';

/** POST /api/cancel.php: the "cancel now" button (no password). */
export const cancelCall = (body: CancelRequest) =>
  api<CancelResponse>('api/cancel.php', { method: 'POST', body });

/** GET /api/cancel-confirm.php: the cancellation the mailed link names. */
export const cancellationQuery = (token: string) => ({
  queryKey: ['cancellation', token] as const,
  queryFn: () => api<Cancellation>('api/cancel-confirm.php', { query: { token }, retries: 1 }),
  retry: false,
});

/** POST /api/cancel-confirm.php: confirms the cancellation of the mailed link (once; again answers the same). */
export const confirmCancellationCall = (token: string) =>
  api<Cancellation>('api/cancel-confirm.php', { method: 'POST', body: { token } });

/** A moment as the reader's language writes it, with the time. */
export const formatMoment = (iso: string, locale: string) =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short' }).format(new Date(iso));

/** A YYYY-MM-DD day as the reader's language writes it. */
export const formatDay = (day: string, locale: string) =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );
