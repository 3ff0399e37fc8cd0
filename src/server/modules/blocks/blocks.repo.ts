import { and, desc, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { blocks, conversations, photos, profiles, users } from '../../db/schema';
import type { Tx } from '../accounts/accounts.repo';
import { type CardRow, profileCardColumns, publicMainPhoto } from '../members/profile-card.query';

/** Whether a member can be blocked: the account exists and is not deleted. */
export async function blockTargetExists(db: Db | Tx, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), ne(users.status, 'deleted')))
    .limit(1);
  return row !== undefined;
}

/** Inserts the block; a second block of the same member changes nothing. */
export async function insertBlock(tx: Db | Tx, blockerId: number, blockedId: number): Promise<void> {
  await tx.insert(blocks).values({ blockerId, blockedId }).onConflictDoNothing();
}

export async function deleteBlock(db: Db | Tx, blockerId: number, blockedId: number): Promise<void> {
  await db.delete(blocks).where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId)));
}

/** Deletes the conversation of the two members; its messages go with it (ON DELETE CASCADE). */
export async function deleteConversationsBetween(tx: Db | Tx, a: number, b: number): Promise<void> {
  await tx
    .delete(conversations)
    .where(and(eq(conversations.userLow, Math.min(a, b)), eq(conversations.userHigh, Math.max(a, b))));
}

/** The members `blockerId` blocked (newest block first) that still have an account, as card rows. */
export async function findBlockedCards(db: Db, blockerId: number): Promise<CardRow[]> {
  return db
    .select(profileCardColumns)
    .from(blocks)
    .innerJoin(users, eq(users.id, blocks.blockedId))
    .innerJoin(profiles, eq(profiles.userId, blocks.blockedId))
    .leftJoin(photos, publicMainPhoto)
    .where(and(eq(blocks.blockerId, blockerId), ne(users.status, 'deleted')))
    .orderBy(desc(blocks.createdAt), desc(blocks.blockedId));
}
