// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RULES } from '../../../shared/rules';
import { useHead } from '../../lib/head';
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

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

/** The server: 3 unread messages and 2 new likes. */
const server = vi.fn(async (input: string) => {
  const url = new URL(input, 'http://localhost');
  if (url.pathname === '/api/chats.php') return json({ chats: [], total_unread: 3 });
  if (url.pathname === '/api/likes.php')
    return json({ profiles: [], counts: { new: 2, received: 5, given: 12, matches: 4 } });
  return new Response('{}', { status: 404 });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  server.mockClear();
});

describe('the title prefix after sign-in', () => {
  it('counts unread messages and new likes from the first load, without waiting for the polling to start', async () => {
    vi.stubGlobal('fetch', server);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    // Just signed in: the user is known, nothing of the chats or likes is cached yet.
    client.setQueryData(['user'], member());
    const started = Date.now();
    render(
      <QueryClientProvider client={client}>
        <LiveSync createSocket={createSocket} />
        <Page />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(document.title).toBe('(5) Search - Amora'), { timeout: 2_000 });
    expect(Date.now() - started).toBeLessThan(RULES.polling.startDelayMs);
    const paths = server.mock.calls.map(([u]) => new URL(u, 'http://localhost').pathname);
    expect(paths.filter((p) => p === '/api/chats.php')).toHaveLength(1);
    expect(paths.filter((p) => p === '/api/likes.php')).toHaveLength(1);
  });

  it('signed out: no count and no calls', async () => {
    vi.stubGlobal('fetch', server);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(['user'], null);
    render(
      <QueryClientProvider client={client}>
        <LiveSync createSocket={createSocket} />
        <Page />
      </QueryClientProvider>,
    );
    await act(() => new Promise((r) => setTimeout(r, 300)));
    expect(document.title).toBe('Search - Amora');
    expect(server).not.toHaveBeenCalled();
  });
});
