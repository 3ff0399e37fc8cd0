import { and, asc, desc, eq, ne, notExists, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { blocks, conversations, type Photo, type Profile, photos, profiles, users } from '../../db/schema';
import type { Tx } from '../accounts/accounts.repo';
import { type CardRow, profileCardColumns, publicMainPhoto } from '../members/profile-card.query';

/** A member as the profile page needs it: the public profile plus the account state that decides visibility. */
export interface MemberRow {
  profile: Profile;
  userStatus: string;
  lastActiveAt: Date;
}

export type { CardRow };

export async function findMember(db: Db, userId: number): Promise<MemberRow | undefined> {
  const [row] = await db
    .select({ profile: profiles, userStatus: users.status, lastActiveAt: users.lastActiveAt })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(eq(profiles.userId, userId))
    .limit(1);
  return row;
}

/** Whether the two members have a conversation (the pair is stored as user_low < user_high). */
export async function conversationExists(db: Db | Tx, a: number, b: number): Promise<boolean> {
  if (a === b) return false;
  const [row] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.userLow, Math.min(a, b)), eq(conversations.userHigh, Math.max(a, b))))
    .limit(1);
  return row !== undefined;
}

/** The member's photos that passed moderation (status 'active'): the main photo first, then in upload order. */
export async function findActivePhotos(db: Db, userId: number): Promise<Photo[]> {
  return db
    .select()
    .from(photos)
    .where(and(eq(photos.userId, userId), eq(photos.status, 'active')))
    .orderBy(desc(photos.isMain), asc(photos.createdAt), asc(photos.id));
}

export interface RelatedFilter {
  niche: number;
  country: string;
  /** the member's gender; null matches any gender */
  gender: string | null;
  memberId: number;
  viewerId: number | null;
  limit: number;
}

/**
 * Members like the viewed one: same niche, gender and country, active and not invisible, not blocked in either
 * direction by the viewer, never the member or the viewer; most recently active first.
 */
export async function findRelatedCards(db: Db, f: RelatedFilter): Promise<CardRow[]> {
  const viewerId = f.viewerId;
  return db
    .select(profileCardColumns)
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .leftJoin(photos, publicMainPhoto)
    .where(
      and(
        eq(profiles.status, 'active'),
        eq(users.status, 'active'),
        eq(profiles.invisible, false),
        eq(profiles.niche, f.niche),
        eq(profiles.country, f.country),
        f.gender ? eq(profiles.gender, f.gender) : undefined,
        ne(profiles.userId, f.memberId),
        viewerId === null ? undefined : ne(profiles.userId, viewerId),
        viewerId === null
          ? undefined
          : notExists(
              db
                .select({ one: sql`1` })
                .from(blocks)
                .where(
                  or(
                    and(eq(blocks.blockerId, viewerId), eq(blocks.blockedId, profiles.userId)),
                    and(eq(blocks.blockerId, profiles.userId), eq(blocks.blockedId, viewerId)),
                  ),
                ),
            ),
      ),
    )
    .orderBy(desc(users.lastActiveAt), desc(profiles.userId))
    .limit(f.limit);
}
