import { SEARCH_PAGE_SIZE, SEARCH_SIMILAR_THRESHOLD, type SearchQuery } from '../../../shared/schemas/search';
import type { Db } from '../../db/client';
import type { Site } from '../../db/schema';
import { countMatches, findSearchPage, type SearchFilter, type SearchRow } from './search.repo';

/**
 * numResults is counted up to this many (exact below it): beyond it the exact figure costs a scan of every match
 * (hundreds of thousands for a broad search) and changes nothing for the visitor (417 pages of 24).
 */
export const SEARCH_COUNT_CAP = 10_000;
/** The similar results widen the age range by this many years on each side. */
export const SIMILAR_AGE_WIDENING = 5;
const MIN_AGE = 18;

/**
 * The latest date of birth of someone who is at least `age` years old on `now` (UTC), consistent with ageOn:
 * a 29 February birthday counts from 1 March in other years.
 */
export function latestBirthDateForAge(age: number, now: Date = new Date()): string {
  const y = now.getUTCFullYear() - age;
  const m = now.getUTCMonth();
  const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  const d = new Date(Date.UTC(y, m, Math.min(now.getUTCDate(), lastDay)));
  return d.toISOString().slice(0, 10);
}

/** Birth-date bounds of the members who are min..max years old today (both inclusive). */
export function ageBounds(
  minAge: number | undefined,
  maxAge: number | undefined,
  now: Date = new Date(),
): Pick<SearchFilter, 'bornOnOrBefore' | 'bornAfter'> {
  return {
    bornOnOrBefore: minAge === undefined ? undefined : latestBirthDateForAge(minAge, now),
    bornAfter: maxAge === undefined ? undefined : latestBirthDateForAge(maxAge + 1, now),
  };
}

/**
 * Logged-out search follows the site settings (values all | with_trafficsource | none, like `signups`):
 * a visitor with a traffic source (`network`) is judged by logged_out_search_trafficsource, any other visitor by
 * logged_out_search, where with_trafficsource means "only visitors who have one".
 */
export function loggedOutSearchAllowed(
  site: Pick<Site, 'loggedOutSearch' | 'loggedOutSearchTrafficsource'>,
  hasTrafficSource: boolean,
): boolean {
  if (hasTrafficSource) return site.loggedOutSearchTrafficsource !== 'none';
  return site.loggedOutSearch === 'all';
}

export interface SearchOutcome {
  rows: SearchRow[];
  numResults: number;
  page: number;
  pages: number;
  similar: SearchRow[];
}

/** One page of a search and the number of matches (capped); reads no page when nothing matches. */
async function searchPage(
  db: Db,
  filter: SearchFilter,
  limit: number,
  offset: number,
): Promise<{ rows: SearchRow[]; numResults: number }> {
  const numResults = await countMatches(db, filter, SEARCH_COUNT_CAP);
  if (numResults === 0 || limit <= 0 || offset >= numResults) return { rows: [], numResults };
  return { rows: await findSearchPage(db, filter, { limit, offset }), numResults };
}

/**
 * The member search: one page of the matches (most recently active first), their number (exact up to
 * SEARCH_COUNT_CAP), and on page 1 of a search with few matches, similar members from a wider search
 * (no region, ages widened by SIMILAR_AGE_WIDENING years each side, same gender and country).
 */
export async function searchMembers(
  db: Db,
  opts: { niche: number; viewerId: number | undefined; query: SearchQuery; now?: Date },
): Promise<SearchOutcome> {
  const { query } = opts;
  const now = opts.now ?? new Date();
  const filter: SearchFilter = {
    niche: opts.niche,
    gender: query.gender,
    country: query.country,
    region: query.countryregion,
    ...ageBounds(query.min_age, query.max_age, now),
    viewerId: opts.viewerId || undefined,
    excludeIds: [],
  };
  const page = query.page;
  const found = await searchPage(db, filter, SEARCH_PAGE_SIZE, (page - 1) * SEARCH_PAGE_SIZE);

  let similar: SearchRow[] = [];
  const widens =
    query.countryregion !== undefined || query.min_age !== undefined || query.max_age !== undefined;
  if (page === 1 && found.numResults < SEARCH_SIMILAR_THRESHOLD && widens) {
    const wider: SearchFilter = {
      ...filter,
      region: undefined,
      ...ageBounds(
        query.min_age === undefined ? undefined : Math.max(MIN_AGE, query.min_age - SIMILAR_AGE_WIDENING),
        query.max_age === undefined ? undefined : query.max_age + SIMILAR_AGE_WIDENING,
        now,
      ),
      excludeIds: found.rows.map((r) => r.id),
    };
    similar = (await searchPage(db, wider, SEARCH_PAGE_SIZE - found.rows.length, 0)).rows;
  }
  return {
    rows: found.rows,
    numResults: found.numResults,
    page,
    pages: Math.ceil(found.numResults / SEARCH_PAGE_SIZE),
    similar,
  };
}
