import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import type { SettingsResponse } from '../../../../shared/schemas/sites';
import { api } from '../../../lib/http';

/** GET /api/settings.php with the forced domain (the host) plus the route's query. */
export function fetchSettings(search: string = window.location.search): Promise<SettingsResponse> {
  const query: Record<string, string> = {};
  new URLSearchParams(search).forEach((v, k) => {
    if (k !== 'domain') query[k] = v;
  });
  return api<SettingsResponse>('api/settings.php', { query: { ...query, domain: window.location.hostname } });
}

export const settingsQuery = queryOptions({
  queryKey: ['settings'],
  queryFn: () => fetchSettings(),
  staleTime: Number.POSITIVE_INFINITY,
});

export function useSettings() {
  return useSuspenseQuery(settingsQuery).data.settings;
}
