import { z } from 'zod';
import { COUNTRIES } from '../locales';
import {
  ABOUT_MAX,
  BODY_TYPES,
  EYE_COLORS,
  GENDERS,
  HAIR_COLORS,
  RELATIONSHIP_STATUSES,
  SEXUALITIES,
  SIGNUP_REASONS,
  TATTOO_OPTIONS,
} from '../profile-options';
import { INTERESTS } from '../rules';

// The fields' choices live in ../profile-options.ts (without zod, for the web app's first page).
export {
  ABOUT_MAX,
  BODY_TYPES,
  EYE_COLORS,
  GENDERS,
  HAIR_COLORS,
  RELATIONSHIP_STATUSES,
  SEXUALITIES,
  SIGNUP_REASONS,
  TATTOO_OPTIONS,
};

/**
 * The names used in the site setting visible_profile_fields (one per profile section); `living_area` stands for
 * region and city. Server presenters, the profile screen and the site defaults all use this list.
 */
export const PROFILE_FIELD_NAMES = [
  'gender',
  'sexuality',
  'hair_color',
  'eye_color',
  'body_type',
  'relationship_status',
  'tattoos',
  'signup_reason',
  'interests',
  'birth_date',
  'living_area',
  'about',
] as const;
export type ProfileFieldName = (typeof PROFILE_FIELD_NAMES)[number];

/** The descriptive fields both the own profile and another member's profile carry (null when not set or hidden). */
export const profileDetailsShape = {
  gender: z.string().nullable(),
  sexuality: z.string().nullable(),
  hair_color: z.string().nullable(),
  eye_color: z.string().nullable(),
  body_type: z.string().nullable(),
  relationship_status: z.string().nullable(),
  tattoos: z.string().nullable(),
  signup_reason: z.string().nullable(),
};

/** PUT /api/profile.php: the fields a member sets about themselves; every field optional, null clears it. */
export const profileUpdateSchema = z
  .object({
    gender: z.enum(GENDERS),
    seeking_gender: z.enum(GENDERS).nullable(),
    sexuality: z.enum(SEXUALITIES).nullable(),
    hair_color: z.enum(HAIR_COLORS).nullable(),
    eye_color: z.enum(EYE_COLORS).nullable(),
    body_type: z.enum(BODY_TYPES).nullable(),
    relationship_status: z.enum(RELATIONSHIP_STATUSES).nullable(),
    tattoos: z.enum(TATTOO_OPTIONS).nullable(),
    signup_reason: z.enum(SIGNUP_REASONS).nullable(),
    country: z.enum(COUNTRIES as [string, ...string[]]),
    region: z.string().max(20).nullable(),
    city: z.string().trim().max(80).nullable(),
    about: z.string().trim().max(ABOUT_MAX, 'validation.about_too_long'),
    interests: z
      .array(z.enum(INTERESTS))
      .max(INTERESTS.length)
      .refine((a) => new Set(a).size === a.length),
    /**
     * The member's position (from the browser), sent together with `lon`; null with `lon` null forgets it.
     * The server snaps it to a 0.01° grid (about 1 km) before storing and never shows it to others.
     */
    lat: z.number().min(-90).max(90).nullable(),
    lon: z.number().min(-180).max(180).nullable(),
  })
  .partial();
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

export const ownProfileSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  status: z.string(),
  ...profileDetailsShape,
  seeking_gender: z.string().nullable(),
  birth_date: z.string(),
  country: z.string(),
  region: z.string().nullable(),
  city: z.string().nullable(),
  about: z.string(),
  interests: z.array(z.string()),
  /** a location is stored (the position itself is never sent back) */
  has_location: z.boolean(),
});
export type OwnProfile = z.infer<typeof ownProfileSchema>;
export const ownProfileResponseSchema = z.object({ profile: ownProfileSchema });
