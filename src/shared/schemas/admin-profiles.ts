import { z } from 'zod';
import { ageOn } from '../dates';
import { COUNTRIES } from '../locales';
import { INTERESTS } from '../rules';
import { ABOUT_MAX, GENDERS } from './profiles';

/**
 * The staff console's profiles (issue 22, point 8): fictional, cam and resell profiles the network's staff keep.
 * GET/POST/PUT /api/admin/profiles.php, GET /api/admin/profile.php, POST/DELETE /api/admin/profile-photos.php.
 * Moderators and admins. Field messages are keys of the shared validation namespace.
 */

/** The kinds staff create and edit (a member's own profile is never made in the console). */
export const STAFF_PROFILE_KINDS = ['fictional', 'cam', 'resell'] as const;
export const staffProfileKindSchema = z.enum(STAFF_PROFILE_KINDS);
export type StaffProfileKind = z.infer<typeof staffProfileKindSchema>;

export const ADULT_AGE = 18;
export const OLDEST_AGE = 99;

const isoDate = z
  .string('validation.required')
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.staff_profile.date')
  .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)), 'validation.staff_profile.date');

/** POST and PUT /api/admin/profiles.php: the whole profile (PUT replaces every field). */
export const adminProfileInputSchema = z.object({
  kind: staffProfileKindSchema,
  site_id: z.number().int().positive(),
  name: z
    .string('validation.required')
    .trim()
    .min(2, 'validation.required')
    .max(40, 'validation.staff_profile.too_long'),
  gender: z.enum(GENDERS),
  seeking_gender: z.enum(GENDERS).nullable(),
  birth_date: isoDate.refine((d) => {
    const age = ageOn(d);
    return age >= ADULT_AGE && age <= OLDEST_AGE;
  }, 'validation.staff_profile.adult_age'),
  country: z.enum(COUNTRIES as [string, ...string[]]),
  region: z.string().trim().max(20).nullable(),
  city: z.string().trim().max(80).nullable(),
  about: z.string().trim().max(ABOUT_MAX, 'validation.about_too_long'),
  interests: z
    .array(z.enum(INTERESTS))
    .max(INTERESTS.length)
    .refine((a) => new Set(a).size === a.length),
  /** listed where its kind is shown (false: kept, but shown nowhere) */
  visible: z.boolean(),
});
export type AdminProfileInput = z.infer<typeof adminProfileInputSchema>;

export const adminProfilePhotoSchema = z.object({
  id: z.number().int(),
  main: z.boolean(),
  /** pending | active | rejected (the photo queue decides, as for members' photos) */
  status: z.string(),
  thumb_filename: z.string(),
  filename: z.string(),
});
export type AdminProfilePhoto = z.infer<typeof adminProfilePhotoSchema>;

export const adminProfileSchema = z.object({
  id: z.number().int(),
  kind: staffProfileKindSchema,
  site_id: z.number().int(),
  site_domain: z.string(),
  name: z.string(),
  gender: z.enum(GENDERS).nullable(),
  seeking_gender: z.enum(GENDERS).nullable(),
  birth_date: z.string(),
  age: z.number().int(),
  country: z.string(),
  region: z.string().nullable(),
  city: z.string().nullable(),
  about: z.string(),
  interests: z.array(z.string()),
  visible: z.boolean(),
  photos: z.array(adminProfilePhotoSchema),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminProfile = z.infer<typeof adminProfileSchema>;
export const adminProfileResponseSchema = z.object({ profile: adminProfileSchema });
export type AdminProfileResponse = z.infer<typeof adminProfileResponseSchema>;

/** GET /api/admin/profiles.php: filter by kind, site and name. */
export const adminProfilesQuerySchema = z.object({
  kind: staffProfileKindSchema.optional(),
  site_id: z.coerce.number().int().positive().optional(),
  q: z.string().trim().max(40).optional(),
  page: z.coerce.number().int().min(1).max(1000).default(1),
});
export type AdminProfilesQuery = z.infer<typeof adminProfilesQuerySchema>;

export const adminProfileSummarySchema = adminProfileSchema
  .omit({ photos: true, about: true, interests: true })
  .extend({
    thumb_filename: z.string().nullable(),
  });
export type AdminProfileSummary = z.infer<typeof adminProfileSummarySchema>;

export const adminProfilesResponseSchema = z.object({
  profiles: z.array(adminProfileSummarySchema),
  more: z.boolean(),
});
export type AdminProfilesResponse = z.infer<typeof adminProfilesResponseSchema>;

/** DELETE /api/admin/profile-photos.php?id=<profile>&photo=<photo> */
export const adminProfilePhotoQuerySchema = z.object({
  id: z.coerce.number().int().positive(),
  photo: z.coerce.number().int().positive(),
});

/**
 * GET /api/admin/site-cams.php (moderators: the sites a profile may belong to) and PUT ?id= { cams_in_search }
 * (admins): whether a site's cam and resell profiles are mixed into its member search and matches.
 */
export const adminSiteCamsSchema = z.object({
  id: z.number().int(),
  domain: z.string(),
  name: z.string(),
  niche: z.number().int(),
  member_resell: z.boolean(),
  cams_in_search: z.boolean(),
  /** the site's fictional-profile mark (a Bootstrap Icons name), for the console's preview */
  fictional_icon: z.string(),
});
export type AdminSiteCams = z.infer<typeof adminSiteCamsSchema>;
export const adminSiteCamsListSchema = z.object({ sites: z.array(adminSiteCamsSchema) });
export type AdminSiteCamsList = z.infer<typeof adminSiteCamsListSchema>;
export const adminSiteCamsInputSchema = z.object({ cams_in_search: z.boolean() });
export const adminSiteCamsResponseSchema = z.object({ site: adminSiteCamsSchema });
