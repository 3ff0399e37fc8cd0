import { and, asc, count, desc, eq, type SQL } from 'drizzle-orm';
import { PHOTO_QUEUE_PAGE_SIZE } from '../../../shared/schemas/admin-photos';
import type { Db } from '../../db/client';
import { type Photo, photos, profiles, type Site, sites, users } from '../../db/schema';
import type { Tx } from '../accounts/accounts.repo';

/** A photo with what a moderator needs beside it: the member and the member's site. */
export interface QueuedPhoto {
  photo: Photo;
  memberName: string;
  memberLanguage: string;
  site: Pick<Site, 'id' | 'domain' | 'name' | 'photoReview'>;
}

const columns = {
  photo: photos,
  memberName: profiles.name,
  memberLanguage: users.language,
  site: { id: sites.id, domain: sites.domain, name: sites.name, photoReview: sites.photoReview },
};

export type QueueStatus = 'pending' | 'approved' | 'rejected';

function queueWhere(status: QueueStatus, siteId: number | undefined): SQL | undefined {
  const review = status === 'pending' ? 'queued' : status;
  return and(eq(photos.review, review), siteId === undefined ? undefined : eq(users.siteId, siteId));
}

/**
 * One page of the queue: awaiting a decision oldest first (the partial index photos_review_queue_idx), decided ones
 * newest decision first. Optionally of one site (the member's home site).
 */
export async function findQueuePage(
  db: Db,
  status: QueueStatus,
  siteId: number | undefined,
  page: number,
): Promise<{ rows: QueuedPhoto[]; total: number }> {
  const where = queueWhere(status, siteId);
  const order =
    status === 'pending'
      ? [asc(photos.createdAt), asc(photos.id)]
      : [desc(photos.reviewedAt), desc(photos.id)];
  const [rows, [totalRow]] = await Promise.all([
    db
      .select(columns)
      .from(photos)
      .innerJoin(users, eq(users.id, photos.userId))
      .innerJoin(profiles, eq(profiles.userId, photos.userId))
      .innerJoin(sites, eq(sites.id, users.siteId))
      .where(where)
      .orderBy(...order)
      .limit(PHOTO_QUEUE_PAGE_SIZE)
      .offset((page - 1) * PHOTO_QUEUE_PAGE_SIZE),
    db.select({ n: count() }).from(photos).innerJoin(users, eq(users.id, photos.userId)).where(where),
  ]);
  return { rows, total: totalRow?.n ?? 0 };
}

/** One photo with its member and site (for the decision's answer and the image route). */
export async function findQueuedPhoto(db: Db | Tx, id: number): Promise<QueuedPhoto | undefined> {
  const [row] = await db
    .select(columns)
    .from(photos)
    .innerJoin(users, eq(users.id, photos.userId))
    .innerJoin(profiles, eq(profiles.userId, photos.userId))
    .innerJoin(sites, eq(sites.id, users.siteId))
    .where(eq(photos.id, id))
    .limit(1);
  return row;
}

export async function lockPhoto(tx: Tx, id: number): Promise<Photo | undefined> {
  const [row] = await tx.select().from(photos).where(eq(photos.id, id)).limit(1).for('update');
  return row;
}

/** The member's first public active photo in upload order (the photo manager's order after the main one). */
export async function findNextActivePhoto(
  tx: Tx,
  userId: number,
  except: number,
): Promise<number | undefined> {
  const rows = await tx
    .select({ id: photos.id })
    .from(photos)
    .where(and(eq(photos.userId, userId), eq(photos.status, 'active'), eq(photos.isPrivate, false)))
    .orderBy(asc(photos.createdAt), asc(photos.id))
    .limit(2);
  return rows.find((r) => r.id !== except)?.id;
}

export async function hasMainPhoto(tx: Tx, userId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: photos.id })
    .from(photos)
    .where(and(eq(photos.userId, userId), eq(photos.isMain, true)))
    .limit(1);
  return row !== undefined;
}
