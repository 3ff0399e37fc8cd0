import { z } from 'zod';
import { profileKindSchema } from './profile-kind';

export const photoUrlsSchema = z.object({
  filename: z.string(),
  thumb_filename: z.string(),
  match: z.string(),
  status: z.string(),
});
export type PhotoUrls = z.infer<typeof photoUrlsSchema>;

/** A profile card as shown in public listings: never an e-mail, exact location or hidden member. */
export const profileCardSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  age: z.number().int(),
  city: z.string().nullable(),
  country: z.string(),
  fictional: z.boolean(),
  /** what the profile is; absent means 'member' (cam and resell cards carry their badge) */
  kind: profileKindSchema.optional(),
  /** a member who proved their face (photo verification, issue 21); absent: not verified */
  verified: z.boolean().optional(),
  main_image: photoUrlsSchema.nullable(),
});
export type ProfileCard = z.infer<typeof profileCardSchema>;

export const showcaseResponseSchema = z.object({ profiles: z.array(profileCardSchema) });
