import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { swipeDays, swipePasses } from '../../db/schema';
import type { Tx } from '../accounts/accounts.repo';

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

/** The swipe-game likes the member has given on `day`. */
export async function findSwipeLikes(db: Db, userId: number, day: string): Promise<number> {
  const [row] = await db
    .select({ likes: swipeDays.likes })
    .from(swipeDays)
    .where(and(eq(swipeDays.userId, userId), eq(swipeDays.day, day)));
  return row?.likes ?? 0;
}

/** Remembers a pass (again: from now); an id that is no account changes nothing. */
export async function upsertPass(db: Db, userId: number, memberId: number): Promise<void> {
  await db.execute(sql`
    insert into swipe_passes (user_id, member_id)
    select ${userId}, ${memberId} where exists (select 1 from users where id = ${memberId})
    on conflict (user_id, member_id) do update set created_at = now()`);
}

/** Deletes the passes that no longer count and the day counts before `beforeDay`. */
export async function deleteOldSwipeRows(db: Db, passForgetDays: number, beforeDay: string): Promise<void> {
  await db
    .delete(swipePasses)
    .where(lt(swipePasses.createdAt, sql`now() - make_interval(days => ${passForgetDays})`));
  await db.delete(swipeDays).where(lt(swipeDays.day, beforeDay));
}
