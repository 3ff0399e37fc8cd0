import { and, eq } from 'drizzle-orm';
import { photos, profiles } from '../../db/schema';

/**
 * The one definition of what a profile card reads (showcase, related members, blocked list): select these columns
 * from `profiles`, joining `photos` on `publicMainPhoto` (a card only ever shows an active, public main photo).
 */
export const profileCardColumns = {
  id: profiles.userId,
  name: profiles.name,
  birthDate: profiles.birthDate,
  city: profiles.city,
  country: profiles.country,
  fictional: profiles.fictional,
  storageKey: photos.storageKey,
  photoStatus: photos.status,
};

export const publicMainPhoto = and(
  eq(photos.userId, profiles.userId),
  eq(photos.isMain, true),
  eq(photos.status, 'active'),
  eq(photos.isPrivate, false),
);

/** A row selected with `profileCardColumns`. */
export interface CardRow {
  id: number;
  name: string;
  birthDate: string;
  city: string | null;
  country: string;
  fictional: boolean;
  storageKey: string | null;
  photoStatus: string | null;
}
