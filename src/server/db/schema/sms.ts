import { bigint, bigserial, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './members';

/**
 * Every SMS sent (queued) to a phone number, for the limits per number and per member (lib/sms/sms-limits.ts).
 * The number is kept only as a keyed hash (HMAC-SHA256 with server_keys 'sms-number'): enough to count sends to it,
 * not to read it back. A member's account going away does not reset a number's count (`set null`).
 */
export const smsSends = pgTable(
  'sms_sends',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    numberHash: text('number_hash').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('sms_sends_number_idx').on(t.numberHash, t.sentAt),
    index('sms_sends_user_idx').on(t.userId, t.sentAt),
  ],
);
