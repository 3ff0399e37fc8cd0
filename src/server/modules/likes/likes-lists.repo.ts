import { and, eq, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import type { LikeTab } from '../../../shared/schemas/likes';
import type { Db } from '../../db/client';
import { namedStatement } from '../../db/named-query';
import { likes, profiles } from '../../db/schema';
import { notBlockedEitherWay } from '../blocks/blocks.policy';
import { type CardRow, cardRowOf, cardSqlColumns, type RawCardRow } from '../members/profile-card.query';

/**
 * Reading the likes lists of GET /api/likes.php (issue 9): a tab's page of cards, the counts kept in like_counts and
 * the ids of the other tabs, in one statement per call (findLikesView); and recountLikes, the same counts counted
 * from the likes, which like_counts must always equal. The writes that keep the counts are in likes.repo.
 */
/**
 * SQL: the member whose id is in `column` (joined as `profiles`) takes part in the viewer's likes lists now:
 * `profiles.searchable` (account active, profile active, not invisible) and no block either way. A liker who is
 * deleted, hidden or blocked disappears from the lists and the counts at once; the rows stay until the account is
 * purged (or a block).
 */
function shownInLists(db: Db, viewerId: number, column: AnyPgColumn): SQL {
  return and(eq(profiles.searchable, true), notBlockedEitherWay(db, viewerId, column)) as SQL;
}

export interface LikeCardRow extends CardRow {
  likeNew: boolean;
  match: boolean;
  likedAt: Date;
}

// My like of the other member, and the other member's like of me.
const mine = alias(likes, 'mine');
const theirs = alias(likes, 'theirs');

/**
 * One page of a tab, each read in the order of its index (likes_received_idx, likes_given_idx, likes_matches_idx)
 * and run as a named prepared statement written once (no query building per call). received: the likes of me, new
 * ones first, then newest; given: my likes, newest first; matches: by the time of the match, newest first.
 * `likeNew` is the other member's like of me not yet seen (false without one), `match` both likes exist.
 */
export async function findLikePage(
  db: Db,
  viewerId: number,
  tab: LikeTab,
  limit: number,
  offset: number,
): Promise<LikeCardRow[]> {
  const rows = await pageQueries[tab](db, { viewerId, limit, offset });
  return rows.map((r) => ({
    ...cardRowOf(r),
    likeNew: r.like_new,
    match: r.match,
    likedAt: likes.createdAt.mapFromDriverValue(r.liked_at) as Date,
  }));
}
interface PageRow extends RawCardRow {
  like_new: boolean;
  match: boolean;
  liked_at: string;
}
function pageSql(tab: LikeTab): SQL {
  const viewer = sql`${sql.placeholder('viewerId')}::bigint`;
  // shownInLists: listed, no block either way (two NOT EXISTS, as blocks.policy notBlockedEitherWay).
  const shown = (other: SQL) => sql`p.searchable
    and not exists (select 1 from blocks b where b.blocker_id = ${viewer} and b.blocked_id = ${other})
    and not exists (select 1 from blocks b where b.blocker_id = ${other} and b.blocked_id = ${viewer})`;
  const card = cardSqlColumns;
  const photo = sql`left join photos ph
    on ph.user_id = p.user_id and ph.is_main and ph.status = 'active' and not ph.is_private`;
  const page = sql`limit ${sql.placeholder('limit')}::int offset ${sql.placeholder('offset')}::int`;
  if (tab === 'received')
    return sql`select ${card}, (t.seen_at is null) as like_new, (m.liker_id is not null) as match,
        t.created_at as liked_at
      from likes t
      join profiles p on p.user_id = t.liker_id
      ${photo}
      left join likes m on m.liker_id = ${viewer} and m.liked_id = p.user_id
      where t.liked_id = ${viewer} and ${shown(sql`t.liker_id`)}
      order by t.seen_at is null desc, t.created_at desc, t.liker_id desc
      ${page}`;
  if (tab === 'given')
    return sql`select ${card}, (t.liker_id is not null and t.seen_at is null) as like_new,
        (t.liker_id is not null) as match, m.created_at as liked_at
      from likes m
      join profiles p on p.user_id = m.liked_id
      ${photo}
      left join likes t on t.liker_id = p.user_id and t.liked_id = ${viewer}
      where m.liker_id = ${viewer} and ${shown(sql`m.liked_id`)}
      order by m.created_at desc, m.liked_id desc
      ${page}`;
  return sql`select ${card}, (t.seen_at is null) as like_new, true as match, m.matched_at as liked_at
    from likes m
    join profiles p on p.user_id = m.liked_id
    ${photo}
    join likes t on t.liker_id = p.user_id and t.liked_id = ${viewer}
    where m.liker_id = ${viewer} and m.matched_at is not null and ${shown(sql`m.liked_id`)}
    order by m.matched_at desc, m.liked_id desc
    ${page}`;
}
const pageQueries = {
  received: namedStatement<PageRow>('likes_page_received', () => pageSql('received')),
  given: namedStatement<PageRow>('likes_page_given', () => pageSql('given')),
  matches: namedStatement<PageRow>('likes_page_matches', () => pageSql('matches')),
};

export interface LikeCounts {
  received: number;
  given: number;
  matches: number;
  new: number;
}

/** The ids of a likes list's first page without the cards: the spec's `profiles` and `liked_by`. */
export interface LikeSummary {
  counts: LikeCounts;
  /** the given tab's first page, when asked for */
  given?: number[];
  /** the received tab's first page with like_new, when asked for */
  received?: { id: number; likeNew: boolean }[];
}

/**
 * The counts of the viewer's likes (like_counts: kept by the writes, one row) and, when asked for, the ids of the
 * first page of the given and of the received tab (the order and visibility of findLikePage, without the card
 * joins), in one statement.
 */
export async function findLikeSummary(
  db: Db,
  viewerId: number,
  want: { given: boolean; received: boolean },
  size: number,
): Promise<LikeSummary> {
  const query = want.given
    ? want.received
      ? summaryBoth
      : summaryGiven
    : want.received
      ? summaryReceived
      : summary;
  const [r] = await query(db, { viewerId, size });
  return summaryOf(r, want);
}
type SummaryRow = {
  received: number | null;
  unseen: number | null;
  given: number | null;
  matches: number | null;
  given_ids?: (string | number)[];
  liked_by?: [number, boolean][];
};
function summaryOf(r: SummaryRow | undefined, want: { given: boolean; received: boolean }): LikeSummary {
  const out: LikeSummary = {
    counts: {
      received: Number(r?.received ?? 0),
      given: Number(r?.given ?? 0),
      matches: Number(r?.matches ?? 0),
      new: Number(r?.unseen ?? 0),
    },
  };
  if (want.given) out.given = (r?.given_ids ?? []).map(Number);
  if (want.received) out.received = (r?.liked_by ?? []).map(([id, likeNew]) => ({ id: Number(id), likeNew }));
  return out;
}
/** The sort keys of each tab's page (pageSql) on its output columns, to aggregate the page in its order. */
const pageOrder: Record<LikeTab, string> = {
  received: 'x.like_new desc, x.liked_at desc, x.id desc',
  given: 'x.liked_at desc, x.id desc',
  matches: 'x.liked_at desc, x.id desc',
};
function summarySql(want: { given: boolean; received: boolean }, page?: LikeTab): SQL {
  const viewer = sql`${sql.placeholder('viewerId')}::bigint`;
  const size = sql`${sql.placeholder('size')}::int`;
  const notBlocked = (other: SQL) => sql`
    not exists (select 1 from blocks b where b.blocker_id = ${viewer} and b.blocked_id = ${other})
    and not exists (select 1 from blocks b where b.blocker_id = ${other} and b.blocked_id = ${viewer})`;
  const given = want.given
    ? sql`, array(
        select l.liked_id from likes l join profiles p on p.user_id = l.liked_id and p.searchable
        where l.liker_id = ${viewer} and ${notBlocked(sql`l.liked_id`)}
        order by l.created_at desc, l.liked_id desc limit ${size}) as given_ids`
    : sql``;
  const received = want.received
    ? sql`, (select coalesce(json_agg(json_build_array(r.liker_id, r.seen_at is null)
            order by r.seen_at is null desc, r.created_at desc, r.liker_id desc), '[]')
        from (
          select l.liker_id, l.seen_at, l.created_at from likes l
          join profiles p on p.user_id = l.liker_id and p.searchable
          where l.liked_id = ${viewer} and ${notBlocked(sql`l.liker_id`)}
          order by l.seen_at is null desc, l.created_at desc, l.liker_id desc limit ${size}) r) as liked_by`
    : sql``;
  const items = page
    ? sql`, (select coalesce(json_agg(x order by ${sql.raw(pageOrder[page])}), '[]')
        from (${pageSql(page)}) x) as items`
    : sql``;
  return sql`select c.received, c.unseen, c.given, c.matches${given}${received}${items}
    from (select 1) one left join like_counts c on c.user_id = ${viewer}`;
}

/** What GET /api/likes.php reads: findLikeSummary for the tab (the ids of the other tabs) and its findLikePage. */
export interface LikesView extends LikeSummary {
  rows: LikeCardRow[];
}

/**
 * findLikeSummary and findLikePage of one tab in one statement (the page as JSON in its order): one round trip
 * for the whole of GET /api/likes.php.
 */
export async function findLikesView(
  db: Db,
  viewerId: number,
  tab: LikeTab,
  limit: number,
  offset: number,
): Promise<LikesView> {
  const [r] = await viewQueries[tab](db, { viewerId, size: limit, limit, offset });
  const rows = (r?.items ?? []).map((x) => ({
    ...cardRowOf(x),
    likeNew: x.like_new,
    match: x.match,
    likedAt: new Date(x.liked_at),
  }));
  return { ...summaryOf(r, viewWants[tab]), rows };
}
/** The other tabs' ids each tab answers with (the spec's `profiles` and `liked_by`). */
const viewWants: Record<LikeTab, { given: boolean; received: boolean }> = {
  received: { given: true, received: false },
  given: { given: false, received: true },
  matches: { given: true, received: true },
};
const viewQueries = {
  received: namedStatement<SummaryRow & { items: PageRow[] }>('likes_view_received', () =>
    summarySql(viewWants.received, 'received'),
  ),
  given: namedStatement<SummaryRow & { items: PageRow[] }>('likes_view_given', () =>
    summarySql(viewWants.given, 'given'),
  ),
  matches: namedStatement<SummaryRow & { items: PageRow[] }>('likes_view_matches', () =>
    summarySql(viewWants.matches, 'matches'),
  ),
};
const summary = namedStatement<SummaryRow>('likes_summary', () =>
  summarySql({ given: false, received: false }),
);
const summaryGiven = namedStatement<SummaryRow>('likes_summary_g', () =>
  summarySql({ given: true, received: false }),
);
const summaryReceived = namedStatement<SummaryRow>('likes_summary_r', () =>
  summarySql({ given: false, received: true }),
);
const summaryBoth = namedStatement<SummaryRow>('likes_summary_gr', () =>
  summarySql({ given: true, received: true }),
);

/**
 * The counts counted from the likes by the rules of the lists (findLikePage), every like: what like_counts must
 * always equal. Reads every like of the member (half a second for 100,000): for tests and checks, never a request.
 */
export async function recountLikes(db: Db, viewerId: number): Promise<LikeCounts> {
  const count = (rows: SQL) =>
    db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(sql`(${rows}) as counted`)
      .then(([row]) => row?.n ?? 0);
  const receivedRows = (onlyNew: boolean) =>
    sql`${db
      .select({ one: sql`1` })
      .from(theirs)
      .innerJoin(profiles, eq(profiles.userId, theirs.likerId))
      .where(
        and(
          eq(theirs.likedId, viewerId),
          onlyNew ? isNull(theirs.seenAt) : undefined,
          shownInLists(db, viewerId, theirs.likerId),
        ),
      )}`;
  const givenRows = (onlyMatches: boolean) =>
    sql`${db
      .select({ one: sql`1` })
      .from(mine)
      .innerJoin(profiles, eq(profiles.userId, mine.likedId))
      .leftJoin(theirs, and(eq(theirs.likerId, mine.likedId), eq(theirs.likedId, viewerId)))
      .where(
        and(
          eq(mine.likerId, viewerId),
          onlyMatches ? and(isNotNull(mine.matchedAt), isNotNull(theirs.likerId)) : undefined,
          shownInLists(db, viewerId, mine.likedId),
        ),
      )}`;
  const received = await count(receivedRows(false));
  const unseen = await count(receivedRows(true));
  const given = await count(givenRows(false));
  const matches = await count(givenRows(true));
  return { received, new: unseen, given, matches };
}
