import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './members';
import { sites } from './sites';

/**
 * A cancellation declared with the cancel button (issue 23, point 4; BGB §312k; modules/cancellations). Written when
 * the visitor presses "cancel now" (`received_at`, the moment the acknowledgment names) for an address that belongs
 * to a member; an address that belongs to nobody leaves no row. Signed in with that address it is confirmed at once
 * (`via` 'session'); otherwise the member confirms it with the link mailed to the address (`via` 'email', the link's
 * token kept only as its SHA-256). Rows are never deleted: what was declared, when, and what it stopped stays
 * provable.
 */
export const contractCancellations = pgTable(
  'contract_cancellations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    /** the name as typed on the form (the member's identification; not compared with the profile's) */
    name: text('name').notNull(),
    /** all | repeat_order | direct_debit */
    contract: text('contract').notNull(),
    /** the reason typed, if any (an extraordinary cancellation names one) */
    reason: text('reason'),
    /** the day the cancellation should take effect from; null = the next possible date */
    requestedDate: date('requested_date', { mode: 'string' }),
    /** session | email */
    via: text('via').notNull(),
    /** the language of the form, for the mails */
    language: text('language').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    /** SHA-256 of the mailed confirmation link's token (via 'email' only) */
    tokenHash: text('token_hash'),
    /** the link's end (via 'email' only) */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** pending | confirmed */
    status: text('status').notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /** when it takes effect: the receipt for the next possible date, else the start of the requested day (UTC) */
    effectiveAt: timestamp('effective_at', { withTimezone: true }),
    /** how many mandates it stopped (set on confirmation) */
    mandatesStopped: integer('mandates_stopped'),
  },
  (t) => [
    uniqueIndex('contract_cancellations_token_unique').on(t.tokenHash),
    index('contract_cancellations_user_idx').on(t.userId, t.receivedAt.desc()),
    check('contract_cancellations_contract', sql`${t.contract} in ('all', 'repeat_order', 'direct_debit')`),
    check('contract_cancellations_via', sql`${t.via} in ('session', 'email')`),
    check('contract_cancellations_status', sql`${t.status} in ('pending', 'confirmed')`),
    check(
      'contract_cancellations_token',
      sql`(${t.via} = 'email') = (${t.tokenHash} is not null and ${t.expiresAt} is not null)`,
    ),
    check(
      'contract_cancellations_confirmed',
      sql`(${t.status} = 'confirmed') = (${t.confirmedAt} is not null and ${t.effectiveAt} is not null and ${t.mandatesStopped} is not null)`,
    ),
    check(
      'contract_cancellations_confirmed_after',
      sql`${t.confirmedAt} is null or ${t.confirmedAt} >= ${t.receivedAt}`,
    ),
    check('contract_cancellations_name_length', sql`char_length(${t.name}) between 1 and 200`),
    check(
      'contract_cancellations_reason_length',
      sql`${t.reason} is null or char_length(${t.reason}) <= 2000`,
    ),
  ],
);

/**
 * A mandate a confirmed cancellation stopped: from `effective_at` on no repeat order is made on it
 * (payments/repeat-order.service.ts), and it is revoked at the provider (`revoked_at`; the cancellation-revocations
 * job retries until the provider has it). One row per mandate: a second cancellation of the same mandate finds it.
 */
export const cancelledMandates = pgTable(
  'cancelled_mandates',
  {
    provider: text('provider').notNull(),
    mandateId: text('mandate_id').notNull(),
    customerId: text('customer_id').notNull(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    cancellationId: bigint('cancellation_id', { mode: 'number' })
      .notNull()
      .references(() => contractCancellations.id),
    /** the spec's method name of the payments on it (sdd = direct debit) */
    method: text('method').notNull(),
    effectiveAt: timestamp('effective_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.provider, t.mandateId] }),
    index('cancelled_mandates_user_idx').on(t.userId),
    index('cancelled_mandates_pending_idx').on(t.nextAttemptAt).where(sql`${t.revokedAt} is null`),
    check('cancelled_mandates_attempts', sql`${t.attempts} >= 0`),
  ],
);
