import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, pgTable, real, text, timestamp } from 'drizzle-orm/pg-core';
import { photos, users } from './members';
import { staffAccounts } from './staff';

/**
 * Photo verification attempts (issue 21, point 1; modules/verification): a challenge (the pose asked for), the
 * selfie while it is needed (selfie_key, deleted once decided), the photo it was compared with and the outcome.
 * cause 'main_photo_changed': no selfie; a verified member's new main photo that did not match the verified face.
 */
export const faceVerifications = pgTable(
  'face_verifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    cause: text('cause').notNull().default('selfie'),
    challenge: text('challenge').notNull(),
    status: text('status').notNull().default('challenged'),
    reason: text('reason'),
    /** storage key of the selfie; null when there is none (not sent yet, or deleted after the decision) */
    selfieKey: text('selfie_key'),
    photoId: bigint('photo_id', { mode: 'number' }).references(() => photos.id, { onDelete: 'set null' }),
    distance: real('distance'),
    /** the selfie's face descriptor, kept while the outcome may still become a badge (checking, review) */
    descriptor: real('descriptor').array(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    /** an instance is checking it since (a lapsed claim is taken over by the job) */
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: bigint('decided_by', { mode: 'number' }).references(() => staffAccounts.id, {
      onDelete: 'set null',
    }),
  },
  (t) => [
    check(
      'face_verifications_status',
      sql`${t.status} in ('challenged', 'checking', 'verified', 'review', 'rejected', 'expired')`,
    ),
    check('face_verifications_cause', sql`${t.cause} in ('selfie', 'main_photo_changed')`),
    index('face_verifications_user_idx').on(t.userId, t.createdAt),
    index('face_verifications_open_idx')
      .on(t.status, t.id)
      .where(sql`${t.status} in ('challenged', 'checking', 'review')`),
  ],
);

/**
 * Members who proved their face (the badge). The verified face's descriptor stays so that a later main photo can be
 * compared with it; suspended_at: the badge is held back while a changed main photo is checked. Only profiles of
 * kind 'member' can be here (verification.service.ts refuses the others; a trigger-free rule, tested there).
 */
export const verifiedMembers = pgTable('verified_members', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  verifiedAt: timestamp('verified_at', { withTimezone: true }).notNull().defaultNow(),
  verificationId: bigint('verification_id', { mode: 'number' }).references(() => faceVerifications.id, {
    onDelete: 'set null',
  }),
  descriptor: real('descriptor').array().notNull(),
  /** the main photo last compared with the verified face (a different main photo is compared by the job) */
  checkedPhotoId: bigint('checked_photo_id', { mode: 'number' }),
  suspendedAt: timestamp('suspended_at', { withTimezone: true }),
});

export type FaceVerification = typeof faceVerifications.$inferSelect;
export type VerifiedMember = typeof verifiedMembers.$inferSelect;
