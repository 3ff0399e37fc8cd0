import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { type NsfwScores, PHOTO_REJECT_REASONS } from '../../../shared/schemas/admin-photos';
import type { ProfileKind } from '../../../shared/schemas/profile-kind';
import { SIGNUP_STEP_COUNT } from '../../../shared/signup-steps';
import { sites } from './sites';
import { staffAccounts } from './staff';

/** Accounts. E-mail is stored lower-cased and never leaves the server except to its owner. */
export const users = pgTable(
  'users',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    /** not_confirmed | active | deleted */
    status: text('status').notNull().default('not_confirmed'),
    language: text('language').notNull(),
    credits: integer('credits').notNull().default(0),
    paidUser: boolean('paid_user').notNull().default(false),
    notificationsDisabled: text('notifications_disabled').array().notNull().default(sql`'{}'::text[]`),
    tracking: jsonb('tracking').$type<Record<string, string>>().notNull().default({}),
    /** Demo members created on the embedded default; never created in production. */
    isDemo: boolean('is_demo').notNull().default(false),
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }),
    /** Set when the member deletes the account; the grace period runs from here. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    purgeAfter: timestamp('purge_after', { withTimezone: true }),
    deletionReasons: text('deletion_reasons').array().notNull().default(sql`'{}'::text[]`),
    /** Personal data removed after the grace period; the row stays as a tombstone for the ledger. */
    purgedAt: timestamp('purged_at', { withTimezone: true }),
    signupDate: timestamp('signup_date', { withTimezone: true }).notNull().defaultNow(),
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The signup step (1 photo, 2 personal info, 3 about me, 4 push; shared/signup-steps.ts) the member has not
     * passed yet, done or skipped: /signup continues there. Null once the steps are behind them (and for accounts
     * from before steps were kept).
     */
    signupStep: smallint('signup_step'),
    /**
     * The member agreed (in /notifications) to appear as a 'resell' profile on partner sites of the network; null:
     * not (the default). Counts only while the member's site has member_resell on (docs/decisions.md "Cam section").
     */
    resellConsentAt: timestamp('resell_consent_at', { withTimezone: true }),
    /**
     * Restrictions (modules/decisions, each one a moderation decision the member was told of): suspended until this
     * time, banned, or not listed to others until this time. The sweep clears a suspension or hiding that is over;
     * login checks the time itself.
     */
    suspendedUntil: timestamp('suspended_until', { withTimezone: true }),
    bannedAt: timestamp('banned_at', { withTimezone: true }),
    hiddenUntil: timestamp('hidden_until', { withTimezone: true }),
    /**
     * Discreet mode (issue 23): no message text, sender names or photos in push notifications, mail subjects and
     * previews, and a neutral installed app. null: the site's default (sites.discreet_default, else by niche).
     */
    discreet: boolean('discreet'),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    // Staff member search (issue 22): an e-mail address by its beginning (LIKE 'prefix%' in any collation).
    index('users_email_prefix_idx').using('btree', sql`${t.email} text_pattern_ops`),
    index('users_purge_idx')
      .on(t.purgeAfter)
      .where(sql`${t.purgedAt} is null and ${t.purgeAfter} is not null`),
    check('users_credits_nonneg', sql`${t.credits} >= 0`),
    index('users_restriction_end_idx')
      .on(t.suspendedUntil, t.hiddenUntil)
      .where(sql`${t.suspendedUntil} is not null or ${t.hiddenUntil} is not null`),
    check(
      'users_signup_step_range',
      sql`${t.signupStep} between 1 and ${sql.raw(String(SIGNUP_STEP_COUNT))}`,
    ),
    // Resell candidates of partner sites: the few members who agreed.
    index('users_resell_idx').on(t.siteId).where(sql`${t.resellConsentAt} is not null`),
    // Member search (docs/performance.md): active accounts, newest activity first (the activity walk).
    index('users_search_recent_idx')
      .on(t.lastActiveAt.desc().nullsFirst(), t.id)
      .where(sql`${t.status} = 'active'`),
    // Figures (modules/figures): signups and confirmations per site and day.
    index('users_site_signup_idx').on(t.siteId, t.signupDate),
    index('users_site_confirmed_idx')
      .on(t.siteId, t.emailConfirmedAt)
      .where(sql`${t.emailConfirmedAt} is not null`),
  ],
);

/** Public face of a member. Location is stored only as country/region/city and a ~1 km grid cell. */
export const profiles = pgTable(
  'profiles',
  {
    userId: bigint('user_id', { mode: 'number' })
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** disabled until the e-mail is confirmed, then active */
    status: text('status').notNull().default('disabled'),
    /** male | female; chosen in signup step 2 */
    gender: text('gender'),
    seekingGender: text('seeking_gender'),
    sexuality: text('sexuality'),
    birthDate: date('birth_date', { mode: 'string' }).notNull(),
    country: text('country').notNull(),
    region: text('region'),
    city: text('city'),
    niche: smallint('niche').notNull().default(1),
    about: text('about').notNull().default(''),
    interests: text('interests').array().notNull().default(sql`'{}'::text[]`),
    hairColor: text('hair_color'),
    eyeColor: text('eye_color'),
    bodyType: text('body_type'),
    relationshipStatus: text('relationship_status'),
    tattoos: text('tattoos'),
    signupReason: text('signup_reason'),
    /**
     * member: a person's own profile. fictional, cam, resell: profiles the network's staff keep (created in the
     * console, never able to sign in; docs/decisions.md "Cam section"). Only member and fictional profiles take part
     * in search, likes and matches, unless the profile's site has cams_in_search on (members/searchable.ts).
     */
    kind: text('kind').$type<ProfileKind>().notNull().default('member'),
    /** kind = 'fictional', kept by the database: every card and profile shows the site's fictional mark with it. */
    fictional: boolean('fictional').notNull().generatedAlwaysAs(sql`kind = 'fictional'`),
    invisible: boolean('invisible').notNull().default(false),
    /** Photos other than the main one are shown only to members the owner has a conversation with. */
    privacyMode: boolean('privacy_mode').notNull().default(false),
    /** Leaves a visit on the profiles the member opens (who viewed me, modules/visits); off: leaves none. */
    leaveVisits: boolean('leave_visits').notNull().default(true),
    /** Location for distance use, snapped to a 0.01° grid (about 1 km) before it is stored; never sent to others. */
    latCell: real('lat_cell'),
    lonCell: real('lon_cell'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Copy of users.last_active_at (kept in step by touchSession), so one index serves search filters and order. */
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Listed in the member search: account active, profile active and not invisible. Kept in step by
     * refreshSearchable (src/server/modules/members/searchable.ts) wherever one of those facts changes.
     */
    searchable: boolean('searchable').notNull().default(false),
  },
  (t) => [
    // Staff member search (issue 22): a name by its beginning, any case.
    index('profiles_name_prefix_idx').using('btree', sql`lower(${t.name}) text_pattern_ops`),
    check('profiles_kind', sql`${t.kind} in ('member', 'fictional', 'cam', 'resell')`),
    // The cam section (/cams): the cam and resell profiles of a niche.
    index('profiles_cams_idx')
      .on(t.niche, t.lastActiveAt.desc().nullsFirst(), t.userId)
      .where(sql`${t.kind} in ('cam', 'resell')`),
    // Member search (docs/performance.md): searchable profiles only; equality columns first, then the result
    // order (last_active_at desc, user_id), then gender and birth_date, checked inside the index scan (gender is
    // often not given, so it must not come before the order).
    index('profiles_search_country_idx')
      .on(t.niche, t.country, t.lastActiveAt.desc().nullsFirst(), t.userId, t.gender, t.birthDate)
      .where(sql`${t.searchable}`),
    // The same for a given gender (the swipe deck, the match finder, gender searches): the walk in activity order then
    // meets only that gender's members, about half the entries (docs/performance.md "Likes", seventh session).
    index('profiles_search_country_gender_idx')
      .on(t.niche, t.country, t.gender, t.lastActiveAt.desc().nullsFirst(), t.userId, t.birthDate)
      .where(sql`${t.searchable}`),
    index('profiles_search_region_idx')
      .on(t.niche, t.country, t.region, t.lastActiveAt.desc().nullsFirst(), t.userId, t.gender, t.birthDate)
      .where(sql`${t.searchable}`),
    index('profiles_search_age_idx')
      .on(t.niche, t.lastActiveAt.desc().nullsFirst(), t.userId, t.gender, t.birthDate)
      .where(sql`${t.searchable}`),
  ],
);

/** Photos; only status 'active' and non-private photos are shown to others. */
export const photos = pgTable(
  'photos',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** storage key stem; sizes are <stem>-main.jpg, <stem>-thumb.jpg, <stem>-match.jpg */
    storageKey: text('storage_key').notNull(),
    status: text('status').notNull().default('pending'),
    isPrivate: boolean('is_private').notNull().default(false),
    isMain: boolean('is_main').notNull().default(false),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Moderation (issue 22; docs/decisions.md "Photo moderation"). screening: waiting (the nudity classifier has not
     * scored it yet; held) | scored | failed (could not be scored; held for a person) | skipped (before moderation,
     * or made by staff). review: none | queued (awaits a moderator) | approved | rejected.
     */
    screening: text('screening').notNull().default('skipped'),
    review: text('review').notNull().default('none'),
    /** the explicit score reached the site's threshold: public only once a moderator approves it */
    flagged: boolean('flagged').notNull().default(false),
    nsfwScores: jsonb('nsfw_scores').$type<NsfwScores>(),
    screenedAt: timestamp('screened_at', { withTimezone: true }),
    /** an instance is scoring it since (photo-screening.ts; a lapsed claim is taken over) */
    screenClaimedAt: timestamp('screen_claimed_at', { withTimezone: true }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewedBy: bigint('reviewed_by', { mode: 'number' }).references(() => staffAccounts.id, {
      onDelete: 'set null',
    }),
    /** PHOTO_REJECT_REASONS; the member reads it translated, with the note */
    rejectReason: text('reject_reason'),
    rejectNote: text('reject_note'),
  },
  (t) => [
    index('photos_user_idx').on(t.userId),
    index('photos_review_queue_idx').on(t.createdAt, t.id).where(sql`${t.review} = 'queued'`),
    index('photos_screening_waiting_idx').on(t.id).where(sql`${t.screening} = 'waiting'`),
    check('photos_status_known', sql`${t.status} in ('pending', 'active', 'rejected')`),
    check('photos_screening_known', sql`${t.screening} in ('waiting', 'scored', 'failed', 'skipped')`),
    check('photos_review_known', sql`${t.review} in ('none', 'queued', 'approved', 'rejected')`),
    // Rejected is one state: the photo's status and its review agree, with a known reason, and never the main photo.
    check('photos_rejected_consistent', sql`(${t.status} = 'rejected') = (${t.review} = 'rejected')`),
    check(
      'photos_reject_reason_known',
      sql`(${t.review} = 'rejected') = (${t.rejectReason} is not null) and (${t.rejectReason} is null or ${t.rejectReason} in (${sql.raw(PHOTO_REJECT_REASONS.map((r) => `'${r}'`).join(', '))}))`,
    ),
    check('photos_rejected_not_main', sql`not (${t.status} = 'rejected' and ${t.isMain})`),
    // Nothing is public before it is scored, and a flagged photo only once a moderator approved it.
    check('photos_waiting_not_public', sql`${t.screening} <> 'waiting' or ${t.status} = 'pending'`),
    check(
      'photos_flagged_not_public',
      sql`not (${t.flagged} and ${t.status} = 'active' and ${t.review} <> 'approved')`,
    ),
    // /media looks a photo up by its storage key on every image request.
    uniqueIndex('photos_storage_key_unique').on(t.storageKey),
    uniqueIndex('photos_one_main_per_user').on(t.userId).where(sql`${t.isMain}`),
  ],
);

export type User = typeof users.$inferSelect;
export type Profile = typeof profiles.$inferSelect;
export type Photo = typeof photos.$inferSelect;

/** Member A blocked member B: B cannot view A's profile or contact A; chats and likes between them are gone. */
export const blocks = pgTable(
  'blocks',
  {
    blockerId: bigint('blocker_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: bigint('blocked_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.blockerId, t.blockedId] }), index('blocks_blocked_idx').on(t.blockedId)],
);

/**
 * Member A likes member B (issue 9). Both rows A→B and B→A make a match. `seen_at` is null while the like is new for
 * the liked member (cleared when the liked member opens the liker's profile). Blocking deletes the likes both ways.
 */
export const likes = pgTable(
  'likes',
  {
    likerId: bigint('liker_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    likedId: bigint('liked_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    seenAt: timestamp('seen_at', { withTimezone: true }),
    /** When the like modal announced this like to the liked member (GET /api/auto-like.php); null: not yet. */
    announcedAt: timestamp('announced_at', { withTimezone: true }),
    /**
     * Set on both rows of a pair, under the pair lock, when the second like makes a match (the later like's time);
     * cleared on the remaining row when one of the two is taken back. The matches tab reads only these rows.
     */
    matchedAt: timestamp('matched_at', { withTimezone: true }),
  },
  (t) => [
    // The given tab, the match check (the reverse row by primary key) and "liked by me".
    primaryKey({ columns: [t.likerId, t.likedId] }),
    check('likes_not_self', sql`${t.likerId} <> ${t.likedId}`),
    // The received tab in its order: new ones first, then newest (plain DESC = NULLS FIRST, as ORDER BY … DESC
    // means; drizzle's bare .desc() would make NULLS LAST, which no ORDER BY DESC can use).
    index('likes_received_idx').on(
      t.likedId,
      sql`(${t.seenAt} is null) desc`,
      t.createdAt.desc().nullsFirst(),
      t.likerId.desc().nullsFirst(),
    ),
    // The new-likes badge (counted up to a cap) and the like modal's newest unannounced like.
    index('likes_received_new_idx').on(t.likedId, t.createdAt.desc()).where(sql`${t.seenAt} is null`),
    // The given tab, newest first.
    index('likes_given_idx').on(t.likerId, t.createdAt.desc().nullsFirst(), t.likedId.desc().nullsFirst()),
    // The matches tab, latest match first.
    index('likes_matches_idx')
      .on(t.likerId, t.matchedAt.desc().nullsFirst(), t.likedId.desc().nullsFirst())
      .where(sql`${t.matchedAt} is not null`),
  ],
);

export type Like = typeof likes.$inferSelect;

/**
 * The totals of a member's likes tabs (GET /api/likes.php), kept exact by the statements that change them, in their
 * own transaction (likes.repo: like, unlike, block, like seen; members/searchable.ts when a member's visibility
 * changes). A like counts for a member while the other member of it takes part in the lists (profiles.searchable):
 * received and unseen (its new ones) are likes of the member, given likes by the member, matches the given likes
 * the other member returned. A missing row is all zeros.
 */
export const likeCounts = pgTable('like_counts', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  received: integer('received').notNull().default(0),
  unseen: integer('unseen').notNull().default(0),
  given: integer('given').notNull().default(0),
  matches: integer('matches').notNull().default(0),
});

/**
 * Who viewed me (issue 21, point 3): member `visitor_id` opened the profile of `visited_id` on `day` (UTC). At most one
 * row per visitor, member and day (the primary key; modules/visits records it with one upsert, `visited_at` the last
 * look of that day). Never written for invisible visitors, visitors who turned visits off, blocked pairs or the own
 * profile. Rows older than RULES.visits.keepDays are deleted by the visits-expiry job.
 */
export const profileVisits = pgTable(
  'profile_visits',
  {
    visitedId: bigint('visited_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    visitorId: bigint('visitor_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    visitedAt: timestamp('visited_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.visitedId, t.visitorId, t.day] }),
    check('profile_visits_not_self', sql`${t.visitorId} <> ${t.visitedId}`),
    // The visitors list: a member's visits, newest first.
    index('profile_visits_visited_idx').on(t.visitedId, t.visitedAt.desc()),
    // The expiry job: the oldest days first.
    index('profile_visits_day_idx').on(t.day),
    index('profile_visits_visitor_idx').on(t.visitorId),
  ],
);
