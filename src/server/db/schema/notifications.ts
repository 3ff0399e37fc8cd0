import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './members';

/**
 * A member's choice per notification type and channel (issue 13). Only choices that differ from nothing are stored:
 * a missing row means the type's default (NOTIFICATION_RULES.defaultOn).
 */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    channel: text('channel').notNull(),
    enabled: boolean('enabled').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.type, t.channel] })],
);

/**
 * Events to tell a member about, written in the transaction of the event itself (a like, a message) or by the
 * sweeps (reminders, weekly update). One row per member, type and event (`event_key`): a second write of the same
 * event is ignored, so retries and two instances never notify twice. The dispatcher claims due rows, decides (the
 * preferences, presence, whether the message is still unread, the account still there) and writes the mail and
 * push into the outbox in the same transaction that closes the rows: sent, or skipped with the reason.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    eventKey: text('event_key').notNull(),
    /** what the message needs: the other member's id, the conversation id, counts … */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull().defaultNow(),
    /** pending | sent | skipped */
    status: text('status').notNull().default('pending'),
    /** for skipped: preference_off, looking, read, account_gone, mail_disabled, no_channel, folded */
    reason: text('reason'),
    /** the channels it went out on */
    channels: text('channels').array().notNull().default(sql`'{}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('notifications_event_unique').on(t.userId, t.type, t.eventKey),
    index('notifications_due_idx').on(t.dueAt).where(sql`${t.status} = 'pending'`),
    index('notifications_sent_idx').on(t.userId, t.type, t.processedAt).where(sql`${t.status} = 'sent'`),
  ],
);

/**
 * Whether a member is looking at the site (issue 13 "Presence"): `visible_at` moves on with the live connection and
 * the member's requests, `hidden_at` with the page-hidden beacon and the live connection's close. Nothing is pushed or
 * mailed about likes and messages while the member is looking (NOTIFICATION_RULES and docs/notifications.md).
 */
export const memberPresence = pgTable('member_presence', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  visibleAt: timestamp('visible_at', { withTimezone: true }),
  hiddenAt: timestamp('hidden_at', { withTimezone: true }),
});
