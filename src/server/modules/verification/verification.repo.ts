import { and, asc, desc, eq, gt, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type FaceVerification, faceVerifications, photos, profiles, verifiedMembers } from '../../db/schema';
import type { Tx } from '../accounts/accounts.repo';

/** A verified member's badge shows: a row in verified_members that is not suspended. For presenters' selects. */
export function verifiedBadgeSql(userId: unknown) {
  return sql<boolean>`exists (select 1 from verified_members vm where vm.user_id = ${userId} and vm.suspended_at is null)`;
}

export async function findProfileKind(db: Db | Tx, userId: number): Promise<string | undefined> {
  const [row] = await db
    .select({ kind: profiles.kind })
    .from(profiles)
    .where(eq(profiles.userId, userId))
    .limit(1);
  return row?.kind;
}

export async function findVerifiedMember(db: Db | Tx, userId: number) {
  const [row] = await db.select().from(verifiedMembers).where(eq(verifiedMembers.userId, userId)).limit(1);
  return row;
}

export async function latestAttempt(db: Db | Tx, userId: number): Promise<FaceVerification | undefined> {
  const [row] = await db
    .select()
    .from(faceVerifications)
    .where(and(eq(faceVerifications.userId, userId), eq(faceVerifications.cause, 'selfie')))
    .orderBy(desc(faceVerifications.createdAt), desc(faceVerifications.id))
    .limit(1);
  return row;
}

/** Selfies sent since `since` (each counts against the day's attempts, whatever came of it). */
export async function countSubmittedSince(db: Db | Tx, userId: number, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(faceVerifications)
    .where(and(eq(faceVerifications.userId, userId), gt(faceVerifications.submittedAt, since)));
  return row?.n ?? 0;
}

/** The member's photos a selfie is compared with: active ones, the main photo first, at most `limit`. */
export async function comparablePhotos(db: Db | Tx, userId: number, limit: number) {
  return db
    .select({ id: photos.id, storageKey: photos.storageKey, isMain: photos.isMain })
    .from(photos)
    .where(and(eq(photos.userId, userId), eq(photos.status, 'active')))
    .orderBy(desc(photos.isMain), asc(photos.createdAt), asc(photos.id))
    .limit(limit);
}

/** Claims the oldest selfie waiting for the face model that nobody is checking (SKIP LOCKED across instances). */
export async function claimChecking(db: Db, claimSeconds: number): Promise<FaceVerification | undefined> {
  const result = await db.execute(sql`
    update face_verifications set claimed_at = now()
    where id = (
      select id from face_verifications
      where status = 'checking'
        and (claimed_at is null or claimed_at < now() - make_interval(secs => ${claimSeconds}))
      order by id limit 1 for update skip locked
    )
    returning id`);
  const row = (result as unknown as { rows: { id: number | string }[] }).rows[0];
  if (!row) return undefined;
  const [attempt] = await db
    .select()
    .from(faceVerifications)
    .where(eq(faceVerifications.id, Number(row.id)));
  return attempt;
}

/** Verified members whose active main photo is not the one last compared with their verified face. */
export async function verifiedWithNewMainPhoto(db: Db, limit: number) {
  return db
    .select({
      userId: verifiedMembers.userId,
      descriptor: verifiedMembers.descriptor,
      photoId: photos.id,
      storageKey: photos.storageKey,
    })
    .from(verifiedMembers)
    .innerJoin(
      photos,
      and(eq(photos.userId, verifiedMembers.userId), eq(photos.isMain, true), eq(photos.status, 'active')),
    )
    .where(
      and(
        sql`${verifiedMembers.suspendedAt} is null`,
        sql`${verifiedMembers.checkedPhotoId} is distinct from ${photos.id}`,
      ),
    )
    .limit(limit);
}

/** Attempts whose selfie is no longer needed (decided, expired) but still stored, and undecided ones gone stale. */
export async function selfiesToDelete(db: Db, staleBefore: Date, limit: number) {
  return db
    .select({
      id: faceVerifications.id,
      selfieKey: faceVerifications.selfieKey,
      status: faceVerifications.status,
    })
    .from(faceVerifications)
    .where(
      and(
        isNotNull(faceVerifications.selfieKey),
        sql`(${faceVerifications.status} in ('verified', 'rejected', 'expired')
          or (${faceVerifications.status} = 'checking' and ${faceVerifications.submittedAt} < ${staleBefore}))`,
      ),
    )
    .limit(limit);
}

export async function expireChallenges(db: Db, now: Date): Promise<void> {
  await db
    .update(faceVerifications)
    .set({ status: 'expired', decidedAt: now })
    .where(and(eq(faceVerifications.status, 'challenged'), lt(faceVerifications.expiresAt, now)));
}

export async function reviewQueue(db: Db, limit: number) {
  return db
    .select()
    .from(faceVerifications)
    .where(eq(faceVerifications.status, 'review'))
    .orderBy(asc(faceVerifications.id))
    .limit(limit);
}

export async function findAttempts(db: Db | Tx, ids: number[]) {
  if (ids.length === 0) return [];
  return db.select().from(faceVerifications).where(inArray(faceVerifications.id, ids));
}
