import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from './members';

/**
 * What a member is looking for (issue 9), saved by the match finder; the match finder, the signup matches and the
 * swipe game read it. Without a row the defaults come from the own profile (matching.service defaultPreferences).
 */
export const matchPreferences = pgTable(
  'match_preferences',
  {
    userId: bigint('user_id', { mode: 'number' })
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** male | female; null: both */
    gender: text('gender'),
    minAge: smallint('min_age').notNull(),
    maxAge: smallint('max_age').notNull(),
    /** nearby | region | country | anywhere */
    area: text('area').notNull(),
    radiusKm: smallint('radius_km').notNull(),
    interests: text('interests').array().notNull().default(sql`'{}'::text[]`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('match_preferences_ages', sql`${t.minAge} <= ${t.maxAge}`)],
);

/**
 * Swipe-game likes per member and UTC day. One upsert counts a like only while the count is under the day's limit,
 * so parallel likes can never pass it (swipe.repo.ts).
 */
export const swipeDays = pgTable(
  'swipe_days',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    likes: smallint('likes').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] }), check('swipe_days_likes_nonneg', sql`${t.likes} >= 0`)],
);

/** A member passed on another in the swipe game: that member stays out of the deck for a while (RULES.swipeGame). */
export const swipePasses = pgTable(
  'swipe_passes',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    memberId: bigint('member_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.memberId] }),
    index('swipe_passes_created_idx').on(t.createdAt),
    index('swipe_passes_member_idx').on(t.memberId),
  ],
);

/**
 * Where a member's swipe deck carries on: the place in the deck's order (distance band: 0 own region, 1 own country,
 * 2 elsewhere; then last activity, newest first, then id) of the furthest card swiped so far. The deck deals the
 * cards after it and wraps around to the top at the end (then the row is deleted). Only a position: the member there
 * may be gone or have moved.
 */
export const swipeCursors = pgTable('swipe_cursors', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  band: smallint('band').notNull(),
  lastActiveAt: timestamp('last_active_at', { withTimezone: true }).notNull(),
  memberId: bigint('member_id', { mode: 'number' }).notNull(),
});
