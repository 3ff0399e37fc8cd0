import { LRUCache } from 'lru-cache';
import type { EventBus } from '../../lib/event-bus';

/**
 * Short-lived, per-instance caches of the member search (SEARCH_CACHE_SECONDS, 0 turns them off):
 * - `counts`: numResults of a filter as seen by nobody in particular (no viewer, no blocks), keyed by the filter and
 *   the count limit. A signed-in viewer uses a cached count only when it is a lower bound ("1,000+"), where their
 *   own few blocks cannot change what is shown.
 * - `responses`: the answer for nobody in particular, keyed by site and query. Signed-out visitors get it as it is
 *   (it is also sent with `Cache-Control: public, max-age=30`, so a CDN may hold it just as long); members with no
 *   blocks either way get it too, with themselves taken out (adaptForViewer). Members with blocks are always
 *   searched for on their own.
 * A change of who is listed (refreshSearchable: confirmation, deletion, invisibility) or of what their card shows
 * or is filtered on (main photo, gender, living area) clears every search cache of this process at once. A change of
 * who may see whom (invisible mode, deletion, reactivation) is also announced once committed
 * (`announceListingChange`): every instance clears its caches then, so the next search anywhere leaves the member out
 * (or shows them again). Other changes reach other instances within the TTL. Blocks need nothing here: a member with
 * blocks either way is always searched for on their own, and a block drops both members' cached sessions.
 */
export interface SearchCaches {
  counts: LRUCache<string, number>;
  responses: LRUCache<string, object>;
}

const live = new Set<SearchCaches>();

export function createSearchCaches(ttlSeconds: number): SearchCaches | undefined {
  if (ttlSeconds <= 0) return undefined;
  const ttl = ttlSeconds * 1000;
  const caches: SearchCaches = {
    counts: new LRUCache<string, number>({ max: 20_000, ttl }),
    responses: new LRUCache<string, object>({ max: 2_000, ttl }),
  };
  live.add(caches);
  return caches;
}

/** Forget a cache set (app close). */
export function dropSearchCaches(caches: SearchCaches | undefined): void {
  if (caches) live.delete(caches);
}

/**
 * Another listing of members cached on the same terms (the landing page's showcase): same TTL, cleared with the
 * search caches whenever who is listed, or what their card shows, changes.
 */
export function createListingCache<V extends {}>(
  ttlSeconds: number,
  max: number,
): LRUCache<string, V> | undefined {
  if (ttlSeconds <= 0) return undefined;
  const cache = new LRUCache<string, V>({ max, ttl: ttlSeconds * 1000 });
  liveListings.add(cache as unknown as LRUCache<string, object>);
  return cache;
}

export function dropListingCache<V extends {}>(cache: LRUCache<string, V> | undefined): void {
  if (cache) liveListings.delete(cache as unknown as LRUCache<string, object>);
}

const liveListings = new Set<LRUCache<string, object>>();

/** Who is listed has changed: nothing cached in this process may be served any more. */
export function invalidateSearchCaches(): void {
  for (const c of live) {
    c.counts.clear();
    c.responses.clear();
  }
  for (const c of liveListings) c.clear();
}

/** The bus channel on which instances announce a committed change of who may see whom. */
export const LISTING_CHANGED = 'listing-changed';

const buses = new Set<EventBus>();

/** Clears this process's caches whenever an instance announces a change on `bus` (searchRoutes); returns the undo. */
export function connectSearchCaches(bus: EventBus): () => void {
  buses.add(bus);
  const off = bus.subscribe(LISTING_CHANGED, () => invalidateSearchCaches());
  return () => {
    off();
    buses.delete(bus);
  };
}

/**
 * Who may see whom changed and the change is committed (called after the transaction: a search that read the old
 * state before the commit cannot have cached it past this point): every search cache is cleared here and, through
 * the bus, on every instance.
 */
export function announceListingChange(): void {
  invalidateSearchCaches();
  for (const bus of buses) bus.publish(LISTING_CHANGED, true);
}
