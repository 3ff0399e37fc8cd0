// @vitest-environment happy-dom
import { cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { usePageHiddenBeacon } from './page-hidden';

function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
  document.dispatchEvent(new Event('visibilitychange'));
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(document, 'visibilityState');
});

describe('the page-hidden beacon', () => {
  it('posts an empty JSON body, marked as a client request and kept alive, each time the page is hidden', () => {
    const fetchMock = vi.fn(async () => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetchMock);
    renderHook(() => usePageHiddenBeacon(true));
    setVisibility('visible');
    expect(fetchMock).not.toHaveBeenCalled();
    setVisibility('hidden');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledWith('/api/page-hidden.php', {
      method: 'POST',
      keepalive: true,
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', 'X-Request-Type': 'client' },
      body: '{}',
    });
    setVisibility('visible');
    setVisibility('hidden');
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('sends nothing while signed out, and survives a failing network', async () => {
    const fetchMock = vi.fn(async () => {
      throw new TypeError('offline');
    });
    vi.stubGlobal('fetch', fetchMock);
    const { rerender, unmount } = renderHook(({ signedIn }) => usePageHiddenBeacon(signedIn), {
      initialProps: { signedIn: false },
    });
    setVisibility('hidden');
    expect(fetchMock).not.toHaveBeenCalled();
    rerender({ signedIn: true });
    setVisibility('hidden');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await Promise.resolve();
    unmount();
    setVisibility('hidden');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
