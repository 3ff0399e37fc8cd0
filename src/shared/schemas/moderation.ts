import { z } from 'zod';

/**
 * Decisions that restrict a member (DSA Art. 17; modules/decisions). Texts: the shared 'moderation' namespace,
 * kind.<kind> and ground.<ref with dots as underscores>.
 */
export const DECISION_KINDS = [
  'warning',
  'photo_hidden',
  'photo_rejected',
  'message_removed',
  'suspension',
  'ban',
  'visibility_reduced',
] as const;
export type DecisionKind = (typeof DECISION_KINDS)[number];

/** Kinds that keep the member from signing in while they last. */
export const ACCOUNT_RESTRICTIONS = ['suspension', 'ban'] as const satisfies readonly DecisionKind[];

/**
 * The grounds a decision may rely on: a clause of the site's terms, or a law (named by country, code and article).
 * Each has a translated name (moderation.json ground.<key>).
 */
export const GROUND_REFS = [
  'terms.3.1',
  'terms.3.2',
  'terms.4.1',
  'terms.4.2',
  'terms.4.3',
  'terms.4.4',
  'terms.4.5',
  'law.nl.sr.240b',
  'law.nl.sr.139h',
  'law.nl.sr.285',
  'law.nl.sr.326',
  'law.nl.aw.31',
] as const;
export type GroundRef = (typeof GROUND_REFS)[number];

export const groundSchema = z.object({
  type: z.enum(['law', 'terms']),
  ref: z.enum(GROUND_REFS),
});
export type Ground = z.infer<typeof groundSchema>;

/** The type a reference belongs to: 'law.…' is law, 'terms.…' the site's terms. */
export const groundOf = (ref: GroundRef): Ground => ({ type: ref.startsWith('law.') ? 'law' : 'terms', ref });

/** The translation key of a ground's name in the moderation namespace. */
export const groundKey = (ref: string) => `ground.${ref.replace(/\./g, '_')}`;

/** One decision as its member sees it: the statement of reasons. */
export const statementSchema = z.object({
  id: z.number().int(),
  kind: z.enum(DECISION_KINDS),
  ground: groundSchema,
  facts: z.string(),
  automated: z.boolean(),
  created_at: z.string(),
  until: z.string().nullable(),
  appeal_deadline: z.string(),
  reversed: z.boolean(),
  /** the appeal, once made */
  appeal: z
    .object({
      status: z.enum(['open', 'upheld', 'reversed']),
      created_at: z.string(),
      decided_at: z.string().nullable(),
    })
    .nullable(),
  can_appeal: z.boolean(),
});
export type Statement = z.infer<typeof statementSchema>;

/** GET /api/restriction.php?t=<token>: the member's decisions (from the login refusal or the e-mail link). */
export const restrictionQuerySchema = z.object({ t: z.string().min(20).max(200) });
export const restrictionResponseSchema = z.object({
  /** the restriction in force, if any: suspension (until) or ban */
  restricted: z.enum(['suspension', 'ban']).nullable(),
  until: z.string().nullable(),
  decisions: z.array(statementSchema),
});
export type RestrictionResponse = z.infer<typeof restrictionResponseSchema>;

/** POST /api/appeal.php: an appeal (free, within 6 months) against one decision, with the member's statement. */
export const appealRequestSchema = z.object({
  t: z.string().min(20).max(200),
  decision: z.number().int().positive(),
  statement: z.string().trim().min(10).max(5_000),
});
export type AppealRequest = z.infer<typeof appealRequestSchema>;
export const appealResponseSchema = z.object({ ok: z.literal(true) });

/** The login refusal of a restricted member: the error's `restriction` token opens /pages/ban?t=<token>. */
export const RESTRICTED_ERROR = 'account_restricted';
