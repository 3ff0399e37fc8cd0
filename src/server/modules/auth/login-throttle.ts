import { eq, sql } from 'drizzle-orm';
import { ACCOUNT_RULES } from '../../../shared/rules';
import type { Db } from '../../db/client';
import { loginThrottle } from '../../db/schema';

const { windowMinutes, lockMinutes } = ACCOUNT_RULES.login;

export const accountKey = (email: string) => `acct:${email.toLowerCase()}`;
export const ipKey = (ip: string) => `ip:${ip}`;

/** Minutes left of a lock on `key` (rounded up), or 0 when it is not locked. */
export async function lockMinutesLeft(db: Db, key: string, now: Date = new Date()): Promise<number> {
  const [row] = await db
    .select({ lockedUntil: loginThrottle.lockedUntil })
    .from(loginThrottle)
    .where(eq(loginThrottle.key, key));
  if (!row?.lockedUntil || row.lockedUntil <= now) return 0;
  return Math.max(1, Math.ceil((row.lockedUntil.getTime() - now.getTime()) / 60_000));
}

/**
 * Counts a failure against `key` and locks it for 15 minutes when it reaches `limit` failures within the window.
 * While a lock runs, further failures neither count nor extend it: a stranger cannot keep a member locked out for
 * longer than one lock window. After the lock the count starts again from zero.
 * Returns the minutes left of the lock (0 when not locked).
 */
export async function recordFailure(db: Db, key: string, limit: number): Promise<number> {
  const result = await db.execute(sql`
    insert into login_throttle as t (key, failures, window_started_at, locked_until)
    values (${key}, 1, now(), case when 1 >= ${limit} then now() + make_interval(mins => ${lockMinutes}) end)
    on conflict (key) do update set
      failures = case
        when t.locked_until is not null and t.locked_until > now() then t.failures
        when t.locked_until is not null or t.window_started_at < now() - make_interval(mins => ${windowMinutes}) then 1
        else t.failures + 1 end,
      window_started_at = case
        when t.locked_until is not null and t.locked_until > now() then t.window_started_at
        when t.locked_until is not null or t.window_started_at < now() - make_interval(mins => ${windowMinutes}) then now()
        else t.window_started_at end,
      locked_until = case
        when t.locked_until is not null and t.locked_until > now() then t.locked_until
        when t.locked_until is null and t.window_started_at >= now() - make_interval(mins => ${windowMinutes})
             and t.failures + 1 >= ${limit} then now() + make_interval(mins => ${lockMinutes})
        when ${limit} <= 1 then now() + make_interval(mins => ${lockMinutes})
        else null end
    returning locked_until`);
  const row = (result as unknown as { rows: { locked_until: string | Date | null }[] }).rows[0];
  if (!row?.locked_until) return 0;
  const until = new Date(row.locked_until);
  return Math.max(1, Math.ceil((until.getTime() - Date.now()) / 60_000));
}

export async function clearFailures(db: Db, key: string): Promise<void> {
  await db.delete(loginThrottle).where(eq(loginThrottle.key, key));
}
