import { eq, lt, sql } from 'drizzle-orm';
import { RULES } from '../../../shared/rules';
import type { Db } from '../../db/client';
import { namedStatement, rowOf } from '../../db/named-query';
import { matchPreferences, swipeCursors, swipeDays, swipePasses } from '../../db/schema';
import type { Tx } from '../accounts/accounts.repo';
import { bandOf, type DeckPlace, type PreferencesRow } from './matching.repo';

/**
 * Counts one swipe-game like on `day` unless the member has `limit` already: one upsert, so parallel likes queue on
 * the row and at most `limit` ever pass. Returns the count after this like, or undefined when the limit was reached.
 */
export async function countSwipeLike(
  tx: Tx,
  userId: number,
  day: string,
  limit: number,
): Promise<number | undefined> {
  const result = await tx.execute(sql`
    insert into swipe_days (user_id, day, likes) values (${userId}, ${day}, 1)
    on conflict (user_id, day) do update set likes = swipe_days.likes + 1 where swipe_days.likes < ${limit}
    returning likes`);
  const [row] = (result as unknown as { rows: { likes: number | string }[] }).rows;
  return row === undefined ? undefined : Number(row.likes);
}

/**
 * After a swipe on `memberId`: remembers a pass (again: from now; an id that is no account changes nothing) when
 * `pass`, moves the deck cursor (swipe_cursors) to the member's place in the deck's order (distance band from the
 * swiper, last activity, id) when that is further than the cursor (never back: a member who became active since the
 * deal moved up, or one of the own region met again in the country's walk, and the deck carries on where it was),
 * and returns the member's swipe-game likes on `day`. One statement.
 */
export async function recordSwipe(
  db: Db,
  userId: number,
  memberId: number,
  day: string,
  pass: boolean,
): Promise<number> {
  const [row] = await (pass ? recordPassQuery : recordLikeQuery)(db, { userId, memberId, day });
  return Number(row?.likes ?? 0);
}
function recordSwipeSql(pass: boolean) {
  const user = sql`${sql.placeholder('userId')}::bigint`;
  const member = sql`${sql.placeholder('memberId')}::bigint`;
  const passed = pass
    ? sql`passed as (
        insert into swipe_passes (user_id, member_id)
        select ${user}, ${member} where exists (select 1 from users where id = ${member})
        on conflict (user_id, member_id) do update set created_at = now()
        returning 1),`
    : sql``;
  return sql`with ${passed}
    moved as (
      insert into swipe_cursors as c (user_id, band, last_active_at, member_id)
      select ${user}, ${bandOf(sql`me`, sql`p`)}, p.last_active_at, p.user_id
      from profiles p join profiles me on me.user_id = ${user}
      where p.user_id = ${member}
      on conflict (user_id) do update
        set band = excluded.band, last_active_at = excluded.last_active_at, member_id = excluded.member_id
      where excluded.band > c.band
        or (excluded.band = c.band and (excluded.last_active_at < c.last_active_at
          or (excluded.last_active_at = c.last_active_at and excluded.member_id > c.member_id)))
      returning 1)
    select coalesce((select d.likes from swipe_days d
      where d.user_id = ${user} and d.day = ${sql.placeholder('day')}::date), 0) as likes`;
}
const recordPassQuery = namedStatement<{ likes: number | string }>('swipe_record_pass', () =>
  recordSwipeSql(true),
);
const recordLikeQuery = namedStatement<{ likes: number | string }>('swipe_record_like', () =>
  recordSwipeSql(false),
);

/**
 * What a deal reads first, in one statement: the saved preferences, the deck cursor, the likes on `day`, and
 * whether the member has swiped at least `RULES.swipeGame.hashedExclusionFromSwipes` members (likes given, from
 * like_counts, plus passes, counted up to that number).
 */
export interface SwipeState {
  preferences: PreferencesRow | undefined;
  cursor: DeckPlace | undefined;
  likes: number;
  manySwipes: boolean;
}

export async function findSwipeState(db: Db, userId: number, day: string): Promise<SwipeState> {
  const [row] = await swipeStateQuery(db, { userId, day });
  if (!row) return { preferences: undefined, cursor: undefined, likes: 0, manySwipes: false };
  const { cursor_band, cursor_at, cursor_id, day_likes, swipes, ...prefs } = row;
  return {
    preferences: prefs.user_id === null ? undefined : rowOf(matchPreferences, prefs),
    cursor:
      cursor_at === null
        ? undefined
        : { band: Number(cursor_band), lastActiveAt: cursor_at, memberId: Number(cursor_id) },
    likes: Number(day_likes),
    manySwipes: Number(swipes) >= RULES.swipeGame.hashedExclusionFromSwipes,
  };
}
const swipeStateQuery = namedStatement<
  Record<string, unknown> & {
    cursor_band: string | number | null;
    cursor_at: string | null;
    cursor_id: string | number | null;
    day_likes: string | number;
    swipes: string | number;
  }
>('swipe_state', () => {
  const user = sql`${sql.placeholder('userId')}::bigint`;
  const cap = RULES.swipeGame.hashedExclusionFromSwipes;
  return sql`select mp.*, c.band as cursor_band, c.last_active_at::text as cursor_at, c.member_id as cursor_id,
      coalesce((select d.likes from swipe_days d where d.user_id = ${user} and d.day = ${sql.placeholder('day')}::date), 0)
        as day_likes,
      coalesce((select lc.given from like_counts lc where lc.user_id = ${user}), 0)
        + (select count(*) from (select 1 from swipe_passes sp where sp.user_id = ${user} limit ${sql.raw(String(cap))}) sp)
        as swipes
    from (select 1) one
    left join match_preferences mp on mp.user_id = ${user}
    left join swipe_cursors c on c.user_id = ${user}`;
});

/** The deck wrapped around (dealt from the top again): it carries on from the top. */
export async function resetSwipeCursor(db: Db, userId: number): Promise<void> {
  await db.delete(swipeCursors).where(eq(swipeCursors.userId, userId));
}

/** Deletes the passes that no longer count and the day counts before `beforeDay`. */
export async function deleteOldSwipeRows(db: Db, passForgetDays: number, beforeDay: string): Promise<void> {
  await db
    .delete(swipePasses)
    .where(lt(swipePasses.createdAt, sql`now() - make_interval(days => ${passForgetDays})`));
  await db.delete(swipeDays).where(lt(swipeDays.day, beforeDay));
}
