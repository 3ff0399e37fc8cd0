/**
 * The limits and words of the member search (the search schemas in schemas/search.ts use them and re-export them).
 * Without zod, so the search screen of the web app's first page does not load the schemas.
 */
export const SEARCH_PAGE_SIZE = 24;
/** The age range a search can ask for (the filter bar offers every age in it; the ends mean "no limit"). */
export const SEARCH_AGE_MIN = 18;
export const SEARCH_AGE_MAX = 99;
/**
 * numResults is exact up to a limit and otherwise a lower bound ("500+"): the limit is the first multiple of this step
 * past the end of the page shown (see countLimitFor in the search service).
 */
export const SEARCH_COUNT_STEP = 500;
/** The similar results widen the age range by this many years on each side. */
export const SEARCH_SIMILAR_AGE_WIDENING = 5;
/** Below this many results, 'similar results' (the same search, wider) are added under the results. */
export const SEARCH_SIMILAR_THRESHOLD = 6;
/** In a search request (and the web URL): no filter, chosen (a filter left out takes the member's default). */
export const SEARCH_ANY = 'any';
