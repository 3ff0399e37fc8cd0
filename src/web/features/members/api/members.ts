import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { BlockedEntry, MemberResponse } from '../../../../shared/schemas/member-profile';
import type { SearchRequest, SearchResponse } from '../../../../shared/schemas/search';
import { api } from '../../../lib/http';

/**
 * GET /api/search.php: one page of the member search with the filters chosen (the server fills in a member's
 * defaults for the others); a signed-out visitor's traffic source (`network`) goes along, as the server decides by
 * it whether visitors may search.
 */
export const searchQuery = (filters: Partial<SearchRequest>, network?: string | undefined) => {
  const query = network ? { ...filters, network } : filters;
  return queryOptions({
    queryKey: ['search', query],
    queryFn: ({ signal }) => api<SearchResponse>('api/search.php', { query, signal }),
    placeholderData: keepPreviousData,
    // Fetched again whenever a search is shown: who may be seen changes with others' blocks and invisible modes
    // (the server never lets the browser store a member's answer either).
    staleTime: 0,
    // Errors are shown on the page (with a retry), not by the route's error boundary.
    throwOnError: false,
  });
};

/** GET /api/member.php?id=: another member's profile plus related profiles. */
export const memberQuery = (id: number) =>
  queryOptions({
    queryKey: ['member', id],
    queryFn: ({ signal }) => api<MemberResponse>('api/member.php', { query: { id }, signal }),
    throwOnError: false,
  });

/** GET /api/block.php: the blocks of the signed-in member (cards only of members still visible). */
export const blockedQuery = queryOptions({
  queryKey: ['blocked'],
  queryFn: () => api<{ blocked: BlockedEntry[] }>('api/block.php').then((r) => r.blocked),
  throwOnError: false,
});

/** POST /api/block.php: blocks a member (their chats with the member are deleted). */
export const blockCall = (id: number) => api<unknown>('api/block.php', { method: 'POST', body: { id } });

/** DELETE /api/block.php: unblocks a member. */
export const unblockCall = (id: number) => api<unknown>('api/block.php', { method: 'DELETE', body: { id } });

/** DELETE /api/block.php: lifts the block of one blocked-list entry (also of a member no longer visible). */
export const unblockEntryCall = (handle: string) =>
  api<unknown>('api/block.php', { method: 'DELETE', body: { handle } });
