import { createRequire } from 'node:module';

/** Country of an IP address (ISO alpha-2) from geoip-lite's bundled database, or null. Loaded on first use. */
type Lookup = (ip: string) => { country: string } | null;
let lookupFn: Lookup | undefined;

export function countryOfIp(ip: string | undefined): string | null {
  if (!ip) return null;
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
