import { countriesForLocale, LOCALE_COUNTRIES, type Locale } from '../../../shared/locales';
import type { Db } from '../../db/client';
import type { Site } from '../../db/schema';
import { DEFAULT_COMPANY, defaultSite } from './site-defaults';
import { countSites, insertCompany, insertSite } from './sites.repo';

/** The countries a site serves: its `countries` setting, or every country of the languages when it names none. */
export function servedCountries(site: Pick<Site, 'countries'>): readonly string[] {
  return site.countries.length > 0 ? site.countries : Object.keys(LOCALE_COUNTRIES);
}

/**
 * The country a visitor is treated as being in: an explicit `?country=` the site serves, else the GeoIP
 * country when the site serves it, else the first of the site's countries where the visitor's language is spoken,
 * else the site's first country.
 */
export function selectCountry(
  site: Site,
  geoipCountry: string | null,
  requested: string | undefined,
  locale: Locale,
): string {
  const served = servedCountries(site);
  const wanted = requested?.toUpperCase();
  if (wanted && served.includes(wanted)) return wanted;
  if (geoipCountry && served.includes(geoipCountry)) return geoipCountry;
  const spoken = countriesForLocale(locale).find((c) => served.includes(c));
  return spoken ?? served[0] ?? 'NL';
}

/** Creates the company and the site for `domain` when the database has no site yet (first start). */
export async function ensureDefaultSite(db: Db, domain: string): Promise<boolean> {
  if ((await countSites(db)) > 0) return false;
  const company = await insertCompany(db, {
    ...DEFAULT_COMPANY,
    tradenames: [...DEFAULT_COMPANY.tradenames],
    vatNumbers: [...DEFAULT_COMPANY.vatNumbers],
  });
  await insertSite(db, defaultSite(domain, company.id));
  return true;
}
