import { createRequire } from 'node:module';
import { LRUCache } from 'lru-cache';

/** Country of an IP address (ISO alpha-2) from geoip-lite's bundled database, or null. Loaded on first use. */
type Lookup = (ip: string) => { country: string } | null;
let lookupFn: Lookup | undefined;

/**
 * Answers per address: settings.php asks on every page load, and a visitor's pages come from one address. The
 * database only changes with a deploy, so entries never go stale; the LRU only bounds memory.
 */
const known = new LRUCache<string, { country: string | null }>({ max: 20_000 });

export function countryOfIp(ip: string | undefined): string | null {
  if (!ip) return null;
  const hit = known.get(ip);
  if (hit) return hit.country;
  const country = lookup(ip);
  known.set(ip, { country });
  return country;
}

function lookup(ip: string): string | null {
  if (!lookupFn) {
    const require = createRequire(import.meta.url);
    lookupFn = (require('geoip-lite') as { lookup: Lookup }).lookup;
  }
  const cleaned = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  try {
    const country = lookupFn(cleaned)?.country;
    return country && /^[A-Z]{2}$/.test(country) ? country : null;
  } catch {
    return null;
  }
}
