import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InterestOption } from '../../../../shared/schemas/sites';
import { api } from '../../../lib/http';

/** Loaded once per language and cached (labels are translated by the server). */
export const interestsQuery = (locale: string) =>
  queryOptions({
    queryKey: ['interests', locale],
    queryFn: () =>
      api<{ interests: InterestOption[] }>('api/interests.php', { query: { lang: locale } }).then(
        (r) => r.interests,
      ),
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useInterests(locale: string) {
  return useQuery(interestsQuery(locale));
}
