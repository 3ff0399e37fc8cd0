import { useMatches } from 'react-router';
import type { RouteName } from '../../shared/routes';

export interface RouteHandle {
  name: RouteName | 'not-found';
}

/** The spec's name of the current route ('not-found' for the 404 page). */
export function useRouteName(): RouteHandle['name'] {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle as RouteHandle | undefined;
    if (handle?.name) return handle.name;
  }
  return 'not-found';
}
