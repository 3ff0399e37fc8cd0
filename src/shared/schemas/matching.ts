import { z } from 'zod';
import { INTERESTS, RULES } from '../rules';
import { photoUrlsSchema, profileCardSchema } from './members';
import { GENDERS } from './profiles';
import { SEARCH_AGE_MAX, SEARCH_AGE_MIN } from './search';

/**
 * Matching (issue 9): the member's match preferences (saved by the match finder, used by the match finder, the
 * signup matches and the swipe game), the ranked match list, the swipe game and the auto-like. Every call needs a
 * session. See docs/decisions.md "Matching".
 */

/** Where to look: near the member's own location (radius_km), in the own region, the own country, or anywhere. */
export const MATCH_AREAS = ['nearby', 'region', 'country', 'anywhere'] as const;
export type MatchArea = (typeof MATCH_AREAS)[number];
/** The radii the finder offers for `nearby`, in km. */
export const MATCH_RADII_KM = [10, 25, 50, 100, 250] as const;

const prefAge = z
  .number({ message: 'validation.search_age' })
  .int({ message: 'validation.search_age' })
  .min(SEARCH_AGE_MIN, { message: 'validation.search_age' })
  .max(SEARCH_AGE_MAX, { message: 'validation.search_age' });

const matchPreferencesFields = z.object({
  /** null: men and women */
  gender: z.enum(GENDERS).nullable(),
  min_age: prefAge,
  max_age: prefAge,
  area: z.enum(MATCH_AREAS, { message: 'validation.match_area' }),
  radius_km: z
    .number()
    .int()
    .refine((n) => (MATCH_RADII_KM as readonly number[]).includes(n), { message: 'validation.match_radius' }),
  interests: z
    .array(z.enum(INTERESTS, { message: 'validation.interest_unknown' }))
    .max(RULES.matching.maxInterests, { message: 'validation.match_interests_max' }),
});

/** PUT /api/match-preferences.php: what the member is looking for. */
export const matchPreferencesSchema = matchPreferencesFields.refine((p) => p.min_age <= p.max_age, {
  path: ['max_age'],
  message: 'validation.age_range',
});
export type MatchPreferences = z.infer<typeof matchPreferencesSchema>;

/** GET and PUT /api/match-preferences.php answer: the preferences (saved, or the defaults from the own profile). */
export const matchPreferencesResponseSchema = z.object({
  preferences: matchPreferencesFields,
  /** false: these are the defaults taken from the own profile, nothing saved yet */
  saved: z.boolean(),
  /** the own profile has a location, so `nearby` can be used */
  has_location: z.boolean(),
});
export type MatchPreferencesResponse = z.infer<typeof matchPreferencesResponseSchema>;

/** A card with why it fits: shared interests and the rounded distance (never finer than 1 km; null if unknown). */
export const matchCardSchema = profileCardSchema.extend({
  shared_interests: z.number().int(),
  distance_km: z.number().int().nullable(),
});
export type MatchCard = z.infer<typeof matchCardSchema>;

/** GET /api/match-finder.php?page=1: the best-fitting members by the preferences, best first. */
export const matchFinderQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(RULES.matching.maxPages).default(1),
});
export const matchFinderResponseSchema = z.object({
  items: z.array(matchCardSchema),
  page: z.number().int(),
  has_more: z.boolean(),
  /** ids among the items that the viewer likes */
  liked: z.array(z.number().int()),
});
export type MatchFinderResponse = z.infer<typeof matchFinderResponseSchema>;

/** Swipe-game likes left today; the day is the UTC day (docs/decisions.md "Swipe game"). */
export const swipeAllowanceSchema = z.object({
  likes_left: z.number().int(),
  likes_per_day: z.number().int(),
  /** when the next free likes come (the start of the next UTC day), ISO 8601 */
  next_free_at: z.string(),
});

/** GET /api/swipe-game.php: the next cards of the deck with today's allowance. */
export const swipeDeckResponseSchema = swipeAllowanceSchema.extend({ deck: z.array(matchCardSchema) });
export type SwipeDeckResponse = z.infer<typeof swipeDeckResponseSchema>;

/** POST /api/swipe-game.php { id, action }: like (counts against the day's likes) or pass (not shown again for a while). */
export const swipeRequestSchema = z.object({
  id: z.number().int().positive(),
  action: z.enum(['like', 'pass']),
});
export const swipeResponseSchema = swipeAllowanceSchema.extend({
  /** a like that made a match (both see the match modal) */
  match: z.boolean(),
  /** the other member's card, for the match modal (null for a pass) */
  profile: profileCardSchema.nullable(),
});
export type SwipeResponse = z.infer<typeof swipeResponseSchema>;

/**
 * GET /api/auto-like.php: a real member who liked the viewer and whose like was not announced yet (the like modal),
 * or null. Announcing marks the like, so the same like is never announced twice.
 */
export const autoLikeResponseSchema = z.object({
  profile: z
    .object({
      id: z.number().int(),
      name: z.string(),
      main_image: photoUrlsSchema.nullable(),
    })
    .nullable(),
  /** the viewer likes this member too: show the match modal */
  match: z.boolean(),
});
export type AutoLikeResponse = z.infer<typeof autoLikeResponseSchema>;
