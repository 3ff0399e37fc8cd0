import { RULES, SAFETY_RULES } from '../../../shared/rules';
import type {
  ChatMessage,
  ChatsResponse,
  Conversation as ConversationDto,
  MessagesResponse,
  SendMessageRequest,
} from '../../../shared/schemas/chat';
import type { Db } from '../../db/client';
import { pipelinedTransaction } from '../../db/pipelined-transaction';
import type { Message, Site } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Tx } from '../accounts/accounts.repo';
import type { SessionWithUser } from '../auth/sessions.repo';
import { blockedEitherWay } from '../blocks/blocks.policy';
import { cardOptions, presentProfileCard } from '../member-profile/member-profile.presenter';
import { contactExists } from '../member-profile/member-profile.repo';
import { accessToMember, memberNotFound } from '../member-profile/member-profile.service';
import { safetyFlagOf } from '../safety/message-safety';
import { flagFirstMessageStep, flagRepeatedFirstMessageStep } from '../safety/safety-flags.repo';
import { heldUntilConfirmed, mayWriteTo, type PartnerFacts, partnerCanReply } from './chat.policy';
import {
  clearChat,
  ensureConversation,
  findAccount,
  findChatList,
  findMemberSide,
  findMessagePage,
  findNthNewestId,
  findPartner,
  hasVisibleBefore,
  isEmptyFor,
  type MemberSide,
  markPhotoViewed,
  markRead,
} from './chat.repo';
import { chatPhotoUrl } from './chat-photos';
import {
  countFreeTexts,
  insertedMessageOf,
  insertMessageStep,
  messageByIdStep,
  messageOf,
  sendChecksOf,
  sendChecksStep,
  sendContextOf,
  sendContextStep,
} from './chat-send.repo';

/**
 * Chat (issue 11): conversations, messages paid with credits, the free members' limits. Costs and limits come from
 * the site settings and RULES.chat (docs/decisions.md "Chat"). The routes publish the live events this returns.
 */

export type ChatSite = Pick<
  Site,
  | 'cdnPrefix'
  | 'visibleProfileFields'
  | 'messageCredits'
  | 'photoCredits'
  | 'giftCredits'
  | 'messageLength'
  | 'freeMessages'
  | 'freeHistoryMessages'
>;

export interface Viewer {
  id: number;
  /** the viewer's country (the message price) */
  country: string;
}

export const conversationNotFound = () => new AppError(404, 'conversation_not_found');
export const conversationLimitReached = () =>
  new AppError(403, 'conversation_limit_reached', 'errors.conversation_limit_reached', {
    count: RULES.freeMember.maxStartedConversations,
  });
export const messageTooLong = (max: number) =>
  new AppError(400, 'message_too_long', 'errors.message_too_long', { max });
export const conversationEnded = () => new AppError(409, 'conversation_ended', 'errors.conversation_ended');
export const firstMessageRateLimited = () =>
  new AppError(429, 'first_message_rate_limited', 'errors.first_message_rate_limited');

/** The viewer's side of a conversation, or 404 when the viewer is not part of it. */
async function sideOf(db: Db | Tx, viewerId: number, conversationId: number): Promise<MemberSide> {
  const side = await findMemberSide(db, viewerId, conversationId);
  if (!side) throw conversationNotFound();
  return side;
}

async function partnerFacts(db: Db | Tx, viewerId: number, partnerId: number) {
  const [partner, blocked, inContact] = await Promise.all([
    findPartner(db, partnerId),
    blockedEitherWay(db, viewerId, partnerId),
    contactExists(db, viewerId, partnerId),
  ]);
  if (!partner) return undefined;
  const facts: PartnerFacts = {
    userStatus: partner.userStatus,
    profileStatus: partner.profileStatus,
    invisible: partner.invisible,
    blockedEitherWay: blocked,
    inContact,
  };
  return { partner, facts };
}

/** The files of a chat photo (chat-photos.ts) as the viewer may see them: blurred until the recipient taps it. */
function presentPhoto(m: Message, mine: boolean, cdnPrefix: string): ChatMessage['photo'] {
  if (m.kind !== 'photo' || !m.photoKey) return null;
  const blurred = !mine && m.photoBlurred && m.viewedAt === null;
  return {
    url: chatPhotoUrl(cdnPrefix, m.photoKey, blurred ? 'blur' : 'main'),
    thumb_url: chatPhotoUrl(cdnPrefix, m.photoKey, blurred ? 'blur' : 'thumb'),
    blurred,
  };
}

export function presentMessage(m: Message, viewerId: number, cdnPrefix: string): ChatMessage {
  const mine = m.senderId === viewerId;
  return {
    id: m.id,
    client_id: m.clientId ?? `m-${m.id}`,
    conversation_id: m.conversationId,
    mine,
    kind: m.kind as ChatMessage['kind'],
    text: m.kind === 'text' ? m.body : null,
    gift: m.gift,
    photo: presentPhoto(m, mine, cdnPrefix),
    created_at: m.createdAt.toISOString(),
    status: m.held ? 'held' : m.readAt ? 'read' : 'sent',
    // The recipient's gentle warning of a first message with contact details or a scam pattern (modules/safety).
    ...(!mine && m.safetyFlag
      ? { safety_warning: m.safetyFlag as NonNullable<ChatMessage['safety_warning']> }
      : {}),
  };
}

/** Free text messages left for a member who never paid (members who paid have none: every message costs). */
function freeLeft(site: ChatSite, paidUser: boolean, used: number): number {
  return paidUser ? 0 : Math.max(0, site.freeMessages - used);
}

/** The conversation's header and the viewer's terms. */
export async function getConversation(
  db: Db,
  viewer: Viewer,
  conversationId: number,
  site: ChatSite,
): Promise<ConversationDto> {
  const side = await sideOf(db, viewer.id, conversationId);
  const [found, account, empty, freeUsed] = await Promise.all([
    findPartner(db, side.partnerId),
    findAccount(db, viewer.id),
    isEmptyFor(db, viewer.id, side),
    countFreeTexts(db, viewer.id),
  ]);
  if (!found || !account) throw conversationNotFound();
  return {
    id: conversationId,
    profile: presentProfileCard(found, cardOptions(site)),
    partner_can_reply: partnerCanReply(found),
    held_until_confirmed: heldUntilConfirmed(account.status),
    empty,
    costs: { message: site.messageCredits, photo: site.photoCredits, gift: site.giftCredits },
    message_length: site.messageLength,
    free_messages_left: freeLeft(site, account.paidUser, freeUsed),
    credits: account.credits,
    premium: account.paidUser,
    ...(side.endedAt && { ended: side.endedBy === viewer.id ? ('me' as const) : ('partner' as const) }),
  };
}

/**
 * Opens the conversation with a member (POST /api/conversation.php), making it when there is none. Opening starts
 * nothing: the free members' limit counts conversations in which they sent the first message.
 */
export async function openConversation(
  db: Db,
  viewer: Viewer & { session: Pick<SessionWithUser, 'user'> },
  memberId: number,
  site: ChatSite,
) {
  if (memberId === viewer.id) throw memberNotFound();
  const { member, access, blockedByMe } = await accessToMember(db, viewer.session, memberId);
  const found = await partnerFacts(db, viewer.id, memberId);
  const visible = member !== undefined && access === 'visible' && !blockedByMe;
  if (!found || !visible || !mayWriteTo(found.facts)) throw memberNotFound();
  const id = await ensureConversation(db, viewer.id, memberId);
  return getConversation(db, viewer, id, site);
}

export async function listChats(db: Db, viewerId: number, site: ChatSite): Promise<ChatsResponse> {
  const rows = await findChatList(db, viewerId, RULES.chat.listMax);
  const opts = cardOptions(site);
  const now = new Date();
  const chats = rows.map((r) => ({
    conversation: { id: r.conversationId },
    profile: presentProfileCard(r, opts, now),
    num_unread_messages: r.unread,
    last_message: {
      kind: r.lastKind as ChatMessage['kind'],
      text:
        r.lastKind === 'text'
          ? r.lastBody.slice(0, RULES.chat.previewChars)
          : r.lastKind === 'gift'
            ? r.lastGift
            : null,
      mine: r.lastMine,
      created_at: r.lastAt.toISOString(),
    },
  }));
  return { chats, total_unread: chats.reduce((n, c) => n + c.num_unread_messages, 0) };
}

/**
 * A page of messages, newest first. Members who never paid see only the newest `free_history_messages` of a
 * conversation; `hidden_older` says older ones exist (premium shows them).
 */
export async function listMessages(
  db: Db,
  viewer: { id: number; paidUser: boolean },
  query: { conversation: number; before?: number | undefined; limit: number },
  site: ChatSite,
): Promise<MessagesResponse> {
  const side = await sideOf(db, viewer.id, query.conversation);
  const notBefore = viewer.paidUser
    ? 0
    : await findNthNewestId(db, viewer.id, side, site.freeHistoryMessages);
  const rows = await findMessagePage(db, viewer.id, side, {
    before: query.before,
    limit: query.limit,
    notBefore,
  });
  const hasMore = rows.length > query.limit;
  const page = rows.slice(0, query.limit);
  const hiddenOlder = notBefore > 0 && !hasMore && (await hasVisibleBefore(db, viewer.id, side, notBefore));
  return {
    messages: page.map((m) => presentMessage(m, viewer.id, site.cdnPrefix)),
    has_more: hasMore,
    hidden_older: hiddenOlder,
  };
}

/** A text or gift as the client sends it, or a photo already processed and stored (chat-photos.ts). */
export type SendInput =
  | SendMessageRequest
  | { conversation: number; client_id: string; kind: 'photo'; photoKey: string };

export interface SentMessage {
  message: Message;
  recipientId: number;
  /** false: a retried send that was stored before (nothing new to announce) */
  created: boolean;
  credits: number;
  freeMessagesLeft: number;
}

/**
 * Sends a text, a gift or a photo. One transaction holds the sender's row lock (a member's sends are taken one at a
 * time), the checks, the message, the ledger row and the debit: 50 parallel sends with credits for one store one
 * message. A retried send (same client_id) returns the stored message and charges nothing.
 *
 * Two round trips (db/pipelined-transaction.ts): `begin`, the lock with the context and the checks; then, once the
 * rules below have decided, the message statement (with the debit) and `commit`.
 */
export async function sendMessage(
  db: Db,
  viewerId: number,
  req: SendInput,
  site: ChatSite,
): Promise<SentMessage> {
  const sent = await pipelinedTransaction(db, async (p): Promise<SentMessage | 'rate_limited'> => {
    const body = req.kind === 'text' ? req.text : '';
    const [contextRows, checkRows] = await p.run(
      sendContextStep(viewerId, req.conversation),
      sendChecksStep({
        userId: viewerId,
        clientId: req.client_id,
        conversationId: req.conversation,
        kind: req.kind,
        text: req.kind === 'text' ? body : null,
        minutes: RULES.chat.sameText.windowMinutes,
        firstMinutes: SAFETY_RULES.firstMessage.repeatWindowMinutes,
      }),
    );
    const side = sendContextOf(contextRows);
    if (!side) throw conversationNotFound();
    if (req.kind === 'text' && req.text.length > site.messageLength) throw messageTooLong(site.messageLength);
    if (!side.facts || !mayWriteTo(side.facts)) throw conversationNotFound();
    const sender = side.sender;
    const checks = sendChecksOf(checkRows);
    const freeUsed = checks.freeUsed;
    if (checks.againId !== undefined) {
      const [rows] = await p.commit(messageByIdStep(checks.againId));
      const again = messageOf(rows);
      if (!again) throw conversationNotFound();
      if (again.conversationId !== req.conversation) throw new AppError(409, 'client_id_reused');
      return {
        message: again,
        recipientId: side.partnerId,
        created: false,
        credits: sender.credits,
        freeMessagesLeft: freeLeft(site, sender.paidUser, freeUsed),
      };
    }
    if (checks.ended) throw conversationEnded();
    // The same first message to many members (modules/safety): refused and flagged as spam, the flag committed. The
    // count is read under the sender's row lock, so parallel sends are counted one after another.
    if (req.kind === 'text' && checks.sameFirst >= SAFETY_RULES.firstMessage.repeatMembers) {
      await p.commit(
        flagRepeatedFirstMessageStep({
          senderId: viewerId,
          body,
          minutes: SAFETY_RULES.firstMessage.repeatWindowMinutes,
        }),
      );
      return 'rate_limited' as const;
    }
    // The free members' limit on started conversations (a conversation once started stays started).
    if (!sender.paidUser && checks.startedOthers >= RULES.freeMember.maxStartedConversations) {
      throw conversationLimitReached();
    }
    const free = req.kind === 'text' && freeLeft(site, sender.paidUser, freeUsed) > 0;
    const cost = free
      ? 0
      : { text: site.messageCredits, gift: site.giftCredits, photo: site.photoCredits }[req.kind];
    // The balance was read under the sender's row lock, so it is the balance the debit will find.
    if (cost > sender.credits) throw new AppError(402, 'insufficient_credits');
    const spam = req.kind === 'text' && checks.sameText >= RULES.chat.sameText.members - 1;
    const unconfirmed = heldUntilConfirmed(sender.status);
    const safetyFlag = req.kind === 'text' && checks.firstOfSender ? safetyFlagOf(body) : null;
    const flagSteps = safetyFlag
      ? [flagFirstMessageStep({ senderId: viewerId, clientId: req.client_id, flag: safetyFlag })]
      : [];
    const [rows] = await p.commit(
      insertMessageStep(
        side.partnerId,
        {
          conversationId: req.conversation,
          senderId: viewerId,
          clientId: req.client_id,
          kind: req.kind,
          body,
          gift: req.kind === 'gift' ? req.gift : null,
          photoKey: req.kind === 'photo' ? req.photoKey : null,
          // A photo from somebody the recipient has not matched with arrives blurred.
          photoBlurred: req.kind === 'photo' && !checks.matched,
          credits: cost,
          held: unconfirmed || spam,
          heldReason: unconfirmed ? 'unconfirmed' : spam ? 'moderation' : null,
          safetyFlag,
        },
        `message:${req.kind}`,
      ),
      ...flagSteps,
    );
    const { message, balanceAfter } = insertedMessageOf(rows);
    return {
      message,
      recipientId: side.partnerId,
      created: true,
      credits: balanceAfter ?? sender.credits,
      freeMessagesLeft: freeLeft(site, sender.paidUser, freeUsed + (free ? 1 : 0)),
    };
  });
  if (sent === 'rate_limited') throw firstMessageRateLimited();
  return sent;
}

/** Marks the conversation read for the viewer; returns the partner to tell and the newest message read. */
export async function readChat(db: Db, viewerId: number, conversationId: number) {
  const side = await sideOf(db, viewerId, conversationId);
  const upTo = await markRead(db, viewerId, side);
  return { partnerId: side.partnerId, readUpTo: upTo };
}

/** Removes the chat from the viewer's list (the partner keeps it); a new message brings it back. */
export async function deleteChat(db: Db, viewerId: number, conversationId: number): Promise<void> {
  await sideOf(db, viewerId, conversationId);
  await clearChat(db, viewerId, conversationId);
}

/** The recipient taps a blurred photo: from now on it is shown clear (POST /api/message-view.php). */
export async function viewPhoto(
  db: Db,
  viewerId: number,
  messageId: number,
  cdnPrefix: string,
): Promise<ChatMessage> {
  const m = await markPhotoViewed(db, viewerId, messageId);
  if (!m) throw new AppError(404, 'message_not_found');
  return presentMessage(m, viewerId, cdnPrefix);
}
