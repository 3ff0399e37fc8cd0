import { randomUUID } from 'node:crypto';
import { RULES } from '../../../shared/rules';
import { PHOTO_UPLOAD, type PhotoUpdate } from '../../../shared/schemas/photos';
import type { Db } from '../../db/client';
import type { Photo } from '../../db/schema';
import { AppError, fieldError, notFound } from '../../lib/app-error';
import { ImageBusy, ImageRejected, processUpload } from '../../lib/images';
import type { MediaStorage } from '../../lib/storage';
import { invalidateSearchCaches } from '../search/search.cache';
import { PHOTO_SIZES, type PhotoSize, photoKey } from './photos.presenter';
import {
  clearMainPhoto,
  countPhotosOfUser,
  deletePhotoRow,
  findOwnPhotoForUpdate,
  findPhotoOwner,
  findPhotosOfUser,
  hasMainPhoto,
  insertPhoto,
  lockPhotoOwner,
  promoteNewestPublicPhoto,
  updatePhotoFlags,
} from './photos.repo';

/** pending (awaits moderation) | active (visible) | rejected (by moderation) */
export type PhotoStatus = 'pending' | 'active' | 'rejected';

const SIZES = Object.keys(PHOTO_SIZES) as PhotoSize[];

export function photoLimit(paidUser: boolean): number {
  return paidUser ? RULES.photos.premiumMax : RULES.photos.freeMax;
}

const limitError = (max: number) => new AppError(409, 'photo_limit', 'errors.photo_limit', { max });

export const photoInvalid = () => fieldError(400, 'photo_invalid', 'photo', 'errors.photo_invalid');
export const photoTooLarge = () =>
  fieldError(400, 'photo_too_large', 'photo', 'errors.photo_too_large', {
    max_mb: Math.round(PHOTO_UPLOAD.maxBytes / (1024 * 1024)),
    max_megapixels: Math.round(PHOTO_UPLOAD.maxPixels / 1_000_000),
    max_side: PHOTO_UPLOAD.maxSidePx,
  });
/** 503: the image work of this instance is saturated; the route adds Retry-After. */
export const photoBusy = () => new AppError(503, 'photo_busy', 'errors.photo_busy');

export async function listOwnPhotos(db: Db, userId: number): Promise<Photo[]> {
  return findPhotosOfUser(db, userId);
}

async function removeFiles(storage: MediaStorage, stem: string): Promise<void> {
  await Promise.allSettled(SIZES.map((size) => storage.remove(photoKey(stem, size))));
}

export interface UploadInput {
  userId: number;
  /** the uploaded file, already limited to the byte limit by the route */
  file: Buffer;
}

/**
 * Stores a new photo of a member: checks the photo limit, re-encodes the image into its sizes, stores the files
 * and inserts the row, held (pending, visible to its owner only) until the nudity classifier has scored it
 * (photo-screening.ts; the caller kicks the screening queue). The first photo (or any photo while the member has no
 * main photo) becomes the main photo; others see it once it is public. Pending and rejected photos count toward
 * the limit. The count and the insert run under a lock of the member's user row, so concurrent uploads cannot pass
 * the limit.
 */
export async function uploadPhoto(db: Db, storage: MediaStorage, input: UploadInput): Promise<Photo> {
  const { userId } = input;
  const owner = await findPhotoOwner(db, userId);
  // A quick check before the costly image work; the locked check below is the one that counts.
  if (owner) {
    const max = photoLimit(owner.paidUser);
    if ((await countPhotosOfUser(db, userId)) >= max) throw limitError(max);
  }

  let image: Awaited<ReturnType<typeof processUpload>>;
  try {
    image = await processUpload(input.file);
  } catch (err) {
    if (err instanceof ImageRejected)
      throw err.reason === 'too_many_pixels' ? photoTooLarge() : photoInvalid();
    if (err instanceof ImageBusy) throw photoBusy();
    throw err;
  }

  const stem = `u/${userId}/${randomUUID()}`;
  try {
    for (const size of SIZES) await storage.put(photoKey(stem, size), image.sizes[size], 'image/jpeg');
    const photo = await db.transaction(async (tx) => {
      const locked = await lockPhotoOwner(tx, userId);
      if (!locked) throw notFound();
      const max = photoLimit(locked.paidUser);
      if ((await countPhotosOfUser(tx, userId)) >= max) throw limitError(max);
      const isMain = !(await hasMainPhoto(tx, userId));
      return insertPhoto(tx, {
        userId,
        storageKey: stem,
        status: 'pending',
        screening: 'waiting',
        isMain,
        width: image.width,
        height: image.height,
      });
    });
    return photo;
  } catch (err) {
    await removeFiles(storage, stem);
    throw err;
  }
}

/**
 * Changes the main or private flag of one of the member's own photos (another member's photo is not found).
 * A private photo cannot be the main photo: asking for both is refused; making the main photo private hands the
 * main role to the newest other public photo.
 */
export async function updateOwnPhoto(db: Db, userId: number, change: PhotoUpdate): Promise<void> {
  await db.transaction(async (tx) => {
    await lockPhotoOwner(tx, userId);
    const photo = await findOwnPhotoForUpdate(tx, userId, change.id);
    if (!photo) throw notFound();
    const isPrivate = change.private ?? photo.isPrivate;
    if (change.main && isPrivate) throw new AppError(400, 'photo_private_main');
    if (change.main && photo.status === 'rejected') throw new AppError(400, 'photo_rejected_main');

    if (change.main && !photo.isMain) {
      await clearMainPhoto(tx, userId);
      await updatePhotoFlags(tx, photo.id, { isMain: true, isPrivate });
      return;
    }
    if (isPrivate && photo.isMain) {
      await updatePhotoFlags(tx, photo.id, { isMain: false, isPrivate });
      await promoteNewestPublicPhoto(tx, userId);
      return;
    }
    if (isPrivate !== photo.isPrivate) await updatePhotoFlags(tx, photo.id, { isPrivate });
  });
  // The main photo may have changed: search cards must not show the old one.
  invalidateSearchCaches();
}

/**
 * Deletes one of the member's own photos and its files. When it was the main photo, the newest remaining public
 * photo becomes the main photo.
 */
export async function deleteOwnPhoto(
  db: Db,
  storage: MediaStorage,
  userId: number,
  id: number,
): Promise<void> {
  const { stem, wasMain } = await db.transaction(async (tx) => {
    await lockPhotoOwner(tx, userId);
    const photo = await findOwnPhotoForUpdate(tx, userId, id);
    if (!photo) throw notFound();
    await deletePhotoRow(tx, photo.id);
    if (photo.isMain) await promoteNewestPublicPhoto(tx, userId);
    return { stem: photo.storageKey, wasMain: photo.isMain };
  });
  // Search cards must not point at the files removed below.
  if (wasMain) invalidateSearchCaches();
  // After the commit: a file left behind by a failing storage is harmless, a row without files is not.
  await removeFiles(storage, stem);
}
