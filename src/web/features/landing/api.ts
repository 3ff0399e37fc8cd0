import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProfileCard } from '../../../shared/schemas/members';
import { api } from '../../lib/http';

export const showcaseQuery = (locale: string) =>
  queryOptions({
    queryKey: ['showcase', locale],
    queryFn: () =>
      api<{ profiles: ProfileCard[] }>('api/showcase.php', { query: { lang: locale } }).then(
        (r) => r.profiles,
      ),
    staleTime: 60_000,
  });

export function useShowcase(locale: string) {
  return useQuery(showcaseQuery(locale));
}
