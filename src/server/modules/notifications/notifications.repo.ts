import { and, eq, type SQL, sql } from 'drizzle-orm';
import { NOTIFICATION_RULES, type NotificationChannel, type NotificationType } from '../../../shared/rules';
import type { Db } from '../../db/client';
import { memberPresence, notificationPreferences, notifications, pushSubscriptions } from '../../db/schema';

type Tx = Pick<Db, 'insert' | 'execute' | 'select' | 'update' | 'delete'>;

/**
 * An insert of notifications of one type for a statement that queues them with the change it makes (a like, a
 * message): one row per row of `from` (`user_id`, `event_key` and `payload` are expressions over it), due after the
 * type's delay; an event already written is left alone (one event of one member and type is notified at most once,
 * however often it is written). Returns the new rows' ids.
 */
export function insertNotificationsSql(
  type: NotificationType,
  rows: { userId: SQL; eventKey: SQL; payload: SQL; from: SQL },
): SQL {
  const delay = Math.trunc(NOTIFICATION_RULES[type].delaySeconds);
  return sql`insert into notifications (user_id, type, event_key, payload, due_at)
      select ${rows.userId}, ${sql.raw(`'${type}'`)}, ${rows.eventKey}, ${rows.payload},
        now() + make_interval(secs => ${sql.raw(String(delay))})
      from ${rows.from}
      on conflict do nothing
      returning id`;
}

/**
 * The notification of a delivered message, as two CTEs (`message_notified_first`, `message_notified`) for the
 * statement that delivers it (chat): the first message of a conversation is a new conversation (once per
 * conversation), a later one a new message (folded per member while the type's gap runs). `delivered` names a
 * relation with one row (or none: no notification) with the columns recipient_id, conversation_id, message_id and
 * sender_id. One statement with the delivery instead of two or three (docs/performance.md "Chat").
 */
export function messageNotificationCtes(delivered: SQL): SQL {
  const payload = sql`jsonb_build_object('conversation_id', d.conversation_id, 'from_id', d.sender_id)`;
  const first = insertNotificationsSql('new_conversations', {
    userId: sql`d.recipient_id`,
    eventKey: sql`'conversation:' || d.conversation_id`,
    payload,
    from: sql`${delivered} d`,
  });
  const later = insertNotificationsSql('new_messages', {
    userId: sql`d.recipient_id`,
    eventKey: sql`'message:' || d.message_id`,
    payload,
    from: sql`${delivered} d where not exists (select 1 from message_notified_first)`,
  });
  return sql`message_notified_first as (${first}), message_notified as (${later})`;
}

export interface PreferenceRow {
  type: string;
  channel: string;
  enabled: boolean;
}

export async function findPreferences(db: Pick<Db, 'select'>, userId: number): Promise<PreferenceRow[]> {
  return db
    .select({
      type: notificationPreferences.type,
      channel: notificationPreferences.channel,
      enabled: notificationPreferences.enabled,
    })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
}

export async function savePreference(
  db: Pick<Db, 'insert' | 'execute'>,
  userId: number,
  type: NotificationType,
  channel: NotificationChannel,
  enabled: boolean,
): Promise<void> {
  await db
    .insert(notificationPreferences)
    .values({ userId, type, channel, enabled })
    .onConflictDoUpdate({
      target: [notificationPreferences.userId, notificationPreferences.type, notificationPreferences.channel],
      set: { enabled, updatedAt: sql`now()` },
    });
  if (!enabled) await cancelQueuedNotifications(db as Pick<Db, 'execute'>, userId, { type, channel });
}

/**
 * Drops the member's notification mail and pushes still waiting in the outbox (all of them, or one type on one
 * channel): after a deletion, or a type turned off, nothing more of it goes out, even when it was queued during a
 * mail-server outage. Account mail (receipts, activation, the deletion mail) is not touched.
 */
export async function cancelQueuedNotifications(
  tx: Pick<Db, 'execute'>,
  userId: number,
  only?: { type: NotificationType; channel: NotificationChannel },
): Promise<void> {
  const which = only
    ? sql`and payload->>'notification_type' = ${only.type} and channel = ${only.channel === 'email' ? 'mail' : 'push'}`
    : sql`and payload ? 'notification_type'`;
  await tx.execute(sql`
    update outbox set status = 'dropped', last_error = 'notification cancelled'
    where user_id = ${userId} and status = 'pending' ${which}`);
}

/** The reasons e-mail is off for the member (users.notifications_disabled). */
export async function findMailDisabled(db: Db, userId: number): Promise<string[]> {
  const result = await db.execute(sql`select notifications_disabled from users where id = ${userId}`);
  const row = (result as unknown as { rows: { notifications_disabled: string[] | null }[] }).rows[0];
  return row?.notifications_disabled ?? [];
}

/** Sets a reason for the account with this address (bounce and complaint reports); returns the member's id. */
export async function disableMailForAddress(db: Db, email: string, reason: string): Promise<number | null> {
  const result = await db.execute(sql`
    update users set notifications_disabled =
      array_prepend(${reason}::text, array_remove(notifications_disabled, ${reason}::text))
    where email = ${email.toLowerCase()} and purged_at is null
    returning id`);
  const row = (result as unknown as { rows: { id: string | number }[] }).rows[0];
  return row ? Number(row.id) : null;
}

export async function clearMailDisabled(db: Db, userId: number): Promise<void> {
  await db.execute(sql`update users set notifications_disabled = '{}'::text[] where id = ${userId}`);
}

export async function countPushSubscriptions(db: Pick<Db, 'select'>, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId));
  return Number(row?.n ?? 0);
}

export interface PushTarget {
  id: number;
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export async function findPushTargets(db: Pick<Db, 'select'>, userId: number): Promise<PushTarget[]> {
  return db
    .select({ id: pushSubscriptions.id, endpoint: pushSubscriptions.endpoint, keys: pushSubscriptions.keys })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId));
}

/** The push service said the subscription is gone (404/410): it is removed, whoever holds it. */
export async function deletePushSubscription(db: Db, endpoint: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
}

/** The member is looking now (a live connection opened, a request, the page shown again). */
export async function markVisible(db: Db, userId: number): Promise<void> {
  await db
    .insert(memberPresence)
    .values({ userId, visibleAt: sql`now()` })
    .onConflictDoUpdate({ target: memberPresence.userId, set: { visibleAt: sql`now()` } });
}

/** The page was hidden (the beacon) or the last live connection closed. */
export async function markHidden(db: Db, userId: number): Promise<void> {
  await db
    .insert(memberPresence)
    .values({ userId, hiddenAt: sql`now()` })
    .onConflictDoUpdate({ target: memberPresence.userId, set: { hiddenAt: sql`now()` } });
}

/** A member who was told about an event: their unsubscribe and the `type` preference for the channel. */
export async function turnOffByUnsubscribe(db: Db, userId: number, type: NotificationType): Promise<void> {
  await db.transaction(async (tx) => {
    await savePreference(tx, userId, type, 'email', false);
    await tx.execute(sql`
      update users set notifications_disabled =
        array_prepend('listunsubscribe'::text, array_remove(notifications_disabled, 'listunsubscribe'::text))
      where id = ${userId}`);
  });
}

export interface ClaimedNotification {
  id: number;
  userId: number;
  type: NotificationType;
  eventKey: string;
  payload: Record<string, unknown>;
  createdAt: Date;
}

/**
 * Claims the due notifications of up to `members` member-and-type groups in the caller's transaction (row locks,
 * SKIP LOCKED: another instance's dispatcher takes other groups). All pending rows of a group that are due are
 * claimed together, so they go out as one message.
 */
export async function claimDueGroups(
  tx: Tx,
  members: number,
  /** only these members' rows (an operator's resend for some members; tests on a shared database) */
  onlyUserIds?: readonly number[],
): Promise<ClaimedNotification[]> {
  const only = onlyUserIds && onlyUserIds.length > 0 ? sql`and user_id in ${onlyUserIds}` : sql``;
  const result = await tx.execute(sql`
    with due as (
      select id, user_id, type from notifications
      where status = 'pending' and due_at <= now() ${only}
      order by due_at, id
      limit ${members * 20}
      for update skip locked
    ), groups as (
      select user_id, type from due group by user_id, type order by min(id) limit ${members}
    )
    select n.id, n.user_id, n.type, n.event_key, n.payload, n.created_at
    from notifications n join due on due.id = n.id
    join groups g on g.user_id = n.user_id and g.type = n.type
    order by n.id`);
  const rows = (
    result as unknown as {
      rows: {
        id: string | number;
        user_id: string | number;
        type: NotificationType;
        event_key: string;
        payload: Record<string, unknown>;
        created_at: string | Date;
      }[];
    }
  ).rows;
  return rows.map((r) => ({
    id: Number(r.id),
    userId: Number(r.user_id),
    type: r.type,
    eventKey: r.event_key,
    payload: r.payload,
    createdAt: new Date(r.created_at),
  }));
}

export async function closeNotifications(
  tx: Tx,
  ids: number[],
  outcome: { status: 'sent' | 'skipped'; reason?: string | null; channels?: string[] },
): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .update(notifications)
    .set({
      status: outcome.status,
      reason: outcome.reason ?? null,
      channels: outcome.channels ?? [],
      processedAt: sql`now()`,
    })
    .where(sql`${notifications.id} in ${ids}`);
}

/** Moves pending rows on to a later time (the type's gap since the last one sent has not passed). */
export async function postpone(tx: Tx, ids: number[], until: Date): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .update(notifications)
    .set({ dueAt: until })
    .where(and(sql`${notifications.id} in ${ids}`, eq(notifications.status, 'pending')));
}

/** When this member was last sent a notification of this type, if ever. */
export async function lastSentAt(tx: Tx, userId: number, type: NotificationType): Promise<Date | null> {
  const result = await tx.execute(sql`
    select max(processed_at) as at from notifications
    where user_id = ${userId} and type = ${type} and status = 'sent'`);
  const at = (result as unknown as { rows: { at: string | Date | null }[] }).rows[0]?.at;
  return at ? new Date(at) : null;
}

export interface RecipientFacts {
  id: number;
  email: string;
  status: string;
  language: string;
  siteId: number;
  name: string;
  mailDisabled: string[];
  deleted: boolean;
  /** looking at the site now (see member_presence) */
  looking: boolean;
  paidUser: boolean;
}

/**
 * What the dispatcher needs of the recipient, in one statement. `looking`: seen within `lookingSeconds` (a live
 * connection, a request) and not hidden since.
 */
export async function findRecipient(
  tx: Tx,
  userId: number,
  lookingSeconds: number,
): Promise<RecipientFacts | null> {
  const result = await tx.execute(sql`
    select u.id, u.email, u.status, u.language, u.site_id, coalesce(p.name, '') as name,
      u.notifications_disabled, u.paid_user,
      (u.deleted_at is not null or u.purged_at is not null or u.status = 'deleted') as deleted,
      coalesce(
        greatest(pr.visible_at, u.last_active_at) > now() - make_interval(secs => ${lookingSeconds})
        and (pr.hidden_at is null or pr.hidden_at < greatest(pr.visible_at, u.last_active_at)),
        false) as looking
    from users u
    left join profiles p on p.user_id = u.id
    left join member_presence pr on pr.user_id = u.id
    where u.id = ${userId}`);
  const r = (
    result as unknown as {
      rows: {
        id: string | number;
        email: string;
        status: string;
        language: string;
        site_id: number;
        name: string;
        notifications_disabled: string[] | null;
        paid_user: boolean;
        deleted: boolean;
        looking: boolean;
      }[];
    }
  ).rows[0];
  if (!r) return null;
  return {
    id: Number(r.id),
    email: r.email,
    status: r.status,
    language: r.language,
    siteId: Number(r.site_id),
    name: r.name,
    mailDisabled: r.notifications_disabled ?? [],
    deleted: Boolean(r.deleted),
    looking: Boolean(r.looking),
    paidUser: Boolean(r.paid_user),
  };
}
