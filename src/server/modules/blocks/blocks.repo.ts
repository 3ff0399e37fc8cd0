import { and, desc, eq, exists, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { blocks, conversations, photos, profiles, users } from '../../db/schema';
import type { Tx } from '../accounts/accounts.repo';
import { contactWith } from '../member-profile/member-profile.repo';
import { type CardRow, profileCardColumns, publicMainPhoto } from '../members/profile-card.query';

/**
 * The handle of a block: its creation time to the microsecond in UTC, as 20 digits. Unique within one member's
 * blocks (two blocks of one member in the same microsecond would share it), and says nothing about the blocked
 * member.
 */
const blockHandle: SQL<string> = sql<string>`to_char(${blocks.createdAt} at time zone 'UTC', 'YYYYMMDDHH24MISSUS')`;

/** Inserts the block; a second block of the same member changes nothing. */
export async function insertBlock(tx: Db | Tx, blockerId: number, blockedId: number): Promise<void> {
  await tx.insert(blocks).values({ blockerId, blockedId }).onConflictDoNothing();
}

/**
 * Serialises what two members do to each other (a block, a like) for the rest of the transaction: a transaction
 * advisory lock on the pair, the same whoever of the two acts. A like then either commits before the block (which
 * deletes it) or sees the block and is refused.
 */
export async function lockMemberPair(tx: Tx, a: number, b: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${Math.min(a, b)}::int, ${Math.max(a, b)}::int)`);
}

/** Deletes a block; returns the ids of the members unblocked (none or one). */
export async function deleteBlock(db: Db | Tx, blockerId: number, blockedId: number): Promise<number[]> {
  const rows = await db
    .delete(blocks)
    .where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId)))
    .returning({ id: blocks.blockedId });
  return rows.map((r) => r.id);
}

/**
 * Deletes the block of `blockerId` with this handle (see blockHandle); an unknown handle changes nothing. Returns the
 * ids of the members unblocked (for the session caches, never for the answer).
 */
export async function deleteBlockByHandle(db: Db | Tx, blockerId: number, handle: string): Promise<number[]> {
  const rows = await db
    .delete(blocks)
    .where(and(eq(blocks.blockerId, blockerId), sql`${blockHandle} = ${handle}`))
    .returning({ id: blocks.blockedId });
  return rows.map((r) => r.id);
}

/** Deletes the conversation of the two members; its messages go with it (ON DELETE CASCADE). */
export async function deleteConversationsBetween(tx: Db | Tx, a: number, b: number): Promise<void> {
  await tx
    .delete(conversations)
    .where(and(eq(conversations.userLow, Math.min(a, b)), eq(conversations.userHigh, Math.max(a, b))));
}

/** A block of the list with the facts member-profile.policy decides on, and the card columns. */
export interface BlockedRow extends Omit<CardRow, 'name' | 'birthDate' | 'country' | 'fictional' | 'kind'> {
  handle: string;
  userStatus: string;
  /** null when the profile no longer exists (purged account) */
  profileStatus: string | null;
  invisible: boolean | null;
  hasContact: boolean;
  /** the blocked member blocked the blocker too */
  blockedViewer: boolean;
  name: string | null;
  birthDate: string | null;
  country: string | null;
  fictional: boolean | null;
  kind: CardRow['kind'] | null;
}

/** Every block of `blockerId`, newest first, whatever became of the blocked member (the service decides what shows). */
export async function findBlockedRows(db: Db, blockerId: number): Promise<BlockedRow[]> {
  const back = alias(blocks, 'blocked_back');
  return db
    .select({
      handle: blockHandle,
      userStatus: users.status,
      profileStatus: profiles.status,
      invisible: profiles.invisible,
      hasContact: sql<boolean>`${contactWith(db, blockerId, blocks.blockedId)}`,
      blockedViewer: sql<boolean>`${exists(
        db
          .select({ one: sql`1` })
          .from(back)
          .where(and(eq(back.blockerId, blocks.blockedId), eq(back.blockedId, blockerId))),
      )}`,
      ...profileCardColumns,
      id: blocks.blockedId,
    })
    .from(blocks)
    .innerJoin(users, eq(users.id, blocks.blockedId))
    .leftJoin(profiles, eq(profiles.userId, blocks.blockedId))
    .leftJoin(photos, publicMainPhoto)
    .where(eq(blocks.blockerId, blockerId))
    .orderBy(desc(blocks.createdAt), desc(blocks.blockedId));
}
