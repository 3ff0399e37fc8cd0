import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { conversationMembers, conversations, users } from '../../db/schema';
import { lockMemberPair } from '../blocks/blocks.repo';
import { deleteLikesBetween } from '../likes/likes.repo';
import { findMemberSide } from './chat.repo';
import { conversationNotFound } from './chat.service';

/**
 * Unmatch (issue 21, point 4; docs/decisions.md "Unmatch"): a member ends a conversation. In one transaction the
 * conversation is marked ended (no message is sent in it any more, either way: chat.service sendMessage refuses with
 * 409 conversation_ended), the likes between the two are taken back (so they are no match any more), and the
 * member's own chat list forgets the conversation (as removing a chat does). The partner keeps the conversation and
 * sees it ended. Credits already paid for messages are not refunded, read or unread. Ending an ended conversation
 * changes nothing. Returns the partner to tell.
 *
 * Both members' rows are locked first (in id order, FOR NO KEY UPDATE as a send locks its sender): a send of either
 * member in flight commits before the end, and a send after it reads the end under its lock (sendChecksStep).
 */
export async function unmatchConversation(
  db: Db,
  viewerId: number,
  conversationId: number,
): Promise<{ partnerId: number; ended: boolean }> {
  const side = await findMemberSide(db, viewerId, conversationId);
  if (!side) throw conversationNotFound();
  const { partnerId } = side;
  const ended = await db.transaction(async (tx) => {
    await tx
      .select({ id: users.id })
      .from(users)
      .where(inArray(users.id, [viewerId, partnerId]))
      .orderBy(users.id)
      .for('no key update');
    await lockMemberPair(tx, viewerId, partnerId);
    const rows = await tx
      .update(conversations)
      .set({ endedAt: sql`now()`, endedBy: viewerId })
      .where(and(eq(conversations.id, conversationId), isNull(conversations.endedAt)))
      .returning({ id: conversations.id });
    if (rows.length === 0) return false;
    await deleteLikesBetween(tx, viewerId, partnerId);
    await tx
      .update(conversationMembers)
      .set({ clearedMessageId: sql`${conversationMembers.lastMessageId}`, unread: 0 })
      .where(
        and(eq(conversationMembers.conversationId, conversationId), eq(conversationMembers.userId, viewerId)),
      );
    return true;
  });
  return { partnerId, ended };
}
