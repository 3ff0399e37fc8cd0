import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * Staff of the console (moderators and admins): accounts of their own, never members (docs/decisions.md, "Staff
 * accounts"). Every account has a TOTP second factor; `totp_last_step` is the time step of the last code used, so a
 * code is accepted once (a conditional UPDATE moves it forward).
 */
export const staffAccounts = pgTable(
  'staff_accounts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    passwordHash: text('password_hash').notNull(),
    /** moderator | admin */
    role: text('role').notNull(),
    /** Base32 TOTP secret; never logged, never returned after enrolment. */
    totpSecret: text('totp_secret').notNull(),
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    /** active | disabled */
    status: text('status').notNull().default('active'),
    invitedBy: bigint('invited_by', { mode: 'number' }).references((): AnyPgColumn => staffAccounts.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('staff_accounts_email_unique').on(t.email),
    check('staff_accounts_email_lower', sql`${t.email} = lower(${t.email})`),
    check('staff_accounts_role', sql`${t.role} in ('moderator', 'admin')`),
    check('staff_accounts_status', sql`${t.status} in ('active', 'disabled')`),
  ],
);

/** Console sessions: only the token's SHA-256 is stored; absolute and idle limits in STAFF_RULES.session. */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    staffId: bigint('staff_id', { mode: 'number' })
      .notNull()
      .references(() => staffAccounts.id),
    tokenHash: text('token_hash').notNull(),
    userAgent: text('user_agent').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('staff_sessions_token_unique').on(t.tokenHash),
    index('staff_sessions_staff_idx').on(t.staffId),
  ],
);

/**
 * Between the password and the TOTP code of a sign-in: a short-lived, single-use ticket (hashed), which is not a
 * session and opens nothing but the second step. `attempts` counts wrong codes on it.
 */
export const staffLoginChallenges = pgTable(
  'staff_login_challenges',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    staffId: bigint('staff_id', { mode: 'number' })
      .notNull()
      .references(() => staffAccounts.id),
    tokenHash: text('token_hash').notNull(),
    attempts: smallint('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('staff_login_challenges_token_unique').on(t.tokenHash)],
);

/**
 * An admin's invitation of a new staff member (hashed token, 72 h, single use). Accepting happens in two steps:
 * name + password (kept here with a fresh TOTP secret), then one valid code creates the account.
 */
export const staffInvites = pgTable(
  'staff_invites',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tokenHash: text('token_hash').notNull(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    role: text('role').notNull(),
    invitedBy: bigint('invited_by', { mode: 'number' })
      .notNull()
      .references(() => staffAccounts.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** set by the first step of accepting */
    passwordHash: text('password_hash'),
    totpSecret: text('totp_secret'),
    staffId: bigint('staff_id', { mode: 'number' }).references(() => staffAccounts.id),
  },
  (t) => [
    uniqueIndex('staff_invites_token_unique').on(t.tokenHash),
    check('staff_invites_email_lower', sql`${t.email} = lower(${t.email})`),
    check('staff_invites_role', sql`${t.role} in ('moderator', 'admin')`),
  ],
);

/**
 * Every change a staff member makes: who, what, when, before and after. Append-only in the database: a trigger
 * (migration 0026) refuses UPDATE, DELETE and TRUNCATE.
 */
export const staffAuditLog = pgTable(
  'staff_audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    staffId: bigint('staff_id', { mode: 'number' })
      .notNull()
      .references(() => staffAccounts.id),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    siteId: integer('site_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('staff_audit_log_staff_idx').on(t.staffId, t.id),
    index('staff_audit_log_action_idx').on(t.action, t.id),
    index('staff_audit_log_target_idx').on(t.targetType, t.targetId, t.id),
  ],
);

export type StaffAccount = typeof staffAccounts.$inferSelect;
export type StaffSession = typeof staffSessions.$inferSelect;
export type StaffInvite = typeof staffInvites.$inferSelect;
export type StaffAuditRow = typeof staffAuditLog.$inferSelect;
