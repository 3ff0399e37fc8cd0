// @vitest-environment happy-dom
import { QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../app/providers';
import { searchQuery } from './api/members';
import { refreshAfterVisibilityChange } from './visibility-change';

afterEach(() => vi.unstubAllGlobals());

const SEARCH_ANSWER = {
  profiles: [],
  numResults: 0,
  numResultsCapped: false,
  page: 1,
  pages: 0,
  similar: [],
};

describe('refreshAfterVisibilityChange', () => {
  it('marks every list of members for fetching again, and nothing else', () => {
    const client = createQueryClient();
    const lists = [
      ['search', { page: 1, country: 'NL' }],
      ['likes', 'received', 2],
      ['chats'],
      ['swipe-deck'],
      ['match-finder', 1],
      ['member', 42],
      ['showcase', 'en', null],
      ['blocked'],
    ];
    const others = [['user'], ['settings'], ['conversation', 5], ['messages', 5], ['privacy']];
    for (const key of [...lists, ...others]) client.setQueryData(key, {});
    refreshAfterVisibilityChange(client);
    for (const key of lists) expect(client.getQueryState(key)?.isInvalidated, JSON.stringify(key)).toBe(true);
    for (const key of others)
      expect(client.getQueryState(key)?.isInvalidated, JSON.stringify(key)).toBe(false);
  });
});

describe('searchQuery', () => {
  it('fetches a search again each time it is shown, even within the app’s usual 30 s', async () => {
    const fetchMock = vi.fn(
      async () =>
        new Response(JSON.stringify(SEARCH_ANSWER), { headers: { 'Content-Type': 'application/json' } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const client = createQueryClient();
    const options = searchQuery({ page: 1 });
    await client.fetchQuery(options);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // The search screen is shown again a moment later (someone may have blocked the member meanwhile).
    const unsubscribe = new QueryObserver(client, options).subscribe(() => undefined);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    unsubscribe();
  });
});
