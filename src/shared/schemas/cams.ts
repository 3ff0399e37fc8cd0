import { z } from 'zod';
import { profileCardSchema } from './members';
import { CAM_KINDS } from './profile-kind';

export { CAM_KINDS, type CamKind, PROFILE_KINDS, type ProfileKind, profileKindSchema } from './profile-kind';

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
