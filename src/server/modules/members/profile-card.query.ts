import { and, eq, sql } from 'drizzle-orm';
import type { ProfileKind } from '../../../shared/schemas/profile-kind';
import { photos, profiles } from '../../db/schema';
import { verifiedBadgeSql } from '../verification/verification.repo';

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
  kind: profiles.kind,
  verified: verifiedBadgeSql(profiles.userId),
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
  /** what the profile is (cam and resell cards carry their badge); absent: read by a query that does not say */
  kind?: ProfileKind;
  /** the verified badge shows (photo verification); absent: read by a query that does not say */
  verified?: boolean;
  storageKey: string | null;
  photoStatus: string | null;
}

/** The card's columns as raw SQL returns them (`cardSqlColumns`: snake_case, ids as int8 strings). */
export interface RawCardRow {
  id: string | number;
  name: string;
  birth_date: string;
  city: string | null;
  country: string;
  fictional: boolean;
  kind?: ProfileKind;
  verified?: boolean;
  storage_key: string | null;
  photo_status: string | null;
}

/**
 * The card's columns for a raw SQL statement (named statements written once): the profile as `p`, its public main
 * photo as `ph` (joined as `publicMainPhoto` says).
 */
export const cardSqlColumns =
  sql.raw(`p.user_id as id, p.name, p.birth_date::text as birth_date, p.city, p.country,
    p.fictional, p.kind, ph.storage_key, ph.status as photo_status,
    exists (select 1 from verified_members vm where vm.user_id = p.user_id and vm.suspended_at is null) as verified`);

/** A RawCardRow as a CardRow. */
export function cardRowOf(r: RawCardRow): CardRow {
  return {
    id: Number(r.id),
    name: r.name,
    birthDate: r.birth_date,
    city: r.city,
    country: r.country,
    fictional: r.fictional,
    ...(r.kind ? { kind: r.kind } : {}),
    ...(r.verified !== undefined ? { verified: r.verified } : {}),
    storageKey: r.storage_key,
    photoStatus: r.photo_status,
  };
}
