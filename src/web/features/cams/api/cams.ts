import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  type CamsResponse,
  type ResellConsentResponse,
  resellConsentResponseSchema,
} from '../../../../shared/schemas/cams';
import { api } from '../../../lib/http';

/** GET /api/cams.php?page=: one page of the cam section (cam and resell profiles, each with its kind). */
export const camsQuery = (page: number) =>
  queryOptions({
    queryKey: ['cams', page],
    queryFn: ({ signal }) => api<CamsResponse>('api/cams.php', { query: { page }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
    throwOnError: false,
  });

/** GET /api/resell-consent.php: whether the member agreed to appear on partner sites, and whether it applies. */
export const resellConsentQuery = queryOptions({
  queryKey: ['resell-consent'],
  queryFn: () => api<ResellConsentResponse>('api/resell-consent.php'),
  throwOnError: false,
});

/** PUT /api/resell-consent.php: gives or withdraws the consent; answers the saved state. */
export async function saveResellConsentCall(consent: boolean): Promise<ResellConsentResponse> {
  const answer = await api<unknown>('api/resell-consent.php', { method: 'PUT', body: { consent } });
  return resellConsentResponseSchema.parse(answer);
}
