/**
 * How the service worker answers a request (issue 24, point 5). Pure, so it is unit-tested (routing.test.ts):
 * - 'bypass': the worker leaves the request alone (the browser fetches it as without a worker). Every API call,
 *   every photo (/media is authorised per member), other origins, anything but GET, ranges, the worker itself and
 *   the per-site manifest: nothing private or per member is ever cached.
 * - 'asset-cache-first': a hashed build file (/assets/name-HASH.ext) never changes: answered from the cache of the
 *   worker's version, else fetched and kept there.
 * - 'precached': a file of the shell the worker stored when it installed (the offline page and its script, icons).
 * - 'navigation': a page load: network first (the server's HTML, never cached), the offline page when there is no
 *   connection.
 */
export type SwStrategy = 'bypass' | 'asset-cache-first' | 'precached' | 'navigation';

export interface SwRequestInfo {
  url: string;
  method: string;
  /** Request.mode: 'navigate' for a page load */
  mode: string;
  /** a Range header is present (media streaming) */
  hasRange: boolean;
}

/** Paths of a private or dynamic answer: never cached, never answered from a cache. */
const NEVER_CACHED = ['/api/', '/media/', '/admin/api/'];
/** Files served fresh on every request (the worker's script, the manifest the server writes per site). */
const ALWAYS_FRESH = new Set([
  '/sw.js',
  '/sw-push.js',
  '/manifest.webmanifest',
  '/manifest-discreet.webmanifest',
]);
/** Vite's output: `/assets/<name>-<hash>.<ext>` (the hash is 8 or more characters of [A-Za-z0-9_-]). */
const HASHED_ASSET = /^\/assets\/[^/]+-[A-Za-z0-9_-]{8,}\.[a-z0-9]+$/;

export function swStrategy(req: SwRequestInfo, origin: string, precached: ReadonlySet<string>): SwStrategy {
  if (req.method !== 'GET' || req.hasRange) return 'bypass';
  let url: URL;
  try {
    url = new URL(req.url);
  } catch {
    return 'bypass';
  }
  if (url.origin !== origin) return 'bypass';
  const path = url.pathname;
  if (NEVER_CACHED.some((p) => path.startsWith(p)) || ALWAYS_FRESH.has(path)) return 'bypass';
  if (req.mode === 'navigate') return 'navigation';
  if (HASHED_ASSET.test(path) && !url.search) return 'asset-cache-first';
  if (precached.has(path) && !url.search) return 'precached';
  return 'bypass';
}

/** Only a complete, same-origin, cacheable answer is stored. */
export function isCacheable(res: {
  status: number;
  type: string;
  headers: { get(name: string): string | null };
}) {
  if (res.status !== 200 || res.type !== 'basic') return false;
  const cc = res.headers.get('cache-control') ?? '';
  return !/\b(?:no-store|private)\b/i.test(cc);
}

export const CACHE_PREFIX = 'amora-';
export const shellCacheName = (version: string) => `${CACHE_PREFIX}shell-${version}`;
export const assetCacheName = (version: string) => `${CACHE_PREFIX}assets-${version}`;

/** The caches an activated worker of `version` deletes: this app's caches of other versions. */
export function staleCaches(keys: readonly string[], version: string): string[] {
  const keep = new Set([shellCacheName(version), assetCacheName(version)]);
  return keys.filter((k) => k.startsWith(CACHE_PREFIX) && !keep.has(k));
}

/** A worker of this app has installed before (its caches exist): a new version waits to be accepted. */
export function hasEarlierVersion(keys: readonly string[], version: string): boolean {
  return keys.some((k) => k.startsWith(`${CACHE_PREFIX}shell-`) && k !== shellCacheName(version));
}

/** Messages between the page and the worker. */
export const SW_MESSAGES = { skipWaiting: 'sw.skip-waiting' } as const;
