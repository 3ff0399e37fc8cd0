import { QueryClient, QueryClientProvider, type QueryKey } from '@tanstack/react-query';
import { cleanup, configure, type RenderResult, render } from '@testing-library/react';
import i18next, { type i18n as I18n, type Resource } from 'i18next';
import type { ReactElement } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { type Mock, vi } from 'vitest';

/**
 * The render kit of the web app's page and component tests: i18n, a query client, a memory router and a fetch mock
 * in one call, so a test file states only what its screen needs (texts, cached answers, API answers, the URL).
 *
 *   const kit = await renderWithKit({
 *     routes: [{ path: '/likes', element: <LikesPage /> }], path: '/likes',
 *     texts: { members }, cache: [[['user'], member]],
 *     api: { 'GET likes.php': () => json(200, answer) },
 *   });
 *   expect(kit.api.calls).toContain('GET likes.php');
 *
 * Files using it start with `// @vitest-environment happy-dom` and call `resetKit()` in `afterEach`.
 */

// findBy/waitFor wait up to 5 s: screens reach their data through a few mocked calls, beyond the 1-s default when
// the machine is loaded (CI runs the suites side by side on 2 cores).
configure({ asyncUtilTimeout: 5000 });

/** A JSON response as the API sends it. */
export const json = (status: number, body: unknown): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The API's error shape (`{ error: { code, message } }`). */
export const apiError = (status: number, code: string, message = code): Response =>
  json(status, { error: { code, message } });

export interface ApiRequest {
  url: URL;
  init: RequestInit;
  /** The JSON body of the request, parsed (undefined without one). */
  body: unknown;
}
export type ApiHandler = (req: ApiRequest) => Response | Promise<Response>;

export interface ApiMock {
  /** `METHOD file.php` of every call, in order (e.g. 'GET likes.php'). */
  calls: string[];
  /** The bodies of the calls, parsed, in the order of `calls`. */
  bodies: unknown[];
  fetch: Mock;
}

/**
 * Stubs the global fetch. Handlers are keyed `METHOD file.php` (e.g. 'POST like.php'); an array answers its items
 * in turn and repeats the last. A call nobody handles answers 404 `not_found`, or fails the test when `strict`.
 */
export function mockApi(
  handlers: Record<string, ApiHandler | ApiHandler[]> = {},
  { strict = false }: { strict?: boolean } = {},
): ApiMock {
  const calls: string[] = [];
  const bodies: unknown[] = [];
  const queues = new Map(Object.entries(handlers).map(([k, h]) => [k, Array.isArray(h) ? [...h] : [h]]));
  const fetch = vi.fn(async (input: string | URL | Request, init: RequestInit = {}) => {
    const url = new URL(typeof input === 'string' ? input : input.toString(), 'http://localhost');
    const key = `${(init.method ?? 'GET').toUpperCase()} ${url.pathname.split('/').pop()}`;
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    calls.push(key);
    bodies.push(body);
    const queue = queues.get(key);
    const handler = queue && (queue.length > 1 ? queue.shift() : queue[0]);
    if (!handler) {
      if (strict) throw new Error(`unexpected call ${key}`);
      return apiError(404, 'not_found', 'Not found');
    }
    return handler({ url, init, body });
  });
  vi.stubGlobal('fetch', fetch);
  return { calls, bodies, fetch };
}

export interface KitTexts {
  /** Namespaces of the language, e.g. `{ members, common }` from src/web/locales/<lng>/*.json. */
  texts?: Record<string, object>;
  /** The language (default en). */
  lng?: string;
  /** Further languages' namespaces, for tests that switch language. */
  more?: Resource;
  defaultNS?: string;
  /** Initialise the app's global i18next (for screens that switch the app's language) instead of an instance. */
  global?: boolean;
}

/** An i18next with exactly these texts (keys it lacks show as the key). */
export async function testI18n({
  texts = {},
  lng = 'en',
  more = {},
  defaultNS = 'common',
  global = false,
}: KitTexts = {}): Promise<I18n> {
  const i18n = global ? i18next : i18next.createInstance();
  await i18n.use(initReactI18next).init({
    lng,
    fallbackLng: lng,
    resources: { ...more, [lng]: texts },
    ns: Object.keys(texts).length ? Object.keys(texts) : [defaultNS],
    defaultNS,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  if (global) await i18n.changeLanguage(lng);
  return i18n;
}

/** A query client that never retries, holding the given answers (e.g. `[['user'], member]`). */
export function testQueryClient(cache: readonly (readonly [QueryKey, unknown])[] = []): QueryClient {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  for (const [key, data] of cache) client.setQueryData(key, data);
  return client;
}

export interface KitOptions extends KitTexts {
  /** The routes of the memory router; or `element`, rendered at `path`. */
  routes?: RouteObject[];
  element?: ReactElement;
  /** The URL the router starts at (default '/'). */
  path?: string;
  cache?: readonly (readonly [QueryKey, unknown])[];
  /** API answers (see mockApi); omitted: every call answers 404. */
  api?: Record<string, ApiHandler | ApiHandler[]>;
  strict?: boolean;
}

export interface Kit extends RenderResult {
  api: ApiMock;
  i18n: I18n;
  queryClient: QueryClient;
  router: ReturnType<typeof createMemoryRouter>;
}

/** Renders a screen inside i18n, a query client and a memory router, with the API mocked. */
export async function renderWithKit(options: KitOptions): Promise<Kit> {
  const path = options.path ?? '/';
  const api = mockApi(options.api, { strict: options.strict });
  const i18n = await testI18n(options);
  const queryClient = testQueryClient(options.cache);
  const routes = options.routes ?? [
    { path: new URL(path, 'http://localhost').pathname, element: options.element },
  ];
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const result = render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return { ...result, api, i18n, queryClient, router };
}

/** Unmounts what a test rendered and removes the fetch stub: call it in afterEach. */
export function resetKit(): void {
  cleanup();
  vi.unstubAllGlobals();
}
