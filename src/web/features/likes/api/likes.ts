import { keepPreviousData, type QueryClient, queryOptions } from '@tanstack/react-query';
import type { LikeResponse, LikesResponse, LikeTab } from '../../../../shared/schemas/likes';
import { api } from '../../../lib/http';
import { noteInstallMoment } from '../../pwa/install-prompt';

/** GET /api/likes.php?tab=&page=: one page of a likes tab, with the counts of every tab. */
export const likesQuery = (tab: LikeTab, page = 1) =>
  queryOptions({
    queryKey: ['likes', tab, page],
    queryFn: ({ signal }) => api<LikesResponse>('api/likes.php', { query: { tab, page }, signal }),
    // Paging and later refetches keep the cards on screen; another tab starts from its own cards (or a spinner).
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[1] === tab ? keepPreviousData(previous) : undefined,
    // Errors are shown on the page (with a retry), not by the route's error boundary.
    throwOnError: false,
  });

/** POST /api/like.php: likes a member (idempotent); the answer says whether it is a match. */
export const likeCall = (id: number) => api<LikeResponse>('api/like.php', { method: 'POST', body: { id } });

/** DELETE /api/like.php: takes a like back (idempotent). */
export const unlikeCall = (id: number) => api<unknown>('api/like.php', { method: 'DELETE', body: { id } });

/** After a like or unlike: the member's profile (liked_by_me, match) and every likes tab are out of date. */
export function afterLikeChange(client: QueryClient, id: number, liked: boolean, match?: boolean): void {
  // A first match is the moment to offer installing the app.
  if (liked && match) noteInstallMoment('match');
  client.setQueryData(
    ['member', id],
    (old: { profile: { liked_by_me: boolean; match: boolean } } | undefined) =>
      old
        ? {
            ...old,
            profile: {
              ...old.profile,
              liked_by_me: liked,
              match: liked ? (match ?? old.profile.match) : false,
            },
          }
        : old,
  );
  void client.invalidateQueries({ queryKey: ['member', id] });
  void client.invalidateQueries({ queryKey: ['likes'] });
  // Search answers carry which cards the member likes: stale now, but not refetched under the member's finger
  // (the grid must not move); the next visit of the search asks again.
  void client.invalidateQueries({ queryKey: ['search'], refetchType: 'none' });
}
