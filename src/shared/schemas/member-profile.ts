import { z } from 'zod';
import { profileCardSchema } from './members';
import { profileDetailsShape } from './profiles';

/** A photo of another member as the viewer may see it: a locked private photo carries no URLs. */
export const memberPhotoSchema = z.object({
  id: z.number().int(),
  main: z.boolean(),
  locked: z.boolean(),
  thumb_filename: z.string().nullable(),
  match: z.string().nullable(),
  filename: z.string().nullable(),
});
export type MemberPhoto = z.infer<typeof memberPhotoSchema>;

/**
 * GET /api/member.php?id= — another member's public profile. Only fields named in the site's
 * visible_profile_fields are present (others null); never an e-mail address or exact location.
 */
export const memberProfileSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  age: z.number().int(),
  ...profileDetailsShape,
  interests: z.array(z.string()),
  about: z.string().nullable(),
  country: z.string(),
  region: z.string().nullable(),
  city: z.string().nullable(),
  fictional: z.boolean(),
  online_recently: z.boolean(),
  photos: z.array(memberPhotoSchema),
  /** the viewer has blocked this member */
  blocked_by_me: z.boolean(),
});
export type MemberProfile = z.infer<typeof memberProfileSchema>;

export const memberResponseSchema = z.object({
  profile: memberProfileSchema,
  related: z.array(profileCardSchema),
});
export type MemberResponse = z.infer<typeof memberResponseSchema>;

/**
 * When the member blocked the viewer, the member call answers 403 with code 'blocked_by_member'
 * ('the profile can no longer be viewed'); a hidden, unknown or deleted member answers 404 'member_not_found'.
 */
export const MEMBER_ERROR_CODES = {
  blockedByMember: 'blocked_by_member',
  notFound: 'member_not_found',
} as const;

/** POST /api/block.php { id } blocks, DELETE /api/block.php { id } unblocks. GET lists the blocked members. */
export const blockRequestSchema = z.object({ id: z.number().int().positive() });
export const blockedListResponseSchema = z.object({ blocked: z.array(profileCardSchema) });

/** GET/PUT /api/privacy.php — invisible mode and privacy mode of the signed-in member. */
export const privacySettingsSchema = z.object({
  /** Gone from search and listings; cannot be messaged or liked first; existing chat partners still see the profile. */
  invisible: z.boolean(),
  /** Photos other than the main photo are shown only to members with whom there is a conversation. */
  privacy_mode: z.boolean(),
});
export type PrivacySettings = z.infer<typeof privacySettingsSchema>;

/** GET /api/geocode.php?lat&lon — offline reverse geocoding, answers false on failure. */
export const geocodeQuerySchema = z.object({
  lat: z.coerce.number().min(-90).max(90),
  lon: z.coerce.number().min(-180).max(180),
});
export const geocodeResultSchema = z.union([
  z.object({ country: z.string(), region: z.string().nullable(), city: z.string() }),
  z.literal(false),
]);
