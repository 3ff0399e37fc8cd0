import { and, eq, inArray, type Placeholder, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { namedStatement } from '../../db/named-query';
import { pipelinedTransaction } from '../../db/pipelined-transaction';
import { likes, photos, profiles } from '../../db/schema';
import type { Tx } from '../accounts/accounts.repo';
import {
  type CardRow,
  cardRowOf,
  cardSqlColumns,
  profileCardColumns,
  publicMainPhoto,
  type RawCardRow,
} from '../members/profile-card.query';
import { insertNotificationsSql } from '../notifications/notifications.repo';

/**
 * How the counts (like_counts, schema/members.ts) follow a change of likes, as SQL to put after `with`: the CTE
 * `vis` must hold the searchable flag of the members of the changed likes, share-locked (`for share`), and the CTE
 * `changed` the changed likes with signed deltas: `d_like` for the liker's given and the liked member's received,
 * `d_unseen` for the liked member's unseen, `d_match` for the liker's matches. A change counts for a member when the
 * other member of the like is listed (searchable), as in the lists. The rows are upserted in id order (the same
 * order as everywhere else that writes more than one: no deadlocks).
 *
 * The share lock is what keeps the counts exact against a change of visibility (members/searchable.ts
 * refreshSearchable): that takes the profile's row lock, then shifts the counts of the member's likes for the
 * others (shiftLikeCounts), so a like either commits before it (and is shifted with the rest) or waits and counts
 * by the new visibility. The parallel test in likes.test.ts fails without it. (Shared advisory locks per member
 * instead were faster, but deadlocked: the callers of refreshSearchable hold the profile's row lock before it.)
 */
const countChanged = sql.raw(`counted as (
    insert into like_counts as c (user_id, received, unseen, given, matches)
    select d.user_id, sum(d.received), sum(d.unseen), sum(d.given), sum(d.matches) from (
      select ch.liker_id as user_id, 0 as received, 0 as unseen, ch.d_like as given, ch.d_match as matches
      from changed ch join vis v on v.user_id = ch.liked_id and v.searchable
      union all
      select ch.liked_id, ch.d_like, ch.d_unseen, 0, 0
      from changed ch join vis v on v.user_id = ch.liker_id and v.searchable) d
    group by d.user_id
    having sum(d.received) <> 0 or sum(d.unseen) <> 0 or sum(d.given) <> 0 or sum(d.matches) <> 0
    order by d.user_id
    on conflict (user_id) do update set received = c.received + excluded.received,
      unseen = c.unseen + excluded.unseen, given = c.given + excluded.given, matches = c.matches + excluded.matches
    returning 1)`);

/** SQL: the CTE `vis` of countChanged for the two members of a pair, share-locked in id order. */
const pairVisibility = (a: Placeholder, b: Placeholder) => sql`vis as (
    select user_id, searchable from profiles where user_id in (${a}::bigint, ${b}::bigint)
    order by user_id for share)`;

/** blocks.repo lockMemberPair (the same lock) as a named statement written once. */
async function lockPair(tx: Tx, a: number, b: number): Promise<void> {
  await lockPairQuery(tx, pairKey(a, b));
}
const pairKey = (a: number, b: number) => ({ low: Math.min(a, b), high: Math.max(a, b) });
const lockPairQuery = namedStatement(
  'likes_lock_pair',
  () => sql`select pg_advisory_xact_lock(${sql.placeholder('low')}::int, ${sql.placeholder('high')}::int)`,
);

export interface StoredLike {
  /** the like exists now (made by this call or before); false: the member may not be liked (not listed, blocked) */
  liked: boolean;
  /** the like exists and the member likes the liker too */
  match: boolean;
}

/**
 * Stores a like (idempotent) when the member may be liked now: listed (profiles.searchable: account and profile
 * active, not invisible) and no block either way. Under the pair lock that blocking takes too, so a like racing a
 * block is either refused or deleted by it, and two members liking each other at once make one match. One statement
 * after the lock: the checks, the row (with matched_at when the member likes the liker: the second like of a pair
 * dates the match on both rows), the counts (countChanged) and the liked member's notification (once per liker,
 * whatever unlikes and likes follow: docs/notifications.md). Without `onNewLike`: `begin`, the lock, the statement
 * and `commit` in one round trip. `onNewLike` runs in the same transaction only when this call made the row (not for
 * a like that already existed); if it throws, the like is rolled back with it (the swipe game's daily count).
 */
export async function storeLike(
  db: Db,
  likerId: number,
  likedId: number,
  onNewLike?: (tx: Tx) => Promise<void>,
): Promise<StoredLike> {
  if (!onNewLike) {
    // Nothing to decide in the app between the lock and the commit: one round trip (db/pipelined-transaction.ts).
    const [, [row]] = await pipelinedTransaction(db, (p) =>
      p.commit(lockPairQuery.step(pairKey(likerId, likedId)), likeQuery.step({ likerId, likedId })),
    );
    return { liked: !!row?.allowed && (row.inserted || row.existed), match: !!row?.allowed && row.likes_me };
  }
  return db.transaction(async (tx) => {
    await lockPair(tx, likerId, likedId);
    const [row] = await likeQuery(tx, { likerId, likedId });
    if (!row?.allowed) return { liked: false, match: false };
    if (row.inserted) await onNewLike?.(tx);
    return { liked: row.inserted || row.existed, match: row.likes_me };
  });
}
const likeQuery = namedStatement<{
  allowed: boolean;
  inserted: boolean;
  existed: boolean;
  likes_me: boolean;
}>('likes_like', () => {
  const liker = sql.placeholder('likerId');
  const liked = sql.placeholder('likedId');
  return sql`with ${pairVisibility(liker, liked)},
      allowed as (
        select 1 from vis where user_id = ${liked}::bigint and searchable
          and not exists (select 1 from blocks where blocker_id = ${liker}::bigint and blocked_id = ${liked}::bigint)
          and not exists (select 1 from blocks where blocker_id = ${liked}::bigint and blocked_id = ${liker}::bigint)),
      back as (select 1 from likes where liker_id = ${liked}::bigint and liked_id = ${liker}::bigint),
      ins as (
        insert into likes (liker_id, liked_id, matched_at)
        select ${liker}::bigint, ${liked}::bigint, case when exists (select 1 from back) then now() end from allowed
        on conflict do nothing
        returning liker_id, liked_id, seen_at, matched_at),
      rematch as (
        update likes set matched_at = now()
        where liker_id = ${liked}::bigint and liked_id = ${liker}::bigint and matched_at is null
          and exists (select 1 from ins where matched_at is not null)
        returning liker_id, liked_id),
      changed as (
        select liker_id, liked_id, 1 as d_like, (seen_at is null)::int as d_unseen,
          (matched_at is not null)::int as d_match from ins
        union all
        select liker_id, liked_id, 0, 0, 1 from rematch),
      notified as (${insertNotificationsSql('like', {
        userId: sql`ins.liked_id`,
        eventKey: sql`'liker:' || ins.liker_id`,
        payload: sql`jsonb_build_object('from_id', ins.liker_id)`,
        from: sql`ins`,
      })}),
      ${countChanged}
      select exists (select 1 from allowed) as allowed, exists (select 1 from ins) as inserted,
        exists (select 1 from likes where liker_id = ${liker}::bigint and liked_id = ${liked}::bigint) as existed,
        exists (select 1 from back) as likes_me`;
});

/** The facts of member-profile.policy memberAccess about a member to like, and the member's card. */
export interface LikeTarget {
  card: CardRow;
  userStatus: string;
  profileStatus: string;
  invisible: boolean;
  /** the member blocked the liker */
  blockedViewer: boolean;
  /** the liker blocked the member */
  blockedByMe: boolean;
  /** in contact (member-profile.repo contactExists); only looked up for an invisible member, the only one it decides */
  hasConversation: boolean;
}

/**
 * Everything POST /api/like.php checks before the like (member-profile.service accessToMember's facts) and the card
 * it answers with, in one statement; undefined when the account or profile does not exist.
 */
export async function findLikeTarget(
  db: Db,
  likerId: number,
  memberId: number,
): Promise<LikeTarget | undefined> {
  const [r] = await likeTargetQuery(db, { likerId, memberId });
  if (!r) return undefined;
  return {
    card: cardRowOf(r),
    userStatus: r.user_status,
    profileStatus: r.profile_status,
    invisible: r.invisible,
    blockedViewer: r.blocked_viewer,
    blockedByMe: r.blocked_by_me,
    hasConversation: r.has_conversation,
  };
}
const likeTargetQuery = namedStatement<
  RawCardRow & {
    user_status: string;
    profile_status: string;
    invisible: boolean;
    blocked_viewer: boolean;
    blocked_by_me: boolean;
    has_conversation: boolean;
  }
>('likes_like_target', () => {
  const liker = sql.placeholder('likerId');
  const member = sql.placeholder('memberId');
  return sql`select ${cardSqlColumns}, u.status as user_status, p.status as profile_status, p.invisible,
      exists (select 1 from blocks b where b.blocker_id = p.user_id and b.blocked_id = ${liker}::bigint)
        as blocked_viewer,
      exists (select 1 from blocks b where b.blocker_id = ${liker}::bigint and b.blocked_id = p.user_id)
        as blocked_by_me,
      (p.invisible and exists (
        select 1 from conversations c join messages m on m.conversation_id = c.id and not m.held
        where c.user_low = least(${liker}::bigint, p.user_id) and c.user_high = greatest(${liker}::bigint, p.user_id)))
        as has_conversation
    from profiles p
    join users u on u.id = p.user_id
    left join photos ph on ph.user_id = p.user_id and ph.is_main and ph.status = 'active' and not ph.is_private
    where p.user_id = ${member}::bigint`;
});

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
 * One statement after the lock, with the counts (countChanged).
 */
export async function deleteLike(db: Db, likerId: number, likedId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await lockPair(tx, likerId, likedId);
    await unlikeQuery(tx, { likerId, likedId });
  });
}
const unlikeQuery = namedStatement('likes_unlike', () => {
  const liker = sql.placeholder('likerId');
  const liked = sql.placeholder('likedId');
  return sql`with ${pairVisibility(liker, liked)},
    del as (
      delete from likes where liker_id = ${liker}::bigint and liked_id = ${liked}::bigint
      returning liker_id, liked_id, seen_at, matched_at),
    unmatch as (
      update likes set matched_at = null
      where liker_id = ${liked}::bigint and liked_id = ${liker}::bigint and matched_at is not null
      returning liker_id, liked_id),
    changed as (
      select liker_id, liked_id, -1 as d_like, -(seen_at is null)::int as d_unseen,
        -(matched_at is not null)::int as d_match from del
      union all
      select liker_id, liked_id, 0, 0, -1 from unmatch),
    ${countChanged}
    select 1`;
});

/** Deletes the likes between the two members, both ways, with the counts (blocking: under the pair lock). */
export async function deleteLikesBetween(tx: Db | Tx, a: number, b: number): Promise<void> {
  await deleteBetweenQuery(tx, { a, b });
}
const deleteBetweenQuery = namedStatement('likes_delete_between', () => {
  const a = sql.placeholder('a');
  const b = sql.placeholder('b');
  return sql`with ${pairVisibility(a, b)},
    del as (
      delete from likes
      where (liker_id, liked_id) in ((${a}::bigint, ${b}::bigint), (${b}::bigint, ${a}::bigint))
      returning liker_id, liked_id, seen_at, matched_at),
    changed as (
      select liker_id, liked_id, -1 as d_like, -(seen_at is null)::int as d_unseen,
        -(matched_at is not null)::int as d_match from del),
    ${countChanged}
    select 1`;
});

/**
 * The member `userId` starts (`listed`) or stops being listed (profiles.searchable changed): each like between the
 * member and another starts or stops counting for the other (received and unseen for the likes by the member,
 * given and matches for the likes of the member). Runs in the transaction that changed profiles.searchable, after
 * the change (members/searchable.ts refreshSearchable), which holds the profile's row lock: the likes counted by the
 * old visibility have all committed, those after wait for it (countChanged). One statement; for a member with
 * 100,000 likes it writes 100,000 counts.
 */
export async function shiftLikeCounts(
  tx: Pick<Db, 'execute'>,
  userId: number,
  listed: boolean,
): Promise<void> {
  const sign = listed ? 1 : -1;
  await tx.execute(sql`
    insert into like_counts as c (user_id, received, unseen, given, matches)
    select d.user_id, ${sign}::int * sum(d.received), ${sign}::int * sum(d.unseen), ${sign}::int * sum(d.given),
      ${sign}::int * sum(d.matches)
    from (
      select l.liked_id as user_id, 1 as received, (l.seen_at is null)::int as unseen, 0 as given, 0 as matches
      from likes l where l.liker_id = ${userId}::bigint
      union all
      select l.liker_id, 0, 0, 1, (l.matched_at is not null)::int from likes l where l.liked_id = ${userId}::bigint) d
    group by d.user_id
    order by d.user_id
    on conflict (user_id) do update set received = c.received + excluded.received,
      unseen = c.unseen + excluded.unseen, given = c.given + excluded.given, matches = c.matches + excluded.matches`);
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

/**
 * The liked member opened the liker's profile: the like is no longer new. Only the liked member's view calls this.
 * One statement with the count (countChanged); the liker's profile is share-locked only when a like became seen.
 */
export async function markLikeSeen(db: Db | Tx, likerId: number, likedId: number): Promise<void> {
  await markSeenQuery(db, { likerId, likedId });
}
const markSeenQuery = namedStatement('likes_mark_seen', () => {
  const liker = sql.placeholder('likerId');
  const liked = sql.placeholder('likedId');
  return sql`with seen as (
      update likes set seen_at = now()
      where liker_id = ${liker}::bigint and liked_id = ${liked}::bigint and seen_at is null
      returning liker_id, liked_id),
    vis as (
      select user_id, searchable from profiles
      where user_id = ${liker}::bigint and exists (select 1 from seen) for share),
    changed as (select liker_id, liked_id, 0 as d_like, -1 as d_unseen, 0 as d_match from seen),
    ${countChanged}
    select 1`;
});

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
