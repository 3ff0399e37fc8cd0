import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
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
    /** The first message that was not held was sent (or a held one delivered): the conversation counts as started. */
    startedAt: timestamp('started_at', { withTimezone: true }),
    /**
     * Unmatched (issue 21, point 4): one of the two ended the conversation at this time. No message is sent in it any
     * more, either way; the member who ended it no longer lists it, the other sees it ended.
     */
    endedAt: timestamp('ended_at', { withTimezone: true }),
    endedBy: bigint('ended_by', { mode: 'number' }),
  },
  (t) => [
    index('conversations_started_by_idx').on(t.startedBy).where(sql`${t.startedAt} is not null`),
    uniqueIndex('conversations_pair_unique').on(t.userLow, t.userHigh),
    index('conversations_high_idx').on(t.userHigh),
    check('conversations_ordered', sql`${t.userLow} < ${t.userHigh}`),
  ],
);

/**
 * Messages. A message of a member whose e-mail is not confirmed yet is held (held = true, held_reason
 * 'unconfirmed') and delivered only after confirmation; a message held for moderation has held_reason 'moderation'.
 * Held messages are invisible to the recipient. `client_id` is the sending client's id for the message: a retried
 * send with the same id is stored (and charged) once.
 */
export const messages = pgTable(
  'messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    conversationId: bigint('conversation_id', { mode: 'number' })
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: bigint('sender_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    clientId: uuid('client_id'),
    /** text | gift | photo */
    kind: text('kind').notNull().default('text'),
    body: text('body').notNull(),
    gift: text('gift'),
    /** photo messages: the storage key of the chat photo (src/server/modules/chat/chat-photos.ts) */
    photoKey: text('photo_key'),
    /** the credits this message cost (0: a free message, the signup message) */
    credits: integer('credits').notNull().default(0),
    held: boolean('held').notNull().default(false),
    heldReason: text('held_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    readAt: timestamp('read_at', { withTimezone: true }),
    /** photo messages between members who had not matched: the recipient sees it blurred until tapping it */
    photoBlurred: boolean('photo_blurred').notNull().default(false),
    /** a blurred photo the recipient tapped to view */
    viewedAt: timestamp('viewed_at', { withTimezone: true }),
    /** removed by a moderation decision (message_removed): shown to neither side; restored if the appeal wins */
    removedAt: timestamp('removed_at', { withTimezone: true }),
    /**
     * A sender's first message in the conversation that carried a link, phone number, e-mail address or scam
     * pattern (modules/safety): the recipient sees a gentle warning with it; an automated report flags it.
     * link | phone | email | scam
     */
    safetyFlag: text('safety_flag'),
  },
  (t) => [
    index('messages_conversation_idx').on(t.conversationId, t.id),
    index('messages_sender_held_idx').on(t.senderId).where(sql`${t.held}`),
    // The same text to many members (moderation) and the free messages used.
    index('messages_sender_recent_idx').on(t.senderId, t.createdAt),
    // The media route finds a chat photo's message by its files' stem.
    index('messages_photo_key_idx').on(t.photoKey).where(sql`${t.photoKey} is not null`),
    uniqueIndex('messages_sender_client_unique').on(t.senderId, t.clientId),
    // Figures (modules/figures): messages per day. BRIN: rows arrive in time order, so block ranges summarise it in a
    // few pages and cost next to nothing on insert.
    index('messages_created_brin').using('brin', t.createdAt),
    check('messages_kind', sql`${t.kind} in ('text', 'gift', 'photo')`),
    check('messages_credits_nonneg', sql`${t.credits} >= 0`),
    check('messages_safety_flag', sql`${t.safetyFlag} in ('link', 'phone', 'email', 'scam')`),
  ],
);

/**
 * Each member's side of a conversation (two rows per conversation): what the chat list reads, so it never scans
 * messages. Kept in step in the transaction of every message: `last_message_id` is the newest message this member
 * may see (the recipient does not see held messages), `unread` the partner's messages not read yet.
 * `cleared_message_id`: the member removed the chat; messages up to it stay hidden from this member, and the chat
 * shows again when a newer message arrives.
 */
export const conversationMembers = pgTable(
  'conversation_members',
  {
    conversationId: bigint('conversation_id', { mode: 'number' })
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    partnerId: bigint('partner_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastMessageId: bigint('last_message_id', { mode: 'number' }).notNull().default(0),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    lastReadMessageId: bigint('last_read_message_id', { mode: 'number' }).notNull().default(0),
    unread: integer('unread').notNull().default(0),
    clearedMessageId: bigint('cleared_message_id', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.conversationId, t.userId] }),
    uniqueIndex('conversation_members_pair_unique').on(t.userId, t.partnerId),
    // The chat list: the member's chats with a message, newest first.
    index('conversation_members_list_idx')
      .on(t.userId, t.lastMessageAt.desc().nullsFirst())
      .where(sql`${t.lastMessageId} > ${t.clearedMessageId}`),
    check('conversation_members_unread_nonneg', sql`${t.unread} >= 0`),
  ],
);

export type Conversation = typeof conversations.$inferSelect;
export type Message = typeof messages.$inferSelect;
export type ConversationMember = typeof conversationMembers.$inferSelect;
