import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { photos, profiles } from '../../db/schema';
import { publicMainPhoto } from '../members/profile-card.query';

/** What a link preview of a member may show: the name, the age, the public main photo. Nothing else. */
export interface PublicMember {
  id: number;
  name: string;
  birthDate: string;
  /** the stem of the active, public main photo; null without one */
  storageKey: string | null;
}

/**
 * A member whose page a visitor may be shown, or undefined. The one rule is profiles.searchable (account and
 * profile active, not invisible, not banned, suspended or hidden by a decision: members/searchable.ts), and only
 * ordinary and fictional profiles (cam and resell profiles live in the cam section). The photo is read through
 * publicMainPhoto: only an active, non-private main photo.
 */
export async function findPublicMember(db: Db, id: number): Promise<PublicMember | undefined> {
  const [row] = await db
    .select({
      id: profiles.userId,
      name: profiles.name,
      birthDate: profiles.birthDate,
      storageKey: photos.storageKey,
    })
    .from(profiles)
    .leftJoin(photos, publicMainPhoto)
    .where(
      and(
        eq(profiles.userId, id),
        eq(profiles.searchable, true),
        inArray(profiles.kind, ['member', 'fictional']),
      ),
    )
    .limit(1);
  return row;
}
