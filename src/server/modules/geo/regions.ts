import { createRequire } from 'node:module';
import { COUNTRIES } from '../../../shared/locales';

/** What a country calls its first-level regions; the label is translated through `region_labels.<kind>`. */
export const REGION_LABELS: Record<string, RegionLabel> = {
  US: 'state',
  NL: 'province',
  BE: 'region',
  FR: 'region',
  IT: 'region',
  ES: 'province',
  DE: 'federal_state',
  AT: 'federal_state',
  IE: 'county',
  GB: 'county',
  CA: 'province',
  PL: 'voivodeship',
  AU: 'state',
  NZ: 'region',
  CH: 'canton',
  DK: 'region',
  FI: 'region',
  NO: 'county',
  SE: 'county',
};
export type RegionLabel =
  | 'state'
  | 'province'
  | 'region'
  | 'federal_state'
  | 'county'
  | 'voivodeship'
  | 'canton';

/** country-region-data still uses the pre-2018 numeric codes for Poland; ISO 3166-2:PL uses letters. */
const POLAND_ISO: Record<string, string> = {
  '02': 'DS',
  '04': 'KP',
  '06': 'LU',
  '08': 'LB',
  '10': 'LD',
  '12': 'MA',
  '14': 'MZ',
  '16': 'OP',
  '18': 'PK',
  '20': 'PD',
  '22': 'PM',
  '24': 'SL',
  '26': 'SK',
  '28': 'WN',
  '30': 'WP',
  '32': 'ZP',
};

export interface Region {
  code: string;
  name: string;
}

interface RawCountry {
  countryShortCode: string;
  regions: { name: string; shortCode?: string }[];
}

let cache: Map<string, Region[]> | undefined;

/** Regions of every country of the locale-country map, sorted by name; codes are unique per country. */
export function regionsByCountry(): Map<string, Region[]> {
  if (cache) return cache;
  const require = createRequire(import.meta.url);
  const data = require('country-region-data/data.json') as RawCountry[];
  cache = new Map();
  for (const country of COUNTRIES) {
    const raw = data.find((c) => c.countryShortCode === country);
    const seen = new Set<string>();
    const regions: Region[] = [];
    for (const r of raw?.regions ?? []) {
      let code = (r.shortCode ?? r.name).replace(/^[A-Z]{2}-/, '');
      if (country === 'PL') code = POLAND_ISO[code] ?? code;
      if (seen.has(code)) continue;
      seen.add(code);
      regions.push({ code, name: r.name });
    }
    regions.sort((a, b) => a.name.localeCompare(b.name));
    cache.set(country, regions);
  }
  return cache;
}

export function isRegionOf(country: string, code: string): boolean {
  return (
    regionsByCountry()
      .get(country)
      ?.some((r) => r.code === code) ?? false
  );
}
