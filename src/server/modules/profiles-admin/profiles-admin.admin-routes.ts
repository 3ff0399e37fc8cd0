import fastifyMultipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminProfileInputSchema,
  adminProfilePhotoQuerySchema,
  adminProfileResponseSchema,
  adminProfilesQuerySchema,
  adminProfilesResponseSchema,
  adminSiteCamsInputSchema,
  adminSiteCamsListSchema,
  adminSiteCamsResponseSchema,
} from '../../../shared/schemas/admin-profiles';
import { adminIdQuerySchema } from '../../../shared/schemas/admin-sites';
import { PHOTO_UPLOAD } from '../../../shared/schemas/photos';
import type { MediaStorage } from '../../lib/storage';
import { photoInvalid, photoTooLarge } from '../photos/photos.service';
import {
  addProfilePhoto,
  createProfile,
  deleteProfilePhoto,
  getProfile,
  listProfiles,
  updateProfile,
} from './profiles-admin.service';
import { listSiteCams, setCamsInSearch } from './site-cams.service';

export interface ProfilesAdminOptions {
  storage: MediaStorage;
  /** starts the screening of a new photo (the photo pipeline's queue) */
  afterUpload: () => void;
}

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
 * The console's fictional, cam and resell profiles (issue 22, point 8): list and filter, read, create, edit, add
 * and remove photos. Moderators and admins (docs/decisions.md "Cam section"); every change audited.
 */
export const profilesAdminRoutes: FastifyPluginAsyncZod<ProfilesAdminOptions> = async (app, opts) => {
  const moderator = { staff: 'moderator' } as const;

  await app.register(fastifyMultipart, {
    limits: { fileSize: PHOTO_UPLOAD.maxBytes, files: 1, fields: 5 },
  });

  app.get(
    '/api/admin/profiles.php',
    {
      config: moderator,
      schema: { querystring: adminProfilesQuerySchema, response: { 200: adminProfilesResponseSchema } },
    },
    async (req, reply) => {
      reply.header('Cache-Control', 'no-store');
      return listProfiles(app.db, req.query);
    },
  );

  app.get(
    '/api/admin/profile.php',
    {
      config: moderator,
      schema: { querystring: adminIdQuerySchema, response: { 200: adminProfileResponseSchema } },
    },
    async (req, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { profile: await getProfile(app.db, req.query.id) };
    },
  );

  app.post(
    '/api/admin/profiles.php',
    {
      config: moderator,
      schema: { body: adminProfileInputSchema, response: { 200: adminProfileResponseSchema } },
    },
    async (req) => {
      const { staff } = req.requireStaff();
      return { profile: await createProfile(app.db, staff.id, req.body) };
    },
  );

  app.put(
    '/api/admin/profiles.php',
    {
      config: moderator,
      schema: {
        querystring: adminIdQuerySchema,
        body: adminProfileInputSchema,
        response: { 200: adminProfileResponseSchema },
      },
    },
    async (req) => {
      const { staff } = req.requireStaff();
      return { profile: await updateProfile(app.db, staff.id, req.query.id, req.body) };
    },
  );

  app.post(
    '/api/admin/profile-photos.php',
    {
      config: moderator,
      schema: {
        consumes: ['multipart/form-data'],
        querystring: adminIdQuerySchema,
        response: { 200: adminProfileResponseSchema },
      },
    },
    async (req) => {
      const { staff } = req.requireStaff();
      const file = await readUpload(req);
      const profile = await addProfilePhoto(app.db, opts.storage, staff.id, req.query.id, file);
      opts.afterUpload();
      return { profile };
    },
  );

  app.delete(
    '/api/admin/profile-photos.php',
    {
      config: moderator,
      schema: { querystring: adminProfilePhotoQuerySchema, response: { 200: adminProfileResponseSchema } },
    },
    async (req) => {
      const { staff } = req.requireStaff();
      const profile = await deleteProfilePhoto(app.db, opts.storage, staff.id, req.query.id, req.query.photo);
      return { profile };
    },
  );

  app.get(
    '/api/admin/site-cams.php',
    { config: moderator, schema: { response: { 200: adminSiteCamsListSchema } } },
    async (_req, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { sites: await listSiteCams(app.db) };
    },
  );

  app.put(
    '/api/admin/site-cams.php',
    {
      config: { staff: 'admin' },
      schema: {
        querystring: adminIdQuerySchema,
        body: adminSiteCamsInputSchema,
        response: { 200: adminSiteCamsResponseSchema },
      },
    },
    async (req) => {
      const { staff } = req.requireStaff();
      return { site: await setCamsInSearch(app.db, staff.id, req.query.id, req.body.cams_in_search) };
    },
  );
};
