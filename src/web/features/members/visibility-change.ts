import type { QueryClient } from '@tanstack/react-query';

/**
 * The lists of other members, each of which leaves out the members one may not see (blocked either way, invisible):
 * search, likes, chats, the swipe deck, the match finder, profiles, the showcase and the blocked list.
 */
const MEMBER_LISTS = [
  ['search'],
  ['likes'],
  ['chats'],
  ['swipe-deck'],
  ['match-finder'],
  ['member'],
  ['showcase'],
  ['blocked'],
] as const;

/**
 * After the member blocked or unblocked someone, or turned invisible mode on or off: every list of members is
 * fetched again (the ones on screen now, the others when next shown), so the change shows on every screen at once.
 */
export function refreshAfterVisibilityChange(client: QueryClient): void {
  for (const queryKey of MEMBER_LISTS) void client.invalidateQueries({ queryKey });
}
