import { useQuery } from '@tanstack/react-query';
import type { LanderMapResponse, LanderMapShapes } from '../../../../shared/schemas/lander-map';
import { api } from '../../../lib/http';

/**
 * The map lander's data: the members near the visitor by area (GET /api/lander-map.php, positions already on the
 * map's grid), then the country's shapes (GET /api/lander-map-shapes.php, the same for every visitor of that
 * country, fetched only by this page).
 */
export function useLanderMap(locale: string) {
  const members = useQuery({
    queryKey: ['lander-map', locale],
    queryFn: () => api<LanderMapResponse>('api/lander-map.php', { query: { lang: locale } }),
    staleTime: 60_000,
  });
  const country = members.data?.country;
  const shapes = useQuery({
    queryKey: ['lander-map-shapes', country],
    queryFn: () => api<LanderMapShapes>('api/lander-map-shapes.php', { query: { country } }),
    enabled: Boolean(country) && (members.data?.areas.length ?? 0) > 0,
    staleTime: Number.POSITIVE_INFINITY,
  });
  return {
    country,
    areas: members.data?.areas ?? [],
    shapes: shapes.data,
    loading: members.isPending || (shapes.isPending && shapes.fetchStatus !== 'idle'),
  };
}
