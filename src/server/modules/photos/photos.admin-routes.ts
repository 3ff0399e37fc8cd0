import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  type AdminPhoto,
  adminPhotoDecisionResponseSchema,
  adminPhotoDecisionSchema,
  adminPhotoImageQuerySchema,
  adminPhotoQueueQuerySchema,
  adminPhotoQueueResponseSchema,
  nsfwScoresSchema,
  PHOTO_QUEUE_PAGE_SIZE,
  PHOTO_REJECT_REASONS,
  type PhotoRejectReason,
  type PhotoReviewMode,
  type PhotoReviewState,
  type PhotoScreeningState,
} from '../../../shared/schemas/admin-photos';
import { photos } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { MediaStorage } from '../../lib/storage';
import type { QueuedPhoto } from './photo-moderation.repo';
import { decidePhoto, listPhotoQueue } from './photo-moderation.service';
import { photoKey } from './photos.presenter';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function presentAdminPhoto(row: QueuedPhoto): AdminPhoto {
  const p = row.photo;
  const scores = nsfwScoresSchema.safeParse(p.nsfwScores);
  const reason = (PHOTO_REJECT_REASONS as readonly string[]).includes(p.rejectReason ?? '')
    ? (p.rejectReason as PhotoRejectReason)
    : null;
  return {
    id: p.id,
    member: { id: p.userId, name: row.memberName, language: row.memberLanguage },
    site: {
      id: row.site.id,
      domain: row.site.domain,
      name: row.site.name,
      photo_review: row.site.photoReview as PhotoReviewMode,
    },
    uploaded_at: p.createdAt.toISOString(),
    status: p.status,
    review: p.review as PhotoReviewState,
    screening: p.screening as PhotoScreeningState,
    scores: scores.success ? scores.data : null,
    flagged: p.flagged,
    main: p.isMain,
    private: p.isPrivate,
    width: p.width,
    height: p.height,
    image: `/api/admin/photo-image.php?id=${p.id}`,
    reject_reason: reason,
    reject_note: p.rejectNote,
    reviewed_at: iso(p.reviewedAt),
  };
}

/**
 * The console's photo queue (issue 22, point 3), for moderators: the queue (GET), a decision (POST approve /
 * reject) and the photo file itself, served to staff only (the member's /media route never serves a pending photo
 * to anyone but its owner; the staff cookie reaches /api/admin only).
 */
export const photosAdminRoutes: FastifyPluginAsyncZod<{ storage: MediaStorage }> = async (app, opts) => {
  const moderator = { staff: 'moderator' } as const;

  app.get(
    '/api/admin/photos.php',
    {
      config: moderator,
      schema: { querystring: adminPhotoQueueQuerySchema, response: { 200: adminPhotoQueueResponseSchema } },
    },
    async (req, reply) => {
      reply.header('Cache-Control', 'no-store');
      const { status, site, page } = req.query;
      const { rows, total } = await listPhotoQueue(app.db, status, site, page);
      return { photos: rows.map(presentAdminPhoto), total, page, page_size: PHOTO_QUEUE_PAGE_SIZE };
    },
  );

  app.post(
    '/api/admin/photos.php',
    {
      config: moderator,
      schema: { body: adminPhotoDecisionSchema, response: { 200: adminPhotoDecisionResponseSchema } },
    },
    async (req) => {
      const { staff } = req.requireStaff();
      return { photo: presentAdminPhoto(await decidePhoto(app.db, staff.id, req.body)) };
    },
  );

  app.get(
    '/api/admin/photo-image.php',
    { config: moderator, schema: { querystring: adminPhotoImageQuerySchema, hide: true } },
    async (req, reply) => {
      const [row] = await app.db
        .select({ storageKey: photos.storageKey })
        .from(photos)
        .where(eq(photos.id, req.query.id))
        .limit(1);
      const body = row ? await opts.storage.get(photoKey(row.storageKey, req.query.size)) : undefined;
      if (!body) throw new AppError(404, 'photo_not_found');
      return reply
        .header('Content-Type', 'image/jpeg')
        .header('Cache-Control', 'private, no-store')
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Disposition', 'inline')
        .send(body);
    },
  );
};
