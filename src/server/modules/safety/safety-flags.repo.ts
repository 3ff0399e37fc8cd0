import { sql } from 'drizzle-orm';
import { namedStatement } from '../../db/named-query';
import type { SafetyFlag } from './message-safety';

/**
 * Automated flags for moderation (issue 21, point 4): entries of the reports queue (modules/reports) with source
 * 'automated' and no reporter. Written as steps of the send's own transaction (chat.service sendMessage), so a flag
 * exists exactly when its message does. The evidence snapshot is taken in the same statement (the member's profile
 * text and the flagged messages), as reports/evidence.ts takes it for a member's notice.
 */

const memberSnapshot = sql`jsonb_build_object('id', p.user_id, 'name', p.name, 'about', p.about,
  'country', p.country)`;
const messageJson = (m: string) =>
  sql.raw(`jsonb_build_object('id', ${m}.id, 'senderId', ${m}.sender_id, 'kind', ${m}.kind, 'body', ${m}.body,
    'createdAt', to_char(${m}.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))`);

/**
 * The flag of a first message that carried a link, a phone number, an e-mail address or a scam pattern: the message
 * the member's `clientId` stored in this transaction (the statement before), reason scam, the kind in the comment.
 */
export const flagFirstMessageStep = (q: { senderId: number; clientId: string; flag: SafetyFlag }) =>
  flagMessageQuery.step({ senderId: q.senderId, clientId: q.clientId, comment: `first_message_${q.flag}` });

const flagMessageQuery = namedStatement(
  'safety_flag_first_message',
  () => sql`insert into reports (site_id, reporter_id, reported_id, target, message_id, reason, comment, source,
      conversation_id, snapshot)
    select u.site_id, null, m.sender_id, 'message', m.id, 'scam', ${sql.placeholder('comment')}::text, 'automated',
      m.conversation_id, jsonb_build_object('member', ${memberSnapshot}, 'messages', jsonb_build_array(${messageJson('m')}))
    from messages m
    join users u on u.id = m.sender_id
    join profiles p on p.user_id = m.sender_id
    where m.sender_id = ${sql.placeholder('senderId')}::bigint and m.client_id = ${sql.placeholder('clientId')}::uuid
    returning id`,
);

/**
 * The spam flag of a member who sent the same first message to too many members (the refused one's text): one open
 * automated spam flag per member at a time, holding the repeated first messages of the window as evidence.
 */
export const flagRepeatedFirstMessageStep = (q: { senderId: number; body: string; minutes: number }) =>
  flagSpamQuery.step(q);

const flagSpamQuery = namedStatement(
  'safety_flag_repeated_first_message',
  () => sql`insert into reports (site_id, reporter_id, reported_id, target, reason, comment, source, snapshot)
    select u.site_id, null, u.id, 'profile', 'spam', 'repeated_first_message', 'automated',
      jsonb_build_object('member', ${memberSnapshot}, 'messages', coalesce((
        select jsonb_agg(${messageJson('f')} order by f.id) from messages f
        where f.sender_id = u.id and f.body = ${sql.placeholder('body')}::text
          and f.created_at > now() - make_interval(mins => ${sql.placeholder('minutes')}::int)), '[]'::jsonb))
    from users u
    join profiles p on p.user_id = u.id
    where u.id = ${sql.placeholder('senderId')}::bigint
      and not exists (select 1 from reports r where r.reported_id = u.id and r.source = 'automated'
        and r.reason = 'spam' and r.status = 'open')
    returning id`,
);
