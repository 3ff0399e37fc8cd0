import { and, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import type { LikeTab } from '../../../shared/schemas/likes';
import type { Db } from '../../db/client';
import { likes, photos, profiles, users } from '../../db/schema';
import type { Tx } from '../accounts/accounts.repo';
import { notBlockedEitherWay } from '../blocks/blocks.policy';
import { lockMemberPair } from '../blocks/blocks.repo';
import { type CardRow, profileCardColumns, publicMainPhoto } from '../members/profile-card.query';

/**
 * Stores a like (idempotent) unless a block stands between the two members; false when a block does. Under the
 * pair lock that blocking takes too, so a like racing a block is either refused or deleted by it. `onNewLike` runs in
 * the same transaction only when this call made the row (not for a like that already existed); if it throws, the
 * like is rolled back with it (the swipe game's daily count).
 */
export async function insertLikeUnlessBlocked(
  db: Db,
  likerId: number,
  likedId: number,
  onNewLike?: (tx: Tx) => Promise<void>,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await lockMemberPair(tx, likerId, likedId);
    const result = await tx.execute(sql`
      insert into likes (liker_id, liked_id)
      select ${likerId}, ${likedId}
      where not exists (select 1 from blocks
        where (blocker_id = ${likerId} and blocked_id = ${likedId}) or (blocker_id = ${likedId} and blocked_id = ${likerId}))
      on conflict do nothing
      returning 1`);
    if ((result as unknown as { rows: unknown[] }).rows.length > 0) {
      await onNewLike?.(tx);
      return true;
    }
    // Nothing inserted: already liked (fine), or blocked.
    const [row] = await tx
      .select({ one: sql`1` })
      .from(likes)
      .where(and(eq(likes.likerId, likerId), eq(likes.likedId, likedId)));
    return row !== undefined;
  });
}

/** Which of `ids` the member likes (for the hearts on search cards). */
export async function findLikedAmong(db: Db, likerId: number, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: likes.likedId })
    .from(likes)
    .where(and(eq(likes.likerId, likerId), inArray(likes.likedId, ids)));
  return rows.map((r) => r.id);
}

/** Takes the like back; a like that does not exist changes nothing. */
export async function deleteLike(db: Db | Tx, likerId: number, likedId: number): Promise<void> {
  await db.delete(likes).where(and(eq(likes.likerId, likerId), eq(likes.likedId, likedId)));
}

/** Deletes the likes between the two members, both ways (blocking). */
export async function deleteLikesBetween(tx: Db | Tx, a: number, b: number): Promise<void> {
  await tx
    .delete(likes)
    .where(
      sql`(${likes.likerId}, ${likes.likedId}) in ((${a}::bigint, ${b}::bigint), (${b}::bigint, ${a}::bigint))`,
    );
}

export interface LikeState {
  /** the viewer likes the member */
  likedByMe: boolean;
  /** the member likes the viewer */
  likesMe: boolean;
}

/** Both directions of liking between the viewer and a member, in one query (a match is both). */
export async function findLikeState(db: Db | Tx, viewerId: number, memberId: number): Promise<LikeState> {
  const rows = await db
    .select({ likerId: likes.likerId })
    .from(likes)
    .where(
      sql`(${likes.likerId}, ${likes.likedId}) in ((${viewerId}::bigint, ${memberId}::bigint), (${memberId}::bigint, ${viewerId}::bigint))`,
    );
  return {
    likedByMe: rows.some((r) => r.likerId === viewerId),
    likesMe: rows.some((r) => r.likerId === memberId),
  };
}

/** The liked member opened the liker's profile: the like is no longer new. Only the liked member's view calls this. */
export async function markLikeSeen(db: Db | Tx, likerId: number, likedId: number): Promise<void> {
  await db
    .update(likes)
    .set({ seenAt: sql`now()` })
    .where(and(eq(likes.likerId, likerId), eq(likes.likedId, likedId), isNull(likes.seenAt)));
}

/** A member's card by the card rules (active, public main photo), whatever the member's visibility. */
export async function findCard(db: Db, memberId: number): Promise<CardRow | undefined> {
  const [row] = await db
    .select(profileCardColumns)
    .from(profiles)
    .leftJoin(photos, publicMainPhoto)
    .where(eq(profiles.userId, memberId))
    .limit(1);
  return row;
}

/**
 * SQL: the member whose id is in `column` (joined as `users` and `profiles`) takes part in the viewer's likes lists
 * now: account and profile active, not invisible, no block either way. A liker who is deleted, hidden or blocked
 * disappears from the lists and the counts at once; the rows stay until the account is purged (or a block).
 */
function shownInLists(db: Db, viewerId: number, column: AnyPgColumn): SQL {
  return and(
    eq(users.status, 'active'),
    eq(profiles.status, 'active'),
    eq(profiles.invisible, false),
    notBlockedEitherWay(db, viewerId, column),
  ) as SQL;
}

export interface LikeCardRow extends CardRow {
  likeNew: boolean;
  match: boolean;
  likedAt: Date;
}

// My like of the other member, and the other member's like of me.
const mine = alias(likes, 'mine');
const theirs = alias(likes, 'theirs');

/**
 * One page of a tab. received: the likes of me (new ones first, then newest); given: my likes, newest first;
 * matches: both ways, by the later of the two likes, newest first. `likeNew` is the other member's like of me not
 * yet seen (false without one), `match` both likes exist.
 */
export async function findLikePage(
  db: Db,
  viewerId: number,
  tab: LikeTab,
  limit: number,
  offset: number,
): Promise<LikeCardRow[]> {
  const likeNew = sql<boolean>`(${theirs.likerId} is not null and ${theirs.seenAt} is null)`;
  const match = sql<boolean>`(${mine.likerId} is not null and ${theirs.likerId} is not null)`;
  const columns = { ...profileCardColumns, likeNew, match };
  const mineOf = and(eq(mine.likerId, viewerId), eq(mine.likedId, profiles.userId));
  const theirsOf = and(eq(theirs.likerId, profiles.userId), eq(theirs.likedId, viewerId));
  const cards = (other: AnyPgColumn) => ({
    join: eq(profiles.userId, other),
    where: shownInLists(db, viewerId, other),
  });

  if (tab === 'received') {
    const c = cards(theirs.likerId);
    return db
      .select({ ...columns, likedAt: theirs.createdAt })
      .from(theirs)
      .innerJoin(profiles, c.join)
      .innerJoin(users, eq(users.id, theirs.likerId))
      .leftJoin(photos, publicMainPhoto)
      .leftJoin(mine, mineOf)
      .where(and(eq(theirs.likedId, viewerId), c.where))
      .orderBy(sql`${theirs.seenAt} is null desc`, desc(theirs.createdAt), desc(theirs.likerId))
      .limit(limit)
      .offset(offset);
  }
  if (tab === 'given') {
    const c = cards(mine.likedId);
    return db
      .select({ ...columns, likedAt: mine.createdAt })
      .from(mine)
      .innerJoin(profiles, c.join)
      .innerJoin(users, eq(users.id, mine.likedId))
      .leftJoin(photos, publicMainPhoto)
      .leftJoin(theirs, theirsOf)
      .where(and(eq(mine.likerId, viewerId), c.where))
      .orderBy(desc(mine.createdAt), desc(mine.likedId))
      .limit(limit)
      .offset(offset);
  }
  const c = cards(mine.likedId);
  const later = sql<Date>`greatest(${mine.createdAt}, ${theirs.createdAt})`;
  return db
    .select({ ...columns, likedAt: later.mapWith(mine.createdAt) })
    .from(mine)
    .innerJoin(profiles, c.join)
    .innerJoin(users, eq(users.id, mine.likedId))
    .leftJoin(photos, publicMainPhoto)
    .innerJoin(theirs, theirsOf)
    .where(and(eq(mine.likerId, viewerId), c.where))
    .orderBy(desc(later), desc(mine.likedId))
    .limit(limit)
    .offset(offset);
}

export interface LikeCounts {
  received: number;
  given: number;
  matches: number;
  new: number;
}

/** The totals of the three tabs and the new received likes, by the same rules as the lists. */
export async function countLikes(db: Db, viewerId: number): Promise<LikeCounts> {
  const [[received], [given]] = await Promise.all([
    db
      .select({
        all: sql<number>`count(*)`.mapWith(Number),
        unseen: sql<number>`count(*) filter (where ${theirs.seenAt} is null)`.mapWith(Number),
      })
      .from(theirs)
      .innerJoin(profiles, eq(profiles.userId, theirs.likerId))
      .innerJoin(users, eq(users.id, theirs.likerId))
      .where(and(eq(theirs.likedId, viewerId), shownInLists(db, viewerId, theirs.likerId))),
    db
      .select({
        all: sql<number>`count(*)`.mapWith(Number),
        matches: sql<number>`count(${theirs.likerId})`.mapWith(Number),
      })
      .from(mine)
      .innerJoin(profiles, eq(profiles.userId, mine.likedId))
      .innerJoin(users, eq(users.id, mine.likedId))
      .leftJoin(theirs, and(eq(theirs.likerId, mine.likedId), eq(theirs.likedId, viewerId)))
      .where(and(eq(mine.likerId, viewerId), shownInLists(db, viewerId, mine.likedId))),
  ]);
  return {
    received: received?.all ?? 0,
    new: received?.unseen ?? 0,
    given: given?.all ?? 0,
    matches: given?.matches ?? 0,
  };
}

/**
 * Claims the newest like of the viewer that is still new and was never announced, from a liker the viewer may see in
 * the lists now, and marks it announced (one statement: two tabs asking at once never announce the same like).
 * Returns the liker's id and whether the viewer likes the liker too (then it is a match), or undefined.
 */
export async function claimAutoLike(
  db: Db,
  viewerId: number,
): Promise<{ likerId: number; match: boolean } | undefined> {
  const result = await db.execute(sql`
    update likes set announced_at = now()
    where (liker_id, liked_id) in (
      select l.liker_id, l.liked_id from likes l
      join users u on u.id = l.liker_id and u.status = 'active'
      join profiles p on p.user_id = l.liker_id and p.status = 'active' and not p.invisible
      where l.liked_id = ${viewerId} and l.seen_at is null and l.announced_at is null
        and not exists (select 1 from blocks b where b.blocker_id = ${viewerId} and b.blocked_id = l.liker_id)
        and not exists (select 1 from blocks b where b.blocker_id = l.liker_id and b.blocked_id = ${viewerId})
      order by l.created_at desc, l.liker_id
      limit 1
      for update of l skip locked)
    and announced_at is null
    returning liker_id,
      exists (select 1 from likes m where m.liker_id = ${viewerId} and m.liked_id = likes.liker_id) as match`);
  const [row] = (result as unknown as { rows: { liker_id: number | string; match: boolean }[] }).rows;
  return row === undefined ? undefined : { likerId: Number(row.liker_id), match: row.match };
}
