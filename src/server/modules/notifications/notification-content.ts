import { sql } from 'drizzle-orm';
import type { NotificationType } from '../../../shared/rules';
import type { Db } from '../../db/client';
import type { ClaimedNotification } from './notifications.repo';

type Tx = Pick<Db, 'execute'>;

/**
 * What one notification says, before it is put into words: the screen it opens, the count and the other member's
 * name where there is one. `null`: nothing is left to tell (the messages were read, the like was seen or taken
 * back, the other member blocked, hid or deleted the account), so nothing is sent.
 */
export interface NotificationContent {
  /** path on the member's site, e.g. /chats/12 */
  path: string;
  /** how many events it folds together */
  count: number;
  /** the other member's profile name, when the notification is about one member */
  name?: string;
  /** further numbers for the text (weekly update) */
  vars?: Record<string, string | number>;
  /** the kind of a reminder (time_bonus, photo): its texts are <type>_<kind> */
  kind?: string;
  /** news and promotions: the operator's texts per locale (see broadcast.ts) */
  texts?: BroadcastTexts;
}

/** An operator's message in each language it was written in (subject, intro, button; push title and body). */
export type BroadcastTexts = Partial<
  Record<string, { subject: string; intro: string; button: string; push_title: string; push_body: string }>
>;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The profile name of another member, only when the recipient may see them (not hidden, blocked or gone). */
const VISIBLE_OTHER = (otherId: ReturnType<typeof sql>, recipientId: number) => sql`
  exists (select 1 from users ou where ou.id = ${otherId} and ou.status = 'active' and ou.deleted_at is null)
  and not exists (select 1 from blocks b where b.blocker_id = ${recipientId} and b.blocked_id = ${otherId})
  and not exists (select 1 from blocks b where b.blocker_id = ${otherId} and b.blocked_id = ${recipientId})`;

const ids = (rows: ClaimedNotification[], key: string) =>
  rows.map((r) => Number(r.payload[key])).filter((n) => Number.isSafeInteger(n) && n > 0);

async function likeContent(
  tx: Tx,
  userId: number,
  rows: ClaimedNotification[],
): Promise<NotificationContent | null> {
  const likerIds = ids(rows, 'from_id');
  if (likerIds.length === 0) return null;
  // Likes still there and not seen yet (opening the liker's profile or the likes list marks them seen).
  const found = rowsOf<{ liker_id: string | number; name: string }>(
    await tx.execute(sql`
      select l.liker_id, p.name from likes l join profiles p on p.user_id = l.liker_id
      where l.liked_id = ${userId} and l.liker_id in ${likerIds} and l.seen_at is null
        and ${VISIBLE_OTHER(sql`l.liker_id`, userId)}
      order by l.created_at desc`),
  );
  if (found.length === 0) return null;
  return { path: '/likes/received', count: found.length, name: found[0]!.name };
}

async function messageContent(
  tx: Tx,
  userId: number,
  rows: ClaimedNotification[],
): Promise<NotificationContent | null> {
  const conversationIds = [...new Set(ids(rows, 'conversation_id'))];
  if (conversationIds.length === 0) return null;
  // Conversations that still have unread messages for the member: a message read within the delay is not told.
  const found = rowsOf<{ conversation_id: string | number; unread: number; name: string }>(
    await tx.execute(sql`
      select cm.conversation_id, cm.unread, p.name
      from conversation_members cm join profiles p on p.user_id = cm.partner_id
      where cm.user_id = ${userId} and cm.conversation_id in ${conversationIds} and cm.unread > 0
        and cm.last_message_id > cm.cleared_message_id
        and ${VISIBLE_OTHER(sql`cm.partner_id`, userId)}
      order by cm.last_message_at desc nulls last`),
  );
  if (found.length === 0) return null;
  const count = found.reduce((n, r) => n + Number(r.unread), 0);
  const first = found[0]!;
  return {
    path: found.length === 1 ? `/chats/${Number(first.conversation_id)}` : '/chats',
    count,
    name: first.name,
    vars: { chats: found.length },
  };
}

/** All unread messages of the member (the daily reminder), in chats with members still there. */
async function unreadContent(tx: Tx, userId: number): Promise<NotificationContent | null> {
  const [row] = rowsOf<{ n: number; chats: number }>(
    await tx.execute(sql`
      select coalesce(sum(cm.unread), 0)::int as n, count(*)::int as chats
      from conversation_members cm
      where cm.user_id = ${userId} and cm.unread > 0 and cm.last_message_id > cm.cleared_message_id
        and ${VISIBLE_OTHER(sql`cm.partner_id`, userId)}`),
  );
  if (!row || Number(row.n) === 0) return null;
  return { path: '/chats', count: Number(row.n), vars: { chats: Number(row.chats) } };
}

/** The weekly update: new members in the member's country this week and likes not seen yet. Nothing new: no mail. */
async function weeklyContent(tx: Tx, userId: number): Promise<NotificationContent | null> {
  const [row] = rowsOf<{ members: number; likes: number }>(
    await tx.execute(sql`
      select
        (select count(*)::int from profiles np join users nu on nu.id = np.user_id
          where np.country = me.country and np.user_id <> me.user_id and np.searchable
            and nu.signup_date > now() - interval '7 days') as members,
        (select count(*)::int from likes l where l.liked_id = me.user_id and l.seen_at is null
          and ${VISIBLE_OTHER(sql`l.liker_id`, userId)}) as likes
      from profiles me where me.user_id = ${userId}`),
  );
  if (!row || (Number(row.members) === 0 && Number(row.likes) === 0)) return null;
  const likes = Number(row.likes);
  return {
    path: likes > 0 ? '/likes/received' : '/members',
    count: likes,
    vars: { members: Number(row.members), likes },
  };
}

/** Reminders and broadcasts carry their own path and text keys in the payload. */
function payloadContent(rows: ClaimedNotification[]): NotificationContent | null {
  const last = rows[rows.length - 1];
  if (!last) return null;
  const path = typeof last.payload.path === 'string' ? last.payload.path : '/members';
  const kind = typeof last.payload.kind === 'string' ? last.payload.kind : undefined;
  const texts = last.payload.texts as BroadcastTexts | undefined;
  return {
    path,
    count: 1,
    ...(kind ? { kind } : {}),
    ...(texts ? { texts } : {}),
    vars: { ...(last.payload.vars as Record<string, string | number> | undefined) },
  };
}

export async function buildContent(
  tx: Tx,
  type: NotificationType,
  userId: number,
  rows: ClaimedNotification[],
): Promise<NotificationContent | null> {
  switch (type) {
    case 'like':
      return likeContent(tx, userId, rows);
    case 'new_conversations':
    case 'new_messages':
      return messageContent(tx, userId, rows);
    case 'unread_message_reminders':
      return unreadContent(tx, userId);
    case 'weekly_updates':
      return weeklyContent(tx, userId);
    case 'reminders':
    case 'promotions':
    case 'news':
      return payloadContent(rows);
  }
}
