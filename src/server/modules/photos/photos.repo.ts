import { and, asc, count, desc, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type Photo, photos, users } from '../../db/schema';
import type { Tx } from '../accounts/accounts.repo';

/** A member's photos: the main photo first, then in upload order. */
export async function findPhotosOfUser(db: Db | Tx, userId: number): Promise<Photo[]> {
  return db
    .select()
    .from(photos)
    .where(eq(photos.userId, userId))
    .orderBy(desc(photos.isMain), asc(photos.createdAt), asc(photos.id));
}

/** One photo, only when it belongs to `userId`; locked for the rest of the transaction. */
export async function findOwnPhotoForUpdate(tx: Tx, userId: number, id: number): Promise<Photo | undefined> {
  const [row] = await tx
    .select()
    .from(photos)
    .where(and(eq(photos.id, id), eq(photos.userId, userId)))
    .limit(1)
    .for('update');
  return row;
}

/**
 * Locks the member's user row: every change to the member's photo set (count-and-insert, main switches) runs
 * one at a time per member. Returns whether the member is premium, or undefined for an unknown member.
 */
export async function lockPhotoOwner(tx: Tx, userId: number): Promise<{ paidUser: boolean } | undefined> {
  const [row] = await tx
    .select({ paidUser: users.paidUser })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1)
    .for('update');
  return row;
}

/** Whether the member is premium (unlocked read, for a quick check before costly work). */
export async function findPhotoOwner(
  db: Db | Tx,
  userId: number,
): Promise<{ paidUser: boolean } | undefined> {
  const [row] = await db
    .select({ paidUser: users.paidUser })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

export async function countPhotosOfUser(db: Db | Tx, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(photos).where(eq(photos.userId, userId));
  return row?.n ?? 0;
}

export async function hasMainPhoto(db: Db | Tx, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: photos.id })
    .from(photos)
    .where(and(eq(photos.userId, userId), eq(photos.isMain, true)))
    .limit(1);
  return row !== undefined;
}

export async function insertPhoto(
  tx: Tx,
  values: Pick<Photo, 'userId' | 'storageKey' | 'status' | 'isMain' | 'width' | 'height'> &
    Partial<Pick<Photo, 'screening' | 'review'>>,
): Promise<Photo> {
  const [row] = await tx.insert(photos).values(values).returning();
  if (!row) throw new Error('photo insert returned nothing');
  return row;
}

export async function updatePhotoFlags(
  tx: Tx,
  id: number,
  set: Partial<Pick<Photo, 'isMain' | 'isPrivate'>>,
): Promise<void> {
  if (Object.keys(set).length === 0) return;
  await tx.update(photos).set(set).where(eq(photos.id, id));
}

/** Clears the main flag of the member's current main photo (before another one becomes main). */
export async function clearMainPhoto(tx: Tx, userId: number): Promise<void> {
  await tx
    .update(photos)
    .set({ isMain: false })
    .where(and(eq(photos.userId, userId), eq(photos.isMain, true)));
}

/** Makes the member's newest public, not rejected photo the main photo; returns it, or undefined when none. */
export async function promoteNewestPublicPhoto(tx: Tx, userId: number): Promise<Photo | undefined> {
  const [next] = await tx
    .select({ id: photos.id })
    .from(photos)
    .where(and(eq(photos.userId, userId), eq(photos.isPrivate, false), ne(photos.status, 'rejected')))
    .orderBy(desc(photos.createdAt), desc(photos.id))
    .limit(1);
  if (!next) return undefined;
  const [row] = await tx.update(photos).set({ isMain: true }).where(eq(photos.id, next.id)).returning();
  return row;
}

export async function deletePhotoRow(tx: Tx, id: number): Promise<void> {
  await tx.delete(photos).where(eq(photos.id, id));
}
