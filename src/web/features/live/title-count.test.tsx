// @vitest-environment happy-dom
import { act, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { RULES } from '../../../shared/rules';
import { useHead } from '../../lib/head';
import { json, renderWithKit, resetKit } from '../../test/render-kit';
import { member } from '../chat/chat-test-kit';
import { LiveSync } from './LiveSync';
import type { SocketLike } from './live-client';

/** A live connection that never opens: the counts must come from the first load of the chats and the likes. */
const createSocket = (): SocketLike => ({
  readyState: 0,
  send: () => undefined,
  close: () => undefined,
  onopen: null,
  onmessage: null,
  onclose: null,
  onerror: null,
});

function Page() {
  useHead({ title: 'Search', siteName: 'Amora' });
  return null;
}

/** The server: 3 unread messages and 2 new likes. */
const server = {
  'GET chats.php': () => json(200, { chats: [], total_unread: 3 }),
  'GET likes.php': () => json(200, { profiles: [], counts: { new: 2, received: 5, given: 12, matches: 4 } }),
};

const screenWithSync = (
  <>
    <LiveSync createSocket={createSocket} />
    <Page />
  </>
);

afterEach(resetKit);

describe('the title prefix after sign-in', () => {
  it('counts unread messages and new likes from the first load, without waiting for the polling to start', async () => {
    const started = Date.now();
    // Just signed in: the user is known, nothing of the chats or likes is cached yet.
    const kit = await renderWithKit({ element: screenWithSync, cache: [[['user'], member()]], api: server });
    await waitFor(() => expect(document.title).toBe('(5) Search - Amora'), { timeout: 2_000 });
    expect(Date.now() - started).toBeLessThan(RULES.polling.startDelayMs);
    const paths = kit.api.fetch.mock.calls.map(([u]) => new URL(String(u), 'http://localhost').pathname);
    expect(paths.filter((p) => p === '/api/chats.php')).toHaveLength(1);
    expect(paths.filter((p) => p === '/api/likes.php')).toHaveLength(1);
  });

  it('signed out: no count and no calls', async () => {
    const kit = await renderWithKit({ element: screenWithSync, cache: [[['user'], null]], api: server });
    await act(() => new Promise((r) => setTimeout(r, 300)));
    expect(document.title).toBe('Search - Amora');
    expect(kit.api.fetch).not.toHaveBeenCalled();
  });
});
