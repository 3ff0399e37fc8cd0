import { and, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { namedStatement, rowOf } from '../../db/named-query';
import { conversationMembers, type Message, messages } from '../../db/schema';
import type { Tx } from '../accounts/accounts.repo';
import { spendCtes } from '../credits/credits.service';
import { messageNotificationCtes } from '../notifications/notifications.repo';
import type { PartnerFacts } from './chat.policy';

/**
 * Sending a message (issue 11): what a send reads before and under the sender's lock (the context, the checks), the
 * message statement that also brings both sides up to date and queues the notification, and the delivery of held
 * messages once the sender's address is confirmed. The conversations, sides and pages are in chat.repo.
 */

/** What a send needs to know before its checks: the sender's account and side, and the partner's facts. */
export interface SendContext {
  sender: { status: string; credits: number; paidUser: boolean };
  partnerId: number;
  /** undefined when the partner's account or profile is gone */
  facts: PartnerFacts | undefined;
}

/**
 * The first statement of a send's transaction: locks the sender's row for the rest of it (a member's sends are
 * taken one at a time) and reads the sender's side of the conversation with the partner's facts (findPartner's
 * status columns, blockedEitherWay, and contactExists: the conversation is the pair's only one). No row when the
 * member is not part of the conversation (sendContextOf: undefined). One statement instead of five
 * (docs/performance.md "Chat").
 *
 * FOR NO KEY UPDATE (what the credits update takes anyway), not FOR UPDATE: that would also block every foreign key
 * to the member, such as the notification of a message to this member, and two members writing to each other at
 * once would wait for each other (a deadlock). After waiting for the lock, PostgreSQL returns the sender's row as
 * committed (its balance too, which nobody else can change until the send commits), but the other tables as of
 * the statement's start: what must be read after the previous send of the member committed is read by the next
 * statement (sendChecksStep), in the same round trip.
 */
export const sendContextStep = (userId: number, conversationId: number) =>
  lockSendContextQuery.step({ userId, conversationId });

export function sendContextOf(rows: SendContextRow[]): SendContext | undefined {
  const [row] = rows;
  if (!row) return undefined;
  return {
    sender: { status: row.status, credits: row.credits, paidUser: row.paid_user },
    partnerId: Number(row.partner_id),
    facts:
      row.partner_status === null || row.profile_status === null
        ? undefined
        : {
            userStatus: row.partner_status,
            profileStatus: row.profile_status,
            invisible: row.invisible === true,
            blockedEitherWay: row.blocked,
            inContact: row.in_contact,
          },
  };
}
interface SendContextRow {
  status: string;
  credits: number;
  paid_user: boolean;
  partner_id: string | number;
  partner_status: string | null;
  profile_status: string | null;
  invisible: boolean | null;
  blocked: boolean;
  in_contact: boolean;
}
const lockSendContextQuery = namedStatement<SendContextRow>(
  'chat_lock_send_context',
  () => sql`select u.status, u.credits, u.paid_user, cm.partner_id,
      pu.status as partner_status, p.status as profile_status, p.invisible,
      (exists (select 1 from blocks b where b.blocker_id = cm.user_id and b.blocked_id = cm.partner_id)
        or exists (select 1 from blocks b where b.blocker_id = cm.partner_id and b.blocked_id = cm.user_id))
        as blocked,
      exists (select 1 from messages m where m.conversation_id = cm.conversation_id and not m.held) as in_contact
    from users u
    join conversation_members cm on cm.user_id = u.id and cm.conversation_id = ${sql.placeholder('conversationId')}
    left join users pu on pu.id = cm.partner_id
    left join profiles p on p.user_id = cm.partner_id
    where u.id = ${sql.placeholder('userId')}
    for no key update of u`,
);

export interface SendChecks {
  /** the message this client_id stored before (a retried send), or undefined */
  againId: number | undefined;
  /** the free texts the member used (members who paid have none: 0) */
  freeUsed: number;
  /** for a text: in how many other conversations the member sent the same text within `minutes`; else 0 */
  sameText: number;
  /** for a member who has not paid, when this conversation is not started yet: the conversations the member
   *  started; else 0 */
  startedOthers: number;
  /** for a photo: whether the two members like each other (else false) */
  matched: boolean;
  /** one of the two unmatched: no message either way any more (chat-unmatch.ts) */
  ended: boolean;
  /** the member has sent nothing in this conversation yet: this is the member's first message in it */
  firstOfSender: boolean;
  /**
   * for a text that is the member's first in this conversation: in how many other conversations the member's first
   * message was this same text within RULES.firstMessage.repeatWindowMinutes (modules/safety); else 0
   */
  sameFirst: number;
}

/**
 * The checks of a send in one statement, read under the sender's row lock (sendContextStep, the statement before it
 * in the same round trip): the retried client_id, the free texts used and the conversations started (members who
 * paid have neither, so they are not counted for them), the same text elsewhere (texts only), and for a photo
 * whether the pair matched (it arrives blurred otherwise). Not part of the locking statement: a statement that
 * waited for the lock reads with the snapshot it started with and would miss what the member's previous send
 * committed.
 */
export function sendChecksStep(q: {
  userId: number;
  clientId: string;
  conversationId: number;
  kind: string;
  /** the text to look for in the member's other conversations, or null for gifts and photos */
  text: string | null;
  minutes: number;
  /** the window of sameFirst */
  firstMinutes: number;
}) {
  return sendChecksQuery.step({
    userId: q.userId,
    clientId: q.clientId,
    checkText: q.text !== null,
    body: q.text ?? '',
    conversationId: q.conversationId,
    minutes: q.minutes,
    firstMinutes: q.firstMinutes,
    photo: q.kind === 'photo',
  });
}

export function sendChecksOf(rows: SendChecksRow[]): SendChecks {
  const [row] = rows;
  return {
    againId: row?.again_id == null ? undefined : Number(row.again_id),
    freeUsed: Number(row?.free_used ?? 0),
    sameText: Number(row?.same_text ?? 0),
    startedOthers: Number(row?.started_others ?? 0),
    matched: row?.matched === true,
    ended: row?.ended === true,
    firstOfSender: row?.first_of_sender === true,
    sameFirst: Number(row?.same_first ?? 0),
  };
}
interface SendChecksRow {
  again_id: string | number | null;
  free_used: string | number;
  same_text: string | number;
  started_others: string | number;
  matched: boolean | null;
  ended: boolean | null;
  first_of_sender: boolean | null;
  same_first: string | number | null;
}
const sendChecksQuery = namedStatement<SendChecksRow>('chat_send_checks', () => {
  const user = sql.placeholder('userId');
  const conversation = sql.placeholder('conversationId');
  return sql`select
      (select id from messages where sender_id = ${user} and client_id = ${sql.placeholder('clientId')}::uuid)
        as again_id,
      case when not u.paid_user then
        (select count(*) from messages where sender_id = ${user} and kind = 'text' and credits = 0)
      else 0 end as free_used,
      case when ${sql.placeholder('checkText')}::boolean then
        (select count(distinct conversation_id) from messages where sender_id = ${user}
          and created_at > now() - make_interval(mins => ${sql.placeholder('minutes')}::int)
          and body = ${sql.placeholder('body')}::text
          and conversation_id <> ${conversation}::bigint)
      else 0 end as same_text,
      case when not u.paid_user and c.started_at is null then
        (select count(*) from conversations where started_by = ${user} and started_at is not null)
      else 0 end as started_others,
      case when ${sql.placeholder('photo')}::boolean then
        exists (select 1 from likes where liker_id = ${user} and liked_id = cm.partner_id)
        and exists (select 1 from likes where liker_id = cm.partner_id and liked_id = ${user})
      end as matched,
      c.ended_at is not null as ended,
      not exists (select 1 from messages where conversation_id = ${conversation}::bigint and sender_id = ${user})
        as first_of_sender,
      case when ${sql.placeholder('checkText')}::boolean
        and not exists (select 1 from messages where conversation_id = ${conversation}::bigint and sender_id = ${user})
      then
        (select count(distinct f.conversation_id) from messages f where f.sender_id = ${user}
          and f.created_at > now() - make_interval(mins => ${sql.placeholder('firstMinutes')}::int)
          and f.body = ${sql.placeholder('body')}::text
          and f.conversation_id <> ${conversation}::bigint
          and not exists (select 1 from messages e where e.conversation_id = f.conversation_id
            and e.sender_id = f.sender_id and e.id < f.id))
      else 0 end as same_first
    from users u
    left join conversation_members cm on cm.user_id = u.id and cm.conversation_id = ${conversation}::bigint
    left join conversations c on c.id = cm.conversation_id
    where u.id = ${user}`;
});

/** The stored message of a retried send (SendChecks.againId). */
export const messageByIdStep = (id: number) => messageByIdQuery.step({ id });
export const messageOf = (rows: Record<string, unknown>[]): Message | undefined =>
  rows[0] ? rowOf(messages, rows[0]) : undefined;
const messageByIdQuery = namedStatement<Record<string, unknown>>(
  'chat_message_by_id',
  () => sql`select * from messages where id = ${sql.placeholder('id')}`,
);

/** The message a member's client_id stored, if any (the photo route's check before it processes a retried upload). */
export async function findMessageByClientId(db: Db | Tx, senderId: number, clientId: string) {
  const [row] = await db
    .select()
    .from(messages)
    .where(and(eq(messages.senderId, senderId), eq(messages.clientId, clientId)));
  return row;
}

/** Text messages the member sent without credits (the free messages used; the signup message counts). */
export async function countFreeTexts(tx: Db | Tx, userId: number): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(messages)
    .where(and(eq(messages.senderId, userId), eq(messages.kind, 'text'), eq(messages.credits, 0)));
  return row?.n ?? 0;
}

export type NewMessage = Pick<Message, 'conversationId' | 'senderId' | 'kind' | 'body' | 'credits' | 'held'> &
  Partial<Pick<Message, 'clientId' | 'gift' | 'photoKey' | 'photoBlurred' | 'heldReason' | 'safetyFlag'>>;

/**
 * Stores a message and brings both sides up to date: the sender's side always, the recipient's (last message,
 * unread + 1) and its notification only when the message is delivered (not held). The first message starts the
 * conversation. One statement (docs/performance.md "Chat"). For a message that costs nothing: the signup message,
 * fixtures.
 */
export async function insertMessage(tx: Tx, recipientId: number, m: NewMessage): Promise<Message> {
  const [row] = await insertMessageQuery(tx, insertValues(recipientId, m, undefined));
  return rowOf(messages, row!);
}

/**
 * insertMessage as a step that also spends the message's credits (credits.service spendCtes: the balance and its
 * ledger row under `message:<id>`), for a send whose commit goes with it. The caller has checked the balance under
 * the sender's row lock; `balanceAfter` is the new balance, or null when nothing was spent.
 */
export const insertMessageStep = (recipientId: number, m: NewMessage, spendReason: string) =>
  insertMessageQuery.step(insertValues(recipientId, m, spendReason));

export function insertedMessageOf(rows: Record<string, unknown>[]): {
  message: Message;
  balanceAfter: number | null;
} {
  const row = rows[0]!;
  return {
    message: rowOf(messages, row),
    balanceAfter: row.balance_after == null ? null : Number(row.balance_after),
  };
}

function insertValues(recipientId: number, m: NewMessage, spendReason: string | undefined) {
  return {
    conversationId: m.conversationId,
    senderId: m.senderId,
    recipientId,
    clientId: m.clientId ?? null,
    kind: m.kind,
    body: m.body,
    gift: m.gift ?? null,
    photoKey: m.photoKey ?? null,
    photoBlurred: m.photoBlurred ?? false,
    credits: m.credits,
    held: m.held,
    heldReason: m.heldReason ?? null,
    safetyFlag: m.safetyFlag ?? null,
    spend: spendReason === undefined ? 0 : m.credits,
    spendReason: spendReason ?? '',
  };
}

/** A held message released: the recipient's side and its notification, as for a message delivered at once. */
async function deliverToRecipient(
  tx: Tx,
  conversationId: number,
  recipientId: number,
  messageId: number,
  at: Date,
  senderId: number,
): Promise<void> {
  await deliverQuery(tx, { conversationId, recipientId, messageId, at: at.toISOString(), senderId });
}

/**
 * The recipient's side after a delivered message, and its notification (told by e-mail and push unless read first,
 * docs/notifications.md). `delivered` (the CTE `delivered`) has one row per delivered message: recipient_id,
 * conversation_id, message_id, sender_id, created_at; `lockFirst` names relations whose rows the side update must
 * come after (the conversation's update: see `insertMessageQuery`).
 */
const deliveryCtes = (lockFirst: SQL) => sql`recipient_side as (
      update conversation_members set
        last_message_id = greatest(last_message_id, delivered.message_id),
        last_message_at = greatest(last_message_at, delivered.created_at),
        unread = unread + 1
      from delivered${lockFirst}
      where conversation_members.conversation_id = delivered.conversation_id
        and conversation_members.user_id = delivered.recipient_id
      returning conversation_members.user_id
    ), ${messageNotificationCtes(sql`delivered`)}`;

/**
 * The message, the conversation (last message, started), both sides, the notification and the spend (when `spend`
 * > 0) in one statement. The sides are updated from the conversation's update (`from …, c`), so the conversation
 * row is locked first: the pair's sends queue there, before either side row (else two members writing to each
 * other at once could deadlock over their side rows).
 */
const insertMessageQuery = namedStatement<Record<string, unknown>>(
  'chat_insert_message',
  () => sql`with m as (
      insert into messages (conversation_id, sender_id, client_id, kind, body, gift, photo_key, photo_blurred,
                            credits, held, held_reason, safety_flag, delivered_at)
      values (${sql.placeholder('conversationId')}, ${sql.placeholder('senderId')}, ${sql.placeholder('clientId')},
              ${sql.placeholder('kind')}, ${sql.placeholder('body')}, ${sql.placeholder('gift')},
              ${sql.placeholder('photoKey')}, ${sql.placeholder('photoBlurred')}, ${sql.placeholder('credits')},
              ${sql.placeholder('held')}, ${sql.placeholder('heldReason')}, ${sql.placeholder('safetyFlag')},
              case when ${sql.placeholder('held')}::boolean then null else now() end)
      returning *
    ), c as (
      update conversations set last_message_at = now(),
        started_by = case when started_at is null then ${sql.placeholder('senderId')}::bigint else started_by end,
        started_at = coalesce(started_at, now())
      where id = ${sql.placeholder('conversationId')}
      returning id
    ), s as (
      update conversation_members set last_message_id = m.id, last_message_at = m.created_at from m, c
      where conversation_members.conversation_id = ${sql.placeholder('conversationId')}
        and conversation_members.user_id = ${sql.placeholder('senderId')}
    ), delivered as (
      select ${sql.placeholder('recipientId')}::bigint as recipient_id, m.conversation_id, m.id as message_id,
        m.sender_id, m.created_at
      from m where not m.held
    ), ${deliveryCtes(sql`, c`)}, ${spendCtes({
      userId: sql.placeholder('senderId'),
      amount: sql.placeholder('spend'),
      reason: sql.placeholder('spendReason'),
      key: sql`'message:' || (select id from m)`,
    })}
    select m.*, (select balance_after from spent) as balance_after from m`,
);

const deliverQuery = namedStatement(
  'chat_deliver',
  () => sql`with delivered as (
      select ${sql.placeholder('recipientId')}::bigint as recipient_id,
        ${sql.placeholder('conversationId')}::bigint as conversation_id,
        ${sql.placeholder('messageId')}::bigint as message_id, ${sql.placeholder('senderId')}::bigint as sender_id,
        ${sql.placeholder('at')}::timestamptz as created_at
    ), ${deliveryCtes(sql``)}
    select count(*) from recipient_side`,
);

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
