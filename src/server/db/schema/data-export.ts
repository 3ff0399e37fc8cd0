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
import { staffAccounts } from './staff';

/**
 * A copy of a member's data (GDPR Art. 15 and 20; issue 23 point 2, issue 22 point 6), prepared in the background by
 * the data-export job (modules/data-export): a zip of JSON files and the member's photos, kept in the media storage
 * under `storage_key` (random, never guessable) until `expires_at`, then deleted by the sweep. Asked for by the member
 * (`requested_by_staff_id` null: the member is mailed when it is ready) or by staff for the console.
 * `status`: pending (waiting for or being prepared by the job, which leases it with `locked_until`) | ready |
 * failed (gave up after a few attempts) | expired (the file is deleted).
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    requestedByStaffId: bigint('requested_by_staff_id', { mode: 'number' }).references(
      () => staffAccounts.id,
    ),
    status: text('status').notNull().default('pending'),
    storageKey: text('storage_key'),
    sizeBytes: integer('size_bytes'),
    attempts: integer('attempts').notNull().default(0),
    /** the job that claimed the export holds it until then; after it another instance may take it over */
    lockedUntil: timestamp('locked_until', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readyAt: timestamp('ready_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [
    check('data_exports_status', sql`${t.status} in ('pending', 'ready', 'failed', 'expired')`),
    check(
      'data_exports_ready_has_file',
      sql`${t.status} <> 'ready' or (${t.storageKey} is not null and ${t.expiresAt} is not null)`,
    ),
    // One export of the member's own in preparation at a time (a second request while one is pending is refused).
    uniqueIndex('data_exports_member_pending_unique')
      .on(t.userId)
      .where(sql`${t.status} = 'pending' and ${t.requestedByStaffId} is null`),
    uniqueIndex('data_exports_storage_key_unique').on(t.storageKey),
    index('data_exports_user_idx').on(t.userId, t.createdAt.desc()),
    // The job's claim: pending exports whose lease is over.
    index('data_exports_due_idx').on(t.lockedUntil).where(sql`${t.status} = 'pending'`),
    // The expiry sweep.
    index('data_exports_expiry_idx').on(t.expiresAt).where(sql`${t.status} = 'ready'`),
  ],
);

export type DataExport = typeof dataExports.$inferSelect;

/**
 * Visits that arrived with tracking parameters (spec section 4: network, ref, sub1–sub3), counted per site, UTC day
 * and source for the traffic-source report (modules/figures). No personal data: no address, no cookie, no member; a
 * missing parameter is ''. One row per combination and day, incremented by an upsert.
 */
export const trafficVisits = pgTable(
  'traffic_visits',
  {
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    network: text('network').notNull().default(''),
    ref: text('ref').notNull().default(''),
    sub1: text('sub1').notNull().default(''),
    sub2: text('sub2').notNull().default(''),
    sub3: text('sub3').notNull().default(''),
    visits: integer('visits').notNull().default(1),
  },
  (t) => [
    primaryKey({ columns: [t.siteId, t.day, t.network, t.ref, t.sub1, t.sub2, t.sub3] }),
    check('traffic_visits_positive', sql`${t.visits} > 0`),
  ],
);
