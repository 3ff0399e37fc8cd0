import { and, asc, desc, eq, exists, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { conversations, messages, type Photo, type Profile, photos, profiles, users } from '../../db/schema';
import type { Tx } from '../accounts/accounts.repo';
import { notBlockedEitherWay } from '../blocks/blocks.policy';
import { type CardRow, profileCardColumns, publicMainPhoto } from '../members/profile-card.query';
import { verifiedBadgeSql } from '../verification/verification.repo';

/** A member as the profile page needs it: the public profile plus the account state that decides visibility. */
export interface MemberRow {
  profile: Profile;
  userStatus: string;
  lastActiveAt: Date;
  /** the verified badge shows (photo verification) */
  verified: boolean;
}

export type { CardRow };

export async function findMember(db: Db, userId: number): Promise<MemberRow | undefined> {
  const [row] = await db
    .select({
      profile: profiles,
      userStatus: users.status,
      lastActiveAt: users.lastActiveAt,
      verified: verifiedBadgeSql(profiles.userId),
    })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(eq(profiles.userId, userId))
    .limit(1);
  return row;
}

/**
 * The one definition of "the two members are in contact" (ViewerFacts.hasConversation): they have a conversation
 * (stored as user_low < user_high) with at least one delivered message. A held message (the signup message of an
 * address that is not confirmed yet, see accounts.service) is not contact: until it is delivered it unlocks nothing.
 */
function deliveredMessagesBetween(db: Db | Tx, low: number | SQL, high: number | SQL) {
  return db
    .select({ id: messages.id })
    .from(conversations)
    .innerJoin(messages, and(eq(messages.conversationId, conversations.id), eq(messages.held, false)))
    .where(and(eq(conversations.userLow, low), eq(conversations.userHigh, high)));
}

/** Whether the two members are in contact (see deliveredMessagesBetween). */
export async function contactExists(db: Db | Tx, a: number, b: number): Promise<boolean> {
  if (a === b) return false;
  const [row] = await deliveredMessagesBetween(db, Math.min(a, b), Math.max(a, b)).limit(1);
  return row !== undefined;
}

/** SQL: member `a` is in contact with the member whose id is in `column` (for lists; see deliveredMessagesBetween). */
export function contactWith(db: Db | Tx, a: number, column: AnyPgColumn): SQL {
  return exists(
    deliveredMessagesBetween(db, sql`least(${a}::bigint, ${column})`, sql`greatest(${a}::bigint, ${column})`),
  );
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
        // Cam and resell profiles are shown in the cam section only (docs/decisions.md "Cam section").
        inArray(profiles.kind, ['member', 'fictional']),
        eq(profiles.niche, f.niche),
        eq(profiles.country, f.country),
        f.gender ? eq(profiles.gender, f.gender) : undefined,
        ne(profiles.userId, f.memberId),
        viewerId === null ? undefined : ne(profiles.userId, viewerId),
        viewerId === null ? undefined : notBlockedEitherWay(db, viewerId, profiles.userId),
      ),
    )
    .orderBy(desc(users.lastActiveAt), desc(profiles.userId))
    .limit(f.limit);
}
