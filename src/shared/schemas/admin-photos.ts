import { z } from 'zod';

/**
 * Photo moderation (issue 22, point 3): the per-site review mode, the reasons a moderator may give for a
 * rejection (the member reads them translated; the console's keys 1-6 pick them in this order) and the console's
 * queue API (GET / POST /api/admin/photos.php, GET /api/admin/photo-image.php).
 */
export const PHOTO_REVIEW_MODES = ['before', 'after'] as const;
export type PhotoReviewMode = (typeof PHOTO_REVIEW_MODES)[number];

export const PHOTO_REJECT_REASONS = [
  'not_a_person',
  'explicit',
  'not_you',
  'minor',
  'copyright',
  'other',
] as const;
export type PhotoRejectReason = (typeof PHOTO_REJECT_REASONS)[number];

/** The five classes of the nudity classifier, each 0..1 (they sum to about 1). */
export const NSFW_CLASSES = ['porn', 'hentai', 'sexy', 'neutral', 'drawing'] as const;
export const nsfwScoresSchema = z.object(
  Object.fromEntries(NSFW_CLASSES.map((c) => [c, z.number().min(0).max(1)])) as Record<
    (typeof NSFW_CLASSES)[number],
    z.ZodNumber
  >,
);
export type NsfwScores = z.infer<typeof nsfwScoresSchema>;

/** waiting: not scored yet | scored | failed: the classifier could not score it (held for a person) */
export const PHOTO_SCREENING_STATES = ['waiting', 'scored', 'failed', 'skipped'] as const;
export type PhotoScreeningState = (typeof PHOTO_SCREENING_STATES)[number];
/** none: never queued (photos from before moderation, staff-made) | queued: awaits a moderator | decided */
export const PHOTO_REVIEW_STATES = ['none', 'queued', 'approved', 'rejected'] as const;
export type PhotoReviewState = (typeof PHOTO_REVIEW_STATES)[number];

export const PHOTO_NOTE_MAX = 500;
export const PHOTO_QUEUE_PAGE_SIZE = 20;

const idSchema = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** GET /api/admin/photos.php: `pending` is the queue (oldest first); `approved` / `rejected` are decided (newest first). */
export const adminPhotoQueueQuerySchema = z.object({
  status: z.enum(['pending', 'approved', 'rejected']).default('pending'),
  site: idSchema.optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type AdminPhotoQueueQuery = z.infer<typeof adminPhotoQueueQuerySchema>;

export const adminPhotoSchema = z.object({
  id: z.number().int(),
  member: z.object({ id: z.number().int(), name: z.string(), language: z.string() }),
  site: z.object({
    id: z.number().int(),
    domain: z.string(),
    name: z.string(),
    photo_review: z.enum(PHOTO_REVIEW_MODES),
  }),
  uploaded_at: z.string(),
  /** pending (not public) | active (public) | rejected */
  status: z.string(),
  review: z.enum(PHOTO_REVIEW_STATES),
  screening: z.enum(PHOTO_SCREENING_STATES),
  scores: nsfwScoresSchema.nullable(),
  /** scored at or above the site's threshold: never public unless a moderator approves it */
  flagged: z.boolean(),
  main: z.boolean(),
  private: z.boolean(),
  width: z.number().int(),
  height: z.number().int(),
  /** the staff-only image address (GET /api/admin/photo-image.php) */
  image: z.string(),
  reject_reason: z.enum(PHOTO_REJECT_REASONS).nullable(),
  reject_note: z.string().nullable(),
  reviewed_at: z.string().nullable(),
});
export type AdminPhoto = z.infer<typeof adminPhotoSchema>;

export const adminPhotoQueueResponseSchema = z.object({
  photos: z.array(adminPhotoSchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type AdminPhotoQueueResponse = z.infer<typeof adminPhotoQueueResponseSchema>;

/** POST /api/admin/photos.php: decide one photo of the queue. */
export const adminPhotoDecisionSchema = z.discriminatedUnion('action', [
  z.object({ id: idSchema, action: z.literal('approve') }),
  z.object({
    id: idSchema,
    action: z.literal('reject'),
    reason: z.enum(PHOTO_REJECT_REASONS),
    /** shown to the member with the reason, and in the statement of reasons */
    note: z.string().trim().max(PHOTO_NOTE_MAX).optional(),
  }),
]);
export type AdminPhotoDecision = z.infer<typeof adminPhotoDecisionSchema>;

export const adminPhotoDecisionResponseSchema = z.object({ photo: adminPhotoSchema });

/** GET /api/admin/photo-image.php?id=…&size=main|thumb */
export const adminPhotoImageQuerySchema = z.object({
  id: idSchema,
  size: z.enum(['main', 'match', 'thumb']).default('main'),
});
