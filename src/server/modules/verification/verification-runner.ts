import { eq } from 'drizzle-orm';
import { VERIFICATION_RULES, type VerificationChallenge } from '../../../shared/rules-verification';
import type { Db } from '../../db/client';
import { type FaceVerification, faceVerifications, verifiedMembers } from '../../db/schema';
import { DrainQueue } from '../../lib/drain-queue';
import type { MediaStorage } from '../../lib/storage';
import { photoKey } from '../photos/photos.presenter';
import { announceListingChange } from '../search/search.cache';
import type { FaceReader, FaceReading } from './face-analyzer';
import { decideVerification, mainPhotoStillMatches } from './face-decision';
import {
  claimChecking,
  comparablePhotos,
  expireChallenges,
  selfiesToDelete,
  verifiedWithNewMainPhoto,
} from './verification.repo';
import { grantBadge } from './verification.service';

/** A claimed selfie is another instance's to check for this long; after it, a crashed instance's claim lapses. */
const CLAIM_SECONDS = 120;

export interface RunnerDeps {
  db: Db;
  storage: MediaStorage;
  reader: FaceReader;
  /** told of what went wrong (no member data, no keys) */
  warn(msg: string, err: unknown): void;
}

/**
 * Checks sent selfies one at a time behind the request (the face model itself runs in its worker thread,
 * face-analyzer.ts); the scheduler's jobs drain what is left, re-check verified members' new main photos and delete
 * selfies that are no longer needed.
 */
export class VerificationRunner extends DrainQueue {
  constructor(private readonly deps: RunnerDeps) {
    super();
  }

  protected workOne(): Promise<boolean> {
    return this.checkOne();
  }

  private async readStored(key: string, expressions: boolean): Promise<FaceReading[] | undefined> {
    const file = await this.deps.storage.get(key);
    if (!file) return undefined;
    return this.deps.reader.read(file, { expressions });
  }

  /** Checks one sent selfie; false when none was waiting. */
  async checkOne(): Promise<boolean> {
    const { db } = this.deps;
    let attempt: FaceVerification | undefined;
    try {
      attempt = await claimChecking(db, CLAIM_SECONDS);
    } catch (err) {
      this.deps.warn('verification: claiming failed', err);
      return false;
    }
    if (!attempt) return false;
    try {
      const selfie = attempt.selfieKey ? await this.readStored(attempt.selfieKey, true) : undefined;
      if (!selfie) {
        await this.finish(attempt, { status: 'rejected', reason: 'unreadable' });
        return true;
      }
      const compared = [];
      for (const photo of await comparablePhotos(db, attempt.userId, VERIFICATION_RULES.comparedPhotos)) {
        const faces = await this.readStored(photoKey(photo.storageKey, 'main'), false);
        if (faces) compared.push({ photoId: photo.id, faces });
      }
      const outcome = decideVerification({
        challenge: attempt.challenge as VerificationChallenge,
        selfie,
        photos: compared,
      });
      if (outcome.kind === 'rejected') {
        await this.finish(attempt, {
          status: 'rejected',
          reason: outcome.reason,
          distance: outcome.distance,
          photoId: outcome.photoId,
        });
      } else if (outcome.kind === 'review') {
        await db
          .update(faceVerifications)
          .set({
            status: 'review',
            distance: outcome.distance,
            photoId: outcome.photoId,
            descriptor: outcome.descriptor,
          })
          .where(eq(faceVerifications.id, attempt.id));
      } else {
        const [main] = await comparablePhotos(db, attempt.userId, 1);
        await grantBadge(db, {
          userId: attempt.userId,
          verificationId: attempt.id,
          descriptor: outcome.descriptor,
          checkedPhotoId: main?.isMain ? main.id : null,
        });
        await this.finish(attempt, {
          status: 'verified',
          distance: outcome.distance,
          photoId: outcome.photoId,
        });
      }
    } catch (err) {
      // The model could not read it: refused as unreadable (the member may try again), never left hanging.
      this.deps.warn(`verification: attempt ${attempt.id} could not be checked`, err);
      await this.finish(attempt, { status: 'rejected', reason: 'unreadable' });
    }
    return true;
  }

  /** Ends an attempt and deletes its selfie: kept only as long as needed. */
  private async finish(
    attempt: FaceVerification,
    set: { status: string; reason?: string; distance?: number | null; photoId?: number | null },
  ): Promise<void> {
    await this.deps.db
      .update(faceVerifications)
      .set({ ...set, selfieKey: null, descriptor: null, decidedAt: new Date() })
      .where(eq(faceVerifications.id, attempt.id));
    if (attempt.selfieKey) await this.deps.storage.remove(attempt.selfieKey).catch(() => undefined);
  }

  /**
   * A verified member's new main photo is compared with the verified face: still them, nothing changes; otherwise
   * the badge is held back and a moderator compares the new photo (cause 'main_photo_changed').
   */
  async recheckMainPhotos(): Promise<void> {
    const { db } = this.deps;
    for (const row of await verifiedWithNewMainPhoto(db, 20)) {
      let faces: FaceReading[] = [];
      try {
        faces = (await this.readStored(photoKey(row.storageKey, 'main'), false)) ?? [];
      } catch (err) {
        this.deps.warn(`verification: main photo ${row.photoId} could not be read`, err);
      }
      if (mainPhotoStillMatches(row.descriptor, faces)) {
        await db
          .update(verifiedMembers)
          .set({ checkedPhotoId: row.photoId })
          .where(eq(verifiedMembers.userId, row.userId));
        continue;
      }
      await db.transaction(async (tx) => {
        await tx
          .update(verifiedMembers)
          .set({ checkedPhotoId: row.photoId, suspendedAt: new Date() })
          .where(eq(verifiedMembers.userId, row.userId));
        await tx.insert(faceVerifications).values({
          userId: row.userId,
          cause: 'main_photo_changed',
          challenge: VERIFICATION_RULES.challenges[0],
          status: 'review',
          photoId: row.photoId,
          expiresAt: new Date(),
          submittedAt: new Date(),
        });
      });
      announceListingChange();
    }
  }

  /** Ends unanswered challenges and deletes every selfie no longer needed (and undecided ones gone stale). */
  async cleanUp(now = new Date()): Promise<number> {
    const { db, storage } = this.deps;
    await expireChallenges(db, now);
    const stale = new Date(now.getTime() - VERIFICATION_RULES.staleSelfieHours * 3_600_000);
    const rows = await selfiesToDelete(db, stale, 100);
    for (const row of rows) {
      if (row.selfieKey) await storage.remove(row.selfieKey).catch(() => undefined);
      await db
        .update(faceVerifications)
        .set(
          row.status === 'checking'
            ? { selfieKey: null, descriptor: null, status: 'rejected', reason: 'unreadable', decidedAt: now }
            : { selfieKey: null, descriptor: null },
        )
        .where(eq(faceVerifications.id, row.id));
    }
    return rows.length;
  }
}
