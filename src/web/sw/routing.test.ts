import { describe, expect, it } from 'vitest';
import {
  assetCacheName,
  hasEarlierVersion,
  isCacheable,
  shellCacheName,
  staleCaches,
  swStrategy,
} from './routing';

const ORIGIN = 'https://amora.example';
const PRECACHED = new Set(['/offline.html', '/offline.js', '/icons/icon-192.png']);
const req = (path: string, over: Partial<{ method: string; mode: string; hasRange: boolean }> = {}) => ({
  url: path.startsWith('http') ? path : `${ORIGIN}${path}`,
  method: 'GET',
  mode: 'no-cors',
  hasRange: false,
  ...over,
});
const strategy = (path: string, over = {}) => swStrategy(req(path, over), ORIGIN, PRECACHED);

describe('service worker routing', () => {
  it('never touches API calls, photos or the per-site manifest, not even page loads of them', () => {
    expect(strategy('/api/user.php')).toBe('bypass');
    expect(strategy('/api/chats.php?page=1', { mode: 'cors' })).toBe('bypass');
    expect(strategy('/api/live', { mode: 'navigate' })).toBe('bypass');
    expect(strategy('/media/photos/12/abc.jpg')).toBe('bypass');
    expect(strategy('/manifest.webmanifest')).toBe('bypass');
    expect(strategy('/sw.js')).toBe('bypass');
  });

  it('leaves writes, ranges and other origins to the browser', () => {
    expect(strategy('/assets/index-Cz5SZnMK.js', { method: 'POST' })).toBe('bypass');
    expect(strategy('/assets/index-Cz5SZnMK.js', { hasRange: true })).toBe('bypass');
    expect(strategy('https://cdn.example/assets/index-Cz5SZnMK.js')).toBe('bypass');
    expect(strategy('/members', { method: 'HEAD', mode: 'navigate' })).toBe('bypass');
  });

  it('answers hashed build files from the cache first, not unhashed or queried ones', () => {
    expect(strategy('/assets/index-Cz5SZnMK.js')).toBe('asset-cache-first');
    expect(strategy('/assets/index-wXA8-U-Q.css')).toBe('asset-cache-first');
    expect(strategy('/assets/en-chat-B_x9aQ2L.json')).toBe('asset-cache-first');
    expect(strategy('/assets/logo.svg')).toBe('bypass');
    expect(strategy('/assets/index-Cz5SZnMK.js?x=1')).toBe('bypass');
  });

  it('sends page loads to the network first (the offline page on failure), the shell files from the precache', () => {
    expect(strategy('/members', { mode: 'navigate' })).toBe('navigation');
    expect(strategy('/chats/12', { mode: 'navigate' })).toBe('navigation');
    expect(strategy('/admin/members', { mode: 'navigate' })).toBe('navigation');
    expect(strategy('/offline.html')).toBe('precached');
    expect(strategy('/icons/icon-192.png')).toBe('precached');
    expect(strategy('/og-default.jpg')).toBe('bypass');
  });

  it('stores only complete, same-origin, public answers', () => {
    const headers = (cc: string | null) => ({ get: () => cc });
    expect(isCacheable({ status: 200, type: 'basic', headers: headers('public, max-age=31536000') })).toBe(
      true,
    );
    expect(isCacheable({ status: 200, type: 'basic', headers: headers(null) })).toBe(true);
    expect(isCacheable({ status: 206, type: 'basic', headers: headers(null) })).toBe(false);
    expect(isCacheable({ status: 404, type: 'basic', headers: headers(null) })).toBe(false);
    expect(isCacheable({ status: 200, type: 'opaque', headers: headers(null) })).toBe(false);
    expect(isCacheable({ status: 200, type: 'basic', headers: headers('private, max-age=60') })).toBe(false);
    expect(isCacheable({ status: 200, type: 'basic', headers: headers('no-store') })).toBe(false);
  });

  it('keeps only the caches of its own version, and knows when an earlier version runs', () => {
    const keys = [shellCacheName('old1'), assetCacheName('old1'), shellCacheName('new2'), 'someone-else'];
    expect(staleCaches(keys, 'new2')).toEqual([shellCacheName('old1'), assetCacheName('old1')]);
    expect(hasEarlierVersion(keys, 'new2')).toBe(true);
    expect(hasEarlierVersion([shellCacheName('new2'), 'someone-else'], 'new2')).toBe(false);
    expect(hasEarlierVersion([], 'new2')).toBe(false);
  });
});
