import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/**
 * The dashboard's counts per UTC day (issue 22, point 9). Each is one grouped query over an index range of the period
 * (docs/performance.md "Figures"): users by (site_id, signup_date) and (site_id, email_confirmed_at), payments by
 * paid_at, messages by their BRIN on created_at, reports by created_at. The sites are always named (all of them when
 * none is chosen), so the (site_id, …) indexes serve the all-sites view too.
 */
export interface Period {
  /** first day, YYYY-MM-DD (UTC) */
  from: string;
  /** last day, inclusive */
  to: string;
  siteIds: number[];
}

type Row = Record<string, unknown>;
const rowsOf = (r: unknown) => (r as { rows: Row[] }).rows;

const day = (col: SQL) => sql`to_char((${col} at time zone 'UTC'), 'YYYY-MM-DD')`;
const start = (p: Period) => sql`((${p.from}::date)::timestamp at time zone 'UTC')`;
const end = (p: Period) => sql`(((${p.to}::date + 1))::timestamp at time zone 'UTC')`;
export const inSites = (col: SQL, ids: number[]) =>
  ids.length === 0
    ? sql`false`
    : sql`${col} in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`;

export interface DayCount {
  day: string;
  n: number;
}

async function countByDay(db: Db, query: SQL): Promise<DayCount[]> {
  return rowsOf(await db.execute(query)).map((r) => ({ day: String(r.day), n: Number(r.n) }));
}

/** Sign-ups per day (demo members left out). */
export const signupsQuery = (p: Period) => sql`
  select ${day(sql`u.signup_date`)} as day, count(*) as n
    from users u
   where ${inSites(sql`u.site_id`, p.siteIds)}
     and u.signup_date >= ${start(p)} and u.signup_date < ${end(p)}
     and not u.is_demo
   group by 1`;

export const signupsByDay = (db: Db, p: Period) => countByDay(db, signupsQuery(p));

/** Confirmed e-mail addresses per day of confirmation. */
export const confirmationsByDay = (db: Db, p: Period) =>
  countByDay(
    db,
    sql`
  select ${day(sql`u.email_confirmed_at`)} as day, count(*) as n
    from users u
   where ${inSites(sql`u.site_id`, p.siteIds)}
     and u.email_confirmed_at >= ${start(p)} and u.email_confirmed_at < ${end(p)}
     and not u.is_demo
   group by 1`,
  );

/** Payments paid in the period (gross: what was paid that day, also if refunded later), joined to their site. */
const paidInPeriod = (p: Period) => sql`
  select p.user_id, p.paid_at, p.amount_minor, p.currency
    from payments p
    join users u on u.id = p.user_id
   where p.paid_at >= ${start(p)} and p.paid_at < ${end(p)}
     and ${inSites(sql`u.site_id`, p.siteIds)}`;

/** First purchases: paid payments with no earlier paid payment of the same member. */
export const firstPurchasesByDay = (db: Db, p: Period) =>
  countByDay(
    db,
    sql`
  select ${day(sql`x.paid_at`)} as day, count(*) as n
    from (${paidInPeriod(p)}) x
   where not exists (
     select 1 from payments q where q.user_id = x.user_id and q.paid_at < x.paid_at)
   group by 1`,
  );

export interface DayRevenue {
  day: string;
  currency: string;
  amountMinor: number;
  payments: number;
}

/** Revenue per day and currency, integer minor units. */
export async function revenueByDay(db: Db, p: Period): Promise<DayRevenue[]> {
  const r = await db.execute(sql`
    select ${day(sql`x.paid_at`)} as day, x.currency, sum(x.amount_minor) as amount, count(*) as n
      from (${paidInPeriod(p)}) x
     group by 1, 2`);
  return rowsOf(r).map((row) => ({
    day: String(row.day),
    currency: String(row.currency),
    amountMinor: Number(row.amount),
    payments: Number(row.n),
  }));
}

/** Messages members of the sites sent per day (held ones included: they were sent). */
export const messagesQuery = (p: Period) => sql`
  select ${day(sql`m.created_at`)} as day, count(*) as n
    from messages m
    join users u on u.id = m.sender_id
   where m.created_at >= ${start(p)} and m.created_at < ${end(p)}
     and ${inSites(sql`u.site_id`, p.siteIds)}
   group by 1`;

export const messagesByDay = (db: Db, p: Period) => countByDay(db, messagesQuery(p));

/** Reports and complaints received per day, by the site they arrived on. */
export const reportsByDay = (db: Db, p: Period) =>
  countByDay(
    db,
    sql`
  select ${day(sql`r.created_at`)} as day, count(*) as n
    from reports r
   where r.created_at >= ${start(p)} and r.created_at < ${end(p)}
     and ${inSites(sql`r.site_id`, p.siteIds)}
   group by 1`,
  );

/** What waits for staff now: photos in the moderation queue, open reports. */
export async function queueSizes(db: Db, siteIds: number[]): Promise<{ photos: number; reports: number }> {
  const r = await db.execute(sql`
    select
      (select count(*) from photos ph join users u on u.id = ph.user_id
        where ph.review = 'queued' and ${inSites(sql`u.site_id`, siteIds)}) as photos,
      (select count(*) from reports r where r.status = 'open' and ${inSites(sql`r.site_id`, siteIds)}) as reports`);
  const row = rowsOf(r)[0]!;
  return { photos: Number(row.photos), reports: Number(row.reports) };
}
