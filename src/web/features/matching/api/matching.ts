import { queryOptions } from '@tanstack/react-query';
import type {
  AutoLikeResponse,
  MatchFinderResponse,
  MatchPreferences,
  MatchPreferencesResponse,
  SwipeDeckResponse,
  SwipeResponse,
} from '../../../../shared/schemas/matching';
import { api } from '../../../lib/http';

/** GET /api/match-preferences.php: the saved preferences, or the defaults from the own profile (`saved` false). */
export const matchPreferencesQuery = () =>
  queryOptions({
    queryKey: ['match-preferences'],
    queryFn: ({ signal }) => api<MatchPreferencesResponse>('api/match-preferences.php', { signal }),
    throwOnError: false,
  });

/** PUT /api/match-preferences.php: saves what the member is looking for (validated by the server too). */
export const saveMatchPreferences = (prefs: MatchPreferences) =>
  api<MatchPreferencesResponse>('api/match-preferences.php', { method: 'PUT', body: prefs });

/** GET /api/match-finder.php?page=: the best-fitting members by the preferences, best first. */
export const matchFinderQuery = (page = 1) =>
  queryOptions({
    queryKey: ['match-finder', page],
    queryFn: ({ signal }) => api<MatchFinderResponse>('api/match-finder.php', { query: { page }, signal }),
    throwOnError: false,
  });

/** GET /api/swipe-game.php: the next cards of the deck and today's likes left. */
export const swipeDeckQuery = () =>
  queryOptions({
    queryKey: ['swipe-deck'],
    queryFn: ({ signal }) => api<SwipeDeckResponse>('api/swipe-game.php', { signal }),
    throwOnError: false,
    // The deck is consumed locally; it is fetched again only when it runs low (see the swipe game page).
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });

/** POST /api/swipe-game.php: like (counts against today's likes; 403 swipe_limit_reached when used up) or pass. */
export const swipeCall = (id: number, action: 'like' | 'pass') =>
  api<SwipeResponse>('api/swipe-game.php', { method: 'POST', body: { id, action } });

/** GET /api/auto-like.php: a real, not yet announced like of the member (the like modal), or null. */
export const autoLikeCall = () => api<AutoLikeResponse>('api/auto-like.php');
