import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { executeNamed } from '../../db/named-query';
import type { CardRow } from '../members/profile-card.query';

/**
 * Member search queries. Everything a search filters and orders by is on `profiles`: `searchable` (account active,
 * profile active and visible; kept by members/searchable.ts) and a copy of the account's `last_active_at`, so one
 * partial index (`where searchable`) serves the filters and the order: niche, country (and region) as equality
 * columns, then last_active_at desc, user_id, then gender and birth_date checked inside the index scan (see
 * docs/performance.md, "Member search"). A page is LIMIT/OFFSET over that order, no sort.
 */

/** One search as the database sees it: ages are birth-date bounds. */
export interface SearchFilter {
  niche: number;
  gender?: string | undefined;
  country?: string | undefined;
  region?: string | undefined;
  /** Youngest allowed: born on or before this ISO date (the minimum age). */
  bornOnOrBefore?: string | undefined;
  /** Oldest allowed: born after this ISO date (one day past the maximum age). */
  bornAfter?: string | undefined;
  /** The signed-in viewer: never listed, nor whom they blocked or who blocked them. */
  viewerId?: number | undefined;
  /** Further members never listed (results already shown). */
  excludeIds: number[];
  /** Verified members only (photo verification: a badge not suspended). */
  verifiedOnly?: boolean | undefined;
}

/** A profile card row (members/profile-card.query.ts) with the activity time of the search order. */
export interface SearchRow extends CardRow {
  /** The activity time the order uses, in epoch milliseconds (with the microseconds as a fraction). */
  lastActiveMs: number;
}

/** The search conditions on alias `p`. */
function conditions(f: SearchFilter): SQL {
  const parts: SQL[] = [sql`p.searchable`, sql`p.niche = ${f.niche}`];
  if (f.country) parts.push(sql`p.country = ${f.country}`);
  if (f.region) parts.push(sql`p.region = ${f.region}`);
  if (f.gender) parts.push(sql`p.gender = ${f.gender}`);
  if (f.bornOnOrBefore) parts.push(sql`p.birth_date <= ${f.bornOnOrBefore}`);
  if (f.bornAfter) parts.push(sql`p.birth_date > ${f.bornAfter}`);
  if (f.verifiedOnly)
    parts.push(
      sql`exists (select 1 from verified_members vm where vm.user_id = p.user_id and vm.suspended_at is null)`,
    );
  const excluded = f.viewerId === undefined ? f.excludeIds : [f.viewerId, ...f.excludeIds];
  if (excluded.length > 0) parts.push(sql`p.user_id <> all(${sql.param(excluded)}::bigint[])`);
  if (f.viewerId !== undefined) {
    parts.push(
      sql`not exists (select 1 from blocks b where b.blocker_id = ${f.viewerId} and b.blocked_id = p.user_id)`,
    );
    parts.push(
      sql`not exists (select 1 from blocks b where b.blocker_id = p.user_id and b.blocked_id = ${f.viewerId})`,
    );
  }
  return sql.join(parts, sql` and `);
}

/** The count of countMatches (exported for the EXPLAIN test and the benchmark). */
export function countSql(f: SearchFilter, cap: number): SQL {
  return sql`select count(*)::int as n from (select 1 from profiles p where ${conditions(f)} limit ${cap}) s`;
}

/** How many members match, counted up to `cap` (an index-only scan of a search index where the pages allow). */
export async function countMatches(db: Db, f: SearchFilter, cap: number): Promise<number> {
  const [row] = await executeNamed<{ n: number }>(db, countSql(f, cap), 'search_count');
  return row?.n ?? 0;
}

/** The query of one page (exported for the EXPLAIN test and the benchmark). */
export function pageSql(f: SearchFilter, page: { limit: number; offset: number }): SQL {
  return sql`
    select p.user_id as id, p.name, p.birth_date as "birthDate", p.city, p.country, p.fictional, p.kind,
           ph.storage_key as "storageKey", ph.status as "photoStatus",
           exists (select 1 from verified_members vm where vm.user_id = p.user_id and vm.suspended_at is null) as verified,
           extract(epoch from top.last_active_at) * 1000 as "lastActiveMs"
    from (
      select p.user_id, p.last_active_at from profiles p
      where ${conditions(f)}
      order by p.last_active_at desc, p.user_id
      limit ${page.limit} offset ${page.offset}
    ) top
    join profiles p on p.user_id = top.user_id
    left join photos ph on ph.user_id = p.user_id and ph.is_main and ph.status = 'active' and not ph.is_private
    order by top.last_active_at desc, top.user_id`;
}

interface RawRow extends Omit<SearchRow, 'id' | 'lastActiveMs'> {
  id: string | number;
  lastActiveMs: string | number;
}

/** One page of the matches, most recently active first. */
export async function findSearchPage(
  db: Db,
  f: SearchFilter,
  page: { limit: number; offset: number },
): Promise<SearchRow[]> {
  return (await executeNamed<RawRow>(db, pageSql(f, page), 'search_page')).map((r) => ({
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
    lastActiveMs: Number(r.lastActiveMs),
  }));
}
