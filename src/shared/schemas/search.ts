import { z } from 'zod';
import { profileCardSchema } from './members';
import { GENDERS } from './profiles';

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

const searchAge = z.coerce
  .number({ message: 'validation.search_age' })
  .int({ message: 'validation.search_age' })
  .min(SEARCH_AGE_MIN, { message: 'validation.search_age' })
  .max(SEARCH_AGE_MAX, { message: 'validation.search_age' });

/**
 * GET /api/search.php — the member search (spec search state: gender, country, countryregion, min_age, max_age,
 * paged results, numResults, similar results). Every filter is optional; values are also kept in the web URL.
 */
export const searchQuerySchema = z
  .object({
    gender: z.enum(GENDERS).optional(),
    country: z
      .string()
      .regex(/^[A-Z]{2}$/, { message: 'validation.country_invalid' })
      .optional(),
    countryregion: z.string().max(20, { message: 'validation.region_invalid' }).optional(),
    min_age: searchAge.optional(),
    max_age: searchAge.optional(),
    page: z.coerce
      .number({ message: 'validation.page_invalid' })
      .int({ message: 'validation.page_invalid' })
      .min(1, { message: 'validation.page_invalid' })
      .max(500, { message: 'validation.page_invalid' })
      .default(1),
  })
  .refine((q) => q.min_age === undefined || q.max_age === undefined || q.min_age <= q.max_age, {
    path: ['max_age'],
    message: 'validation.age_range',
  });
export type SearchQuery = z.infer<typeof searchQuerySchema>;

export const searchResponseSchema = z.object({
  profiles: z.array(profileCardSchema),
  numResults: z.number().int(),
  /** numResults is a lower bound ("500+"): counting stops a little past the page shown. */
  numResultsCapped: z.boolean(),
  page: z.number().int(),
  pages: z.number().int(),
  /** Filled when the search has fewer than SEARCH_SIMILAR_THRESHOLD results: nearby ages, the whole country. */
  similar: z.array(profileCardSchema),
  /** Signed in: the ids among these cards that the viewer likes (the hearts on the cards). */
  liked: z.array(z.number().int()).optional(),
});
export type SearchResponse = z.infer<typeof searchResponseSchema>;
