import { queryOptions } from '@tanstack/react-query';
import type { ConsentState, DiscreetState } from '../../../../shared/schemas/consents';
import { api } from '../../../lib/http';

/** GET /api/consent.php: the member's consent to process sensitive data (issue 23). */
export const consentQuery = queryOptions({
  queryKey: ['consent'],
  queryFn: () => api<ConsentState>('api/consent.php'),
  throwOnError: false,
  staleTime: 60_000,
});

/** POST /api/consent.php: the member agrees to the current text. */
export const giveConsentCall = () =>
  api<ConsentState>('api/consent.php', { method: 'POST', body: { sensitive_data: true } });

/** DELETE /api/consent.php: the member withdraws the consent (the deletion flow follows). */
export const withdrawConsentCall = () => api<ConsentState>('api/consent.php', { method: 'DELETE' });

/** GET /api/discreet.php: discreet mode of the signed-in member. */
export const discreetQuery = queryOptions({
  queryKey: ['discreet'],
  queryFn: () => api<DiscreetState>('api/discreet.php'),
  throwOnError: false,
  staleTime: 60_000,
});

export const saveDiscreetCall = (discreet: boolean) =>
  api<DiscreetState>('api/discreet.php', { method: 'PUT', body: { discreet } });
