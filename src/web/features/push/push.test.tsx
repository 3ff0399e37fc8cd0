// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { member } from '../chat/chat-test-kit';
import { useMemberPolling, usePushSubscribed } from '../live/use-polling';
import { installFakePush, json, uninstallFakePush } from '../notifications/notifications-test-kit';
import { PushSync, sameSitePath } from './PushSync';
import { isIosDevice, refreshPushState } from './push-state';
import { enablePush } from './push-subscription';

const KEY = 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';

afterEach(() => {
  cleanup();
  uninstallFakePush();
});

function stubFetch() {
  const fetchMock = vi.fn(async (url: string) =>
    url === '/api/user.php?push=1' ? json(200, { ok: true }) : json(200, {}),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('the push state', () => {
  it('recognises iPhones and iPads (also an iPad that says Macintosh)', () => {
    expect(isIosDevice('Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X)', 5)).toBe(true);
    expect(isIosDevice('Mozilla/5.0 (iPad; CPU OS 16_0 like Mac OS X)', 5)).toBe(true);
    expect(isIosDevice('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Safari/605.1.15', 5)).toBe(true);
    expect(isIosDevice('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Safari/605.1.15', 0)).toBe(false);
    expect(isIosDevice('Mozilla/5.0 (Linux; Android 14; Pixel 7) Chrome/126.0', 5)).toBe(false);
  });

  it('turns polling to the slow interval right after push is enabled, without a reload', async () => {
    installFakePush({ permission: 'default' });
    stubFetch();
    await refreshPushState();
    const { result } = renderHook(() => usePushSubscribed(true));
    expect(result.current).toBe(false);
    await act(async () => {
      expect(await enablePush(KEY)).toBe('granted');
    });
    expect(result.current).toBe(true);
    // Signed out: never.
    const signedOut = renderHook(() => usePushSubscribed(false));
    expect(signedOut.result.current).toBe(false);
  });

  it('stays not subscribed when the server refuses the subscription', async () => {
    installFakePush({ permission: 'default' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(409, { error: { code: 'push_endpoint_taken', message: 'taken' } })),
    );
    await refreshPushState();
    const { result } = renderHook(() => usePushSubscribed(true));
    await act(async () => {
      await expect(enablePush(KEY)).rejects.toThrow('taken');
    });
    expect(result.current).toBe(false);
  });
});

describe('a push message while the site is open', () => {
  it('reloads chats and likes', async () => {
    installFakePush({ permission: 'granted' });
    const container = navigator.serviceWorker as unknown as EventTarget;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(500, {})),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(['chats'], { chats: [], total_unread: 0 });
    client.setQueryData(['likes', 'received', 1], { counts: { new: 0 } });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    renderHook(() => useMemberPolling(true), { wrapper });
    container.dispatchEvent(new MessageEvent('message', { data: { type: 'other' } }));
    expect(client.getQueryState(['chats'])!.isInvalidated).toBe(false);
    container.dispatchEvent(
      new MessageEvent('message', {
        data: { type: 'push', payload: { type: 'new_messages', url: '/chats/5' } },
      }),
    );
    expect(client.getQueryState(['chats'])!.isInvalidated).toBe(true);
    expect(client.getQueryState(['likes', 'received', 1])!.isInvalidated).toBe(true);
  });
});

describe('PushSync', () => {
  function renderSync(client: QueryClient) {
    const router = createMemoryRouter(
      [
        {
          path: '*',
          element: (
            <>
              <PushSync />
              <p>page</p>
            </>
          ),
        },
      ],
      { initialEntries: ['/members'] },
    );
    render(
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    return router;
  }

  it('opens the screen of a clicked notification in this window and answers the service worker', async () => {
    installFakePush({ permission: 'default' });
    stubFetch();
    const client = new QueryClient();
    client.setQueryData(['user'], null);
    const router = renderSync(client);
    const channel = new MessageChannel();
    const answered = new Promise((resolve) => {
      channel.port1.onmessage = (e) => resolve(e.data);
    });
    act(() => {
      (navigator.serviceWorker as unknown as EventTarget).dispatchEvent(
        new MessageEvent('message', { data: { type: 'open', url: '/chats/12?x=1' }, ports: [channel.port2] }),
      );
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/chats/12'));
    expect(router.state.location.search).toBe('?x=1');
    expect(await answered).toEqual({ type: 'opened' });
  });

  it('only opens paths of this site', () => {
    expect(sameSitePath('/likes/received')).toBe('/likes/received');
    expect(sameSitePath(`${window.location.origin}/chats/3#end`)).toBe('/chats/3#end');
    expect(sameSitePath('https://evil.example.com/chats')).toBe('/');
  });

  it("sends this browser's existing subscription for the signed-in member once", async () => {
    installFakePush({
      permission: 'granted',
      subscription: { endpoint: 'e', toJSON: () => ({ endpoint: 'e' }) },
    });
    const fetchMock = stubFetch();
    await refreshPushState();
    const client = new QueryClient();
    client.setQueryData(['user'], member());
    renderSync(client);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/user.php?push=1',
      expect.objectContaining({ method: 'POST', body: JSON.stringify({ subscription: '{"endpoint":"e"}' }) }),
    );
  });
});
