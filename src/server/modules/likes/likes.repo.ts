import { and, desc, eq, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import type { LikeTab } from '../../../shared/schemas/likes';
import type { Db } from '../../db/client';
import { runNamed } from '../../db/named-query';
import { likes, photos, profiles } from '../../db/schema';
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
      // The second like of a pair makes a match: both rows get its time (the matches tab reads matched_at).
      await tx.execute(sql`
        update likes set matched_at = now()
        where (liker_id, liked_id) in ((${likerId}::bigint, ${likedId}::bigint), (${likedId}::bigint, ${likerId}::bigint))
          and exists (select 1 from likes where liker_id = ${likedId} and liked_id = ${likerId})`);
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

/**
 * Takes the like back; a like that does not exist changes nothing. Under the pair lock, so a like racing it either
 * sees this like (and is a match the unlike then undoes) or does not; the other member's like is no match any more.
 */
export async function deleteLike(db: Db, likerId: number, likedId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await lockMemberPair(tx, likerId, likedId);
    await tx.delete(likes).where(and(eq(likes.likerId, likerId), eq(likes.likedId, likedId)));
    await tx
      .update(likes)
      .set({ matchedAt: null })
      .where(and(eq(likes.likerId, likedId), eq(likes.likedId, likerId), isNotNull(likes.matchedAt)));
  });
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
 * SQL: the member whose id is in `column` (joined as `profiles`) takes part in the viewer's likes lists now:
 * `profiles.searchable` (account active, profile active, not invisible) and no block either way. A liker who is
 * deleted, hidden or blocked disappears from the lists and the counts at once; the rows stay until the account is
 * purged (or a block).
 */
function shownInLists(db: Db, viewerId: number, column: AnyPgColumn): SQL {
  return and(eq(profiles.searchable, true), notBlockedEitherWay(db, viewerId, column)) as SQL;
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
 * One page of a tab, each read in the order of its index (likes_received_idx, likes_given_idx, likes_matches_idx)
 * and run as a named prepared statement. received: the likes of me, new ones first, then newest; given: my likes,
 * newest first; matches: by the time of the match, newest first. `likeNew` is the other member's like of me not
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

  if (tab === 'received') {
    return runNamed(
      db
        .select({ ...columns, likedAt: theirs.createdAt })
        .from(theirs)
        .innerJoin(profiles, eq(profiles.userId, theirs.likerId))
        .leftJoin(photos, publicMainPhoto)
        .leftJoin(mine, mineOf)
        .where(and(eq(theirs.likedId, viewerId), shownInLists(db, viewerId, theirs.likerId)))
        .orderBy(sql`${theirs.seenAt} is null desc`, desc(theirs.createdAt), desc(theirs.likerId))
        .limit(limit)
        .offset(offset),
      'likes_page_received',
    );
  }
  if (tab === 'given') {
    return runNamed(
      db
        .select({ ...columns, likedAt: mine.createdAt })
        .from(mine)
        .innerJoin(profiles, eq(profiles.userId, mine.likedId))
        .leftJoin(photos, publicMainPhoto)
        .leftJoin(theirs, theirsOf)
        .where(and(eq(mine.likerId, viewerId), shownInLists(db, viewerId, mine.likedId)))
        .orderBy(desc(mine.createdAt), desc(mine.likedId))
        .limit(limit)
        .offset(offset),
      'likes_page_given',
    );
  }
  return runNamed(
    db
      .select({ ...columns, likedAt: sql<Date>`${mine.matchedAt}`.mapWith(mine.createdAt) })
      .from(mine)
      .innerJoin(profiles, eq(profiles.userId, mine.likedId))
      .leftJoin(photos, publicMainPhoto)
      .innerJoin(theirs, theirsOf)
      .where(
        and(eq(mine.likerId, viewerId), isNotNull(mine.matchedAt), shownInLists(db, viewerId, mine.likedId)),
      )
      .orderBy(desc(mine.matchedAt), desc(mine.likedId))
      .limit(limit)
      .offset(offset),
    'likes_page_matches',
  );
}

export interface LikeCounts {
  received: number;
  given: number;
  matches: number;
  new: number;
}

/**
 * The totals of the three tabs and the new received likes, by the same rules as the lists, each counted up to its
 * cap: a count above its cap comes back as cap + 1 (the caller says "99+"). Counting every like of a member with
 * 100,000 of them took half a second; counting to a cap reads at most cap + 1 index entries.
 */
export async function countLikes(db: Db, viewerId: number, caps: LikeCounts): Promise<LikeCounts> {
  const upTo = (cap: number, rows: SQL, name: string) =>
    runNamed(
      db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(sql`(${rows} limit ${cap + 1}) as capped`),
      name,
    ).then(([row]) => row?.n ?? 0);
  const receivedRows = (onlyNew: boolean) =>
    sql`${db
      .select({ one: sql`1` })
      .from(theirs)
      .innerJoin(profiles, eq(profiles.userId, theirs.likerId))
      .where(
        and(
          eq(theirs.likedId, viewerId),
          onlyNew ? isNull(theirs.seenAt) : undefined,
          shownInLists(db, viewerId, theirs.likerId),
        ),
      )}`;
  const givenRows = (onlyMatches: boolean) =>
    sql`${db
      .select({ one: sql`1` })
      .from(mine)
      .innerJoin(profiles, eq(profiles.userId, mine.likedId))
      .where(
        and(
          eq(mine.likerId, viewerId),
          onlyMatches ? isNotNull(mine.matchedAt) : undefined,
          shownInLists(db, viewerId, mine.likedId),
        ),
      )}`;
  const [received, unseen, given, matches] = await Promise.all([
    upTo(caps.received, receivedRows(false), 'likes_count_received'),
    upTo(caps.new, receivedRows(true), 'likes_count_new'),
    upTo(caps.given, givenRows(false), 'likes_count_given'),
    upTo(caps.matches, givenRows(true), 'likes_count_matches'),
  ]);
  return { received, new: unseen, given, matches };
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
