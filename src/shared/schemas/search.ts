import { z } from 'zod';
import {
  SEARCH_AGE_MAX,
  SEARCH_AGE_MIN,
  SEARCH_ANY,
  SEARCH_COUNT_STEP,
  SEARCH_PAGE_SIZE,
  SEARCH_SIMILAR_AGE_WIDENING,
  SEARCH_SIMILAR_THRESHOLD,
} from '../search-options';
import { profileCardSchema } from './members';
import { GENDERS } from './profiles';

// The search's limits and words live in ../search-options.ts (without zod, for the web app's first page).
export {
  SEARCH_AGE_MAX,
  SEARCH_AGE_MIN,
  SEARCH_ANY,
  SEARCH_COUNT_STEP,
  SEARCH_PAGE_SIZE,
  SEARCH_SIMILAR_AGE_WIDENING,
  SEARCH_SIMILAR_THRESHOLD,
};

const searchAge = z.coerce
  .number({ message: 'validation.search_age' })
  .int({ message: 'validation.search_age' })
  .min(SEARCH_AGE_MIN, { message: 'validation.search_age' })
  .max(SEARCH_AGE_MAX, { message: 'validation.search_age' });

const countryCode = z.string().regex(/^[A-Z]{2}$/, { message: 'validation.country_invalid' });
const region = z.string().max(20, { message: 'validation.region_invalid' });
const page = z.coerce
  .number({ message: 'validation.page_invalid' })
  .int({ message: 'validation.page_invalid' })
  .min(1, { message: 'validation.page_invalid' })
  .max(500, { message: 'validation.page_invalid' })
  .default(1);
const ageRangeValid = (q: { min_age?: number | undefined; max_age?: number | undefined }) =>
  q.min_age === undefined || q.max_age === undefined || q.min_age <= q.max_age;
const ageRangeError = { path: ['max_age'], message: 'validation.age_range' };

/**
 * A member search as run (spec search state: gender, country, countryregion, min_age, max_age, paged results,
 * numResults, similar results): a filter left out filters nothing. Made from the request by resolveSearch
 * (src/shared/search-defaults.ts).
 */
export const searchQuerySchema = z
  .object({
    gender: z.enum(GENDERS).optional(),
    country: countryCode.optional(),
    countryregion: region.optional(),
    min_age: searchAge.optional(),
    max_age: searchAge.optional(),
    /** verified members only (photo verification, issue 21) */
    verified: z.literal(true).optional(),
    page,
  })
  .refine(ageRangeValid, ageRangeError);
export type SearchQuery = z.infer<typeof searchQuerySchema>;

/**
 * GET /api/search.php — the member search as asked. For a signed-in member, a filter left out takes the member's
 * default (the gender they seek, their country, ages around their own: src/shared/search-defaults.ts); `any`
 * (gender, country) and the outer ages (min_age 18, max_age 99) ask for no filter. Values are kept in the web URL.
 */
export const searchRequestSchema = z
  .object({
    gender: z.enum([...GENDERS, SEARCH_ANY]).optional(),
    country: z.union([countryCode, z.literal(SEARCH_ANY)]).optional(),
    countryregion: region.optional(),
    min_age: searchAge.optional(),
    max_age: searchAge.optional(),
    /** '1': verified members only (photo verification); no member default */
    verified: z.literal('1').optional(),
    page,
  })
  .refine(ageRangeValid, ageRangeError);
export type SearchRequest = z.infer<typeof searchRequestSchema>;

/** The filters a search answer was made with (null: no filter), for the filter bar to show the defaults applied. */
export const searchFiltersSchema = z.object({
  gender: z.enum(GENDERS).nullable(),
  country: z.string().nullable(),
  countryregion: z.string().nullable(),
  min_age: z.number().int(),
  max_age: z.number().int(),
  /** verified members only */
  verified: z.boolean().optional(),
});
export type SearchFilters = z.infer<typeof searchFiltersSchema>;

/** A signed-in member's defaults, each filter set (gender null: they seek everyone): src/shared/search-defaults.ts. */
export const searchDefaultsSchema = z.object({
  gender: z.enum(GENDERS).nullable(),
  country: z.string(),
  min_age: z.number().int(),
  max_age: z.number().int(),
});
export type SearchDefaults = z.infer<typeof searchDefaultsSchema>;

export const searchResponseSchema = z.object({
  profiles: z.array(profileCardSchema),
  numResults: z.number().int(),
  /** numResults is a lower bound ("500+"): counting stops a little past the page shown. */
  numResultsCapped: z.boolean(),
  page: z.number().int(),
  pages: z.number().int(),
  /** Filled when the search has fewer than SEARCH_SIMILAR_THRESHOLD results: nearby ages, the whole country. */
  similar: z.array(profileCardSchema),
  /** The filters this answer was made with (the member's defaults where the request left a filter out). */
  filters: searchFiltersSchema,
  /** The signed-in member's defaults (null for a visitor): what a filter left out stands for. */
  defaults: searchDefaultsSchema.nullable(),
  /** Signed in: the ids among these cards that the viewer likes (the hearts on the cards). */
  liked: z.array(z.number().int()).optional(),
});
export type SearchResponse = z.infer<typeof searchResponseSchema>;
