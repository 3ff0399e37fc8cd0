import { eq } from 'drizzle-orm';
import { isLocale } from '../../../shared/locales';
import type { AdminPhotoDecision, PhotoRejectReason } from '../../../shared/schemas/admin-photos';
import { type GroundRef, groundOf } from '../../../shared/schemas/moderation';
import type { Db } from '../../db/client';
import { photos } from '../../db/schema';
import { translate } from '../../i18n/translate';
import { AppError } from '../../lib/app-error';
import { restrictMember } from '../decisions/decisions.service';
import { announceListingChange } from '../search/search.cache';
import { recordStaffAction } from '../staff/staff-audit';
import {
  findNextActivePhoto,
  findQueuedPhoto,
  findQueuePage,
  hasMainPhoto,
  lockPhoto,
  type QueuedPhoto,
  type QueueStatus,
} from './photo-moderation.repo';
import { lockPhotoOwner } from './photos.repo';

/** The ground of the site's terms each rejection reason relies on (the statement of reasons names it). */
export const REJECT_GROUNDS: Record<PhotoRejectReason, GroundRef> = {
  not_a_person: 'terms.3.1',
  explicit: 'terms.4.4',
  not_you: 'terms.3.1',
  minor: 'terms.3.2',
  copyright: 'terms.4.5',
  other: 'terms.3.1',
};

export async function listPhotoQueue(
  db: Db,
  status: QueueStatus,
  siteId: number | undefined,
  page: number,
): Promise<{ rows: QueuedPhoto[]; total: number }> {
  return findQueuePage(db, status, siteId, page);
}

const photoNotFound = () => new AppError(404, 'photo_not_found');
const alreadyDecided = () => new AppError(409, 'photo_already_decided');

/** The facts of a rejection as the member reads them: the reason in their language, then the moderator's note. */
export function rejectionFacts(
  language: string,
  reason: PhotoRejectReason,
  note: string | undefined,
): string {
  const locale = isLocale(language) ? language : 'en';
  const text = translate(locale, `photo_moderation.reasons.${reason}`);
  return note ? `${text}\n${note}` : text;
}

/**
 * A moderator decides a photo of the queue, atomically and once: the member's photo set is locked (as the member's
 * own photo calls lock it), then the photo; a photo no longer queued (another moderator was first) is 409.
 * Approve: public (a member without a main photo gets this one). Reject: rejected with its reason and note, never
 * public; a rejected main photo hands the main role to the next active public photo (or none); the statement of
 * reasons goes to the member in their language (restrictMember, kind photo_rejected). Both are audited in the same
 * transaction.
 */
export async function decidePhoto(
  db: Db,
  staffId: number,
  decision: AdminPhotoDecision,
): Promise<QueuedPhoto> {
  const context = await findQueuedPhoto(db, decision.id);
  if (!context) throw photoNotFound();
  const ownerId = context.photo.userId;
  const siteId = context.site.id;

  const publicChanged = await db.transaction(async (tx) => {
    await lockPhotoOwner(tx, ownerId);
    const photo = await lockPhoto(tx, decision.id);
    if (!photo || photo.userId !== ownerId) throw photoNotFound();
    if (photo.review !== 'queued') throw alreadyDecided();
    const before = { status: photo.status, review: photo.review, main: photo.isMain, flagged: photo.flagged };
    const reviewed = { reviewedAt: new Date(), reviewedBy: staffId };

    if (decision.action === 'approve') {
      const becomesMain = !photo.isMain && !photo.isPrivate && !(await hasMainPhoto(tx, ownerId));
      await tx
        .update(photos)
        .set({ status: 'active', review: 'approved', ...reviewed, ...(becomesMain ? { isMain: true } : {}) })
        .where(eq(photos.id, photo.id));
      await recordStaffAction(tx, staffId, {
        action: 'photo.approve',
        targetType: 'photo',
        targetId: photo.id,
        before,
        after: { status: 'active', review: 'approved', main: photo.isMain || becomesMain },
        siteId,
      });
      return photo.status !== 'active' || becomesMain;
    }

    const note = decision.note ? decision.note : undefined;
    await tx
      .update(photos)
      .set({
        status: 'rejected',
        review: 'rejected',
        isMain: false,
        rejectReason: decision.reason,
        rejectNote: note ?? null,
        ...reviewed,
      })
      .where(eq(photos.id, photo.id));
    let newMain: number | null = null;
    if (photo.isMain) {
      newMain = (await findNextActivePhoto(tx, ownerId, photo.id)) ?? null;
      if (newMain !== null) await tx.update(photos).set({ isMain: true }).where(eq(photos.id, newMain));
    }
    const { decisionId } = await restrictMember(tx, {
      memberId: ownerId,
      staffId,
      kind: 'photo_rejected',
      ground: groundOf(REJECT_GROUNDS[decision.reason]),
      facts: rejectionFacts(context.memberLanguage, decision.reason, note),
      automated: false,
      content: { photoId: photo.id, reason: decision.reason },
    });
    await recordStaffAction(tx, staffId, {
      action: 'photo.reject',
      targetType: 'photo',
      targetId: photo.id,
      before,
      after: { status: 'rejected', reason: decision.reason, note: note ?? null, newMain, decisionId },
      siteId,
    });
    return photo.status === 'active' || newMain !== null;
  });
  // Search cards and profiles must not show the old state (every instance, after the commit).
  if (publicChanged) announceListingChange();
  const after = await findQueuedPhoto(db, decision.id);
  if (!after) throw photoNotFound();
  return after;
}
