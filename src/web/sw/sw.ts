import { installPush } from './push';
import {
  assetCacheName,
  hasEarlierVersion,
  isCacheable,
  SW_MESSAGES,
  shellCacheName,
  staleCaches,
  swStrategy,
} from './routing';
import type { FetchEvent, SwGlobal } from './sw-types';

/**
 * The app's service worker, built into /sw.js by scripts/service-worker.ts (which writes the build's version and
 * the shell's files in front of it). Push as before; the shell and static assets cached per build version; the
 * offline page for a page load without a connection; a new version waits until the member accepts it (the app
 * offers a reload), except the very first caching version, which takes over from the push-only worker at once.
 */
const sw = self as unknown as SwGlobal;
const BUILD = sw.__AMORA_SW__ ?? { version: 'dev', precache: [] };
const SHELL = shellCacheName(BUILD.version);
const ASSETS = assetCacheName(BUILD.version);
const PRECACHED = new Set(BUILD.precache);
const OFFLINE_PAGE = '/offline.html';

installPush(sw);

sw.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const shell = await caches.open(SHELL);
      // `reload`: the files from the server, not an HTTP cache of another version.
      await shell.addAll(BUILD.precache.map((path) => new Request(path, { cache: 'reload' })));
      // Nothing to interrupt when no caching version runs yet (the push-only worker, or none): take over now.
      if (!hasEarlierVersion(await caches.keys(), BUILD.version)) await sw.skipWaiting();
    })(),
  );
});

sw.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      await Promise.all(staleCaches(await caches.keys(), BUILD.version).map((k) => caches.delete(k)));
      await sw.clients.claim();
    })(),
  );
});

sw.addEventListener('message', (event) => {
  const data = event.data as { type?: unknown } | null;
  // The member chose "reload" on the offer of the new version.
  if (data?.type === SW_MESSAGES.skipWaiting) event.waitUntil(sw.skipWaiting());
});

async function assetCacheFirst(request: Request): Promise<Response> {
  const cache = await caches.open(ASSETS);
  const hit = (await cache.match(request)) ?? (await caches.match(request, { cacheName: SHELL }));
  if (hit) return hit;
  const res = await fetch(request);
  if (isCacheable(res)) await cache.put(request, res.clone()).catch(() => undefined);
  return res;
}

async function precached(request: Request): Promise<Response> {
  return (await caches.match(request, { cacheName: SHELL })) ?? fetch(request);
}

/** Network first; no connection: the offline page (the server's HTML is never cached: it may be per member). */
async function navigation(request: Request): Promise<Response> {
  try {
    return await fetch(request);
  } catch (err) {
    const offline = await caches.match(OFFLINE_PAGE, { cacheName: SHELL });
    if (offline) return offline;
    throw err;
  }
}

sw.addEventListener('fetch', (event: FetchEvent) => {
  const { request } = event;
  const strategy = swStrategy(
    { url: request.url, method: request.method, mode: request.mode, hasRange: request.headers.has('range') },
    sw.location.origin,
    PRECACHED,
  );
  if (strategy === 'asset-cache-first') event.respondWith(assetCacheFirst(request));
  else if (strategy === 'precached') event.respondWith(precached(request));
  else if (strategy === 'navigation') event.respondWith(navigation(request));
});
