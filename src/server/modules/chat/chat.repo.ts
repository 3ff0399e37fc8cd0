import { and, desc, eq, gt, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  conversationMembers,
  conversations,
  type Message,
  messages,
  photos,
  profiles,
  users,
} from '../../db/schema';
import type { Tx } from '../accounts/accounts.repo';
import { type CardRow, profileCardColumns, publicMainPhoto } from '../members/profile-card.query';

/**
 * Chat data (issue 11). A conversation is one row per pair (user_low < user_high) and one conversation_members row
 * per side; every message updates the sides in its own transaction, so the chat list and the unread counts never
 * scan messages.
 */

const pair = (a: number, b: number): [number, number] => (a < b ? [a, b] : [b, a]);

/** The conversation of two members, made when missing (both sides too). Safe under races (unique pair). */
export async function ensureConversation(db: Db | Tx, openerId: number, partnerId: number): Promise<number> {
  const [low, high] = pair(openerId, partnerId);
  const [conv] = await db
    .insert(conversations)
    .values({ userLow: low, userHigh: high, startedBy: openerId })
    .onConflictDoUpdate({ target: [conversations.userLow, conversations.userHigh], set: { userLow: low } })
    .returning({ id: conversations.id });
  const id = conv!.id;
  await db
    .insert(conversationMembers)
    .values([
      { conversationId: id, userId: openerId, partnerId },
      { conversationId: id, userId: partnerId, partnerId: openerId },
    ])
    .onConflictDoNothing();
  return id;
}

export interface MemberSide {
  conversationId: number;
  partnerId: number;
  startedAt: Date | null;
  clearedMessageId: number;
  lastMessageId: number;
  /** unmatched (chat-unmatch.ts): when, and by whom */
  endedAt: Date | null;
  endedBy: number | null;
}

/** The member's side of a conversation, or undefined when the member is not part of it (or it does not exist). */
export async function findMemberSide(
  db: Db | Tx,
  userId: number,
  conversationId: number,
): Promise<MemberSide | undefined> {
  const [row] = await db
    .select({
      conversationId: conversationMembers.conversationId,
      partnerId: conversationMembers.partnerId,
      startedAt: conversations.startedAt,
      clearedMessageId: conversationMembers.clearedMessageId,
      lastMessageId: conversationMembers.lastMessageId,
      endedAt: conversations.endedAt,
      endedBy: conversations.endedBy,
    })
    .from(conversationMembers)
    .innerJoin(conversations, eq(conversations.id, conversationMembers.conversationId))
    .where(
      and(eq(conversationMembers.userId, userId), eq(conversationMembers.conversationId, conversationId)),
    );
  return row;
}

/**
 * What the member may see of a conversation: after what they cleared, no held message of the partner, and no
 * message a moderation decision removed (modules/decisions: message_removed; shown again if reversed).
 */
function visibleTo(userId: number, side: Pick<MemberSide, 'conversationId' | 'clearedMessageId'>) {
  return and(
    eq(messages.conversationId, side.conversationId),
    gt(messages.id, side.clearedMessageId),
    or(eq(messages.senderId, userId), eq(messages.held, false)),
    isNull(messages.removedAt),
  );
}

/**
 * A page of messages, newest first, older than `before` when given, never older than `notBefore` (the free
 * members' history limit). Reads limit + 1 to tell whether more follow.
 */
export async function findMessagePage(
  db: Db,
  userId: number,
  side: MemberSide,
  opts: { before: number | undefined; limit: number; notBefore: number },
): Promise<Message[]> {
  return db
    .select()
    .from(messages)
    .where(
      and(
        visibleTo(userId, side),
        opts.before === undefined ? undefined : lt(messages.id, opts.before),
        opts.notBefore > 0 ? sql`${messages.id} >= ${opts.notBefore}` : undefined,
      ),
    )
    .orderBy(desc(messages.id))
    .limit(opts.limit + 1);
}

/** The id of the `n`-th newest message the member may see (0 when there are fewer): the free history's oldest. */
export async function findNthNewestId(db: Db, userId: number, side: MemberSide, n: number): Promise<number> {
  const [row] = await db
    .select({ id: messages.id })
    .from(messages)
    .where(visibleTo(userId, side))
    .orderBy(desc(messages.id))
    .limit(1)
    .offset(n - 1);
  return row?.id ?? 0;
}

/** Whether the member may see any message of the conversation older than `id`. */
export async function hasVisibleBefore(
  db: Db,
  userId: number,
  side: MemberSide,
  id: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: messages.id })
    .from(messages)
    .where(and(visibleTo(userId, side), lt(messages.id, id)))
    .limit(1);
  return row !== undefined;
}

/**
 * Marks everything the partner sent so far as read and the member's unread count 0. Returns the newest message id
 * now read (0 when nothing new was read).
 */
export async function markRead(db: Db, userId: number, side: MemberSide): Promise<number> {
  return db.transaction(async (tx) => {
    const result = await tx
      .update(messages)
      .set({ readAt: sql`now()` })
      .where(
        and(
          eq(messages.conversationId, side.conversationId),
          eq(messages.senderId, side.partnerId),
          eq(messages.held, false),
          isNull(messages.readAt),
        ),
      )
      .returning({ id: messages.id });
    const upTo = result.reduce((max, r) => Math.max(max, r.id), 0);
    await tx
      .update(conversationMembers)
      .set({
        unread: 0,
        lastReadMessageId: sql`greatest(${conversationMembers.lastReadMessageId}, ${upTo}::bigint)`,
      })
      .where(
        and(
          eq(conversationMembers.conversationId, side.conversationId),
          eq(conversationMembers.userId, userId),
        ),
      );
    return upTo;
  });
}

/** Removes the chat from the member's list: what is there now stays hidden from the member; the partner keeps it. */
export async function clearChat(db: Db, userId: number, conversationId: number): Promise<void> {
  await db
    .update(conversationMembers)
    .set({ clearedMessageId: sql`${conversationMembers.lastMessageId}`, unread: 0 })
    .where(
      and(eq(conversationMembers.conversationId, conversationId), eq(conversationMembers.userId, userId)),
    );
}

export interface ChatListRow extends CardRow {
  conversationId: number;
  unread: number;
  lastKind: string;
  lastBody: string;
  lastGift: string | null;
  lastMine: boolean;
  lastAt: Date;
}

/** The member's chats with a message they may see, newest first; partners whose account is gone are left out. */
export async function findChatList(db: Db, userId: number, limit: number): Promise<ChatListRow[]> {
  return db
    .select({
      ...profileCardColumns,
      conversationId: conversationMembers.conversationId,
      unread: conversationMembers.unread,
      lastKind: messages.kind,
      lastBody: sql<string>`left(${messages.body}, 200)`,
      lastGift: messages.gift,
      lastMine: sql<boolean>`${messages.senderId} = ${userId}::bigint`,
      lastAt: messages.createdAt,
    })
    .from(conversationMembers)
    .innerJoin(messages, eq(messages.id, conversationMembers.lastMessageId))
    .innerJoin(profiles, eq(profiles.userId, conversationMembers.partnerId))
    .innerJoin(users, eq(users.id, conversationMembers.partnerId))
    .leftJoin(photos, publicMainPhoto)
    .where(
      and(
        eq(conversationMembers.userId, userId),
        sql`${conversationMembers.lastMessageId} > ${conversationMembers.clearedMessageId}`,
        ne(users.status, 'deleted'),
      ),
    )
    .orderBy(desc(conversationMembers.lastMessageAt))
    .limit(limit);
}

/** A member's card by the card rules (active, public main photo), with the account status. */
export async function findPartner(
  db: Db | Tx,
  memberId: number,
): Promise<(CardRow & { userStatus: string; profileStatus: string; invisible: boolean }) | undefined> {
  const [row] = await db
    .select({
      ...profileCardColumns,
      userStatus: users.status,
      profileStatus: profiles.status,
      invisible: profiles.invisible,
    })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .leftJoin(photos, publicMainPhoto)
    .where(eq(profiles.userId, memberId))
    .limit(1);
  return row;
}

/** The member's credits, premium and account status, read now (the session cache may be older). */
export async function findAccount(db: Db, userId: number) {
  const [row] = await db
    .select({ credits: users.credits, paidUser: users.paidUser, status: users.status })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/** Whether the conversation has any message the member may see (an empty one offers the icebreakers). */
export async function isEmptyFor(db: Db, userId: number, side: MemberSide): Promise<boolean> {
  const [row] = await db.select({ id: messages.id }).from(messages).where(visibleTo(userId, side)).limit(1);
  return row === undefined;
}

/**
 * The recipient of a photo message marks it viewed (it was blurred); undefined when the message is not a delivered
 * photo to this member.
 */
export async function markPhotoViewed(
  db: Db,
  viewerId: number,
  messageId: number,
): Promise<Message | undefined> {
  const [row] = await db
    .update(messages)
    .set({ viewedAt: sql`coalesce(${messages.viewedAt}, now())` })
    .where(
      and(
        eq(messages.id, messageId),
        eq(messages.kind, 'photo'),
        eq(messages.held, false),
        ne(messages.senderId, viewerId),
        sql`exists (select 1 from conversation_members cm where cm.conversation_id = ${messages.conversationId}
                    and cm.user_id = ${viewerId} and ${messages.id} > cm.cleared_message_id)`,
      ),
    )
    .returning();
  return row;
}

/** A chat photo's message and whether `viewerId` is the sender or the recipient who may see it (media route). */
export async function findChatPhotoAccess(db: Db, stem: string, viewerId: number) {
  const [row] = await db
    .select({
      senderId: messages.senderId,
      held: messages.held,
      photoBlurred: messages.photoBlurred,
      viewedAt: messages.viewedAt,
    })
    .from(messages)
    .innerJoin(
      conversationMembers,
      and(
        eq(conversationMembers.conversationId, messages.conversationId),
        eq(conversationMembers.userId, viewerId),
        gt(messages.id, conversationMembers.clearedMessageId),
      ),
    )
    .where(eq(messages.photoKey, stem))
    .limit(1);
  return row;
}
