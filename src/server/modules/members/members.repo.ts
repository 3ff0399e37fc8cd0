import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { photos, profiles, users } from '../../db/schema';

export interface ShowcaseRow {
  id: number;
  name: string;
  birthDate: string;
  city: string | null;
  country: string;
  fictional: boolean;
  storageKey: string | null;
  photoStatus: string | null;
}

/**
 * Members visible to the public: active profile, confirmed account, not invisible, with an active public main photo.
 * Newest activity first.
 */
export async function findShowcaseProfiles(
  db: Db,
  opts: {
    niche: number;
    countries: string[];
    limit: number;
    gender?: string | undefined;
    excludeUserId?: number | undefined;
  },
): Promise<ShowcaseRow[]> {
  return db
    .select({
      id: profiles.userId,
      name: profiles.name,
      birthDate: profiles.birthDate,
      city: profiles.city,
      country: profiles.country,
      fictional: profiles.fictional,
      storageKey: photos.storageKey,
      photoStatus: photos.status,
    })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .innerJoin(
      photos,
      and(
        eq(photos.userId, profiles.userId),
        eq(photos.isMain, true),
        eq(photos.status, 'active'),
        eq(photos.isPrivate, false),
      ),
    )
    .where(
      and(
        eq(profiles.status, 'active'),
        eq(users.status, 'active'),
        eq(profiles.invisible, false),
        eq(profiles.niche, opts.niche),
        opts.gender ? eq(profiles.gender, opts.gender) : undefined,
        opts.excludeUserId ? ne(profiles.userId, opts.excludeUserId) : undefined,
        opts.countries.length > 0
          ? sql`${profiles.country} = any(${sql.param(opts.countries)}::text[])`
          : undefined,
      ),
    )
    .orderBy(desc(users.lastActiveAt))
    .limit(opts.limit);
}
