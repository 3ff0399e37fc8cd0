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
import { notifyMessage } from '../notifications/notifications.service';

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
    })
    .from(conversationMembers)
    .innerJoin(conversations, eq(conversations.id, conversationMembers.conversationId))
    .where(
      and(eq(conversationMembers.userId, userId), eq(conversationMembers.conversationId, conversationId)),
    );
  return row;
}

/** The sender's row, locked for the rest of the transaction: a member's sends are taken one at a time. */
export async function lockSender(
  tx: Tx,
  userId: number,
): Promise<{ status: string; credits: number; paidUser: boolean } | undefined> {
  const [row] = await tx
    .select({ status: users.status, credits: users.credits, paidUser: users.paidUser })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return row;
}

export async function findMessageByClientId(db: Db | Tx, senderId: number, clientId: string) {
  const [row] = await db
    .select()
    .from(messages)
    .where(and(eq(messages.senderId, senderId), eq(messages.clientId, clientId)));
  return row;
}

/** Conversations the member started (sent the first message of). */
export async function countStartedConversations(tx: Tx, userId: number): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(conversations)
    .where(and(eq(conversations.startedBy, userId), sql`${conversations.startedAt} is not null`));
  return row?.n ?? 0;
}

/** Text messages the member sent without credits (the free messages used; the signup message counts). */
export async function countFreeTexts(tx: Db | Tx, userId: number): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(messages)
    .where(and(eq(messages.senderId, userId), eq(messages.kind, 'text'), eq(messages.credits, 0)));
  return row?.n ?? 0;
}

/** In how many other conversations the member sent this same text within the last `minutes`. */
export async function countSameTextElsewhere(
  tx: Tx,
  userId: number,
  body: string,
  conversationId: number,
  minutes: number,
): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(distinct ${messages.conversationId})`.mapWith(Number) })
    .from(messages)
    .where(
      and(
        eq(messages.senderId, userId),
        sql`${messages.createdAt} > now() - make_interval(mins => ${minutes})`,
        eq(messages.body, body),
        ne(messages.conversationId, conversationId),
      ),
    );
  return row?.n ?? 0;
}

export type NewMessage = Pick<Message, 'conversationId' | 'senderId' | 'kind' | 'body' | 'credits' | 'held'> &
  Partial<Pick<Message, 'clientId' | 'gift' | 'photoKey' | 'photoBlurred' | 'heldReason'>>;

/**
 * Stores a message and brings both sides up to date: the sender's side always, the recipient's (last message,
 * unread + 1) only when the message is delivered (not held). The first message starts the conversation.
 */
export async function insertMessage(tx: Tx, recipientId: number, m: NewMessage): Promise<Message> {
  const [row] = await tx
    .insert(messages)
    .values({ ...m, deliveredAt: m.held ? null : sql`now()` })
    .returning();
  const message = row!;
  await tx
    .update(conversations)
    .set({
      lastMessageAt: sql`now()`,
      startedBy: sql`case when ${conversations.startedAt} is null then ${m.senderId}::bigint else ${conversations.startedBy} end`,
      startedAt: sql`coalesce(${conversations.startedAt}, now())`,
    })
    .where(eq(conversations.id, m.conversationId));
  await tx
    .update(conversationMembers)
    .set({ lastMessageId: message.id, lastMessageAt: message.createdAt })
    .where(
      and(
        eq(conversationMembers.conversationId, m.conversationId),
        eq(conversationMembers.userId, m.senderId!),
      ),
    );
  if (!m.held)
    await deliverToRecipient(tx, m.conversationId, recipientId, message.id, message.createdAt, m.senderId!);
  return message;
}

/** The recipient's side after a delivered message (a new one, or a held one released), and its notification. */
export async function deliverToRecipient(
  tx: Tx,
  conversationId: number,
  recipientId: number,
  messageId: number,
  at: Date,
  senderId: number,
): Promise<void> {
  await tx
    .update(conversationMembers)
    .set({
      lastMessageId: sql`greatest(${conversationMembers.lastMessageId}, ${messageId}::bigint)`,
      lastMessageAt: sql`greatest(${conversationMembers.lastMessageAt}, ${at.toISOString()}::timestamptz)`,
      unread: sql`${conversationMembers.unread} + 1`,
    })
    .where(
      and(
        eq(conversationMembers.conversationId, conversationId),
        eq(conversationMembers.userId, recipientId),
      ),
    );
  // Told by e-mail and push unless read first (docs/notifications.md), in this transaction.
  await notifyMessage(tx, recipientId, { conversationId, messageId, senderId });
}

/** What the member may see of a conversation: after what they cleared, and no held message of the partner. */
function visibleTo(userId: number, side: Pick<MemberSide, 'conversationId' | 'clearedMessageId'>) {
  return and(
    eq(messages.conversationId, side.conversationId),
    gt(messages.id, side.clearedMessageId),
    or(eq(messages.senderId, userId), eq(messages.held, false)),
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
 * The sender's address is confirmed: the messages held for that (not those held for moderation) are delivered, and
 * each recipient's side counts them as unread.
 */
export async function releaseHeldMessages(tx: Tx, senderId: number): Promise<void> {
  const released = await tx
    .update(messages)
    .set({ held: false, heldReason: null, deliveredAt: sql`now()` })
    .where(
      and(
        eq(messages.senderId, senderId),
        eq(messages.held, true),
        or(isNull(messages.heldReason), eq(messages.heldReason, 'unconfirmed')),
      ),
    )
    .returning({ id: messages.id, conversationId: messages.conversationId, createdAt: messages.createdAt });
  for (const m of released) {
    const [side] = await tx
      .select({ partnerId: conversationMembers.partnerId })
      .from(conversationMembers)
      .where(
        and(
          eq(conversationMembers.conversationId, m.conversationId),
          eq(conversationMembers.userId, senderId),
        ),
      );
    if (side) await deliverToRecipient(tx, m.conversationId, side.partnerId, m.id, m.createdAt, senderId);
  }
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
