import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { namedStatement } from '../../db/named-query';
import { profileVisits } from '../../db/schema';
import { type CardRow, cardRowOf, cardSqlColumns, type RawCardRow } from '../members/profile-card.query';

/**
 * Profile visits (issue 21, point 3; schema profile_visits). Recording is one statement that checks the visit's
 * rules itself, so no visit slips in between a check and the write: the visitor is neither invisible nor has turned
 * visits off (read from the database, not a cached session), no block either way, not the own profile. At most one
 * row per visitor, member and UTC day: the upsert moves that row's time to the latest look.
 */
export async function recordVisit(db: Db, visitorId: number, visitedId: number): Promise<boolean> {
  if (visitorId === visitedId) return false;
  const rows = await recordQuery(db, { visitorId, visitedId });
  return rows.length > 0;
}
const recordQuery = namedStatement(
  'visits_record',
  () => sql`insert into profile_visits (visited_id, visitor_id, day, visited_at)
    select ${sql.placeholder('visitedId')}::bigint, v.user_id, (now() at time zone 'UTC')::date, now()
    from profiles v
    where v.user_id = ${sql.placeholder('visitorId')}::bigint
      and not v.invisible and v.leave_visits
      and v.user_id <> ${sql.placeholder('visitedId')}::bigint
      and not exists (select 1 from blocks b
        where b.blocker_id = v.user_id and b.blocked_id = ${sql.placeholder('visitedId')}::bigint)
      and not exists (select 1 from blocks b
        where b.blocker_id = ${sql.placeholder('visitedId')}::bigint and b.blocked_id = v.user_id)
    on conflict (visited_id, visitor_id, day) do update set visited_at = excluded.visited_at
    returning visitor_id`,
);

/**
 * The visitors of a member since `keepDays` days, as the list shows them: the latest visit of each visitor who is
 * listed now (profiles.searchable: active, not invisible) with no block either way.
 */
const latestVisits = sql`latest as (
    select visitor_id, max(visited_at) as at from profile_visits
    where visited_id = ${sql.placeholder('viewerId')}::bigint
      and day >= (now() at time zone 'UTC')::date - ${sql.placeholder('keepDays')}::int
    group by visitor_id
  )`;
const shown = sql`p.searchable
    and not exists (select 1 from blocks b where b.blocker_id = ${sql.placeholder('viewerId')}::bigint
      and b.blocked_id = p.user_id)
    and not exists (select 1 from blocks b where b.blocker_id = p.user_id
      and b.blocked_id = ${sql.placeholder('viewerId')}::bigint)`;

export async function countVisitors(db: Db, viewerId: number, keepDays: number): Promise<number> {
  const [row] = await countQuery(db, { viewerId, keepDays });
  return Number(row?.n ?? 0);
}
const countQuery = namedStatement<{ n: string | number }>(
  'visits_count',
  () => sql`with ${latestVisits}
    select count(*) as n from latest join profiles p on p.user_id = latest.visitor_id where ${shown}`,
);

export interface VisitorRow extends CardRow {
  visitedAt: string;
}
export async function findVisitors(
  db: Db,
  viewerId: number,
  q: { keepDays: number; limit: number; offset: number },
): Promise<VisitorRow[]> {
  const rows = await pageQuery(db, { viewerId, ...q });
  return rows.map((r) => ({ ...cardRowOf(r), visitedAt: new Date(r.visited_at).toISOString() }));
}
const pageQuery = namedStatement<RawCardRow & { visited_at: string }>(
  'visits_page',
  () => sql`with ${latestVisits}
    select ${cardSqlColumns}, latest.at as visited_at
    from latest
    join profiles p on p.user_id = latest.visitor_id
    left join photos ph on ph.user_id = p.user_id and ph.is_main and ph.status = 'active' and not ph.is_private
    where ${shown}
    order by latest.at desc, p.user_id desc
    limit ${sql.placeholder('limit')}::int offset ${sql.placeholder('offset')}::int`,
);

/** Deletes the visits older than `keepDays` days (the visits-expiry job); returns how many went. */
export async function deleteOldVisits(db: Db, keepDays: number): Promise<number> {
  const rows = await db
    .delete(profileVisits)
    .where(sql`${profileVisits.day} < (now() at time zone 'UTC')::date - ${keepDays}::int`)
    .returning({ day: profileVisits.day });
  return rows.length;
}
