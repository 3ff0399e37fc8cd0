import { z } from 'zod';
import { profileCardSchema } from './members';

/**
 * What a profile is (profiles.kind): a member's own profile, or one the network's staff keep: fictional, a
 * performer of the companion cam section ('cam') or a member of a partner site shown here with consent ('resell').
 * docs/decisions.md "Cam section".
 */
export const PROFILE_KINDS = ['member', 'fictional', 'cam', 'resell'] as const;
export const profileKindSchema = z.enum(PROFILE_KINDS);
export type ProfileKind = z.infer<typeof profileKindSchema>;

/** The kinds shown in the cam section. */
export const CAM_KINDS = ['cam', 'resell'] as const;
export type CamKind = (typeof CAM_KINDS)[number];

/** GET /api/cams.php: one page of the cam section. */
export const camsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(50).default(1),
});

/** A card of the cam section: a profile card with what it is. */
export const camCardSchema = profileCardSchema.extend({
  kind: z.enum(CAM_KINDS),
});
export type CamCard = z.infer<typeof camCardSchema>;

export const camsResponseSchema = z.object({
  profiles: z.array(camCardSchema),
  /** another page follows */
  more: z.boolean(),
});
export type CamsResponse = z.infer<typeof camsResponseSchema>;

/** GET and PUT /api/resell-consent.php: whether the member may appear on partner sites of the network. */
export const resellConsentSchema = z.object({
  consent: z.boolean(),
});
export type ResellConsent = z.infer<typeof resellConsentSchema>;

export const resellConsentResponseSchema = resellConsentSchema.extend({
  /** the member's site lets its members appear on partner sites at all (member_resell) */
  available: z.boolean(),
});
export type ResellConsentResponse = z.infer<typeof resellConsentResponseSchema>;
