import { and, asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { VerificationChallenge } from '../../../shared/rules-verification';
import { okSchema } from '../../../shared/schemas/accounts';
import {
  type AdminVerification,
  adminVerificationDecisionSchema,
  adminVerificationImageQuerySchema,
  adminVerificationQueueSchema,
} from '../../../shared/schemas/verification';
import type { Db } from '../../db/client';
import { faceVerifications, photos, profiles, sites, users, verifiedMembers } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { MediaStorage } from '../../lib/storage';
import { photoKey } from '../photos/photos.presenter';
import { announceListingChange } from '../search/search.cache';
import { grantBadge } from './verification.service';

const QUEUE_LIMIT = 50;

async function queue(db: Db): Promise<AdminVerification[]> {
  const rows = await db
    .select({ v: faceVerifications, name: profiles.name, siteId: sites.id, domain: sites.domain })
    .from(faceVerifications)
    .innerJoin(users, eq(users.id, faceVerifications.userId))
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .innerJoin(sites, eq(sites.id, users.siteId))
    .where(eq(faceVerifications.status, 'review'))
    .orderBy(asc(faceVerifications.id))
    .limit(QUEUE_LIMIT);
  return rows.map(({ v, name, siteId, domain }) => ({
    id: v.id,
    member: { id: v.userId, name },
    site: { id: siteId, domain },
    cause: v.cause === 'main_photo_changed' ? 'main_photo_changed' : 'selfie',
    challenge: v.challenge as VerificationChallenge,
    distance: v.distance,
    submitted_at: v.submittedAt ? v.submittedAt.toISOString() : null,
    selfie_image: v.selfieKey ? `/api/admin/verification-image.php?id=${v.id}&which=selfie` : null,
    photo_image: v.photoId ? `/api/admin/verification-image.php?id=${v.id}&which=photo` : null,
  }));
}

/**
 * A moderator's decision on an unclear verification. approve: the badge (a selfie's face becomes the verified face;
 * a changed main photo is accepted as the verified member's). reject: the selfie is refused, or a changed main
 * photo ends the badge (the member may verify again). The selfie is deleted either way.
 */
export async function decideVerificationReview(
  db: Db,
  storage: MediaStorage,
  staffId: number,
  input: { id: number; action: 'approve' | 'reject' },
): Promise<void> {
  const [row] = await db
    .select()
    .from(faceVerifications)
    .where(and(eq(faceVerifications.id, input.id), eq(faceVerifications.status, 'review')))
    .limit(1);
  if (!row) throw new AppError(404, 'verification_not_found');
  const now = new Date();
  if (input.action === 'approve') {
    if (row.cause === 'selfie') {
      if (!row.descriptor) throw new AppError(409, 'verification_not_found');
      const [main] = await db
        .select({ id: photos.id })
        .from(photos)
        .where(and(eq(photos.userId, row.userId), eq(photos.isMain, true), eq(photos.status, 'active')))
        .limit(1);
      await grantBadge(db, {
        userId: row.userId,
        verificationId: row.id,
        descriptor: row.descriptor,
        checkedPhotoId: main?.id ?? null,
      });
    } else {
      await db
        .update(verifiedMembers)
        .set({ suspendedAt: null })
        .where(eq(verifiedMembers.userId, row.userId));
      announceListingChange();
    }
  } else if (row.cause === 'main_photo_changed') {
    await db.delete(verifiedMembers).where(eq(verifiedMembers.userId, row.userId));
    announceListingChange();
  }
  await db
    .update(faceVerifications)
    .set({
      status: input.action === 'approve' ? 'verified' : 'rejected',
      reason:
        input.action === 'approve'
          ? null
          : row.cause === 'main_photo_changed'
            ? 'main_photo_changed'
            : 'moderator',
      selfieKey: null,
      descriptor: null,
      decidedAt: now,
      decidedBy: staffId,
    })
    .where(eq(faceVerifications.id, row.id));
  if (row.selfieKey) await storage.remove(row.selfieKey).catch(() => undefined);
}

/**
 * The console's verification queue (issue 21, point 1), for moderators: the unclear verifications and changed main
 * photos of verified members (GET), a decision (POST) and the two images, served to staff only.
 */
export const verificationAdminRoutes: FastifyPluginAsyncZod<{ storage: MediaStorage }> = async (
  app,
  opts,
) => {
  const moderator = { staff: 'moderator' } as const;

  app.get(
    '/api/admin/verifications.php',
    { config: moderator, schema: { response: { 200: adminVerificationQueueSchema } } },
    async (_req, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { items: await queue(app.db) };
    },
  );

  app.post(
    '/api/admin/verifications.php',
    { config: moderator, schema: { body: adminVerificationDecisionSchema, response: { 200: okSchema } } },
    async (req) => {
      const { staff } = req.requireStaff();
      await decideVerificationReview(app.db, opts.storage, staff.id, req.body);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/admin/verification-image.php',
    { config: moderator, schema: { querystring: adminVerificationImageQuerySchema, hide: true } },
    async (req, reply) => {
      const [row] = await app.db
        .select({ selfieKey: faceVerifications.selfieKey, storageKey: photos.storageKey })
        .from(faceVerifications)
        .leftJoin(photos, eq(photos.id, faceVerifications.photoId))
        .where(eq(faceVerifications.id, req.query.id))
        .limit(1);
      const key =
        req.query.which === 'selfie'
          ? row?.selfieKey
          : row?.storageKey
            ? photoKey(row.storageKey, 'main')
            : null;
      const body = key ? await opts.storage.get(key) : undefined;
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
