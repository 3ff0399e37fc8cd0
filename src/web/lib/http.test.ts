// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, httpConfig, onAuthenticationRequired } from './http';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('api()', () => {
  const original = httpConfig.retryBaseDelayMs;
  beforeEach(() => {
    httpConfig.retryBaseDelayMs = 1;
  });
  afterEach(() => {
    httpConfig.retryBaseDelayMs = original;
    vi.unstubAllGlobals();
  });

  it('retries a failing GET 5 times with growing delays, then gives the error', async () => {
    const fetchMock = vi.fn(async () => json(503, { error: { code: 'internal', message: 'down' } }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(api('api/settings.php')).rejects.toMatchObject({
      status: 503,
      code: 'internal',
      message: 'down',
    });
    expect(fetchMock).toHaveBeenCalledTimes(6);
  });

  it('recovers when a retry succeeds', async () => {
    let n = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => (++n < 3 ? Promise.reject(new TypeError('offline')) : json(200, { ok: 1 }))),
    );
    await expect(api('api/x.php')).resolves.toEqual({ ok: 1 });
    expect(n).toBe(3);
  });

  it('does not retry client errors, and does not retry writes by default', async () => {
    const fetchMock = vi.fn(async () =>
      json(400, { error: { code: 'validation_failed', message: 'bad', fields: { email: 'x' } } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const err = await api('api/x.php').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).fields).toEqual({ email: 'x' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const post = vi.fn(async () => json(500, {}));
    vi.stubGlobal('fetch', post);
    await expect(api('api/x.php', { method: 'POST', body: {} })).rejects.toBeInstanceOf(ApiError);
    expect(post).toHaveBeenCalledTimes(1);
  });

  it('marks user.php requests and every state-changing request with the client request-type header', async () => {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => json(200, {}));
    vi.stubGlobal('fetch', fetchMock);
    await api('api/user.php');
    await api('api/settings.php');
    const headers = fetchMock.mock.calls.map((c) => (c[1]?.headers ?? {}) as Record<string, string>);
    expect(headers[0]?.['X-Request-Type']).toBe('client');
    expect(headers[1]?.['X-Request-Type']).toBeUndefined();
    await api('api/signup.php', { method: 'POST', body: {} });
    const post = (fetchMock.mock.calls[2]?.[1]?.headers ?? {}) as Record<string, string>;
    expect(post['X-Request-Type']).toBe('client');
  });

  it('tells listeners about 403 authentication_required', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(403, { error: { code: 'authentication_required', message: 'log in' } })),
    );
    const listener = vi.fn();
    const off = onAuthenticationRequired(listener);
    await expect(api('api/chats.php')).rejects.toMatchObject({ status: 403 });
    expect(listener).toHaveBeenCalledTimes(1);
    off();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(403, { error: { code: 'forbidden', message: 'no' } })),
    );
    await expect(api('api/chats.php')).rejects.toMatchObject({ code: 'forbidden' });
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
