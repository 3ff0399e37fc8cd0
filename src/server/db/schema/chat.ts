import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './members';

/** A conversation between two members; user_low < user_high so a pair has one conversation. */
export const conversations = pgTable(
  'conversations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userLow: bigint('user_low', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userHigh: bigint('user_high', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    startedBy: bigint('started_by', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('conversations_pair_unique').on(t.userLow, t.userHigh),
    index('conversations_high_idx').on(t.userHigh),
    check('conversations_ordered', sql`${t.userLow} < ${t.userHigh}`),
  ],
);

/**
 * Messages. A message of a member whose e-mail is not confirmed yet is held (held = true) and delivered only after
 * confirmation; held messages are invisible to the recipient.
 */
export const messages = pgTable(
  'messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    conversationId: bigint('conversation_id', { mode: 'number' })
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: bigint('sender_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    held: boolean('held').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    index('messages_conversation_idx').on(t.conversationId, t.createdAt),
    index('messages_sender_held_idx').on(t.senderId).where(sql`${t.held}`),
  ],
);
