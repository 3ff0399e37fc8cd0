import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CountryRegions } from '../../../../shared/schemas/sites';
import { api } from '../../../lib/http';

/** Loaded once per language and cached. */
export const regionsQuery = (locale: string) =>
  queryOptions({
    queryKey: ['regions', locale],
    queryFn: () =>
      api<{ regions: Record<string, CountryRegions> }>('api/regions.php', { query: { lang: locale } }).then(
        (r) => r.regions,
      ),
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useRegions(locale: string) {
  return useQuery(regionsQuery(locale));
}
