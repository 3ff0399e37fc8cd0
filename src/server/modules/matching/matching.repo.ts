import { eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { executeNamed } from '../../db/named-query';
import { matchPreferences } from '../../db/schema';
import type { CardRow } from '../members/profile-card.query';

/**
 * Queries of the match finder and the swipe game. Candidates are searchable members (members/searchable.ts) of the
 * niche that pass the member's preferences, never the member, nor anyone blocked either way. Both walk the member
 * search indexes (profiles_search_*: niche, country, region, then last activity) so the work stays bounded at
 * millions of members (bench/likes.ts).
 */

export type PreferencesRow = typeof matchPreferences.$inferSelect;

export async function findPreferences(db: Db, userId: number): Promise<PreferencesRow | undefined> {
  const [row] = await db.select().from(matchPreferences).where(eq(matchPreferences.userId, userId));
  return row;
}

export async function upsertPreferences(db: Db, row: Omit<PreferencesRow, 'updatedAt'>): Promise<void> {
  const { userId: _id, ...values } = row;
  await db
    .insert(matchPreferences)
    .values(row)
    .onConflictDoUpdate({ target: matchPreferences.userId, set: { ...values, updatedAt: sql`now()` } });
}

/** Who is looking: the viewer's facts the filters and the explanation lines need. */
export interface Seeker {
  id: number;
  niche: number;
  country: string;
  region: string | null;
  latCell: number | null;
  lonCell: number | null;
}

/** The candidates' filters, resolved: ages as birth-date bounds, the area as database conditions. */
export interface CandidateFilter {
  gender: string | null;
  /** born on or before (the minimum age) */
  bornOnOrBefore: string;
  /** born after (one day past the maximum age) */
  bornAfter: string;
  area: 'nearby' | 'region' | 'country' | 'anywhere';
  radiusKm: number;
  interests: string[];
}

/**
 * Near first (issue 27, point 10): the signup matches and the swipe deck come from the own region first, then the own
 * country, then everywhere (as far as the preferences' area reaches). Each is a walk of a search index in activity
 * order: 0 the own region (profiles_search_region_idx), 1 the own country (profiles_search_country_gender_idx), 2
 * everywhere (profiles_search_age_idx). A later walk meets the members of the earlier ones again; whoever was swiped
 * is left out anyway, and a deal or a pool leaves out the ones it has already.
 */
export type DeckWalk = 0 | 1 | 2;

const AREA_WIDTH: Record<CandidateFilter['area'], DeckWalk> = {
  region: 0,
  country: 1,
  nearby: 2,
  anywhere: 2,
};

/** The walks of the seeker's deck under `f`, nearest first (no region walk for a seeker without a region). */
export function deckWalks(s: Seeker, f: CandidateFilter): DeckWalk[] {
  const walks = ([0, 1, 2] as const).filter((w) => w <= AREA_WIDTH[f.area] && (w > 0 || s.region !== null));
  // The region area without an own region is the own country (as candidateConditions has it).
  return walks.length > 0 ? walks : [1];
}

/** SQL: the distance band of `p` from the seeker (the walk it belongs to first), for the swipe cursor. */
export const bandOf = (me: SQL, p: SQL): SQL =>
  sql`case when ${p}.country = ${me}.country and ${p}.region = ${me}.region then 0 when ${p}.country = ${me}.country then 1 else 2 end`;

/** Degrees of latitude per km (and of longitude per km at the equator). */
const KM_PER_DEGREE = 111.2;

/** SQL: the distance in whole km (at least 1) between the seeker's cell and `p`'s, null when either is unknown. */
function distanceKm(s: Seeker): SQL {
  if (s.latCell === null || s.lonCell === null) return sql`null::int`;
  return sql`case when p.lat_cell is null or p.lon_cell is null then null else greatest(1, round(${KM_PER_DEGREE} *
    sqrt(power(p.lat_cell - ${s.latCell}::float8, 2) +
         power((p.lon_cell - ${s.lonCell}::float8) * cos(radians((p.lat_cell + ${s.latCell}::float8) / 2)), 2))))::int end`;
}

/** SQL: how many of the wanted interests `p` has. */
function sharedInterests(interests: string[]): SQL {
  if (interests.length === 0) return sql`0`;
  return sql`cardinality(array(select unnest(p.interests) intersect select unnest(${sql.param(interests)}::text[])))`;
}

/** The conditions on alias `p` for the seeker's candidates under `f`, within one walk when `walk` is given. */
function candidateConditions(s: Seeker, f: CandidateFilter, walk?: DeckWalk): SQL {
  const parts: SQL[] = [sql`p.searchable`, sql`p.niche = ${s.niche}`, sql`p.user_id <> ${s.id}`];
  const width = Math.min(AREA_WIDTH[f.area], walk ?? 2);
  if (width === 0 && s.region !== null)
    parts.push(sql`p.country = ${s.country}`, sql`p.region = ${s.region}`);
  else if (width <= 1) parts.push(sql`p.country = ${s.country}`);
  if (f.area === 'nearby' && s.latCell !== null && s.lonCell !== null) {
    // A box around the seeker, checked in the activity walk; the exact radius is checked on the distance.
    const dLat = f.radiusKm / KM_PER_DEGREE;
    const dLon = f.radiusKm / (KM_PER_DEGREE * Math.max(0.1, Math.cos((s.latCell * Math.PI) / 180)));
    parts.push(
      sql`p.lat_cell between ${s.latCell - dLat} and ${s.latCell + dLat}`,
      sql`p.lon_cell between ${s.lonCell - dLon} and ${s.lonCell + dLon}`,
      sql`${distanceKm(s)} <= ${f.radiusKm}`,
    );
  }
  if (f.gender) parts.push(sql`p.gender = ${f.gender}`);
  // The age bounds as one-row subqueries: the planner does not see their values, so each member's plan costs what the
  // shared (generic) plan of the prepared statement costs, and PostgreSQL keeps that one instead of planning every
  // call again (1–1.5 ms of planning against under 1 ms of running the deck: docs/performance.md "Likes").
  parts.push(
    sql`p.birth_date <= (select ${f.bornOnOrBefore}::date)`,
    sql`p.birth_date > (select ${f.bornAfter}::date)`,
  );
  parts.push(
    sql`not exists (select 1 from blocks b where b.blocker_id = ${s.id} and b.blocked_id = p.user_id)`,
    sql`not exists (select 1 from blocks b where b.blocker_id = p.user_id and b.blocked_id = ${s.id})`,
  );
  return sql.join(parts, sql` and `);
}

/** How many candidates pass `f`, counted up to `cap`. */
export async function countCandidates(db: Db, s: Seeker, f: CandidateFilter, cap: number): Promise<number> {
  const [row] = await executeNamed<{ n: number | string }>(
    db,
    sql`select count(*) as n from (select 1 from profiles p where ${candidateConditions(s, f)} limit ${cap}) c`,
    'match_count',
  );
  return Number(row?.n ?? 0);
}

/** A card row with the explanation of why it fits. */
export interface MatchRow extends CardRow {
  sharedInterests: number;
  distanceKm: number | null;
}

interface RawMatchRow extends Omit<MatchRow, 'id' | 'sharedInterests' | 'distanceKm'> {
  id: string | number;
  sharedInterests: string | number;
  distanceKm: string | number | null;
}

const toMatchRow = (r: RawMatchRow): MatchRow => ({
  id: Number(r.id),
  name: r.name,
  birthDate: r.birthDate,
  city: r.city,
  country: r.country,
  fictional: r.fictional,
  kind: r.kind,
  verified: r.verified === true,
  storageKey: r.storageKey,
  photoStatus: r.photoStatus,
  sharedInterests: Number(r.sharedInterests),
  distanceKm: r.distanceKm === null ? null : Number(r.distanceKm),
});

/** The card columns of `p` with a public main photo `ph` and the explanation of the fit. */
function matchColumns(s: Seeker, f: CandidateFilter): SQL {
  return sql`p.user_id as id, p.name, p.birth_date as "birthDate", p.city, p.country, p.fictional, p.kind,
    ph.storage_key as "storageKey", ph.status as "photoStatus",
    exists (select 1 from verified_members vm where vm.user_id = p.user_id and vm.suspended_at is null) as verified,
    ${sharedInterests(f.interests)} as "sharedInterests", ${distanceKm(s)} as "distanceKm"`;
}

const publicPhotoJoin = sql`left join photos ph on ph.user_id = p.user_id and ph.is_main and ph.status = 'active' and not ph.is_private`;

/**
 * The match finder's ranking (also the signup matches): a pool of `pool` candidates, near first (the most recently
 * active of the own region, then of the own country, then of everywhere: deckWalks), ranked by fit. Score: 3 per
 * shared interest, 2 within 10 km or 1 within 50 km, 1 for a photo, 1 for a verified member (photo verification); ties go to the nearer distance band, then to the
 * more recently active. With `nearFirst` the distance band comes before the score (the signup matches and a member
 * who saved no preferences: suggestions from near the member first). The pool reads at most `pool` entries of each
 * walk, and no further walk once it is full.
 */
export function rankedMatchesSql(
  s: Seeker,
  f: CandidateFilter,
  page: { pool: number; limit: number; offset: number; nearFirst: boolean },
): SQL {
  const score = sql`m."sharedInterests" * 3
      + case when m."distanceKm" <= 10 then 2 when m."distanceKm" <= 50 then 1 else 0 end
      + case when m."storageKey" is null then 0 else 1 end
      + case when m.verified then 1 else 0 end desc`;
  const walks = deckWalks(s, f).map(
    (w) => sql`(select p.user_id, ${sql.raw(String(w))} as band, p.last_active_at from profiles p
        where ${candidateConditions(s, f, w)}
        order by p.last_active_at desc, p.user_id
        limit ${page.pool})`,
  );
  return sql`
    select * from (
      select ${matchColumns(s, f)}, p.last_active_at, pool.band
      from (
        select w.user_id, min(w.band) as band from (
          select * from (${sql.join(walks, sql` union all `)}) u
          order by u.band, u.last_active_at desc, u.user_id
          limit ${page.pool}
        ) w group by w.user_id
      ) pool
      join profiles p on p.user_id = pool.user_id
      ${publicPhotoJoin}
    ) m
    order by ${page.nearFirst ? sql`m.band, ${score}` : sql`${score}, m.band`},
      m.last_active_at desc, m.id
    limit ${page.limit} offset ${page.offset}`;
}

export async function findRankedMatches(
  db: Db,
  s: Seeker,
  f: CandidateFilter,
  page: { pool: number; limit: number; offset: number; nearFirst: boolean },
): Promise<MatchRow[]> {
  return (await executeNamed<RawMatchRow>(db, rankedMatchesSql(s, f, page), 'match_finder')).map(toMatchRow);
}

/**
 * A place in the swipe deck's order (distance band, then last activity, most recent first, then id): swipe_cursors.
 */
export interface DeckPlace {
  /** the walk (DeckWalk) the place is in: the member's distance band from the seeker */
  band: number;
  /** as the database writes it (to the microsecond; a Date would cut it to the millisecond) */
  lastActiveAt: string;
  memberId: number;
}

/**
 * One walk of the swipe deck (deckWalks): candidates the seeker has not liked and not passed on in the last
 * `passForgetDays` days, in the order of last activity (most recent first). With `after`, only the members after
 * that place (the deck cursor, swipe_cursors: the deck carries on after the furthest card swiped); with `upTo`, only
 * those at or before it (the deck wrapped around: from the top again up to the cursor). The cursor spares heavy
 * swipers the walk past the members they swiped (about 1 µs each; 7,000 of them cost 6.8 ms a deal:
 * docs/performance.md "Likes").
 */
export interface SwipeDeckOptions {
  limit: number;
  passForgetDays: number;
  /** the walk: own region, own country or everywhere (within the preferences' area); all of the area when left out */
  walk?: DeckWalk;
  /** members the deal has already (from an earlier walk) */
  excludeIds?: number[];
  after?: DeckPlace;
  upTo?: DeckPlace;
  /**
   * Leave out the swiped members with the hashed set even after the cursor (for members with many swipes: the walk
   * after the cursor may pass thousands of them, e.g. after a wrap, at about 2 µs each with probes).
   */
  hashed?: boolean;
}

export function swipeDeckSql(s: Seeker, f: CandidateFilter, opts: SwipeDeckOptions): SQL {
  const place = (c: DeckPlace) => ({
    at: sql`${c.lastActiveAt}::timestamptz`,
    id: sql`${c.memberId}::bigint`,
  });
  let cursor = sql``;
  if (opts.after) {
    const { at, id } = place(opts.after);
    cursor = sql` and p.last_active_at <= ${at} and (p.last_active_at < ${at} or p.user_id > ${id})`;
  } else if (opts.upTo) {
    const { at, id } = place(opts.upTo);
    cursor = sql` and p.last_active_at >= ${at} and (p.last_active_at > ${at} or p.user_id <= ${id})`;
  }
  const dealt = opts.excludeIds?.length
    ? sql` and p.user_id <> all(${sql.param(opts.excludeIds)}::bigint[])`
    : sql``;
  return sql`
    select ${matchColumns(s, f)}
    from (
      select p.user_id, p.last_active_at from profiles p
      where ${candidateConditions(s, f, opts.walk)}${cursor}${dealt}
        and ${opts.after && !opts.hashed ? probedExclusion(s, opts.passForgetDays) : hashedExclusion(s, opts.passForgetDays)}
      order by p.last_active_at desc, p.user_id
      limit ${opts.limit}
    ) deck
    join profiles p on p.user_id = deck.user_id
    ${publicPhotoJoin}
    order by deck.last_active_at desc, deck.user_id`;
}

/**
 * SQL: `p` is not a member the seeker liked or recently passed, as one hashed subplan of those members built once per
 * query (the ids are never null). For a walk from the top of the deck, which passes every member the seeker swiped:
 * a probe per candidate walked cost heavy swipers 15 ms there, and an anti join planned as a nested loop 850 ms
 * (docs/performance.md "Likes").
 */
const hashedExclusion = (s: Seeker, passForgetDays: number) => sql`p.user_id not in (
          select l.liked_id from likes l where l.liker_id = ${s.id}
          union all
          select sp.member_id from swipe_passes sp where sp.user_id = ${s.id}
            and sp.created_at > now() - make_interval(days => ${passForgetDays}))`;

/**
 * SQL: the same as hashedExclusion, as two index probes per candidate walked. For a walk after the deck cursor, which
 * meets few swiped members: building the hashed set of a heavy swiper's 7,000 likes and passes was most of such a
 * deal (docs/performance.md "Likes"). `offset 0` keeps each probe a subplan run per candidate: PostgreSQL would
 * otherwise turn `not exists` into an anti join, which it may plan as a hash over all the seeker's likes again.
 */
const probedExclusion = (s: Seeker, passForgetDays: number) => sql`not exists (
          select 1 from likes l where l.liker_id = ${s.id} and l.liked_id = p.user_id offset 0)
        and not exists (
          select 1 from swipe_passes sp where sp.user_id = ${s.id} and sp.member_id = p.user_id
            and sp.created_at > now() - make_interval(days => ${passForgetDays}) offset 0)`;

export async function findSwipeDeck(
  db: Db,
  s: Seeker,
  f: CandidateFilter,
  opts: SwipeDeckOptions,
): Promise<MatchRow[]> {
  return (await executeNamed<RawMatchRow>(db, swipeDeckSql(s, f, opts), 'swipe_deck')).map(toMatchRow);
}
