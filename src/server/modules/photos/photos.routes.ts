import fastifyMultipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { RULES } from '../../../shared/rules';
import { okSchema } from '../../../shared/schemas/accounts';
import { PHOTO_REJECT_REASONS, type PhotoRejectReason } from '../../../shared/schemas/admin-photos';
import {
  type OwnPhoto,
  ownPhotoResponseSchema,
  ownPhotosResponseSchema,
  PHOTO_UPLOAD,
  photoDeleteSchema,
  photoUpdateSchema,
} from '../../../shared/schemas/photos';
import type { Db } from '../../db/client';
import type { Photo } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { MediaStorage } from '../../lib/storage';
import type { PhotoScreening } from './photo-screening';
import { presentPhotoUrls } from './photos.presenter';
import {
  deleteOwnPhoto,
  listOwnPhotos,
  photoInvalid,
  photoTooLarge,
  updateOwnPhoto,
  uploadPhoto,
} from './photos.service';

export interface PhotosRoutesOptions {
  /** where the photo files are stored (the local media folder or an S3-compatible bucket) */
  storage: MediaStorage;
  /** scores new photos behind the request (an upload is held until scored) */
  screening: PhotoScreening;
}

export function presentOwnPhoto(cdnPrefix: string, photo: Photo): OwnPhoto {
  return {
    id: photo.id,
    main: photo.isMain,
    private: photo.isPrivate,
    ...presentPhotoUrls(cdnPrefix, photo.storageKey, photo.status),
    width: photo.width,
    height: photo.height,
    reject_reason: photo.status === 'rejected' ? rejectReasonOf(photo.rejectReason) : null,
    reject_note: photo.status === 'rejected' ? photo.rejectNote : null,
  };
}

function rejectReasonOf(reason: string | null): PhotoRejectReason {
  return (PHOTO_REJECT_REASONS as readonly string[]).includes(reason ?? '')
    ? (reason as PhotoRejectReason)
    : 'other';
}

/** The uploaded file of a multipart request, at most PHOTO_UPLOAD.maxBytes long. */
async function readUpload(req: FastifyRequest): Promise<Buffer> {
  if (!req.isMultipart()) throw photoInvalid();
  const part = await req.file();
  if (!part || part.fieldname !== PHOTO_UPLOAD.field) throw photoInvalid();
  try {
    return await part.toBuffer();
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw photoTooLarge();
    throw err;
  }
}

/**
 * The signed-in member's own photos: GET lists them, POST uploads one (multipart field `photo`), PUT changes the
 * main or private flag, DELETE removes one. Every call needs a session; another member's photo is not found.
 */
export const photosRoutes: FastifyPluginAsyncZod<PhotosRoutesOptions> = async (app, opts) => {
  const db: Db = app.db;
  const { storage, screening } = opts;

  // Before any body is read or validated: a visitor without a session gets 403 authentication_required.
  app.addHook('onRequest', async (req) => {
    req.requireAuth();
  });

  // Scoped to this plugin: multipart bodies are accepted by the photo routes only.
  await app.register(fastifyMultipart, {
    limits: { fileSize: PHOTO_UPLOAD.maxBytes, files: 1, fields: 5 },
  });

  const ownPhotos = async (req: FastifyRequest, userId: number) => {
    const { site } = await req.resolveSite();
    const rows = await listOwnPhotos(db, userId);
    return { photos: rows.map((p) => presentOwnPhoto(site.cdnPrefix, p)) };
  };

  app.get(
    '/api/photos.php',
    { schema: { response: { 200: ownPhotosResponseSchema } } },
    async (req, reply) => {
      const { user } = req.requireAuth();
      reply.header('Cache-Control', 'no-store');
      return ownPhotos(req, user.id);
    },
  );

  app.post(
    '/api/photos.php',
    { schema: { consumes: ['multipart/form-data'], response: { 200: ownPhotoResponseSchema } } },
    async (req, reply) => {
      const { user } = req.requireAuth();
      const file = await readUpload(req);
      const photo = await uploadPhoto(db, storage, { userId: user.id, file }).catch((err: unknown) => {
        if (err instanceof AppError && err.code === 'photo_busy')
          reply.header('Retry-After', String(RULES.photos.processing.retryAfterSeconds));
        throw err;
      });
      screening.kick();
      const { site } = await req.resolveSite();
      return { photo: presentOwnPhoto(site.cdnPrefix, photo) };
    },
  );

  app.put(
    '/api/photos.php',
    { schema: { body: photoUpdateSchema, response: { 200: ownPhotosResponseSchema } } },
    async (req) => {
      const { user } = req.requireAuth();
      await updateOwnPhoto(db, user.id, req.body);
      return ownPhotos(req, user.id);
    },
  );

  app.delete(
    '/api/photos.php',
    { schema: { body: photoDeleteSchema, response: { 200: okSchema } } },
    async (req) => {
      const { user } = req.requireAuth();
      await deleteOwnPhoto(db, storage, user.id, req.body.id);
      return { ok: true as const };
    },
  );
};
