import { z } from 'zod';
import { VERIFICATION_RULES } from '../rules-verification';

/**
 * Photo verification API (issue 21, point 1): the member's side (GET /api/verification, POST
 * /api/verification/challenge, POST /api/verification/selfie) and the console's review queue
 * (GET/POST /api/admin/verifications, GET /api/admin/verification-image).
 */
export const verificationChallengeSchema = z.enum(VERIFICATION_RULES.challenges);

/**
 * challenged: waiting for the selfie | checking: the face model is at work | verified | review: a moderator
 * compares the images | rejected (reason says why) | expired: the challenge was not answered in time.
 */
export const VERIFICATION_STATES = [
  'challenged',
  'checking',
  'verified',
  'review',
  'rejected',
  'expired',
] as const;
export type VerificationState = (typeof VERIFICATION_STATES)[number];

/** Why a selfie was refused (the member reads it translated). */
export const VERIFICATION_REFUSALS = [
  'no_face',
  'several_faces',
  'pose_not_seen',
  'no_photo_face',
  'no_match',
  'unreadable',
  'moderator',
  'main_photo_changed',
] as const;
export type VerificationRefusal = (typeof VERIFICATION_REFUSALS)[number];

/** Why a member cannot start a verification now. */
export const VERIFICATION_BLOCKS = [
  'not_a_member',
  'no_photo',
  'attempts_used',
  'verified',
  'pending',
] as const;
export type VerificationBlock = (typeof VERIFICATION_BLOCKS)[number];

export const verificationAttemptSchema = z.object({
  id: z.number().int(),
  status: z.enum(VERIFICATION_STATES),
  challenge: verificationChallengeSchema,
  reason: z.enum(VERIFICATION_REFUSALS).nullable(),
  expires_at: z.string(),
});
export type VerificationAttempt = z.infer<typeof verificationAttemptSchema>;

export const verificationStatusSchema = z.object({
  /** the badge shows */
  verified: z.boolean(),
  /** verified before, badge held back while a changed main photo is checked */
  suspended: z.boolean(),
  attempts_left: z.number().int().min(0),
  /** why a new challenge cannot start now, or null */
  blocked: z.enum(VERIFICATION_BLOCKS).nullable(),
  latest: verificationAttemptSchema.nullable(),
});
export type VerificationStatus = z.infer<typeof verificationStatusSchema>;

/** The selfie: a JPEG as base64 (data: URL prefix allowed), taken for attempt `id`. */
export const verificationSelfieSchema = z.object({
  id: z.number().int().positive(),
  image: z
    .string()
    .min(100)
    .max(Math.ceil((VERIFICATION_RULES.maxSelfieBytes * 4) / 3) + 64),
});
export type VerificationSelfie = z.infer<typeof verificationSelfieSchema>;

// ---- console ----

export const adminVerificationSchema = z.object({
  id: z.number().int(),
  member: z.object({ id: z.number().int(), name: z.string() }),
  site: z.object({ id: z.number().int(), domain: z.string() }),
  /** selfie: a selfie was unclear | main_photo_changed: a verified member's new main photo did not match */
  cause: z.enum(['selfie', 'main_photo_changed']),
  challenge: verificationChallengeSchema,
  distance: z.number().nullable(),
  submitted_at: z.string().nullable(),
  selfie_image: z.string().nullable(),
  photo_image: z.string().nullable(),
});
export type AdminVerification = z.infer<typeof adminVerificationSchema>;

export const adminVerificationQueueSchema = z.object({ items: z.array(adminVerificationSchema) });
export type AdminVerificationQueue = z.infer<typeof adminVerificationQueueSchema>;

export const adminVerificationDecisionSchema = z.object({
  id: z.number().int().positive(),
  action: z.enum(['approve', 'reject']),
});
export type AdminVerificationDecision = z.infer<typeof adminVerificationDecisionSchema>;

export const adminVerificationImageQuerySchema = z.object({
  id: z.coerce.number().int().positive(),
  which: z.enum(['selfie', 'photo']),
});
