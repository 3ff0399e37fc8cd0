import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
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
import { sites } from './sites';

/** What the evidence snapshot of a notice holds (taken when the notice arrives, kept when the member is gone). */
export interface NoticeSnapshot {
  member?: { id: number; name: string; about: string; country: string } | null;
  photos?: { id: number; storageKey: string; status: string; isMain: boolean }[];
  messages?: { id: number; senderId: number | null; kind: string; body: string; createdAt: string }[];
}

/**
 * A notice (DSA Art. 16): a member reported a member, a photo or a message (from the chat, a profile or a photo),
 * or anyone sent the /complaints form (source 'complaint', possibly about a URL only). `status` is open until staff
 * handle it (handled: dismissed or actioned, with the decision). Nothing reported is lost: the members' rows may
 * go (set null), the evidence snapshot stays.
 */
export const reports = pgTable(
  'reports',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    siteId: integer('site_id').references(() => sites.id),
    reporterId: bigint('reporter_id', { mode: 'number' }).references(() => users.id, {
      onDelete: 'set null',
    }),
    /** a visitor's complaint: who sent it, for the acknowledgement and the outcome mail */
    reporterName: text('reporter_name'),
    reporterEmail: text('reporter_email'),
    reporterLanguage: text('reporter_language'),
    reportedId: bigint('reported_id', { mode: 'number' }).references(() => users.id, {
      onDelete: 'set null',
    }),
    /** profile | photo | message | url */
    target: text('target').notNull().default('profile'),
    photoId: bigint('photo_id', { mode: 'number' }),
    messageId: bigint('message_id', { mode: 'number' }),
    url: text('url'),
    /** REPORT_REASONS (shared/schemas/reports.ts) */
    reason: text('reason').notNull(),
    comment: text('comment').notNull().default(''),
    /** chat | profile | photo | complaint | automated (a flag raised by the product itself: modules/safety) */
    source: text('source').notNull(),
    /** the sender confirmed the notice is accurate and complete in good faith (DSA Art. 16(2)(d)) */
    goodFaith: boolean('good_faith').notNull().default(false),
    conversationId: bigint('conversation_id', { mode: 'number' }),
    snapshot: jsonb('snapshot').$type<NoticeSnapshot>().notNull().default({}),
    /** open | handled */
    status: text('status').notNull().default('open'),
    /** dismissed | actioned, once handled */
    resolution: text('resolution'),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    handledBy: bigint('handled_by', { mode: 'number' }),
    decisionId: bigint('decision_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('reports_open_idx').on(t.createdAt).where(sql`${t.status} = 'open'`),
    index('reports_reported_idx').on(t.reportedId),
    index('reports_reporter_idx').on(t.reporterId),
    index('reports_created_idx').on(t.createdAt),
    check(
      'reports_reason',
      sql`${t.reason} in ('spam', 'scam', 'harassment', 'minor', 'fake', 'other', 'illegal', 'copyright', 'privacy', 'nudity')`,
    ),
    check('reports_source', sql`${t.source} in ('chat', 'profile', 'photo', 'complaint', 'automated')`),
    check('reports_target', sql`${t.target} in ('profile', 'photo', 'message', 'url')`),
    check('reports_status', sql`${t.status} in ('open', 'handled')`),
    check(
      'reports_handled',
      sql`(${t.status} = 'open') = (${t.handledAt} is null) and (${t.status} = 'open') = (${t.resolution} is null)`,
    ),
    check('reports_resolution', sql`${t.resolution} in ('dismissed', 'actioned')`),
  ],
);

/**
 * A decision that restricts a member (DSA Art. 17), with its statement of reasons: the facts, the ground (law or
 * terms, by reference), whether automated means were used. Appealable until `appeal_deadline` (6 months). A
 * reversed decision no longer restricts. `staff_id` null: taken by automated means alone.
 */
export const moderationDecisions = pgTable(
  'moderation_decisions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    memberId: bigint('member_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    siteId: integer('site_id').references(() => sites.id),
    staffId: bigint('staff_id', { mode: 'number' }),
    /** warning | photo_hidden | photo_rejected | message_removed | suspension | ban | visibility_reduced */
    kind: text('kind').notNull(),
    /** law | terms */
    groundType: text('ground_type').notNull(),
    groundRef: text('ground_ref').notNull(),
    facts: text('facts').notNull(),
    automated: boolean('automated').notNull(),
    /** what the decision is about: { photoId } | { messageId, body } ... */
    content: jsonb('content').$type<Record<string, unknown>>().notNull().default({}),
    until: timestamp('until', { withTimezone: true }),
    reportId: bigint('report_id', { mode: 'number' }),
    appealDeadline: timestamp('appeal_deadline', { withTimezone: true }).notNull(),
    reversedAt: timestamp('reversed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('moderation_decisions_member_idx').on(t.memberId, t.createdAt),
    index('moderation_decisions_created_idx').on(t.createdAt),
    check(
      'moderation_decisions_kind',
      sql`${t.kind} in ('warning', 'photo_hidden', 'photo_rejected', 'message_removed', 'suspension', 'ban', 'visibility_reduced')`,
    ),
    check('moderation_decisions_ground_type', sql`${t.groundType} in ('law', 'terms')`),
    check('moderation_decisions_suspension_until', sql`${t.kind} <> 'suspension' or ${t.until} is not null`),
    check('moderation_decisions_facts', sql`length(${t.facts}) > 0`),
    check('moderation_decisions_human_or_automated', sql`${t.staffId} is not null or ${t.automated}`),
  ],
);

/**
 * An appeal against a decision (DSA Art. 20): one per decision, free, within the deadline; decided (upheld or
 * reversed) by a staff member other than the decision's (a trigger refuses the first decider, migration 0027).
 */
export const moderationAppeals = pgTable(
  'moderation_appeals',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    decisionId: bigint('decision_id', { mode: 'number' })
      .notNull()
      .references(() => moderationDecisions.id),
    memberId: bigint('member_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    statement: text('statement').notNull(),
    /** open | upheld | reversed */
    status: text('status').notNull().default('open'),
    decidedBy: bigint('decided_by', { mode: 'number' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    note: text('note').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('moderation_appeals_decision_unique').on(t.decisionId),
    index('moderation_appeals_open_idx').on(t.createdAt).where(sql`${t.status} = 'open'`),
    check('moderation_appeals_status', sql`${t.status} in ('open', 'upheld', 'reversed')`),
    check(
      'moderation_appeals_decided',
      sql`(${t.status} = 'open') = (${t.decidedAt} is null) and (${t.status} = 'open') = (${t.decidedBy} is null)`,
    ),
  ],
);

export type Report = typeof reports.$inferSelect;
export type ModerationDecision = typeof moderationDecisions.$inferSelect;
export type ModerationAppeal = typeof moderationAppeals.$inferSelect;
