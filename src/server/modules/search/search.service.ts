import {
  SEARCH_AGE_MIN,
  SEARCH_COUNT_STEP,
  SEARCH_PAGE_SIZE,
  SEARCH_SIMILAR_AGE_WIDENING,
  SEARCH_SIMILAR_THRESHOLD,
  type SearchQuery,
} from '../../../shared/schemas/search';
import type { Db } from '../../db/client';
import type { Profile } from '../../db/schema';
import type { SearchCaches } from './search.cache';
import { countMatches, findSearchPage, type SearchFilter, type SearchRow } from './search.repo';

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

/** Logged-out search: one rule with the web app (src/shared/visitor-access.ts). */
export { loggedOutSearchAllowed } from '../../../shared/visitor-access';

export interface SearchOutcome {
  rows: SearchRow[];
  /** Exact, or a lower bound when numResultsCapped. */
  numResults: number;
  numResultsCapped: boolean;
  page: number;
  pages: number;
  similar: SearchRow[];
  /** The match right after this page, when asked for (`lookahead`): what adaptForViewer needs to shift a page. */
  next?: SearchRow | undefined;
}

/** The database filter of a search query (ages as birth-date bounds on `now`). */
export function searchFilterOf(
  niche: number,
  query: SearchQuery,
  viewerId: number | undefined,
  now: Date,
): SearchFilter {
  return {
    niche,
    gender: query.gender,
    country: query.country,
    region: query.countryregion,
    ...ageBounds(query.min_age, query.max_age, now),
    viewerId: viewerId || undefined,
    excludeIds: [],
    ...(query.verified ? { verifiedOnly: true } : {}),
  };
}

/** The wider search of the similar results: no region, ages widened by SEARCH_SIMILAR_AGE_WIDENING years each side. */
export function similarFilterOf(filter: SearchFilter, query: SearchQuery, now: Date): SearchFilter {
  return {
    ...filter,
    region: undefined,
    ...ageBounds(
      query.min_age === undefined
        ? undefined
        : Math.max(SEARCH_AGE_MIN, query.min_age - SEARCH_SIMILAR_AGE_WIDENING),
      query.max_age === undefined ? undefined : query.max_age + SEARCH_SIMILAR_AGE_WIDENING,
      now,
    ),
  };
}

/**
 * Whether a member would be among the matches of `filter` (the search rule of searchable.ts plus the filter). A
 * viewer who is in neither the search nor its similar search, and who has no blocks either way, gets exactly the
 * answer a signed-out visitor gets (see search.routes.ts).
 */
export function profileMatches(
  filter: SearchFilter,
  p: Pick<Profile, 'searchable' | 'niche' | 'gender' | 'country' | 'region' | 'birthDate'>,
): boolean {
  return (
    p.searchable &&
    p.niche === filter.niche &&
    (filter.gender === undefined || p.gender === filter.gender) &&
    (filter.country === undefined || p.country === filter.country) &&
    (filter.region === undefined || p.region === filter.region) &&
    (filter.bornOnOrBefore === undefined || p.birthDate <= filter.bornOnOrBefore) &&
    (filter.bornAfter === undefined || p.birthDate > filter.bornAfter)
  );
}

/** The count limit for a page starting at `offset` (see SEARCH_COUNT_STEP). */
export function countLimitFor(offset: number): number {
  return (Math.floor((offset + SEARCH_PAGE_SIZE) / SEARCH_COUNT_STEP) + 1) * SEARCH_COUNT_STEP;
}

/**
 * How many match, counted to `limit` + 1 (so a capped count is told apart from an exact one). The count as seen by
 * nobody in particular is cached; a viewer (whose blocks are left out) uses it only when it is capped anyway.
 */
async function countFor(
  db: Db,
  filter: SearchFilter,
  limit: number,
  caches: SearchCaches | undefined,
): Promise<{ numResults: number; numResultsCapped: boolean }> {
  const { viewerId: _viewer, excludeIds: _excluded, ...shared } = filter;
  const key = `${JSON.stringify(shared)}|${limit}`;
  const cached = caches?.counts.get(key);
  let n: number;
  if (cached !== undefined && (filter.viewerId === undefined || cached > limit)) {
    n = cached;
  } else {
    n = await countMatches(db, filter, limit + 1);
    if (filter.viewerId === undefined) caches?.counts.set(key, n);
  }
  return n > limit
    ? { numResults: limit, numResultsCapped: true }
    : { numResults: n, numResultsCapped: false };
}

/**
 * The member search: one page of the matches (most recently active first), their number (exact, or a lower
 * bound past SEARCH_COUNT_STEP), and on page 1 of a search with few matches, similar members from a wider search
 * (no region, ages widened by SEARCH_SIMILAR_AGE_WIDENING years each side, same gender and country).
 */
export async function searchMembers(
  db: Db,
  opts: {
    niche: number;
    viewerId: number | undefined;
    query: SearchQuery;
    now?: Date;
    caches?: SearchCaches | undefined;
    /** Also read the match after the page (SearchOutcome.next). */
    lookahead?: boolean;
  },
): Promise<SearchOutcome> {
  const { query } = opts;
  const now = opts.now ?? new Date();
  const filter = searchFilterOf(opts.niche, query, opts.viewerId, now);
  const page = query.page;
  const offset = (page - 1) * SEARCH_PAGE_SIZE;
  // Count and page are independent reads: on a pool they run side by side.
  const [count, read] = await Promise.all([
    countFor(db, filter, countLimitFor(offset), opts.caches),
    findSearchPage(db, filter, { limit: SEARCH_PAGE_SIZE + (opts.lookahead ? 1 : 0), offset }),
  ]);
  const rows = read.slice(0, SEARCH_PAGE_SIZE);

  let similar: SearchRow[] = [];
  const widens =
    query.countryregion !== undefined || query.min_age !== undefined || query.max_age !== undefined;
  if (page === 1 && count.numResults < SEARCH_SIMILAR_THRESHOLD && widens) {
    const wider: SearchFilter = { ...similarFilterOf(filter, query, now), excludeIds: rows.map((r) => r.id) };
    similar = await findSearchPage(db, wider, { limit: SEARCH_PAGE_SIZE - rows.length, offset: 0 });
  }
  return {
    rows,
    ...count,
    page,
    pages: Math.ceil(count.numResults / SEARCH_PAGE_SIZE),
    similar,
    next: read[SEARCH_PAGE_SIZE],
  };
}

/** Whether the viewer comes before `row` in the search order (most recently active first, then by id). */
function sortsBefore(viewer: { id: number; lastActiveMs: number }, row: SearchRow): boolean {
  return (
    viewer.lastActiveMs > row.lastActiveMs || (viewer.lastActiveMs === row.lastActiveMs && viewer.id < row.id)
  );
}

/**
 * The answer for a member who has no blocks either way, made from the answer for nobody in particular (read with
 * `lookahead`): the member is taken out of the page, the page shifts by one when the member came before it, the
 * exact count loses one, and the similar members lose the member too. Undefined for small exact counts, where
 * leaving the member out may change whether similar members are added: search for the member then.
 */
export function adaptForViewer(
  shared: SearchOutcome,
  viewer: { id: number; lastActiveMs: number; inSearch: boolean },
): SearchOutcome | undefined {
  if (!shared.numResultsCapped && shared.numResults <= SEARCH_SIMILAR_THRESHOLD) return undefined;
  const window = shared.next ? [...shared.rows, shared.next] : shared.rows;
  let rows: SearchRow[];
  if (window.some((r) => r.id === viewer.id)) {
    rows = window.filter((r) => r.id !== viewer.id).slice(0, SEARCH_PAGE_SIZE);
  } else if (viewer.inSearch && window[0] && sortsBefore(viewer, window[0])) {
    rows = window.slice(1, SEARCH_PAGE_SIZE + 1);
  } else {
    rows = shared.rows;
  }
  const numResults = viewer.inSearch && !shared.numResultsCapped ? shared.numResults - 1 : shared.numResults;
  return {
    ...shared,
    rows,
    numResults,
    pages: Math.ceil(numResults / SEARCH_PAGE_SIZE),
    similar: shared.similar.filter((r) => r.id !== viewer.id),
    next: undefined,
  };
}
