import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './members';

/**
 * A member reported another member (from the chat or the profile) for moderation. `status` is open until a
 * moderator handles it (handled). The reporter may have blocked the member in the same step.
 */
export const reports = pgTable(
  'reports',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    reporterId: bigint('reporter_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reportedId: bigint('reported_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** spam | scam | harassment | minor | fake | other (REPORT_REASONS) */
    reason: text('reason').notNull(),
    comment: text('comment').notNull().default(''),
    /** chat | profile */
    source: text('source').notNull(),
    conversationId: bigint('conversation_id', { mode: 'number' }),
    status: text('status').notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('reports_open_idx').on(t.createdAt).where(sql`${t.status} = 'open'`),
    index('reports_reported_idx').on(t.reportedId),
    check('reports_reason', sql`${t.reason} in ('spam', 'scam', 'harassment', 'minor', 'fake', 'other')`),
  ],
);
