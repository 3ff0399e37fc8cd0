/**
 * Likes and swipe deck benchmark (issue 9) on PostgreSQL with 1,000,000 members and 20,000,000 likes.
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/amora_bench_likes npm run bench:likes
 *
 * Creates the database when missing, migrates it with the app's migrations, and seeds it once with set-based SQL
 * (skipped when seeded): members (users, profiles, main photos; e-mails @bench.invalid), skewed likes (5 "hot"
 * members with 100,000 received likes each, the rest over a power law of liked members, random likers; 30 % not
 * seen yet), a few blocks, and 5 "heavy swipers" who liked (and passed on) the top 7,000 members of their own deck.
 * The likes' secondary indexes are dropped for the bulk insert and recreated after; the kept counts (like_counts)
 * are filled as migration 0018 does; then VACUUM ANALYZE. Every run first gives the heavy swipers the deck cursor
 * swiping through that part of their deck in the app leaves (swipe_cursors), and checks the hot members' kept
 * counts against a count of their likes by the lists' rules.
 *
 * Then measures (a) the queries through the app's repo functions on a pg pool (p50/p95/p99 from hrtime samples):
 * a like with the match check and an unlike (with the counts), the likes tabs of a member with 100,000 received
 * likes, the swipe deck (the heavy swipers with their cursor, and without: the first deal after a wrap); and (b) over
 * HTTP with autocannon (bench/lib/load.ts) at 20 concurrent clients against the app started as a child process:
 * POST /api/like.php, GET /api/likes.php, GET /api/swipe-game.php, each as a ratio of a bare Fastify route measured
 * in the same run (bench/baseline-server.ts). Likes the bench adds are deleted again at the end (as unlikes do, and
 * their members' counts counted again).
 *
 *   BENCH_SECONDS=10 BENCH_WARMUP_SECONDS=2 BENCH_CONCURRENCY=20 BENCH_RUNS=1000 (samples per query, at most
 *   BENCH_QUERY_SECONDS=20 s each) by default; BENCH_SEED_ONLY=1 stops after seeding, BENCH_SKIP_HTTP=1 skips (b),
 *   BENCH_ONLY=like,pages,deck,http runs only those parts (the three queries of (a), and (b)),
 *   BENCH_EXPLAIN=1 prints EXPLAIN (ANALYZE, BUFFERS) of the queries. BENCH_MEMBERS and BENCH_LIKES size a new seed.
 *   BENCH_APP_NODE_ARGS passes node options to the app (diagnosis: "--cpu-prof --cpu-prof-dir=<dir>").
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { type Db, openDatabase } from '../src/server/db/client';
import * as schema from '../src/server/db/schema';
import { type Profile, profiles, sites } from '../src/server/db/schema';
import { seededRandom } from '../src/server/lib/seeded-random';
import { hashToken, newToken } from '../src/server/lib/tokens';
import { insertSession } from '../src/server/modules/auth/sessions.repo';
import { regionsByCountry } from '../src/server/modules/geo/regions';
import { deleteLike, findLikeTarget, storeLike } from '../src/server/modules/likes/likes.repo';
import { listLikes } from '../src/server/modules/likes/likes.service';
import { findLikePage, findLikeSummary, recountLikes } from '../src/server/modules/likes/likes-lists.repo';
import {
  bandOf,
  type CandidateFilter,
  type DeckPlace,
  deckWalks,
  type Seeker,
  swipeDeckSql,
} from '../src/server/modules/matching/matching.repo';
import {
  candidateFilterOf,
  defaultPreferences,
  seekerOf,
} from '../src/server/modules/matching/matching.service';
import { findSwipeState } from '../src/server/modules/matching/swipe.repo';
import { dealSwipeDeck } from '../src/server/modules/matching/swipe.service';
import { ensureDefaultSite } from '../src/server/modules/sites/sites.service';
import { INTERESTS, RULES } from '../src/shared/rules';
import type { LikeTab } from '../src/shared/schemas/likes';
import { freePort, type LoadRequest, type LoadResult, runLoad, stopProcess, waitReady } from './lib/load';
import { inTransaction } from './lib/pg-transaction';

function intEnv(name: string, fallback: number, min: number, max: number): number {
  const raw = process.env[name];
  const n = raw === undefined || raw === '' ? fallback : Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) throw new Error(`${name} must be an integer ${min}–${max}`);
  return n;
}
const flag = (name: string) => process.env[name] === '1' || process.env[name] === 'true';
/** Extra node options for the app (diagnosis), e.g. BENCH_APP_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/p". */
const APP_NODE_ARGS = (process.env.BENCH_APP_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);
const PARTS = ['like', 'pages', 'deck', 'http'] as const;
const only = (process.env.BENCH_ONLY ?? '')
  .split(',')
  .map((x) => x.trim())
  .filter(Boolean);
for (const o of only) {
  if (!(PARTS as readonly string[]).includes(o))
    throw new Error(`BENCH_ONLY: unknown ${o} (known: ${PARTS.join(', ')})`);
}
/** Whether a part of the bench runs (BENCH_ONLY=like,pages,deck,http picks some; all by default). */
const part = (name: (typeof PARTS)[number]) => only.length === 0 || only.includes(name);

const url = process.env.DATABASE_URL;
const MEMBERS = intEnv('BENCH_MEMBERS', 1_000_000, 10_000, 50_000_000);
const LIKES = intEnv('BENCH_LIKES', 20_000_000, 100_000, 1_000_000_000);
const seconds = intEnv('BENCH_SECONDS', 10, 1, 600);
const warmupSeconds = intEnv('BENCH_WARMUP_SECONDS', 2, 0, 60);
const concurrency = intEnv('BENCH_CONCURRENCY', 20, 1, 1000);
const RUNS = intEnv('BENCH_RUNS', 1000, 10, 100_000);
const QUERY_SECONDS = intEnv('BENCH_QUERY_SECONDS', 20, 1, 3600);

/** Members with HOT_RECEIVED received likes each (women in the largest markets). */
const HOT_COUNTRIES = ['US', 'GB', 'DE', 'FR', 'IT'];
const HOT_RECEIVED = Math.min(100_000, Math.floor(MEMBERS / 10));
/** Each hot member likes this many random members, and likes back this many of their latest likers (matches). */
const HOT_GIVEN = 2_000;
const HOT_LIKE_BACK = 500;
/** Heavy swipers (men in the same markets) went through the top of their own deck: liked most, passed on some. */
const HEAVY_DECK = 7_000;
const HEAVY_LIKE_SHARE = 5 / 7;
const BLOCKS = 20_000;
const BLOCKS_PER_HOT = 50;
/** Share of the likes the liked member has not seen yet. */
const UNSEEN = 0.3;
const SITE = 'localhost';
const SEED_MARK = 'bench.invalid';
const SESSION_AGENT = 'bench-likes';

/** Rough share of members per country (larger markets first), and a centre and spread for the location cells. */
const COUNTRIES: Record<string, { w: number; lat: number; lon: number; dLat: number; dLon: number }> = {
  US: { w: 25, lat: 38, lon: -95, dLat: 16, dLon: 45 },
  GB: { w: 10, lat: 53, lon: -1.8, dLat: 6, dLon: 4 },
  DE: { w: 10, lat: 51, lon: 10, dLat: 6, dLon: 6 },
  FR: { w: 8, lat: 46.6, lon: 2.4, dLat: 6, dLon: 7 },
  IT: { w: 7, lat: 42.8, lon: 12.5, dLat: 7, dLon: 6 },
  ES: { w: 6, lat: 40.2, lon: -3.7, dLat: 6, dLon: 8 },
  NL: { w: 6, lat: 52.2, lon: 5.3, dLat: 2, dLon: 2.5 },
  PL: { w: 5, lat: 52, lon: 19.4, dLat: 4, dLon: 7 },
  CA: { w: 5, lat: 46, lon: -80, dLat: 6, dLon: 30 },
  AU: { w: 4, lat: -31, lon: 145, dLat: 10, dLon: 25 },
  BE: { w: 3, lat: 50.6, lon: 4.6, dLat: 1.5, dLon: 2.5 },
  SE: { w: 2.5, lat: 60, lon: 16, dLat: 10, dLon: 6 },
  CH: { w: 2, lat: 46.8, lon: 8.2, dLat: 1.5, dLon: 3 },
  AT: { w: 2, lat: 47.6, lon: 14.5, dLat: 1.5, dLon: 6 },
  DK: { w: 1.5, lat: 56, lon: 10, dLat: 2, dLon: 3 },
  NO: { w: 1.5, lat: 61, lon: 9, dLat: 8, dLon: 8 },
  FI: { w: 1.5, lat: 62, lon: 25.7, dLat: 6, dLon: 6 },
  IE: { w: 1.5, lat: 53.4, lon: -8, dLat: 3, dLon: 3 },
  NZ: { w: 1, lat: -41, lon: 174, dLat: 8, dLon: 6 },
};

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
/** A multiplier coprime to n: k -> k * m mod n is then a permutation of 0..n-1. */
function coprimeMultiplier(n: number, from: number): number {
  let m = from;
  while (gcd(m, n) !== 1) m++;
  return m;
}

const log = (msg: string) => console.error(`[bench] ${msg}`);

/** What to undo when the bench is interrupted (Ctrl-C, SIGTERM): stop the servers, delete what it added. */
const onInterrupt = new Set<() => Promise<unknown>>();
let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (interrupted) process.exit(130);
    interrupted = true;
    log(`${signal}: cleaning up`);
    void Promise.allSettled([...onInterrupt].map((f) => f())).then(() => process.exit(130));
  });
}
const secondsSince = (t0: number) => ((performance.now() - t0) / 1000).toFixed(1);

async function ensureDatabaseExists(databaseUrl: string): Promise<void> {
  const target = new URL(databaseUrl);
  const name = decodeURIComponent(target.pathname.replace(/^\//, ''));
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`unexpected database name ${name}`);
  const admin = new URL(databaseUrl);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) {
      log(`creating database ${name}`);
      await client.query(`create database ${name}`);
    }
  } finally {
    await client.end();
  }
}

/** The bench members' ids: base .. base + count - 1 (one insert made them, so they are consecutive). */
interface Range {
  base: number;
  count: number;
}

async function memberRange(client: pg.Client): Promise<Range | undefined> {
  const r = await client.query<{ min: string | null; max: string | null; n: string }>(
    `select min(id) as min, max(id) as max, count(*) as n from users where email like $1`,
    [`%@${SEED_MARK}`],
  );
  const row = r.rows[0];
  if (!row?.min || !row.max) return undefined;
  const base = Number(row.min);
  const count = Number(row.n);
  if (Number(row.max) - base + 1 !== count) throw new Error('the bench members ids are not consecutive');
  return { base, count };
}

/** Phase 1: the members (users, profiles, main photos); skipped when the last bench member exists. */
async function seedMembers(client: pg.Client, siteId: number): Promise<boolean> {
  const last = await client.query('select 1 from users where email = $1', [`bench-${MEMBERS}@${SEED_MARK}`]);
  if (last.rowCount) return false;
  const t0 = performance.now();
  const total = Object.values(COUNTRIES).reduce((a, c) => a + c.w, 0);
  const slots: string[] = [];
  for (const [country, c] of Object.entries(COUNTRIES)) {
    for (let i = 0; i < Math.round((c.w / total) * 1000); i++) slots.push(country);
  }
  const regions = regionsByCountry();
  await client.query('begin');
  try {
    await client.query(`set local statement_timeout = 0`);
    await client.query(`set local synchronous_commit = off`);
    await client.query(`set local work_mem = '256MB'`);
    await client.query(`set local maintenance_work_mem = '1GB'`);
    await client.query(
      `create temp table bench_geo (country text primary key, regions text[], lat float8, lon float8,
                                    dlat float8, dlon float8) on commit drop`,
    );
    for (const [country, c] of Object.entries(COUNTRIES)) {
      const codes = (regions.get(country) ?? []).map((r) => r.code);
      await client.query('insert into bench_geo values ($1, $2, $3, $4, $5, $6)', [
        country,
        codes,
        c.lat,
        c.lon,
        c.dLat,
        c.dLon,
      ]);
    }
    // Accounts: all active and confirmed; activity skewed to the last days.
    await client.query(
      `insert into users (site_id, email, status, language, signup_date, last_active_at, email_confirmed_at)
       select $1, 'bench-' || i || '@' || $2, 'active', 'en', la - interval '400 days' * random(), la,
              la - interval '400 days' * random()
       from (select i, now() - interval '180 days' * power(random(), 3) as la
             from generate_series(1, $3::int) as i) s`,
      [siteId, SEED_MARK, MEMBERS],
    );
    log(`users: ${secondsSince(t0)} s`);
    // Profiles: all listed (searchable) in niche 1; 50/50 gender seeking the other; ages 18..75 skewed young;
    // countries by weight with real region codes (a few regions hold most members); about 6 interests each;
    // 60 % with a location cell. The inner subqueries keep random() per row (volatile target lists are not
    // flattened; the interests subquery refers to the row, so it runs per row).
    await client.query(
      `insert into profiles (user_id, name, status, gender, seeking_gender, birth_date, country, region, city, niche,
                             interests, lat_cell, lon_cell, invisible, last_active_at, searchable)
       select x.id, 'Member ' || x.id, 'active', x.gender, case when x.gender = 'male' then 'female' else 'male' end,
              x.birth_date, x.country, x.region, null, 1, x.interests,
              case when x.located then round((x.lat + (x.r1 - 0.5) * x.dlat)::numeric, 2)::real end,
              case when x.located then round((x.lon + (x.r2 - 0.5) * x.dlon)::numeric, 2)::real end,
              false, x.last_active_at, true
       from (
         select s.id, s.last_active_at, s.gender, s.country, g.lat, g.lon, g.dlat, g.dlon,
                (current_date - (365.25 * (18 + 57 * power(random(), 1.6)))::int)::date as birth_date,
                g.regions[1 + floor(coalesce(array_length(g.regions, 1), 0) * power(random(), 2))::int] as region,
                array(select t from unnest($3::text[]) as t where random() < 0.12 and s.id is not null) as interests,
                random() < 0.6 as located, random() as r1, random() as r2
         from (select u.id, u.last_active_at,
                      case when random() < 0.5 then 'male' else 'female' end as gender,
                      ($1::text[])[1 + floor(random() * $2::int)::int] as country
               from users u where u.email like $4) s
         join bench_geo g on g.country = s.country
         offset 0
       ) x`,
      [slots, slots.length, [...INTERESTS], `%@${SEED_MARK}`],
    );
    log(`profiles: ${secondsSince(t0)} s`);
    // Main photos for 75 % (90 % of them approved).
    await client.query(
      `insert into photos (user_id, storage_key, status, is_private, is_main, width, height)
       select u.id, 'bench/' || u.id, case when random() < 0.9 then 'active' else 'pending' end, false, true, 800, 800
       from users u where u.email like $1 and random() < 0.75`,
      [`%@${SEED_MARK}`],
    );
    await client.query('commit');
  } catch (err) {
    await client.query('rollback');
    throw err;
  }
  log(`seeded ${MEMBERS} members in ${secondsSince(t0)} s`);
  return true;
}

/** The cast of the bench: found again on every run by the same deterministic queries. */
interface Cast {
  hot: number[];
  heavy: number[];
}

async function findCast(client: pg.Client | pg.PoolClient, range: Range): Promise<Cast> {
  const pick = async (gender: string) => {
    const ids: number[] = [];
    for (const country of HOT_COUNTRIES) {
      // The first member of that gender and country past the first 10 % of the ids.
      const r = await client.query<{ user_id: string }>(
        `select user_id from profiles where user_id >= $1 and country = $2 and gender = $3
         order by user_id limit 1`,
        [range.base + Math.floor(range.count / 10) * (ids.length + 1), country, gender],
      );
      if (!r.rows[0]) throw new Error(`no ${gender} bench member in ${country}`);
      ids.push(Number(r.rows[0].user_id));
    }
    return ids;
  };
  return { hot: await pick('female'), heavy: await pick('male') };
}

type OwnProfile = Pick<
  Profile,
  | 'userId'
  | 'niche'
  | 'country'
  | 'region'
  | 'latCell'
  | 'lonCell'
  | 'gender'
  | 'sexuality'
  | 'seekingGender'
  | 'birthDate'
  | 'interests'
>;

async function ownProfile(db: Db, id: number): Promise<OwnProfile> {
  const [p] = await db.select().from(profiles).where(eq(profiles.userId, id));
  if (!p) throw new Error(`no profile ${id}`);
  return p;
}

const dialect = new PgDialect();

/**
 * Phase 2: likes, blocks and the heavy swipers' likes and passes, in one transaction (so a seed that stops half
 * way leaves nothing); skipped when there are likes already.
 */
async function seedLikes(client: pg.Client, range: Range): Promise<boolean> {
  const any = await client.query('select 1 from likes limit 1');
  if (any.rowCount) return false;
  const t0 = performance.now();
  const N = range.count;
  const base = range.base;
  const P = coprimeMultiplier(N, 7919);
  await client.query('begin');
  try {
    await client.query(`set local statement_timeout = 0`);
    await client.query(`set local synchronous_commit = off`);
    await client.query(`set local work_mem = '512MB'`);
    await client.query(`set local maintenance_work_mem = '1GB'`);
    // The ids come from the users just seeded: skip the per-row foreign key triggers (needs a superuser).
    const su = await client.query<{ rolsuper: boolean }>(
      'select rolsuper from pg_roles where rolname = current_user',
    );
    if (su.rows[0]?.rolsuper) await client.query(`set local session_replication_role = replica`);
    const cast = await findCast(client, range);
    // The secondary indexes go for the bulk insert and come back after (the primary key stays: it dedups).
    const defs = await client.query<{ indexname: string; indexdef: string }>(
      `select i.indexname, i.indexdef from pg_indexes i
       where i.schemaname = 'public' and i.tablename = 'likes'
         and i.indexname not in (select conname from pg_constraint where conrelid = 'likes'::regclass)`,
    );
    for (const d of defs.rows) await client.query(`drop index ${d.indexname}`);
    log(`dropped ${defs.rows.map((d) => d.indexname).join(', ')}`);

    // Likes by liker range in ascending order, each chunk sorted by the primary key, so the key's index only
    // grows at its right end. Per chunk: likes to the hot members from a fixed set of likers (a permutation of the
    // members), and the rest spread: liked member by a power law (rank = N * u^2, so the most liked of them gets
    // about 20,000 and the median about 14) scattered over the ids by a permutation; liker uniform in the chunk.
    const spread =
      LIKES - cast.hot.length * (HOT_RECEIVED + HOT_GIVEN + HOT_LIKE_BACK) - cast.heavy.length * 5_000;
    const chunks = Math.max(1, Math.round(LIKES / 1_000_000));
    const hotOffsets = cast.hot.map((_, i) => (i * 123_457 + 11) % N);
    for (let c = 0; c < chunks; c++) {
      const lo = Math.floor((c * N) / chunks);
      const hi = Math.floor(((c + 1) * N) / chunks);
      const n = Math.floor(((c + 1) * spread) / chunks) - Math.floor((c * spread) / chunks);
      const t1 = performance.now();
      const r = await client.query(
        `insert into likes (liker_id, liked_id, created_at, seen_at, announced_at)
         select liker_id, liked_id, created_at,
                case when seen then created_at + interval '3 days' * random() end,
                case when seen or random() < 0.5 then created_at + interval '1 hour' * random() end
         from (
           select liker_id, liked_id, now() - interval '365 days' * power(random(), 1.5) as created_at,
                  random() >= $9::float8 as seen
           from (
             select $1::bigint + $2::bigint + floor(random() * ($3::bigint - $2::bigint))::bigint as liker_id,
                    $1::bigint + (floor($4::float8 * power(random(), 2))::bigint * $5::bigint) % $4::bigint
                      as liked_id,
                    false as hot
             from generate_series(1, $6::int)
             union all
             select $1::bigint + (k::bigint * $5::bigint + h.off) % $4::bigint, h.id, true
             from unnest($7::bigint[], $8::bigint[]) as h(id, off), generate_series(0, $10::int - 1) as k
             where (k::bigint * $5::bigint + h.off) % $4::bigint >= $2::bigint
               and (k::bigint * $5::bigint + h.off) % $4::bigint < $3::bigint
           ) pairs
           where liker_id <> liked_id and (hot or liked_id <> all($7::bigint[]))
           offset 0
         ) x
         order by liker_id, liked_id
         on conflict do nothing`,
        [base, lo, hi, N, P, n, cast.hot, hotOffsets, UNSEEN, HOT_RECEIVED],
      );
      log(
        `likes chunk ${c + 1}/${chunks}: ${r.rowCount} rows in ${secondsSince(t1)} s (${secondsSince(t0)} s)`,
      );
    }
    for (const d of defs.rows) {
      const t1 = performance.now();
      await client.query(d.indexdef);
      log(`${d.indexname}: ${secondsSince(t1)} s`);
    }
    // The hot members like random members, and like back their latest likers (matches).
    await client.query(
      `insert into likes (liker_id, liked_id, created_at, seen_at, announced_at)
       select h.id, $2::bigint + floor(random() * $3)::bigint, now() - interval '200 days' * random(), now(), now()
       from unnest($1::bigint[]) as h(id), generate_series(1, $4::int)
       on conflict do nothing`,
      [cast.hot, base, N, HOT_GIVEN],
    );
    await client.query(
      `insert into likes (liker_id, liked_id, created_at, seen_at)
       select h.id, l.liker_id, least(now(), l.created_at + interval '1 day' * random()), null
       from unnest($1::bigint[]) as h(id)
       cross join lateral (select liker_id, created_at from likes where liked_id = h.id
                           order by created_at desc limit $2) l
       on conflict do nothing`,
      [cast.hot, HOT_LIKE_BACK],
    );
    // Blocks: random pairs, and some of the hot members' likers; likes between blocked members are deleted, as
    // blocking does.
    await client.query(
      `insert into blocks (blocker_id, blocked_id, created_at)
       select a, b, now() - interval '300 days' * random() from (
         select $1::bigint + floor(random() * $2)::bigint as a, $1::bigint + floor(random() * $2)::bigint as b
         from generate_series(1, $3::int)) s
       where a <> b
       on conflict do nothing`,
      [base, N, BLOCKS],
    );
    await client.query(
      `insert into blocks (blocker_id, blocked_id)
       select h.id, l.liker_id from unnest($1::bigint[]) as h(id)
       cross join lateral (select liker_id from likes where liked_id = h.id order by created_at limit $2) l
       on conflict do nothing`,
      [cast.hot, BLOCKS_PER_HOT],
    );
    const unblocked = await client.query(
      `delete from likes l using blocks b
       where (l.liker_id = b.blocker_id and l.liked_id = b.blocked_id)
          or (l.liker_id = b.blocked_id and l.liked_id = b.blocker_id)`,
    );
    log(`blocks; ${unblocked.rowCount} likes between blocked members deleted`);
    // Matches carry matched_at on both rows (the app sets it under the pair lock when the second like arrives).
    const t2 = performance.now();
    const matched = await client.query(
      `update likes l set matched_at = greatest(l.created_at, r.created_at)
       from likes r where r.liker_id = l.liked_id and r.liked_id = l.liker_id`,
    );
    log(`matched_at on ${matched.rowCount} likes: ${secondsSince(t2)} s`);
    // The heavy swipers: the top of their own deck (the app's deck query, default preferences), most liked, the
    // rest passed on within the last 30 days.
    const rnd = seededRandom(7);
    const toOwn = (r: Record<string, unknown>): OwnProfile => ({
      userId: Number(r.user_id),
      niche: Number(r.niche),
      country: String(r.country),
      region: (r.region as string | null) ?? null,
      latCell: (r.lat_cell as number | null) ?? null,
      lonCell: (r.lon_cell as number | null) ?? null,
      gender: (r.gender as string | null) ?? null,
      sexuality: (r.sexuality as string | null) ?? null,
      seekingGender: (r.seeking_gender as string | null) ?? null,
      birthDate: String(r.birth_date),
      interests: r.interests as string[],
    });
    for (const id of cast.heavy) {
      const row = await client.query(
        `select user_id, niche, country, region, lat_cell, lon_cell, gender, sexuality, seeking_gender,
           birth_date::text, interests
         from profiles where user_id = $1`,
        [id],
      );
      const p = toOwn(row.rows[0] as Record<string, unknown>);
      // The top of the deck in the app's order: the walks nearest first (own region, then own country).
      const seeker = seekerOf(p);
      const filter = candidateFilterOf(p, defaultPreferences(p));
      const deck: number[] = [];
      for (const walk of deckWalks(seeker, filter)) {
        if (deck.length >= HEAVY_DECK) break;
        const q = dialect.sqlToQuery(
          swipeDeckSql(seeker, filter, {
            limit: HEAVY_DECK - deck.length,
            passForgetDays: RULES.swipeGame.passForgetDays,
            walk,
            excludeIds: [...deck],
          }),
        );
        const rows = (await client.query<{ id: string }>(q.sql, q.params as unknown[])).rows;
        deck.push(...rows.map((r) => Number(r.id)));
      }
      const liked: number[] = [];
      const passed: number[] = [];
      for (const m of deck) (rnd() < HEAVY_LIKE_SHARE ? liked : passed).push(m);
      await client.query(
        `insert into likes (liker_id, liked_id, created_at, seen_at)
         select $1, m, now() - interval '300 days' * random(), case when random() >= $3 then now() end
         from unnest($2::bigint[]) as m
         on conflict do nothing`,
        [id, liked, UNSEEN],
      );
      await client.query(
        `insert into swipe_passes (user_id, member_id, created_at)
         select $1, m, now() - interval '29 days' * random() from unnest($2::bigint[]) as m
         on conflict do nothing`,
        [id, passed],
      );
      log(`heavy swiper: ${liked.length} likes and ${passed.length} passes of a deck of ${deck.length}`);
    }
    // The counts the app keeps with every like (like_counts), as migration 0018 fills them.
    const t3 = performance.now();
    await client.query('delete from like_counts');
    await client.query(LIKE_COUNTS_SQL);
    log(`like_counts: ${secondsSince(t3)} s`);
    await client.query('commit');
  } catch (err) {
    await client.query('rollback');
    throw err;
  }
  log(`seeded the likes in ${secondsSince(t0)} s`);
  return true;
}

/** The counts by the rules of the lists, for every member with likes (migration 0018's backfill). */
const LIKE_COUNTS_SQL = `
  insert into like_counts (user_id, received, unseen, given, matches)
  select c.user_id, sum(c.received), sum(c.unseen), sum(c.given), sum(c.matches) from (
    select l.liked_id as user_id, count(*) as received, count(*) filter (where l.seen_at is null) as unseen,
           0 as given, 0 as matches
    from likes l join profiles p on p.user_id = l.liker_id and p.searchable
    group by l.liked_id
    union all
    select l.liker_id, 0, 0, count(*), count(*) filter (where l.matched_at is not null)
    from likes l join profiles p on p.user_id = l.liked_id and p.searchable
    group by l.liker_id
  ) as c
  group by c.user_id`;

/**
 * The counts of `ids` counted again from the likes (after the bench deleted the likes it added with a plain delete,
 * which the app never does).
 */
async function recountBench(pool: pg.Pool, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await inTransaction(pool, async (client) => {
    await client.query('delete from like_counts where user_id = any($1::bigint[])', [ids]);
    await client.query(
      `insert into like_counts (user_id, received, unseen, given, matches)
       select m.id,
         (select count(*) from likes l join profiles p on p.user_id = l.liker_id and p.searchable
          where l.liked_id = m.id),
         (select count(*) from likes l join profiles p on p.user_id = l.liker_id and p.searchable
          where l.liked_id = m.id and l.seen_at is null),
         (select count(*) from likes l join profiles p on p.user_id = l.liked_id and p.searchable
          where l.liker_id = m.id),
         (select count(*) from likes l join profiles p on p.user_id = l.liked_id and p.searchable
          where l.liker_id = m.id and l.matched_at is not null)
       from unnest($1::bigint[]) as m(id)`,
      [[...new Set(ids)]],
    );
  });
}

/**
 * The heavy swipers' deck cursors, where swiping through the top of their deck in the app left them: at the
 * furthest member they passed on in the deck's order (distance band, then activity; all their passes are of that
 * part of the deck). Kept when set.
 */
async function ensureHeavyCursors(pool: pg.Pool, cast: Cast): Promise<void> {
  const band = new PgDialect().sqlToQuery(bandOf(sql`me`, sql`p`)).sql;
  await pool.query(
    `insert into swipe_cursors (user_id, band, last_active_at, member_id)
     select h.id, f.band, f.last_active_at, f.user_id from unnest($1::bigint[]) as h(id)
     cross join lateral (
       select ${band} as band, p.last_active_at, p.user_id
       from swipe_passes sp join profiles p on p.user_id = sp.member_id join profiles me on me.user_id = h.id
       where sp.user_id = h.id order by 1 desc, p.last_active_at, p.user_id desc limit 1) f
     on conflict (user_id) do nothing`,
    [cast.heavy],
  );
}

/** The kept counts (like_counts) of the hot members against a count of their likes by the rules of the lists. */
async function checkCounts(db: Db, pool: pg.Pool, cast: Cast): Promise<void> {
  const t0 = performance.now();
  for (const id of cast.hot) {
    const r = await pool.query<{ received: number; unseen: number; given: number; matches: number }>(
      'select received, unseen, given, matches from like_counts where user_id = $1',
      [id],
    );
    const k = r.rows[0];
    const kept = {
      received: k?.received ?? 0,
      given: k?.given ?? 0,
      matches: k?.matches ?? 0,
      new: k?.unseen ?? 0,
    };
    const c = await recountLikes(db, id);
    const counted = { received: c.received, given: c.given, matches: c.matches, new: c.new };
    if (JSON.stringify(kept) !== JSON.stringify(counted))
      throw new Error(`like_counts of ${id}: ${JSON.stringify(kept)}, counted ${JSON.stringify(counted)}`);
  }
  log(`like_counts of the hot members equal their likes counted by the lists' rules (${secondsSince(t0)} s)`);
}

async function vacuumAnalyze(client: pg.Client): Promise<void> {
  const t0 = performance.now();
  await client.query('set statement_timeout = 0');
  await client.query('vacuum (analyze) users, profiles, photos, likes, blocks, swipe_passes');
  log(`vacuum analyze: ${secondsSince(t0)} s`);
}

// ---------------------------------------------------------------------------------------------------------------
// (a) the queries

interface Stat {
  label: string;
  n: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

function stat(label: string, times: number[]): Stat {
  const s = [...times].sort((a, b) => a - b);
  const r = (x: number) => +x.toFixed(2);
  return {
    label,
    n: s.length,
    p50: r(percentile(s, 50)),
    p95: r(percentile(s, 95)),
    p99: r(percentile(s, 99)),
    max: r(s[s.length - 1] ?? 0),
  };
}

/**
 * Runs `fn(i)` sequentially: a warm-up of a tenth of RUNS (at most 3 s), then up to RUNS samples (at most
 * QUERY_SECONDS).
 */
async function measure(label: string, fn: (i: number) => Promise<unknown>): Promise<Stat> {
  const warmEnd = performance.now() + 3000;
  let warm = 0;
  while (warm < Math.max(5, Math.floor(RUNS / 10)) && performance.now() < warmEnd) await fn(warm++);
  const times: number[] = [];
  const end = performance.now() + QUERY_SECONDS * 1000;
  for (let i = 0; i < RUNS && performance.now() < end; i++) {
    const t0 = process.hrtime.bigint();
    await fn(warm + i);
    times.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  const s = stat(label, times);
  log(`${label}: n ${s.n}, p50 ${s.p50}, p95 ${s.p95}, p99 ${s.p99} ms`);
  return s;
}

/** Pairs (liker, liked) not liked yet and with no block either way; `hotShare` of them to the hot members. */
async function freshPairs(
  pool: pg.Pool,
  range: Range,
  cast: Cast,
  n: number,
  hotShare: number,
  likers: number[] | undefined,
  seed: number,
): Promise<[number, number][]> {
  const rnd = seededRandom(seed);
  const special = new Set([...cast.hot, ...cast.heavy]);
  const member = () => range.base + Math.floor(rnd() * range.count);
  const out: [number, number][] = [];
  const seen = new Set<string>();
  while (out.length < n) {
    const want = Math.ceil((n - out.length) * 1.2);
    const a: number[] = [];
    const b: number[] = [];
    for (let i = 0; i < want; i++) {
      const liker = likers ? likers[i % likers.length]! : member();
      const liked = rnd() < hotShare ? cast.hot[Math.floor(rnd() * cast.hot.length)]! : member();
      if (liker === liked || (!likers && special.has(liker)) || seen.has(`${liker}:${liked}`)) continue;
      seen.add(`${liker}:${liked}`);
      a.push(liker);
      b.push(liked);
    }
    const ok = await pool.query<{ a: string; b: string }>(
      `select p.a, p.b from unnest($1::bigint[], $2::bigint[]) as p(a, b)
       where not exists (select 1 from likes where liker_id = p.a and liked_id = p.b)
         and not exists (select 1 from blocks where (blocker_id = p.a and blocked_id = p.b)
                                                 or (blocker_id = p.b and blocked_id = p.a))`,
      [a, b],
    );
    for (const r of ok.rows) if (out.length < n) out.push([Number(r.a), Number(r.b)]);
  }
  return out;
}

async function randomMembers(range: Range, n: number, seed: number, not: Cast): Promise<number[]> {
  const rnd = seededRandom(seed);
  const special = new Set([...not.hot, ...not.heavy]);
  const out: number[] = [];
  while (out.length < n) {
    const id = range.base + Math.floor(rnd() * range.count);
    if (!special.has(id) && !out.includes(id)) out.push(id);
  }
  return out;
}

interface DeckSeeker {
  seeker: Seeker;
  filter: CandidateFilter;
  /** the deck cursor (swipe_cursors), as the deal reads it first (swipe.repo findSwipeState) */
  cursor: DeckPlace | undefined;
  /** whether the deal leaves out the swiped members with the hashed set after the cursor too (as swipeDeck does) */
  manySwipes: boolean;
}

async function deckSeekers(db: Db, ids: number[]): Promise<DeckSeeker[]> {
  const out: DeckSeeker[] = [];
  for (const id of ids) {
    const p = await ownProfile(db, id);
    const { cursor, manySwipes } = await findSwipeState(db, id, new Date().toISOString().slice(0, 10));
    out.push({
      seeker: seekerOf(p),
      filter: candidateFilterOf(p, defaultPreferences(p)),
      cursor,
      manySwipes,
    });
  }
  return out;
}

const DECK_SIZE = RULES.swipeGame.deckSize;

/** The deck place of the first member in deck order a seeker liked: a cursor at the top of the swiped part. */
async function topSwipedPlace(db: Db, seekerId: number): Promise<DeckPlace> {
  const r = (await db.execute(sql`
    select ${bandOf(sql`me`, sql`p`)} as band, p.last_active_at::text as at, p.user_id as id
    from likes l join profiles p on p.user_id = l.liked_id join profiles me on me.user_id = ${seekerId}
    where l.liker_id = ${seekerId} order by 1, p.last_active_at desc, p.user_id limit 1`)) as unknown as {
    rows: { band: string | number; at: string; id: string | number }[];
  };
  const row = r.rows[0];
  if (!row) throw new Error(`heavy swiper ${seekerId} has no likes`);
  return { band: Number(row.band), lastActiveAt: row.at, memberId: Number(row.id) };
}
const PAGE = RULES.likes.pageSize;

async function benchQueries(
  db: Db,
  pool: pg.Pool,
  range: Range,
  cast: Cast,
  runStart: Date,
): Promise<Stat[]> {
  const stats: Stat[] = [];
  if (part('like')) stats.push(...(await benchLike(db, pool, range, cast, runStart)));
  if (part('pages')) stats.push(...(await benchPages(db, range, cast)));
  if (part('deck')) stats.push(...(await benchDeck(db, range, cast)));
  return stats;
}

/** 1. A like with the match check, as POST /api/like.php runs them (20 % to the hot members). */
async function benchLike(db: Db, pool: pg.Pool, range: Range, cast: Cast, runStart: Date): Promise<Stat[]> {
  const warm = Math.max(5, Math.floor(RUNS / 10));
  const pairs = await freshPairs(pool, range, cast, warm + RUNS, 0.2, undefined, 1);
  const likers = [...new Set(pairs.map((p) => p[0]))];
  const cleanup = () => deleteBenchLikes(pool, likers, runStart);
  onInterrupt.add(cleanup);
  try {
    const stats = [
      await measure('like: findLikeTarget + storeLike (with the counts)', async (i) => {
        const [a, b] = pairs[i]!;
        await findLikeTarget(db, a, b);
        await storeLike(db, a, b);
      }),
    ];
    stats.push(
      await measure('  findLikeTarget alone (access check and card)', (i) => {
        const [a, b] = pairs[i]!;
        return findLikeTarget(db, a, b);
      }),
    );
    stats.push(
      await measure('unlike: deleteLike (with the counts)', (i) => {
        const [a, b] = pairs[i]!;
        return deleteLike(db, a, b);
      }),
    );
    return stats;
  } finally {
    onInterrupt.delete(cleanup);
    await cleanup();
  }
}

/** 2. likes.php page 1 of the hot members (100,000 received likes), and of typical members for contrast. */
async function benchPages(db: Db, range: Range, cast: Cast): Promise<Stat[]> {
  const stats: Stat[] = [];
  const hot = (i: number) => cast.hot[i % cast.hot.length]!;
  const typical = await randomMembers(range, 200, 2, cast);
  const someone = (i: number) => typical[i % typical.length]!;
  const tabs: LikeTab[] = ['received', 'given', 'matches'];
  const site = { cdnPrefix: '', visibleProfileFields: [] };
  for (const tab of tabs) {
    stats.push(
      await measure(`likes.php ${tab} page 1 in full: listLikes, all its queries (hot member)`, (i) =>
        listLikes(db, hot(i), { tab, page: 1 }, site),
      ),
    );
  }
  for (const tab of tabs) {
    const want = { given: tab !== 'given', received: tab !== 'received' };
    stats.push(
      await measure(`  findLikeSummary alone, counts + ids of the other tabs (${tab}, hot member)`, (i) =>
        findLikeSummary(db, hot(i), want, PAGE),
      ),
    );
  }
  for (const tab of tabs) {
    stats.push(
      await measure(`  findLikePage ${tab} alone (hot member)`, (i) =>
        findLikePage(db, hot(i), tab, PAGE, 0),
      ),
    );
  }
  stats.push(
    await measure('likes.php received page 1 in full: listLikes (typical member)', (i) =>
      listLikes(db, someone(i), { tab: 'received', page: 1 }, site),
    ),
  );

  return stats;
}

/** 3. The swipe deck: heavy swipers (7,000 liked or passed on at the top of their deck), hot and random members. */
async function benchDeck(db: Db, range: Range, cast: Cast): Promise<Stat[]> {
  const stats: Stat[] = [];
  const groups: [string, number[]][] = [
    ['heavy swipers', cast.heavy],
    ['hot members', cast.hot],
    ['random members', await randomMembers(range, 200, 3, cast)],
  ];
  // A deal as the app deals it (swipe.service dealSwipeDeck): the walks nearest first, one statement each as needed.
  const deal = (label: string, seekers: DeckSeeker[], cursor: boolean) =>
    measure(`swipe deck: dealSwipeDeck (${label})`, (i) => {
      const s = seekers[i % seekers.length]!;
      return dealSwipeDeck(db, s.seeker, s.filter, {
        limit: DECK_SIZE,
        cursor: cursor ? s.cursor : undefined,
        manySwipes: s.manySwipes,
      });
    });
  for (const [label, ids] of groups) {
    const seekers = await deckSeekers(db, ids);
    stats.push(await deal(label, seekers, true));
    if (label !== 'heavy swipers') continue;
    // The first deal after the deck wrapped around (no cursor): the walk from the top past the 7,000 swiped.
    stats.push(await deal('heavy swipers, no cursor: the first deal after a wrap', seekers, false));
    // The deals after that one: the cursor is near the top again (at the first member swiped after the wrap), and
    // the deal walks down through everything swiped in the round before.
    const atTop = await Promise.all(
      seekers.map(async (s) => ({ ...s, cursor: await topSwipedPlace(db, s.seeker.id) })),
    );
    stats.push(
      await deal('heavy swipers, cursor at the top of what they swiped: the deals after a wrap', atTop, true),
    );
  }
  return stats;
}

/** Deletes the likes the bench added (made by `likers` since the run started). */
async function deleteBenchLikes(pool: pg.Pool, likers: number[], since: Date): Promise<void> {
  if (likers.length === 0) return;
  // As taking a like back does: the other member's like of a match is no match any more.
  const r = await pool.query<{ liker_id: string; liked_id: string }>(
    `with d as (
       delete from likes where liker_id = any($1::bigint[]) and created_at >= $2 returning liker_id, liked_id),
     unmatched as (
       update likes l set matched_at = null from d
       where l.liker_id = d.liked_id and l.liked_id = d.liker_id and l.matched_at is not null)
     select liker_id, liked_id from d`,
    [likers, since],
  );
  await recountBench(
    pool,
    r.rows.flatMap((x) => [Number(x.liker_id), Number(x.liked_id)]),
  );
  log(`deleted the ${r.rowCount} likes the bench added (and counted their members' likes again)`);
}

/** EXPLAIN (ANALYZE, BUFFERS) of every statement the repo functions send (BENCH_EXPLAIN=1), in a rolled back tx. */
async function explainQueries(pool: pg.Pool, range: Range, cast: Cast): Promise<void> {
  const captured: { query: string; params: unknown[] }[] = [];
  const capture = drizzle(pool, {
    schema,
    logger: { logQuery: (query: string, params: unknown[]) => captured.push({ query, params }) },
  }) as unknown as Db;
  const explain = async (
    label: string,
    run: () => Promise<unknown>,
    before?: (c: pg.PoolClient) => Promise<unknown>,
  ) => {
    captured.length = 0;
    const client = await pool.connect();
    try {
      await run();
      await client.query('begin');
      if (before) await before(client);
      for (const c of captured) {
        if (/^(begin|commit|rollback)/i.test(c.query.trim())) continue;
        await client.query('savepoint e');
        const plan = await client.query<{ 'QUERY PLAN': string }>(
          `explain (analyze, buffers) ${c.query}`,
          c.params,
        );
        await client.query('rollback to savepoint e');
        console.log(`\n-- ${label}\n${c.query.replace(/\s+/g, ' ').slice(0, 400)}`);
        console.log(plan.rows.map((r) => r['QUERY PLAN']).join('\n'));
      }
    } finally {
      await client.query('rollback');
      client.release();
    }
  };
  const [[a, b] = [0, 0]] = await freshPairs(pool, range, cast, 1, 1, undefined, 99);
  // The captured statements run once for real, then are explained in a transaction that is rolled back (the like
  // is taken out in it first, so that the insert is explained as a new like).
  await explain(
    'like (hot member)',
    async () => {
      await findLikeTarget(capture, a, b);
      await storeLike(capture, a, b);
    },
    (c) => c.query('delete from likes where liker_id = $1 and liked_id = $2', [a, b]),
  );
  await pool.query('delete from likes where liker_id = $1 and liked_id = $2', [a, b]);
  await recountBench(pool, [a, b]);
  const hot = cast.hot[0]!;
  await explain('findLikeSummary (hot member, received tab)', () =>
    findLikeSummary(capture, hot, { given: true, received: false }, PAGE),
  );
  for (const tab of ['received', 'given', 'matches'] as const) {
    await explain(`findLikePage ${tab} (hot member)`, () => findLikePage(capture, hot, tab, PAGE, 0));
  }
  const db = capture;
  for (const [label, id] of [
    ['heavy swiper', cast.heavy[0]!],
    ['random member', (await randomMembers(range, 1, 3, cast))[0]!],
  ] as const) {
    const [s] = await deckSeekers(db, [id]);
    const opts = { limit: DECK_SIZE, cursor: s!.cursor, manySwipes: s!.manySwipes };
    await explain(`dealSwipeDeck (${label})`, () => dealSwipeDeck(capture, s!.seeker, s!.filter, opts));
    // The first deal after a wrap: the walk from the top past everything the heavy swiper swiped.
    if (label === 'heavy swiper')
      await explain('dealSwipeDeck (heavy swiper, no cursor)', () =>
        dealSwipeDeck(capture, s!.seeker, s!.filter, { ...opts, cursor: undefined }),
      );
  }
}

// ---------------------------------------------------------------------------------------------------------------
// (b) HTTP

/** What the web client sends on every API call, plus the language cookie. */
const CLIENT_HEADERS = { host: SITE, accept: 'application/json', 'x-request-type': 'client' };

function startChild(args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  return spawn(process.execPath, args, { env, stdio: ['ignore', process.stderr, process.stderr] });
}

/** A session cookie per member (sessions made directly in the database, as signing in does). */
async function sessionCookies(db: Db, ids: number[]): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  for (const id of ids) {
    const token = newToken();
    await insertSession(db, {
      userId: id,
      tokenHash: hashToken(token),
      userAgent: SESSION_AGENT,
      country: null,
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    out.set(id, `i18n_redirected=en; auth._token=${token}`);
  }
  return out;
}

interface HttpRow {
  r: LoadResult;
  note: string;
}

async function swipeGameRegistered(): Promise<boolean> {
  const files = [
    'src/server/app.ts',
    ...(await readdir('src/server/modules/matching')).map((f) => `src/server/modules/matching/${f}`),
  ];
  for (const f of files) if ((await readFile(f, 'utf8')).includes('swipe-game')) return true;
  return false;
}

async function benchHttp(
  db: Db,
  pool: pg.Pool,
  range: Range,
  cast: Cast,
  runStart: Date,
): Promise<{ rows: HttpRow[]; baseline: LoadResult; likers: number[] }> {
  // Sessions left by an earlier run that was killed.
  await pool.query('delete from sessions where user_agent = $1', [SESSION_AGENT]);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'amora-bench-'));
  const appPort = await freePort();
  const basePort = await freePort();
  const app = `http://127.0.0.1:${appPort}`;
  const bare = `http://127.0.0.1:${basePort}`;
  log('starting the app and the baseline');
  const server = startChild([...APP_NODE_ARGS, '--import', 'tsx', 'src/server/main.ts'], {
    ...process.env,
    DATABASE_URL: url,
    PORT: String(appPort),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: `http://${SITE}:${appPort}`,
    DEFAULT_SITE_DOMAIN: SITE,
    DEMO_CONTENT: 'false',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    PAYMENT_TEST_PROVIDER: 'true',
    RATE_LIMIT_SCALE: '1000000', // the limits still run (their cost counts) but never refuse the load
  });
  const baselineServer = startChild(['--import', 'tsx', 'bench/baseline-server.ts'], {
    ...process.env,
    PORT: String(basePort),
    HOST: '127.0.0.1',
    NODE_ENV: 'production',
    PAYMENT_TEST_PROVIDER: 'true',
  });
  const rows: HttpRow[] = [];
  const likers = await randomMembers(range, concurrency, 4, cast);
  const cleanup = async () => {
    await Promise.all([stopProcess(server), stopProcess(baselineServer)]);
    await rm(dataDir, { recursive: true, force: true });
    await deleteBenchLikes(pool, likers, runStart);
    await pool.query('delete from sessions where user_agent = $1', [SESSION_AGENT]);
  };
  onInterrupt.add(cleanup);
  try {
    await Promise.all([
      waitReady(server, `${app}/api/settings.php?domain=${SITE}`, { host: SITE }, 180_000),
      waitReady(baselineServer, `${bare}/hello`),
    ]);
    const load = (label: string, target: string, requests?: LoadRequest[]) => {
      log(`${label}: ${warmupSeconds} s warm-up, ${seconds} s measured`);
      return runLoad(label, target, {
        connections: concurrency,
        seconds,
        warmupSeconds,
        headers: CLIENT_HEADERS,
        ...(requests ? { requests } : {}),
      });
    };
    const hello = () => load('baseline: bare Fastify GET /hello', `${bare}/hello`);
    // The app's start-up work (module loading, first jobs) settles before the baseline shares the cores with it.
    await new Promise((r) => setTimeout(r, 5000));
    const baseline = await hello();

    // POST /api/like.php: `concurrency` likers, each request a new pair (20 % to the hot members).
    const random = await randomMembers(range, 200, 5, cast);
    const swipers = await randomMembers(range, concurrency, 6, cast);
    const cookies = await sessionCookies(db, [...likers, ...cast.hot, ...random, ...cast.heavy, ...swipers]);
    const expected = Math.max(20_000, (seconds + warmupSeconds) * 3000);
    const pairs = await freshPairs(pool, range, cast, expected, 0.2, likers, 7);
    rows.push({
      r: await load(
        `POST /api/like.php (${likers.length} members, a new member each request, 20 % to hot members)`,
        app,
        pairs.map(([a, b]) => ({
          method: 'POST',
          path: '/api/like.php',
          headers: { cookie: cookies.get(a)!, 'content-type': 'application/json' },
          body: JSON.stringify({ id: b }),
        })),
      ),
      note: `${pairs.length} distinct pairs prepared`,
    });
    const get = (p: string, ids: number[]): LoadRequest[] =>
      ids.map((id) => ({ path: p, headers: { cookie: cookies.get(id)! } }));
    rows.push({
      r: await load(
        'GET /api/likes.php?tab=received&page=1 (5 members with 100,000 received likes)',
        app,
        get('/api/likes.php?tab=received&page=1', cast.hot),
      ),
      note: '',
    });
    rows.push({
      r: await load(
        'GET /api/likes.php?tab=received&page=1 (200 typical members)',
        app,
        get('/api/likes.php?tab=received&page=1', random),
      ),
      note: '',
    });
    if (!(await swipeGameRegistered())) {
      log(
        'GET /api/swipe-game.php is not registered yet: waiting for it (checking every 30 s, at most 30 min)',
      );
      for (let i = 0; i < 60 && !(await swipeGameRegistered()); i++)
        await new Promise((r) => setTimeout(r, 30_000));
    }
    rows.push({
      r: await load(
        `GET /api/swipe-game.php (${swipers.length} random members)`,
        app,
        get('/api/swipe-game.php', swipers),
      ),
      note: '',
    });
    rows.push({
      r: await load('GET /api/swipe-game.php (5 heavy swipers)', app, get('/api/swipe-game.php', cast.heavy)),
      note: '',
    });
    rows.push({ r: await hello(), note: 'drift' });
    return { rows, baseline, likers };
  } finally {
    onInterrupt.delete(cleanup);
    await cleanup();
  }
}

/** A share of the baseline's req/s: two decimals, or two significant digits below 0.1 (0.0061). */
const ratio = (x: number) => (x >= 0.1 ? x.toFixed(2) : x.toPrecision(2));

function machine(): string {
  const cpus = os.cpus();
  const require = createRequire(import.meta.url);
  const versions = ['fastify', 'autocannon']
    .map((p) => `${p} ${(require(`${p}/package.json`) as { version: string }).version}`)
    .join(', ');
  return `${cpus.length} × ${cpus[0]?.model.trim() ?? 'unknown CPU'}, Node ${process.version}, ${versions}`;
}

async function dataset(pool: pg.Pool, range: Range, cast: Cast): Promise<string> {
  const likes = await pool.query<{ n: string }>(
    `select reltuples::bigint as n from pg_class where relname = 'likes'`,
  );
  const unseen = await pool.query<{ n: string }>(
    `select reltuples::bigint as n from pg_class where relname = 'likes_received_new_idx'`,
  );
  const hot = await pool.query<{ id: string; received: string; unseen: string; given: string }>(
    `select h.id, (select count(*) from likes where liked_id = h.id) as received,
            (select count(*) from likes where liked_id = h.id and seen_at is null) as unseen,
            (select count(*) from likes where liker_id = h.id) as given
     from unnest($1::bigint[]) as h(id)`,
    [cast.hot],
  );
  const heavy = await pool.query<{ given: string; passes: string }>(
    `select (select count(*) from likes where liker_id = h.id) as given,
            (select count(*) from swipe_passes where user_id = h.id) as passes
     from unnest($1::bigint[]) as h(id)`,
    [cast.heavy],
  );
  // Rank 0 of the power law is the first bench member: the most liked of the others.
  const top = await pool.query<{ n: string }>('select count(*) as n from likes where liked_id = $1', [
    range.base,
  ]);
  const h = hot.rows.map((r) => `${r.received} received (${r.unseen} new), ${r.given} given`);
  return (
    `${range.count.toLocaleString('en')} members, about ${Number(likes.rows[0]?.n).toLocaleString('en')} likes ` +
    `(about ${Number(unseen.rows[0]?.n).toLocaleString('en')} not seen); hot members: ${h.join('; ')}; ` +
    `heavy swipers: ${heavy.rows.map((r) => `${r.given} likes + ${r.passes} passes`).join('; ')}; ` +
    `most liked other member: ${top.rows[0]?.n} likes`
  );
}

async function main(): Promise<void> {
  if (!url) throw new Error('set DATABASE_URL, e.g. postgres://postgres@127.0.0.1:5432/amora_bench_likes');
  await ensureDatabaseExists(url);
  const database = await openDatabase({ databaseUrl: url });
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const runStart = new Date(Date.now() - 1000);
  try {
    await database.migrate();
    await ensureDefaultSite(database.db, SITE);
    const [site] = await database.db.select().from(sites).where(eq(sites.domain, SITE));
    if (!site) throw new Error(`no site for ${SITE}`);
    const t0 = performance.now();
    const seededMembers = await seedMembers(client, site.id);
    const range = await memberRange(client);
    if (!range) throw new Error('no bench members');
    const seededLikes = await seedLikes(client, range);
    if (seededMembers || seededLikes) {
      await vacuumAnalyze(client);
      log(`seeding took ${secondsSince(t0)} s in all`);
    } else log(`already seeded (${range.count} bench members with likes): seeding skipped`);
    const cast = await findCast(client, range);
    await ensureHeavyCursors(pool, cast);
    const about = await dataset(pool, range, cast);
    log(about);
    await checkCounts(database.db, pool, cast);
    if (flag('BENCH_SEED_ONLY')) return;
    if (flag('BENCH_EXPLAIN')) await explainQueries(pool, range, cast);

    const stats = await benchQueries(database.db, pool, range, cast, runStart);
    const http =
      flag('BENCH_SKIP_HTTP') || !part('http')
        ? undefined
        : await benchHttp(database.db, pool, range, cast, runStart);

    const version = (await pool.query<{ v: string }>('select version() as v')).rows[0]?.v ?? '';
    const load = os
      .loadavg()
      .map((x) => x.toFixed(1))
      .join(' ');
    console.log(`\n${about}\n${machine()}, ${version.split(' on ')[0]}; load average at the end ${load}\n`);
    if (stats.length > 0) {
      console.log(`(a) queries through the repo functions, sequential on a pg pool (after a warm-up)\n`);
      console.log('| query | n | p50 ms | p95 ms | p99 ms | max ms |');
      console.log('|---|---|---|---|---|---|');
      for (const s of stats)
        console.log(`| ${s.label} | ${s.n} | ${s.p50} | ${s.p95} | ${s.p99} | ${s.max} |`);
    }
    if (http) {
      console.log(
        `\n(b) HTTP, ${concurrency} connections, ${seconds} s after a ${warmupSeconds} s warm-up (autocannon: ` +
          'whole ms; p95 from its latency histogram, the baseline has none)\n',
      );
      console.log('| target | req/s | × baseline | p50 ms | p95 ms | p97.5 ms | p99 ms | errors | non-2xx |');
      console.log('|---|---|---|---|---|---|---|---|---|');
      for (const { r, note } of [{ r: http.baseline, note: '' }, ...http.rows]) {
        const label = note === 'drift' ? `${r.label} (again, for drift)` : r.label;
        console.log(
          `| ${label} | ${r.rps} | ${ratio(r.rps / http.baseline.rps)} | ${r.p50} | ${r.p95 ?? '–'} | ${r.p97_5} | ` +
            `${r.p99} | ` +
            `${r.errors} | ${r.non2xx} |`,
        );
      }
      for (const { r } of http.rows) {
        if (r.errors > 0 || r.non2xx > 0) {
          console.log(`\n${r.label}: statuses ${JSON.stringify(r.statuses)}`);
          process.exitCode = 1;
        }
      }
    }
  } finally {
    await client.end();
    await pool.end();
    await database.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
