import { z } from 'zod';
import { profileCardSchema } from './members';

/**
 * Who viewed me (issue 21, point 3). GET /api/visitors.php?page=1: the members who opened the viewer's profile in the
 * last RULES.visits.keepDays days, newest visit first, one card per visitor. Premium members get the cards; free
 * members only the count (the server decides: their answer carries no identities, the screen shows blurred cards).
 */
export const visitorsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});

export const visitorCardSchema = profileCardSchema.extend({
  /** the visitor's latest visit */
  visited_at: z.string(),
});
export type VisitorCard = z.infer<typeof visitorCardSchema>;

export const visitorsResponseSchema = z.object({
  /** the members who visited and may be shown now (listed, no block either way) */
  count: z.number().int(),
  /** whether the viewer sees who: premium members (paid) */
  premium: z.boolean(),
  /** premium: the page's cards; free members: always empty */
  items: z.array(visitorCardSchema),
  page: z.number().int(),
  pages: z.number().int(),
  /** whether the viewer leaves visits on the profiles they open (the setting in /settings) */
  leave_visits: z.boolean(),
});
export type VisitorsResponse = z.infer<typeof visitorsResponseSchema>;
