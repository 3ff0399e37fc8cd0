import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './members';
import { staffAccounts } from './staff';

/** Login sessions: the cookie holds a random 256-bit token; only its SHA-256 is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    userAgent: text('user_agent').notNull().default(''),
    /** Country of the IP at login (never the IP itself). */
    country: text('country'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('sessions_token_unique').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

/** Single-use, expiring tokens sent by e-mail; stored hashed. kind: activation | password_reset | mail_change | reactivate */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    tokenHash: text('token_hash').notNull(),
    /** For mail_change: the new address to confirm. */
    newEmail: text('new_email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('auth_tokens_hash_unique').on(t.tokenHash),
    index('auth_tokens_user_kind_idx').on(t.userId, t.kind, t.createdAt),
  ],
);

/**
 * Password-guessing counters (modules/auth/login-throttle.ts): per account and client address ('pair:<email>|<ip>'),
 * per client address ('ip:<ip>', an IPv6 address as its /64) and per account ('acct:<email>'). `locked_until` is a
 * lock for the first two and the next free slot of the account's slow-down for the last. The cleanup job deletes
 * rows whose window and lock are long over, found by the expiry index.
 */
export const loginThrottle = pgTable(
  'login_throttle',
  {
    key: text('key').primaryKey(),
    failures: integer('failures').notNull().default(0),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (t) => [index('login_throttle_expiry_idx').on(sql`greatest(${t.windowStartedAt}, ${t.lockedUntil})`)],
);

/** Every movement of credits; users.credits is the balance, changed in the same transaction. */
export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    delta: integer('delta').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    reason: text('reason').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** A staff adjustment (reason staff_adjustment, issue 22): who made it and the reason they gave. */
    staffId: bigint('staff_id', { mode: 'number' }).references(() => staffAccounts.id),
    note: text('note'),
  },
  (t) => [
    uniqueIndex('credit_ledger_idem_unique').on(t.idempotencyKey),
    index('credit_ledger_user_idx').on(t.userId, t.createdAt),
    check('credit_ledger_balance_nonneg', sql`${t.balanceAfter} >= 0`),
    // A staff adjustment always names its staff member and reason; no other movement carries either.
    check(
      'credit_ledger_staff_adjustment',
      sql`(${t.reason} = 'staff_adjustment') = (${t.staffId} is not null and coalesce(length(${t.note}), 0) > 0)`,
    ),
  ],
);

/** Mail (and later SMS and push) written in the same transaction as the event, sent by the outbox job with retries. */
export const outbox = pgTable(
  'outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    channel: text('channel').notNull(),
    /** the rendered message: { to, subject, html, text } for mail */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    /** pending | sent | failed | dropped (can never be sent, e.g. a push subscription that is gone) */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`)],
);

/** Web-push subscriptions of a member's browsers. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    keys: jsonb('keys').$type<{ p256dh: string; auth: string }>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_unique').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
  ],
);

export type Session = typeof sessions.$inferSelect;
export type AuthToken = typeof authTokens.$inferSelect;
