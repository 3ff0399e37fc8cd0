/**
 * Member search benchmark on PostgreSQL with 1,000,000 profiles.
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/amora_bench npm run bench:search
 * Creates the database when missing, migrates it, seeds it once with set-based SQL (skipped when seeded), ANALYZEs,
 * then measures (a) the search itself (count + page + similar, as the endpoint runs them) for 200 filter combinations
 * and (b) GET /api/search.php over HTTP with 20 concurrent clients against the app started as a child process.
 *   BENCH_SECONDS=10 BENCH_CONCURRENCY=20 BENCH_ROUNDS=5 BENCH_PROFILES=1000000 BENCH_TOUCH=0.02 by default;
 *   BENCH_EXPLAIN=1 prints EXPLAIN ANALYZE of each plan, BENCH_SKIP_HTTP=1 skips (b), BENCH_SEED_ONLY=1 stops
 *   after seeding.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { eq, type SQL, sql } from 'drizzle-orm';
import pg from 'pg';
import { type Database, openDatabase } from '../src/server/db/client';
import { sites } from '../src/server/db/schema';
import { seededRandom } from '../src/server/lib/seeded-random';
import { hashToken, newToken } from '../src/server/lib/tokens';
import { insertSession } from '../src/server/modules/auth/sessions.repo';
import { regionsByCountry } from '../src/server/modules/geo/regions';
import { createSearchCaches } from '../src/server/modules/search/search.cache';
import { countSql, pageSql } from '../src/server/modules/search/search.repo';
import { ageBounds, countLimitFor, searchMembers } from '../src/server/modules/search/search.service';
import { ensureDefaultSite } from '../src/server/modules/sites/sites.service';
import { SEARCH_COUNT_STEP, SEARCH_PAGE_SIZE, type SearchQuery } from '../src/shared/schemas/search';

const url = process.env.DATABASE_URL;
const PROFILES = Number(process.env.BENCH_PROFILES ?? 1_000_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
/** Share of the active accounts whose last_active_at is set within the last hour before measuring. */
const TOUCH = Number(process.env.BENCH_TOUCH ?? 0.02);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 20);
const SITE_DOMAIN = 'localhost';
const SEED_MARK = 'bench.invalid';

/** Rough share of members per country (larger markets first). */
const COUNTRY_WEIGHTS: Record<string, number> = {
  US: 25,
  GB: 10,
  DE: 10,
  FR: 8,
  IT: 7,
  ES: 6,
  NL: 6,
  PL: 5,
  CA: 5,
  AU: 4,
  BE: 3,
  SE: 2.5,
  CH: 2,
  AT: 2,
  DK: 1.5,
  NO: 1.5,
  FI: 1.5,
  IE: 1.5,
  NZ: 1,
};

/** Rows of a raw query (both drivers answer `{ rows }`). */
async function rowsOf<T = Record<string, unknown>>(q: PromiseLike<unknown>): Promise<T[]> {
  return ((await q) as { rows: T[] }).rows;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

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
      console.log(`creating database ${name}`);
      await client.query(`create database ${name}`);
    }
  } finally {
    await client.end();
  }
}

/** Seeds PROFILES members (users, profiles, main photos) with set-based SQL; does nothing when already seeded. */
async function seed(database: Database, siteId: number): Promise<boolean> {
  const { db } = database;
  const last = await rowsOf(
    db.execute(sql`select 1 from users where email = ${`bench-${PROFILES}@${SEED_MARK}`}`),
  );
  if (last.length > 0) {
    console.log(`already seeded (${PROFILES} bench members)`);
    return false;
  }
  const started = performance.now();
  // Country slots by weight (1000 slots) and each country's real region codes; a few regions get most members.
  const total = Object.values(COUNTRY_WEIGHTS).reduce((a, b) => a + b, 0);
  const slots: string[] = [];
  for (const [country, w] of Object.entries(COUNTRY_WEIGHTS)) {
    for (let i = 0; i < Math.round((w / total) * 1000); i++) slots.push(country);
  }
  const regions = regionsByCountry();
  const geo = [...regions].map(([country, list]) => ({ country, regions: list.map((r) => r.code) }));
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local maintenance_work_mem = '256MB'`);
    await tx.execute(sql`set local synchronous_commit = off`);
    await tx.execute(sql`set local statement_timeout = 0`);
    await tx.execute(
      sql`create temp table bench_geo (country text primary key, regions text[]) on commit drop`,
    );
    for (const g of geo) {
      await tx.execute(sql`insert into bench_geo values (${g.country}, ${sql.param(g.regions)}::text[])`);
    }
    // Users: ~94 % active, 2 % not confirmed, 4 % deleted; activity skewed to the last days.
    await tx.execute(sql`
      insert into users (site_id, email, status, language, signup_date, last_active_at, email_confirmed_at)
      select ${siteId}, 'bench-' || i || '@' || ${SEED_MARK},
             case when r < 0.02 then 'not_confirmed' when r < 0.06 then 'deleted' else 'active' end,
             'en', now() - interval '400 days' * random(), la, case when r >= 0.02 then la end
      from (select i, random() as r, now() - interval '180 days' * power(random(), 3) as la
            from generate_series(1, ${PROFILES}) as i) s`);
    // Profiles: 70 % niche 1, 5 % each of niches 2..7; 3 % invisible; ages 18..75 skewed young. The subqueries
    // keep random() per row (a volatile target list is not flattened). last_active_at and searchable as
    // src/server/modules/members/searchable.ts keeps them.
    await tx.execute(sql`
      insert into profiles (user_id, name, status, gender, seeking_gender, birth_date, country, region, city,
                            niche, kind, invisible, last_active_at, searchable)
      select x.id, x.name, x.pstatus, x.gender, x.seeking_gender, x.birth_date, x.country, x.region, null, x.niche,
             x.kind, x.invisible, x.last_active_at,
             x.ustatus = 'active' and x.pstatus = 'active' and not x.invisible
      from (
        select s.id, 'Member ' || s.id as name, s.status as ustatus, s.last_active_at,
               case when s.status = 'not_confirmed' then 'disabled' when random() < 0.01 then 'disabled'
                    else 'active' end as pstatus,
               s.gender, case when s.gender = 'male' then 'female' else 'male' end as seeking_gender,
               (current_date - (365.25 * (18 + 57 * power(random(), 1.6)))::int)::date as birth_date,
               s.country,
               geo.regions[1 + floor(array_length(geo.regions, 1) * power(random(), 2))::int] as region,
               case when random() < 0.7 then 1 else 2 + floor(random() * 6)::int end as niche,
               case when random() < 0.02 then 'fictional' else 'member' end as kind, random() < 0.03 as invisible
        from (select u.id, u.status, u.last_active_at,
                     case when random() < 0.5 then 'male' else 'female' end as gender,
                     (${sql.param(slots)}::text[])[1 + floor(random() * ${slots.length})::int] as country
              from users u where u.email like ${`%@${SEED_MARK}`}) s
        join bench_geo geo on geo.country = s.country
        offset 0
      ) x`);
    // Main photos for 75 % (90 % of them approved).
    await tx.execute(sql`
      insert into photos (user_id, storage_key, status, is_private, is_main, width, height)
      select u.id, 'bench/' || u.id, case when random() < 0.9 then 'active' else 'pending' end, false, true, 800, 800
      from users u where u.email like ${`%@${SEED_MARK}`} and random() < 0.75`);
  });
  console.log(`seeded ${PROFILES} members in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return true;
}

/**
 * Every run: VACUUM ANALYZE (visibility map, hint bits and statistics, as autovacuum leaves a settled table), then
 * "touch" BENCH_TOUCH (2 %) of the active accounts like session activity does (last_active_at within the hour), so
 * that the newest-activity end of the walk is on pages that are not all-visible, as in production between two
 * autovacuums. Same state every run.
 */
async function settle(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const t0 = performance.now();
    await client.query('vacuum (analyze) users, profiles, photos');
    // As touchSession does: the account and its profile's copy (what the search orders by).
    const touched = await client.query(
      `with t as (
         update users set last_active_at = now() - interval '1 hour' * random()
         where status = 'active' and email like '%@${SEED_MARK}' and random() < $1
         returning id, last_active_at
       )
       update profiles p set last_active_at = t.last_active_at from t where p.user_id = t.id`,
      [TOUCH],
    );
    console.log(
      `vacuum analyze, ${touched.rowCount} accounts touched: ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );
  } finally {
    await client.end();
  }
}

/** 200 varied searches: broad and narrow, with and without ages, regions, deeper pages now and then. */
function filterSets(): SearchQuery[] {
  const rnd = seededRandom(42);
  const regions = regionsByCountry();
  const total = Object.values(COUNTRY_WEIGHTS).reduce((a, b) => a + b, 0);
  const pickCountry = () => {
    let x = rnd() * total;
    for (const [c, w] of Object.entries(COUNTRY_WEIGHTS)) {
      x -= w;
      if (x <= 0) return c;
    }
    return 'US';
  };
  const out: SearchQuery[] = [];
  for (let i = 0; i < 200; i++) {
    const q: SearchQuery = { page: 1 };
    if (rnd() < 0.85) q.gender = rnd() < 0.5 ? 'female' : 'male';
    if (rnd() < 0.75) {
      q.country = pickCountry();
      if (rnd() < 0.4) {
        const list = regions.get(q.country) ?? [];
        // Mostly the populous regions, like real visitors.
        const r = list[Math.floor(list.length * rnd() ** 2)];
        if (r) q.countryregion = r.code;
      }
    }
    if (rnd() < 0.7) {
      const min = 18 + Math.floor(rnd() * 40);
      q.min_age = min;
      q.max_age = Math.min(99, min + 3 + Math.floor(rnd() * 20));
    } else if (rnd() < 0.3) {
      q.min_age = 18 + Math.floor(rnd() * 30);
    }
    const p = rnd();
    q.page = p < 0.7 ? 1 : p < 0.9 ? 2 + Math.floor(rnd() * 4) : 6 + Math.floor(rnd() * 20);
    if (rnd() < 0.06) {
      // A very narrow search (a quiet region, one age): few results, so similar members are added.
      const country = ['NZ', 'IE', 'FI', 'NO', 'DK'][Math.floor(rnd() * 5)]!;
      const list = regions.get(country) ?? [];
      const age = 40 + Math.floor(rnd() * 30);
      Object.assign(q, {
        country,
        min_age: age,
        max_age: age,
        page: 1,
        gender: rnd() < 0.5 ? 'female' : 'male',
      });
      q.countryregion = list[list.length - 1 - Math.floor(rnd() * 3)]?.code;
    }
    out.push(q);
  }
  return out;
}

function toQueryString(q: SearchQuery): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) if (v !== undefined) params.set(k, String(v));
  return params.toString();
}

interface Stat {
  label: string;
  n: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

function stat(label: string, times: number[]): Stat {
  const s = [...times].sort((a, b) => a - b);
  return {
    label,
    n: s.length,
    p50: +percentile(s, 50).toFixed(2),
    p95: +percentile(s, 95).toFixed(2),
    p99: +percentile(s, 99).toFixed(2),
    max: +(s[s.length - 1] ?? 0).toFixed(2),
  };
}

/**
 * (a) The search itself, in-process, with no cache (every call counts and reads the page in PostgreSQL); then the
 * same rounds with the count cache the endpoint uses (SEARCH_CACHE_SECONDS), as a separate line.
 */
async function benchQueries(database: Database, niche: number): Promise<Stat[]> {
  const sets = filterSets();
  const groups = new Map<string, number[]>();
  const add = (label: string, ms: number) => groups.set(label, [...(groups.get(label) ?? []), ms]);
  const pageClass = (page: number) => (page === 1 ? 'page 1' : page <= 5 ? 'pages 2-5' : 'pages 6-25');
  // Warm-up round (not measured): the first touch of each page reads it from the OS cache.
  for (const q of sets) await searchMembers(database.db, { niche, viewerId: undefined, query: q });
  for (let round = 0; round < ROUNDS; round++) {
    for (const q of sets) {
      const t0 = performance.now();
      const found = await searchMembers(database.db, { niche, viewerId: undefined, query: q });
      const ms = performance.now() - t0;
      add('all 200 searches, no cache', ms);
      add(`by page: ${pageClass(q.page)}`, ms);
      const size =
        found.numResults === 0
          ? 'no match'
          : found.numResultsCapped
            ? `${SEARCH_COUNT_STEP}+ matches (count capped)`
            : `1-${countLimitFor(0) - 1} matches`;
      add(`by size: ${size}${found.similar.length > 0 ? ' + similar' : ''}`, ms);
    }
  }
  const caches = createSearchCaches(3600);
  for (let round = 0; round < ROUNDS; round++) {
    for (const q of sets) {
      const t0 = performance.now();
      await searchMembers(database.db, { niche, viewerId: undefined, query: q, caches });
      const ms = performance.now() - t0;
      if (round > 0) add('all 200 searches, count cached (rounds 2+)', ms);
    }
  }
  return [...groups].map(([label, times]) => stat(label, times));
}

/** EXPLAIN ANALYZE of one search of each plan (BENCH_EXPLAIN=1), for docs/performance.md. */
async function explainPlans(database: Database, niche: number): Promise<void> {
  const base = { niche, excludeIds: [] as number[] };
  const page = { limit: SEARCH_PAGE_SIZE, offset: 0 };
  const shown: [string, SQL][] = [
    ['count (broad: gender only)', countSql({ ...base, gender: 'female' }, countLimitFor(0) + 1)],
    [
      'page 1 (NL, region ZH, female, 25-35)',
      pageSql({ ...base, country: 'NL', region: 'ZH', gender: 'female', ...ageBounds(25, 35) }, page),
    ],
    [
      'page 1 (SE, female, 25-35)',
      pageSql({ ...base, country: 'SE', gender: 'female', ...ageBounds(25, 35) }, page),
    ],
    ['page 1 (DE, female)', pageSql({ ...base, country: 'DE', gender: 'female' }, page)],
    [
      'page 12 (IT, female)',
      pageSql(
        { ...base, country: 'IT', gender: 'female' },
        { limit: SEARCH_PAGE_SIZE, offset: 11 * SEARCH_PAGE_SIZE },
      ),
    ],
    ['page 1 (no country, male, 45-45)', pageSql({ ...base, gender: 'male', ...ageBounds(45, 45) }, page)],
  ];
  for (const [label, q] of shown) {
    const plan = await rowsOf<{ 'QUERY PLAN': string }>(
      database.db.execute(sql`explain (analyze, buffers, costs off) ${q}`),
    );
    console.log(`\n-- ${label}\n${plan.map((r) => r['QUERY PLAN']).join('\n')}`);
  }
}

async function waitReady(base: string, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null) throw new Error('server exited');
    try {
      const res = await fetch(`${base}/api/settings.php?domain=${SITE_DOMAIN}`);
      if (res.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('server did not start');
}

function get(agent: http.Agent, url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

/**
 * Closed-loop load like bench/lib/load.ts, over many URLs (each request takes the next filter set in turn), with
 * node:http so that the Host header names the site.
 */
async function runLoadMany(
  urls: string[],
  opts: { concurrency: number; durationMs: number; headers: (client: number) => Record<string, string> },
): Promise<{ times: number[]; errors: number; rps: number; statuses: Record<number, number> }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: opts.concurrency });
  const times: number[] = [];
  const statuses: Record<number, number> = {};
  let errors = 0;
  let next = 0;
  const end = Date.now() + opts.durationMs;
  const worker = async (client: number) => {
    const headers = opts.headers(client);
    while (Date.now() < end) {
      const u = urls[next++ % urls.length]!;
      const t0 = performance.now();
      try {
        const status = await get(agent, u, headers);
        statuses[status] = (statuses[status] ?? 0) + 1;
        if (status !== 200) errors++;
      } catch {
        errors++;
      }
      times.push(performance.now() - t0);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: opts.concurrency }, (_, i) => worker(i)));
  agent.destroy();
  return { times, errors, statuses, rps: Math.round(times.length / ((performance.now() - started) / 1000)) };
}

/** Sessions for `n` searchable bench members (cookies for the signed-in run). */
async function benchSessions(database: Database, n: number): Promise<string[]> {
  const members = await rowsOf<{ user_id: string }>(
    database.db.execute(sql`select user_id from profiles where searchable and niche = 1 limit ${n}`),
  );
  const cookies: string[] = [];
  for (const m of members) {
    const token = newToken();
    await insertSession(database.db, {
      userId: Number(m.user_id),
      tokenHash: hashToken(token),
      userAgent: 'bench',
      country: null,
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    cookies.push(`i18n_redirected=en; auth._token=${token}`);
  }
  return cookies;
}

type HttpStat = Stat & { rps: number; errors: number };

/**
 * (b) GET /api/search.php over HTTP against the app as a child process: signed out with the production caches,
 * signed out with SEARCH_CACHE_SECONDS=0 (every request reaches PostgreSQL), and signed in (each client its own
 * member: answers are never shared, only capped counts are).
 */
async function benchHttp(database: Database, databaseUrl: string): Promise<HttpStat[]> {
  const cookies = await benchSessions(database, concurrency);
  const out: HttpStat[] = [];
  const runs: { cacheSeconds: string; label: string; headers: (client: number) => Record<string, string> }[] =
    [
      {
        cacheSeconds: '30',
        label: 'signed out, caches on (default)',
        headers: () => ({ host: SITE_DOMAIN, cookie: 'i18n_redirected=en' }),
      },
      {
        cacheSeconds: '0',
        label: 'signed out, caches off',
        headers: () => ({ host: SITE_DOMAIN, cookie: 'i18n_redirected=en' }),
      },
      {
        cacheSeconds: '30',
        label: 'signed in, 20 members (default)',
        headers: (i) => ({ host: SITE_DOMAIN, cookie: cookies[i % cookies.length]! }),
      },
    ];
  for (const run of runs) {
    const port = 3400 + Math.floor(Math.random() * 500);
    const base = `http://127.0.0.1:${port}`;
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'amora-bench-'));
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        PUBLIC_URL: `http://localhost:${port}`,
        DEFAULT_SITE_DOMAIN: SITE_DOMAIN,
        DEMO_CONTENT: 'false',
        LOG_LEVEL: 'warn',
        NODE_ENV: 'production',
        PAYMENT_TEST_PROVIDER: 'true',
        RATE_LIMIT_SCALE: '1000',
        SEARCH_CACHE_SECONDS: run.cacheSeconds,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    try {
      await waitReady(base, child);
      const urls = filterSets().map((q) => `${base}/api/search.php?${toQueryString(q)}`);
      // Warm-up, then the measured run.
      await runLoadMany(urls, { concurrency, durationMs: 3000, headers: run.headers });
      const r = await runLoadMany(urls, { concurrency, durationMs: seconds * 1000, headers: run.headers });
      if (r.errors > 0) console.log(`HTTP statuses: ${JSON.stringify(r.statuses)}`);
      out.push({
        ...stat(`GET /api/search.php, ${concurrency} clients, ${seconds} s, ${run.label}`, r.times),
        rps: r.rps,
        errors: r.errors,
      });
    } finally {
      child.kill('SIGTERM');
      await new Promise((r) => setTimeout(r, 1000));
      await rm(dataDir, { recursive: true, force: true });
    }
  }
  return out;
}

async function main(): Promise<void> {
  if (!url) throw new Error('set DATABASE_URL, e.g. postgres://postgres@127.0.0.1:5432/amora_bench');
  await ensureDatabaseExists(url);
  const database = await openDatabase({ databaseUrl: url });
  try {
    await database.migrate();
    await ensureDefaultSite(database.db, SITE_DOMAIN);
    const [site] = await database.db.select().from(sites).where(eq(sites.domain, SITE_DOMAIN));
    if (!site) throw new Error(`no site for ${SITE_DOMAIN}`);
    await seed(database, site.id);
    await settle(url);
    if (process.env.BENCH_SEED_ONLY) return;
    if (process.env.BENCH_EXPLAIN) await explainPlans(database, site.niche);

    const queryStats = await benchQueries(database, site.niche);
    const https = process.env.BENCH_SKIP_HTTP ? [] : await benchHttp(database, url);
    const [{ version } = { version: '' }] = await rowsOf<{ version: string }>(
      database.db.execute(sql`select version() as version`),
    );
    console.log(
      `\n${PROFILES} profiles, page size ${SEARCH_PAGE_SIZE}, ${os.cpus().length} CPUs (${os.cpus()[0]?.model}), ` +
        `Node ${process.version}, ${version.split(' on ')[0]}`,
    );
    console.log(
      `(a) search in-process (count + page + similar), ${ROUNDS} rounds of 200 filter sets, ` +
        `${(TOUCH * 100).toFixed(1)} % of the accounts recently active\n`,
    );
    console.log('| measurement | n | p50 ms | p95 ms | p99 ms | max ms |');
    console.log('|---|---|---|---|---|---|');
    for (const s of queryStats)
      console.log(`| ${s.label} | ${s.n} | ${s.p50} | ${s.p95} | ${s.p99} | ${s.max} |`);
    if (https.length > 0) {
      console.log('\n(b) HTTP\n');
      console.log('| endpoint | requests | req/s | p50 ms | p95 ms | p99 ms | max ms | errors |');
      console.log('|---|---|---|---|---|---|---|---|');
      for (const h of https)
        console.log(
          `| ${h.label} | ${h.n} | ${h.rps} | ${h.p50} | ${h.p95} | ${h.p99} | ${h.max} | ${h.errors} |`,
        );
    }
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
