import { z } from 'zod';
import { RULES } from '../rules';
import { PHOTO_REJECT_REASONS } from './admin-photos';
import { photoUrlsSchema } from './members';

/** Upload limits of a member photo; the web app checks the same before sending. */
export const PHOTO_UPLOAD = {
  /** the multipart field that carries the file */
  field: 'photo',
  maxBytes: 15 * 1024 * 1024,
  /** read from the image header before decoding (RULES.photos) */
  maxPixels: RULES.photos.maxPixels,
  maxSidePx: RULES.photos.maxSidePx,
  accept: ['image/jpeg', 'image/png', 'image/webp'],
} as const;

/** One of the signed-in member's own photos (URLs of the three stored sizes, status and flags). */
export const ownPhotoSchema = photoUrlsSchema.extend({
  id: z.number().int(),
  main: z.boolean(),
  private: z.boolean(),
  /** size of the uploaded original after EXIF orientation */
  width: z.number().int(),
  height: z.number().int(),
  /** status 'rejected': why (PHOTO_REJECT_REASONS, translated by the app) and the moderator's note, if any */
  reject_reason: z.enum(PHOTO_REJECT_REASONS).nullable(),
  reject_note: z.string().nullable(),
});
export type OwnPhoto = z.infer<typeof ownPhotoSchema>;

export const ownPhotosResponseSchema = z.object({ photos: z.array(ownPhotoSchema) });
export type OwnPhotosResponse = z.infer<typeof ownPhotosResponseSchema>;

export const ownPhotoResponseSchema = z.object({ photo: ownPhotoSchema });
export type OwnPhotoResponse = z.infer<typeof ownPhotoResponseSchema>;

const photoIdSchema = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** PUT /api/photos.php: make a photo the main photo and/or change whether it is private. */
export const photoUpdateSchema = z.object({
  id: photoIdSchema,
  main: z.literal(true).optional(),
  private: z.boolean().optional(),
});
export type PhotoUpdate = z.infer<typeof photoUpdateSchema>;

/** DELETE /api/photos.php */
export const photoDeleteSchema = z.object({ id: photoIdSchema });
export type PhotoDelete = z.infer<typeof photoDeleteSchema>;
