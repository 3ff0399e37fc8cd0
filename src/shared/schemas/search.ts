import { z } from 'zod';
import { profileCardSchema } from './members';
import { GENDERS } from './profiles';

export const SEARCH_PAGE_SIZE = 24;
/** Below this many results, 'similar results' (the same search, wider) are added under the results. */
export const SEARCH_SIMILAR_THRESHOLD = 6;

/**
 * GET /api/search.php — the member search (spec search state: gender, country, countryregion, min_age, max_age,
 * paged results, numResults, similar results). Every filter is optional; values are also kept in the web URL.
 */
export const searchQuerySchema = z
  .object({
    gender: z.enum(GENDERS).optional(),
    country: z
      .string()
      .regex(/^[A-Z]{2}$/)
      .optional(),
    countryregion: z.string().max(20).optional(),
    min_age: z.coerce.number().int().min(18).max(99).optional(),
    max_age: z.coerce.number().int().min(18).max(99).optional(),
    page: z.coerce.number().int().min(1).max(500).default(1),
  })
  .refine((q) => q.min_age === undefined || q.max_age === undefined || q.min_age <= q.max_age, {
    path: ['max_age'],
    message: 'validation.age_range',
  });
export type SearchQuery = z.infer<typeof searchQuerySchema>;

export const searchResponseSchema = z.object({
  profiles: z.array(profileCardSchema),
  numResults: z.number().int(),
  page: z.number().int(),
  pages: z.number().int(),
  /** Filled when the search has fewer than SEARCH_SIMILAR_THRESHOLD results: nearby ages, the whole country. */
  similar: z.array(profileCardSchema),
});
export type SearchResponse = z.infer<typeof searchResponseSchema>;
