import { z } from 'zod';
import { profileCardSchema } from './members';
import { profileKindSchema } from './profile-kind';
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
  /** what the profile is (docs/decisions.md "Cam section"); absent means 'member' */
  kind: profileKindSchema.optional(),
  /** the member proved their face (photo verification, issue 21) */
  verified: z.boolean().optional(),
  online_recently: z.boolean(),
  photos: z.array(memberPhotoSchema),
  /** the viewer has blocked this member */
  blocked_by_me: z.boolean(),
  /** the viewer likes this member (POST/DELETE /api/like.php) */
  liked_by_me: z.boolean(),
  /** both like each other */
  match: z.boolean(),
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

/**
 * POST /api/block.php { id } blocks; a member the viewer may not see answers exactly like an unknown id (404
 * member_not_found). DELETE /api/block.php { id } or { handle } unblocks. GET lists the blocked members.
 */
export const blockRequestSchema = z.object({ id: z.number().int().positive() });

/** An opaque reference to one entry of the blocked list (it names the block, never the member). */
export const blockHandleSchema = z.string().regex(/^\d{20}$/);
export const unblockRequestSchema = z.union([blockRequestSchema, z.object({ handle: blockHandleSchema })]);

/**
 * One entry of the blocked list: the member's card while the viewer may see the member, else only the handle and a
 * translated label ("member no longer visible"): nothing about a hidden, unconfirmed, deleted or blocking member.
 */
export const blockedEntrySchema = z.discriminatedUnion('hidden', [
  profileCardSchema.extend({ hidden: z.literal(false), handle: blockHandleSchema }),
  z.object({ hidden: z.literal(true), handle: blockHandleSchema, label: z.string() }),
]);
export type BlockedEntry = z.infer<typeof blockedEntrySchema>;
export const blockedListResponseSchema = z.object({ blocked: z.array(blockedEntrySchema) });

/** GET/PUT /api/privacy.php — invisible mode and privacy mode of the signed-in member. */
export const privacySettingsSchema = z.object({
  /** Gone from search and listings; cannot be messaged or liked first; existing chat partners still see the profile. */
  invisible: z.boolean(),
  /** Photos other than the main photo are shown only to members with whom there is a conversation. */
  privacy_mode: z.boolean(),
  /** Leaves a visit on the profiles the member opens (who viewed me, issue 21); off: the member leaves none. */
  leave_visits: z.boolean(),
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
