import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { photos, profiles, users } from '../../db/schema';
import { type ShowcaseFilter, showcaseWhere } from '../members/members.repo';
import { type CardRow, profileCardColumns, publicMainPhoto } from '../members/profile-card.query';

/** A public member with the stored location cell (about 1 km; never sent on: the map shows areas). */
export type LocatedCardRow = CardRow & { latCell: number; lonCell: number };

/**
 * The members the map lander may show: exactly those a showcase may list (showcaseWhere: public, active, not
 * hidden, not blocked either way), with a public main photo and a stored location. Newest activity first.
 */
export async function findLocatedShowcaseProfiles(
  db: Db,
  opts: ShowcaseFilter & { limit: number },
): Promise<LocatedCardRow[]> {
  const rows = await db
    .select({ ...profileCardColumns, latCell: profiles.latCell, lonCell: profiles.lonCell })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .innerJoin(photos, publicMainPhoto)
    .where(and(showcaseWhere(db, opts), isNotNull(profiles.latCell), isNotNull(profiles.lonCell)))
    .orderBy(desc(users.lastActiveAt))
    .limit(opts.limit);
  return rows.flatMap((r) =>
    r.latCell === null || r.lonCell === null ? [] : [{ ...r, latCell: r.latCell, lonCell: r.lonCell }],
  );
}
