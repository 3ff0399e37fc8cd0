import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { photos, profiles, users } from '../../db/schema';
import { notBlockedEitherWay } from '../blocks/blocks.policy';
import { type CardRow, profileCardColumns, publicMainPhoto } from './profile-card.query';

export type ShowcaseRow = CardRow;

/** Who a showcase may list (see findShowcaseProfiles); also the map lander's members (modules/landers). */
export interface ShowcaseFilter {
  niche: number;
  countries: readonly string[];
  gender?: string | undefined;
  viewerId?: number | undefined;
}

/**
 * The condition of a public listing, over `profiles` joined with `users` and the public main photo: active profile,
 * confirmed account, not invisible, of the niche and countries; with `viewerId`, never the viewer nor members
 * blocked either way.
 */
export function showcaseWhere(db: Db, opts: ShowcaseFilter) {
  return and(
    eq(profiles.status, 'active'),
    eq(users.status, 'active'),
    eq(profiles.invisible, false),
    // Cam and resell profiles are shown in the cam section only (docs/decisions.md "Cam section").
    inArray(profiles.kind, ['member', 'fictional']),
    eq(profiles.niche, opts.niche),
    opts.gender ? eq(profiles.gender, opts.gender) : undefined,
    opts.viewerId ? ne(profiles.userId, opts.viewerId) : undefined,
    opts.viewerId ? notBlockedEitherWay(db, opts.viewerId, profiles.userId) : undefined,
    opts.countries.length > 0
      ? sql`${profiles.country} = any(${sql.param([...opts.countries])}::text[])`
      : undefined,
  );
}

/**
 * Members visible to the public: active profile, confirmed account, not invisible, with an active public main photo.
 * Newest activity first. With `viewerId` (a signed-in viewer): never the viewer, nor members blocked either way.
 */
export async function findShowcaseProfiles(
  db: Db,
  opts: ShowcaseFilter & { limit: number },
): Promise<ShowcaseRow[]> {
  return db
    .select(profileCardColumns)
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .innerJoin(photos, publicMainPhoto)
    .where(showcaseWhere(db, opts))
    .orderBy(desc(users.lastActiveAt))
    .limit(opts.limit);
}
