import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProfileCard } from '../../../shared/schemas/members';
import { api } from '../../lib/http';

/** GET /api/showcase.php: public members of the site's niche, optionally of one gender. */
export const showcaseQuery = (locale: string, gender?: string | null) =>
  queryOptions({
    queryKey: ['showcase', locale, gender ?? null],
    queryFn: () =>
      api<{ profiles: ProfileCard[] }>('api/showcase.php', {
        query: { lang: locale, gender: gender ?? undefined },
      }).then((r) => r.profiles),
    staleTime: 60_000,
  });

export function useShowcase(locale: string, gender?: string | null) {
  return useQuery(showcaseQuery(locale, gender));
}
