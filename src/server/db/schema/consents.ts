import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './members';

/**
 * A member's explicit consents (issue 23, GDPR Art. 9): kind 'sensitive_data' is the consent to process what the
 * profile reveals about orientation and sex life, given at signup (or on the one-time screen for accounts from
 * before it was asked). `version` is the version of the text the member agreed to (CONSENT_RULES in shared/rules.ts);
 * a withdrawal sets `withdrawn_at` and never deletes the row, so what was agreed and when stays provable. At most one
 * standing consent of a kind per member.
 */
export const consents = pgTable(
  'consents',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    version: integer('version').notNull(),
    givenAt: timestamp('given_at', { withTimezone: true }).notNull().defaultNow(),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
  },
  (t) => [
    check('consents_kind_known', sql`${t.kind} in ('sensitive_data')`),
    check('consents_version_positive', sql`${t.version} > 0`),
    check(
      'consents_withdrawn_after_given',
      sql`${t.withdrawnAt} is null or ${t.withdrawnAt} >= ${t.givenAt}`,
    ),
    uniqueIndex('consents_one_standing').on(t.userId, t.kind).where(sql`${t.withdrawnAt} is null`),
    index('consents_user_idx').on(t.userId, t.givenAt),
  ],
);

export type Consent = typeof consents.$inferSelect;
