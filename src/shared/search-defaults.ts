import { ageOn } from './dates';
import { RULES } from './rules';
import type { SearchDefaults, SearchFilters, SearchQuery, SearchRequest } from './schemas/search';
import { SEARCH_AGE_MAX, SEARCH_AGE_MIN, SEARCH_ANY } from './search-options';
import { type OrientationFacts, soughtGender } from './seeking';

/**
 * What a signed-in member's search starts from (issue 27, point 10): the gender they seek (src/shared/seeking.ts), their
 * country and ages around their own. Whatever the member chose (in the request, the web URL) wins over a default.
 */

/** The facts of the own profile the defaults are made from. */
export interface SearchDefaultsProfile extends OrientationFacts {
  country: string;
  birthDate: string;
}

export type { SearchDefaults };

const clampAge = (n: number) => Math.min(SEARCH_AGE_MAX, Math.max(SEARCH_AGE_MIN, n));

/** The default age range around `age` (RULES.searchDefaults), within the searchable ages. */
export function ageRangeAround(age: number): { min_age: number; max_age: number } {
  return {
    min_age: clampAge(age - RULES.searchDefaults.yearsYounger),
    max_age: clampAge(age + RULES.searchDefaults.yearsOlder),
  };
}

export function searchDefaultsOf(p: SearchDefaultsProfile, now: Date = new Date()): SearchDefaults {
  return { gender: soughtGender(p), country: p.country, ...ageRangeAround(ageOn(p.birthDate, now)) };
}

/**
 * The search to run for a request: each filter as asked, else the default (a visitor has only the niche's:
 * src/shared/niche-defaults.ts nicheVisitorSearchDefaults, none on a general site). `any` and the outer ages are no
 * filter. A default age on one side gives way to an age asked on the other (max_age 20 asked, 26 the default
 * minimum: 20–20); a region applies only within a country.
 */
export function resolveSearch(
  request: SearchRequest,
  defaults: Partial<SearchDefaults> | undefined,
): SearchQuery {
  const gender = request.gender ?? defaults?.gender ?? undefined;
  const country = request.country ?? defaults?.country;
  let min = request.min_age ?? defaults?.min_age;
  let max = request.max_age ?? defaults?.max_age;
  if (min !== undefined && max !== undefined && min > max) {
    if (request.min_age === undefined) min = max;
    else max = min;
  }
  const query: SearchQuery = { page: request.page };
  if (gender !== undefined && gender !== SEARCH_ANY) query.gender = gender;
  if (country !== undefined && country !== SEARCH_ANY) {
    query.country = country;
    if (request.countryregion !== undefined) query.countryregion = request.countryregion;
  }
  if (min !== undefined && min > SEARCH_AGE_MIN) query.min_age = min;
  if (max !== undefined && max < SEARCH_AGE_MAX) query.max_age = max;
  if (request.verified === '1') query.verified = true;
  return query;
}

/** The filters of a search as the filter bar shows them (no filter: null, the outer ages). */
export function filtersOf(query: SearchQuery): SearchFilters {
  return {
    gender: query.gender ?? null,
    country: query.country ?? null,
    countryregion: query.countryregion ?? null,
    min_age: query.min_age ?? SEARCH_AGE_MIN,
    max_age: query.max_age ?? SEARCH_AGE_MAX,
    ...(query.verified ? { verified: true } : {}),
  };
}
