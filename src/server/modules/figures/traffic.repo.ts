import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { trafficVisits } from '../../db/schema';
import { inSites, type Period } from './figures.repo';

/** The traffic-source parameters the report groups by (spec section 4: tracking data stored). */
export const SOURCE_KEYS = ['network', 'ref', 'sub1', 'sub2', 'sub3'] as const;
export type SourceKey = (typeof SOURCE_KEYS)[number];
export type Source = Record<SourceKey, string>;

export interface TrafficRow extends Source {
  visits: number;
  signups: number;
  confirmations: number;
  firstPurchases: number;
}

const start = (p: Period) => sql`((${p.from}::date)::timestamp at time zone 'UTC')`;
const end = (p: Period) => sql`(((${p.to}::date + 1))::timestamp at time zone 'UTC')`;
const tracked = (key: SourceKey) => sql`coalesce(u.tracking ->> ${key}, '')`;

/**
 * The traffic-source report: per network, ref and sub1–sub3, the visits counted in the period (traffic_visits) and the
 * members who signed up in it, of whom how many confirmed their address and how many bought (ever since): the cohort
 * of the period's sign-ups, so the columns can be compared. Sign-ups without tracking data form the row with all
 * parameters empty. Sorted by sign-ups, then visits.
 */
export async function trafficReport(db: Db, p: Period): Promise<TrafficRow[]> {
  const r = await db.execute(sql`
    with s as (
      select ${tracked('network')} as network, ${tracked('ref')} as ref, ${tracked('sub1')} as sub1,
             ${tracked('sub2')} as sub2, ${tracked('sub3')} as sub3,
             count(*) as signups,
             count(u.email_confirmed_at) as confirmations,
             count(*) filter (where exists (
               select 1 from payments q where q.user_id = u.id and q.paid_at is not null)) as first_purchases
        from users u
       where ${inSites(sql`u.site_id`, p.siteIds)}
         and u.signup_date >= ${start(p)} and u.signup_date < ${end(p)}
         and not u.is_demo
       group by 1, 2, 3, 4, 5
    ),
    v as (
      select network, ref, sub1, sub2, sub3, sum(visits) as visits
        from traffic_visits
       where ${inSites(sql`site_id`, p.siteIds)} and day between ${p.from}::date and ${p.to}::date
       group by 1, 2, 3, 4, 5
    )
    select coalesce(s.network, v.network) as network, coalesce(s.ref, v.ref) as ref,
           coalesce(s.sub1, v.sub1) as sub1, coalesce(s.sub2, v.sub2) as sub2, coalesce(s.sub3, v.sub3) as sub3,
           coalesce(v.visits, 0) as visits, coalesce(s.signups, 0) as signups,
           coalesce(s.confirmations, 0) as confirmations, coalesce(s.first_purchases, 0) as first_purchases
      from s full join v
        on s.network = v.network and s.ref = v.ref and s.sub1 = v.sub1 and s.sub2 = v.sub2 and s.sub3 = v.sub3
     order by signups desc, visits desc, network, ref, sub1, sub2, sub3`);
  return (r as unknown as { rows: Record<string, unknown>[] }).rows.map((row) => ({
    network: String(row.network),
    ref: String(row.ref),
    sub1: String(row.sub1),
    sub2: String(row.sub2),
    sub3: String(row.sub3),
    visits: Number(row.visits),
    signups: Number(row.signups),
    confirmations: Number(row.confirmations),
    firstPurchases: Number(row.first_purchases),
  }));
}

/** Counts one visit with tracking parameters for the site and UTC day (an upsert: no personal data is kept). */
export async function recordVisit(db: Db, siteId: number, source: Source, at = new Date()): Promise<void> {
  await db
    .insert(trafficVisits)
    .values({ siteId, day: at.toISOString().slice(0, 10), ...source, visits: 1 })
    .onConflictDoUpdate({
      target: [
        trafficVisits.siteId,
        trafficVisits.day,
        trafficVisits.network,
        trafficVisits.ref,
        trafficVisits.sub1,
        trafficVisits.sub2,
        trafficVisits.sub3,
      ],
      set: { visits: sql`${trafficVisits.visits} + 1` },
    });
}
