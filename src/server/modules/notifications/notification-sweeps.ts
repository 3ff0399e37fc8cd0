import { sql } from 'drizzle-orm';
import { NOTIFICATION_TIMING, RULES } from '../../../shared/rules';
import type { Db } from '../../db/client';

/**
 * The time-based notifications (issue 13; docs/notifications.md), written by jobs into the notification queue. Each
 * sweep writes at most one row per member and period (the event key names the day or week), so running a sweep
 * again, or on two instances, adds nothing.
 */

const rowCount = (result: unknown) =>
  Number(
    (result as { affectedRows?: number; rowCount?: number }).affectedRows ??
      (result as { rowCount?: number }).rowCount ??
      0,
  );

/** Members still active and reachable: confirmed, not deleted. */
const ACTIVE = sql`u.status = 'active' and u.deleted_at is null and u.purged_at is null`;

/**
 * Every sweep reads its members with this lock: a member removed while the sweep runs is skipped instead of failing
 * the whole sweep on the foreign key (the key-share lock is what the foreign-key check takes anyway).
 */
const LOCK_MEMBERS = sql`for key share of u`;

/** Once a UTC day: members with messages unread for more than `unreadHours` get one reminder of all of them. */
export async function sweepUnreadReminders(db: Db, now = new Date()): Promise<number> {
  const day = now.toISOString().slice(0, 10);
  const result = await db.execute(sql`
    insert into notifications (user_id, type, event_key, payload, due_at)
    select u.id, 'unread_message_reminders', ${`day:${day}`}, '{}'::jsonb, ${now.toISOString()}::timestamptz
    from users u
    where ${ACTIVE}
      and exists (select 1 from conversation_members cm
        where cm.user_id = u.id and cm.unread > 0 and cm.last_message_id > cm.cleared_message_id
          and cm.last_message_at < ${now.toISOString()}::timestamptz - make_interval(hours => ${NOTIFICATION_TIMING.unreadReminderAfterHours}))
    ${LOCK_MEMBERS}
    on conflict do nothing`);
  return rowCount(result);
}

/** ISO week of a date, e.g. 2026-W48. */
export function isoWeek(d: Date): string {
  const t = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
  const day = t.getUTCDay() || 7;
  t.setUTCDate(t.getUTCDate() + 4 - day);
  const yearStart = new Date(Date.UTC(t.getUTCFullYear(), 0, 1));
  const week = Math.ceil(((t.getTime() - yearStart.getTime()) / 86_400_000 + 1) / 7);
  return `${t.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
}

/**
 * Once a week (from `weeklyWeekday`, UTC): members active in the last `weeklyActiveDays` days. The dispatcher sends
 * it only when there is something new (members nearby, likes not seen); otherwise it is skipped.
 */
export async function sweepWeeklyUpdates(db: Db, now = new Date()): Promise<number> {
  if (now.getUTCDay() !== NOTIFICATION_TIMING.weeklyWeekday) return 0;
  const result = await db.execute(sql`
    insert into notifications (user_id, type, event_key, payload, due_at)
    select u.id, 'weekly_updates', ${`week:${isoWeek(now)}`}, '{}'::jsonb, ${now.toISOString()}::timestamptz
    from users u
    where ${ACTIVE}
      and u.last_active_at > ${now.toISOString()}::timestamptz - make_interval(days => ${NOTIFICATION_TIMING.weeklyActiveDays})
      and u.last_active_at < ${now.toISOString()}::timestamptz - interval '1 day'
    ${LOCK_MEMBERS}
    on conflict do nothing`);
  return rowCount(result);
}

/**
 * Reminders: the time bonus ends within the hour (members who have not paid, signed up between 3 and 4 hours ago),
 * and a profile still without a photo a day after signup. Once each per member.
 */
export async function sweepReminders(db: Db, now = new Date()): Promise<number> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const windowSeconds = RULES.timeBonus.windowSeconds;
  const bonus = await db.execute(sql`
    insert into notifications (user_id, type, event_key, payload, due_at)
    select u.id, 'reminders', 'time_bonus', ${JSON.stringify({ kind: 'time_bonus', path: '/credits' })}::jsonb, ${at}
    from users u
    where ${ACTIVE} and not u.paid_user
      and u.signup_date <= ${at} - make_interval(secs => ${windowSeconds - 3_600})
      and u.signup_date > ${at} - make_interval(secs => ${windowSeconds - 600})
    ${LOCK_MEMBERS}
    on conflict do nothing`);
  const photo = await db.execute(sql`
    insert into notifications (user_id, type, event_key, payload, due_at)
    select u.id, 'reminders', 'photo', ${JSON.stringify({ kind: 'photo', path: '/profile' })}::jsonb, ${at}
    from users u
    where ${ACTIVE}
      and u.signup_date <= ${at} - interval '1 day' and u.signup_date > ${at} - interval '2 days'
      and not exists (select 1 from photos ph where ph.user_id = u.id and ph.is_main)
    ${LOCK_MEMBERS}
    on conflict do nothing`);
  return rowCount(bonus) + rowCount(photo);
}

/**
 * Forgets notifications handled more than `days` ago, so the table stays the size of recent activity. The rows of
 * new conversations stay (one per conversation: they are what makes a later message "new_messages").
 */
export async function forgetOldNotifications(db: Db, days = 60): Promise<number> {
  const result = await db.execute(sql`
    delete from notifications
    where status <> 'pending' and type <> 'new_conversations'
      and processed_at < now() - make_interval(days => ${days})`);
  return rowCount(result);
}
