import { randomBytes, randomInt } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { VERIFICATION_RULES, type VerificationChallenge } from '../../../shared/rules-verification';
import type {
  VerificationAttempt,
  VerificationBlock,
  VerificationRefusal,
  VerificationSelfie,
  VerificationState,
  VerificationStatus,
} from '../../../shared/schemas/verification';
import type { Db } from '../../db/client';
import { type FaceVerification, faceVerifications, verifiedMembers } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { MediaStorage } from '../../lib/storage';
import { announceListingChange } from '../search/search.cache';
import {
  comparablePhotos,
  countSubmittedSince,
  findProfileKind,
  findVerifiedMember,
  latestAttempt,
} from './verification.repo';

const DAY_MS = 86_400_000;

export function presentAttempt(row: FaceVerification): VerificationAttempt {
  return {
    id: row.id,
    status: row.status as VerificationState,
    challenge: row.challenge as VerificationChallenge,
    reason: (row.reason as VerificationRefusal | null) ?? null,
    expires_at: row.expiresAt.toISOString(),
  };
}

/** Only a person's own profile can carry the badge: fictional, cam and resell profiles never (issue 21, point 2). */
export async function assertVerifiable(db: Db, userId: number): Promise<void> {
  const kind = await findProfileKind(db, userId);
  if (kind !== 'member') throw new AppError(403, 'verification_not_allowed');
}

export async function verificationStatus(
  db: Db,
  userId: number,
  now = new Date(),
): Promise<VerificationStatus> {
  const [kind, badge, latest, used, photos] = await Promise.all([
    findProfileKind(db, userId),
    findVerifiedMember(db, userId),
    latestAttempt(db, userId),
    countSubmittedSince(db, userId, new Date(now.getTime() - DAY_MS)),
    comparablePhotos(db, userId, 1),
  ]);
  const verified = badge !== undefined && badge.suspendedAt === null;
  const open = latest && (latest.status === 'checking' || latest.status === 'review');
  const attemptsLeft = Math.max(0, VERIFICATION_RULES.attemptsPerDay - used);
  let blocked: VerificationBlock | null = null;
  if (kind !== 'member') blocked = 'not_a_member';
  else if (verified) blocked = 'verified';
  else if (open) blocked = 'pending';
  else if (photos.length === 0) blocked = 'no_photo';
  else if (attemptsLeft === 0) blocked = 'attempts_used';
  const shown =
    latest?.status === 'challenged' && latest.expiresAt <= now ? { ...latest, status: 'expired' } : latest;
  return {
    verified,
    suspended: badge !== undefined && badge.suspendedAt !== null,
    attempts_left: attemptsLeft,
    blocked,
    latest: shown ? presentAttempt(shown) : null,
  };
}

/** A new challenge: a pose chosen at random by the server, to be answered within challengeMinutes. */
export async function startVerification(
  db: Db,
  userId: number,
  now = new Date(),
  pick: (n: number) => number = randomInt,
): Promise<VerificationAttempt> {
  const status = await verificationStatus(db, userId, now);
  if (status.blocked === 'not_a_member') throw new AppError(403, 'verification_not_allowed');
  if (status.blocked) throw new AppError(409, `verification_${status.blocked}`);
  const challenges = VERIFICATION_RULES.challenges;
  const challenge = challenges[pick(challenges.length)] ?? challenges[0];
  return db.transaction(async (tx) => {
    // An earlier unanswered challenge ends: one open challenge per member.
    await tx
      .update(faceVerifications)
      .set({ status: 'expired', decidedAt: now })
      .where(and(eq(faceVerifications.userId, userId), eq(faceVerifications.status, 'challenged')));
    const [row] = await tx
      .insert(faceVerifications)
      .values({
        userId,
        challenge,
        createdAt: now,
        expiresAt: new Date(now.getTime() + VERIFICATION_RULES.challengeMinutes * 60_000),
      })
      .returning();
    return presentAttempt(row as FaceVerification);
  });
}

/** The JPEG of a selfie sent as base64 (a data: URL prefix is allowed); anything else is refused. */
export function decodeSelfie(image: string): Buffer {
  const data = Buffer.from(image.replace(/^data:image\/jpeg;base64,/, ''), 'base64');
  const isJpeg = data.length > 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff;
  if (!isJpeg || data.length > VERIFICATION_RULES.maxSelfieBytes)
    throw new AppError(400, 'verification_selfie_invalid');
  return data;
}

/**
 * Stores the selfie for the member's open challenge and hands it to the face model (the runner, off the request
 * thread). The selfie is the member's only: it is stored under an unguessable key and served to staff only.
 */
export async function submitSelfie(
  db: Db,
  storage: MediaStorage,
  userId: number,
  input: VerificationSelfie,
  now = new Date(),
): Promise<VerificationAttempt> {
  const image = decodeSelfie(input.image);
  const [row] = await db
    .select()
    .from(faceVerifications)
    .where(and(eq(faceVerifications.id, input.id), eq(faceVerifications.userId, userId)))
    .limit(1);
  if (row?.cause !== 'selfie') throw new AppError(404, 'verification_not_found');
  if (row.status !== 'challenged' || row.expiresAt <= now)
    throw new AppError(409, 'verification_challenge_expired');
  const used = await countSubmittedSince(db, userId, new Date(now.getTime() - DAY_MS));
  if (used >= VERIFICATION_RULES.attemptsPerDay) throw new AppError(429, 'verification_attempts_used');
  const key = `verification/${userId}-${row.id}-${randomBytes(12).toString('hex')}.jpg`;
  await storage.put(key, image, 'image/jpeg');
  const [updated] = await db
    .update(faceVerifications)
    .set({ status: 'checking', selfieKey: key, submittedAt: now })
    .where(and(eq(faceVerifications.id, row.id), eq(faceVerifications.status, 'challenged')))
    .returning();
  if (!updated) {
    await storage.remove(key);
    throw new AppError(409, 'verification_challenge_expired');
  }
  return presentAttempt(updated);
}

/** Gives (or gives back) the badge with the verified face; search cards change. */
export async function grantBadge(
  db: Db,
  input: {
    userId: number;
    verificationId: number | null;
    descriptor: number[];
    checkedPhotoId: number | null;
  },
  now = new Date(),
): Promise<void> {
  if ((await findProfileKind(db, input.userId)) !== 'member')
    throw new AppError(403, 'verification_not_allowed');
  await db
    .insert(verifiedMembers)
    .values({ ...input, verifiedAt: now })
    .onConflictDoUpdate({
      target: verifiedMembers.userId,
      set: { ...input, verifiedAt: now, suspendedAt: null },
    });
  announceListingChange();
}
