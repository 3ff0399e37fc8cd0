import { z } from 'zod';
import { profileCardSchema } from './members';

/**
 * Likes (issue 9). A like from A to B when B already likes A is a match. Every call needs a session; a member the
 * viewer may not like (invisible, hidden, blocked either way, deleted, unconfirmed) answers exactly like an unknown
 * id: 404 member_not_found.
 */

/** POST /api/like.php { id } likes (idempotent); DELETE /api/like.php { id } takes the like back (idempotent). */
export const likeRequestSchema = z.object({ id: z.number().int().positive() });

/** The answer of POST /api/like.php: whether this like made (or already was) a match, with the other's card. */
export const likeResponseSchema = z.object({
  liked: z.literal(true),
  match: z.boolean(),
  /** the liked member's card (the match modal shows both photos) */
  profile: profileCardSchema,
});
export type LikeResponse = z.infer<typeof likeResponseSchema>;

export const LIKE_TABS = ['received', 'given', 'matches'] as const;
export type LikeTab = (typeof LIKE_TABS)[number];

/** GET /api/likes.php?tab=received|given|matches&page=1 (tab defaults to received, page to 1; 24 a page). */
export const likesQuerySchema = z.object({
  tab: z.enum(LIKE_TABS).default('received'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});

/** A card of a likes tab. */
export const likeCardSchema = profileCardSchema.extend({
  /** received tab: the like is new (the member has not opened the liker's profile since) */
  like_new: z.boolean(),
  /** both like each other */
  match: z.boolean(),
  /** when the like of this tab was made (received: theirs; given: mine; matches: the later of the two) */
  liked_at: z.string(),
});
export type LikeCard = z.infer<typeof likeCardSchema>;

const likeCountsSchema = z.object({
  received: z.number().int(),
  given: z.number().int(),
  matches: z.number().int(),
  new: z.number().int(),
});

export const likesResponseSchema = z.object({
  /** the spec's shape: ids of the members I liked (of the current page of the given tab, else of the first page) */
  profiles: z.array(z.object({ id: z.number().int() })),
  /** the spec's shape: the members who liked me, new ones first (current page of the received tab, else first page) */
  liked_by: z.array(z.object({ id: z.number().int(), like_new: z.boolean() })),
  tab: z.enum(LIKE_TABS),
  /** the cards of the requested tab and page: received new first then newest; given and matches newest first */
  items: z.array(likeCardSchema),
  page: z.number().int(),
  /** the number of pages; a lower bound when `pages_capped` (more follow) */
  pages: z.number().int(),
  /** always false now that the counts are exact (kept for clients that read it) */
  pages_capped: z.boolean(),
  /**
   * totals for the tab labels and the top-bar badge (new = received likes not yet seen), exact (the labels say
   * "99+" past the badge cap); `counts_capped` is always false now (the counts were once counted up to a cap)
   */
  counts: likeCountsSchema,
  counts_capped: z.object({
    received: z.boolean(),
    given: z.boolean(),
    matches: z.boolean(),
    new: z.boolean(),
  }),
});
export type LikesResponse = z.infer<typeof likesResponseSchema>;
