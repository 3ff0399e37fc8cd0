import type { Db } from '../../db/client';
import type { EventBus } from '../../lib/event-bus';
import { findSiteByDomain, type SiteWithCompany } from './sites.repo';

/**
 * Resolves a request's host to its site, with a short in-memory cache so that every request does not
 * hit the database. Settings changed in the database are picked up within `ttlMs` on every instance.
 */
export class SiteDirectory {
  private cache = new Map<string, { value: SiteWithCompany | undefined; expires: number }>();

  /**
   * @param fallbackDomain development only: the site every unknown host gets (127.0.0.1, a LAN address, a tunnel),
   * so `npm start` opened from a phone on the same network shows the product instead of "not part of our network".
   */
  constructor(
    private readonly db: Db,
    private readonly ttlMs = 30_000,
    private readonly fallbackDomain?: string,
  ) {}

  async byDomain(rawDomain: string): Promise<SiteWithCompany | undefined> {
    const domain = normalizeDomain(rawDomain);
    if (!domain) return this.fallbackDomain ? this.byDomain(this.fallbackDomain) : undefined;
    const now = Date.now();
    const hit = this.cache.get(domain);
    if (hit && hit.expires > now) return hit.value;
    let value = await findSiteByDomain(this.db, domain);
    if (!value && domain.startsWith('www.')) value = await findSiteByDomain(this.db, domain.slice(4));
    if (!value && this.fallbackDomain && domain !== this.fallbackDomain)
      value = await this.byDomain(this.fallbackDomain);
    // Unknown domains are cached briefly too, so a flood of bogus hosts cannot hammer the database.
    if (this.cache.size > 10_000) this.cache.clear();
    this.cache.set(domain, { value, expires: now + (value ? this.ttlMs : 5_000) });
    return value;
  }

  invalidate(): void {
    this.cache.clear();
  }

  /**
   * Forgets every cached site whenever any instance announces a change of the sites (the staff console's edits,
   * announceSitesChanged), so a setting changed on one instance applies at once on all of them. Returns the undo.
   */
  listen(bus: EventBus): () => void {
    return bus.subscribe(SITES_CHANGED, () => this.invalidate());
  }
}

/** The bus channel on which instances announce a committed change of a site, a company or the catalogue. */
export const SITES_CHANGED = 'sites.changed';

/** Tells every instance (this one included) to reload its sites; call after the change is committed. */
export function announceSitesChanged(bus: EventBus, siteId: number | null): void {
  bus.publish(SITES_CHANGED, { siteId });
}

/** Lower-cases a host, drops the port and a trailing dot; returns '' for anything that is not a host name. */
export function normalizeDomain(raw: string): string {
  let host = raw.trim().toLowerCase();
  if (host.startsWith('[')) return ''; // IPv6 literals are not site domains
  host = host.replace(/:\d+$/, '').replace(/\.$/, '');
  if (host.length === 0 || host.length > 253 || !/^[a-z0-9.-]+$/.test(host)) return '';
  return host;
}
