/**
 * Member search benchmark on PostgreSQL with 1,000,000 profiles.
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/amora_bench npm run bench:search
 * Creates the database when missing, migrates it, seeds it once with set-based SQL (skipped when seeded), ANALYZEs,
 * then measures (a) the search itself (count + page + similar, as the endpoint runs them) for 200 filter combinations
 * and (b) GET /api/search.php over HTTP with 20 concurrent clients against the app started as a child process.
 *   BENCH_SECONDS=10 BENCH_CONCURRENCY=20 BENCH_ROUNDS=5 BENCH_PROFILES=1000000 by default.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { SEARCH_PAGE_SIZE, type SearchQuery } from '../src/shared/schemas/search';
import { type Database, openDatabase } from '../src/server/db/client';
import { sites } from '../src/server/db/schema';
import { regionsByCountry } from '../src/server/modules/geo/regions';
import { searchMembers } from '../src/server/modules/search/search.service';
import { ensureDefaultSite } from '../src/server/modules/sites/sites.service';

const url = process.env.DATABASE_URL;
const PROFILES = Number(process.env.BENCH_PROFILES ?? 1_000_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
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

/** A small deterministic PRNG, so every run asks the same questions. */
function prng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

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
async function seed(database: Database, siteId: number): Promise<void> {
  const { db } = database;
  const last = await rowsOf(db.execute(sql`select 1 from users where email = ${`bench-${PROFILES}@${SEED_MARK}`}`));
  if (last.length > 0) {
    console.log(`already seeded (${PROFILES} bench members)`);
    return;
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
    await tx.execute(sql`create temp table bench_geo (country text primary key, regions text[]) on commit drop`);
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
    // Profiles: 70 % niche 1, 5 % each of niches 2..7; 3 % invisible; ages 18..75 skewed young. The subquery
    // keeps random() per row (a volatile target list is not flattened).
    await tx.execute(sql`
      insert into profiles (user_id, name, status, gender, seeking_gender, birth_date, country, region, city,
                            niche, fictional, invisible)
      select s.id, 'Member ' || s.id,
             case when s.status = 'not_confirmed' then 'disabled' when random() < 0.01 then 'disabled'
                  else 'active' end,
             s.gender, case when s.gender = 'male' then 'female' else 'male' end,
             (current_date - (365.25 * (18 + 57 * power(random(), 1.6)))::int)::date,
             s.country,
             geo.regions[1 + floor(array_length(geo.regions, 1) * power(random(), 2))::int],
             null, case when random() < 0.7 then 1 else 2 + floor(random() * 6)::int end,
             random() < 0.02, random() < 0.03
      from (select u.id, u.status, case when random() < 0.5 then 'male' else 'female' end as gender,
                   (${sql.param(slots)}::text[])[1 + floor(random() * ${slots.length})::int] as country
            from users u where u.email like ${`%@${SEED_MARK}`}) s
      join bench_geo geo on geo.country = s.country`);
    // Main photos for 75 % (90 % of them approved).
    await tx.execute(sql`
      insert into photos (user_id, storage_key, status, is_private, is_main, width, height)
      select u.id, 'bench/' || u.id, case when random() < 0.9 then 'active' else 'pending' end, false, true, 800, 800
      from users u where u.email like ${`%@${SEED_MARK}`} and random() < 0.75`);
  });
  console.log(`seeded ${PROFILES} members in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

/** 200 varied searches: broad and narrow, with and without ages, regions, deeper pages now and then. */
function filterSets(): SearchQuery[] {
  const rnd = prng(42);
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

async function benchQueries(database: Database, niche: number): Promise<Stat[]> {
  const sets = filterSets();
  const all: number[] = [];
  const byKind = new Map<string, number[]>();
  const kind = (q: SearchQuery) =>
    q.countryregion ? 'with region' : q.country ? 'country, no region' : 'no country';
  // Warm-up round (not measured): the first touch of each page reads it from the OS cache.
  for (const q of sets) await searchMembers(database.db, { niche, viewerId: undefined, query: q });
  for (let round = 0; round < ROUNDS; round++) {
    for (const q of sets) {
      const t0 = performance.now();
      await searchMembers(database.db, { niche, viewerId: undefined, query: q });
      const ms = performance.now() - t0;
      all.push(ms);
      const k = kind(q);
      byKind.set(k, [...(byKind.get(k) ?? []), ms]);
    }
  }
  return [
    stat('all 200 searches', all),
    ...[...byKind].map(([k, t]) => stat(`  ${k}`, t)),
  ];
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

/** Closed-loop load like bench/lib/load.ts, over many URLs: each request takes the next filter set in turn. */
async function runLoadMany(
  urls: string[],
  opts: { concurrency: number; durationMs: number; headers: Record<string, string> },
): Promise<{ times: number[]; errors: number; rps: number }> {
  const times: number[] = [];
  let errors = 0;
  let next = 0;
  const end = Date.now() + opts.durationMs;
  const worker = async () => {
    while (Date.now() < end) {
      const u = urls[next++ % urls.length]!;
      const t0 = performance.now();
      try {
        const res = await fetch(u, { headers: opts.headers });
        await res.arrayBuffer();
        if (res.status !== 200) errors++;
      } catch {
        errors++;
      }
      times.push(performance.now() - t0);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: opts.concurrency }, worker));
  return { times, errors, rps: Math.round(times.length / ((performance.now() - started) / 1000)) };
}

async function benchHttp(databaseUrl: string): Promise<Stat & { rps: number; errors: number }> {
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
      RATE_LIMIT_SCALE: '1000',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  try {
    await waitReady(base, child);
    const urls = filterSets().map((q) => `${base}/api/search.php?${toQueryString(q)}`);
    const headers = { host: SITE_DOMAIN, cookie: 'i18n_redirected=en' };
    // Warm-up, then the measured run.
    await runLoadMany(urls, { concurrency, durationMs: 3000, headers });
    const r = await runLoadMany(urls, { concurrency, durationMs: seconds * 1000, headers });
    return {
      ...stat(`GET /api/search.php, ${concurrency} clients, ${seconds} s, logged out`, r.times),
      rps: r.rps,
      errors: r.errors,
    };
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 1000));
    await rm(dataDir, { recursive: true, force: true });
  }
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
    const t0 = performance.now();
    await database.db.execute(sql`set statement_timeout = 0`);
    await database.db.execute(sql`vacuum analyze users`);
    await database.db.execute(sql`vacuum analyze profiles`);
    await database.db.execute(sql`vacuum analyze photos`);
    console.log(`vacuum analyze: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    if (process.env.BENCH_SEED_ONLY) return;

    const queryStats = await benchQueries(database, site.niche);
    const http = process.env.BENCH_SKIP_HTTP ? undefined : await benchHttp(url);
    const [{ version } = { version: '' }] = await rowsOf<{ version: string }>(
      database.db.execute(sql`select version() as version`),
    );
    console.log(
      `\n${PROFILES} profiles, page size ${SEARCH_PAGE_SIZE}, ${os.cpus().length} CPUs (${os.cpus()[0]?.model}), ` +
        `Node ${process.version}, ${version.split(' on ')[0]}`,
    );
    console.log(`(a) search in-process (count + page + similar), ${ROUNDS} rounds of 200 filter sets\n`);
    console.log('| measurement | n | p50 ms | p95 ms | p99 ms | max ms |');
    console.log('|---|---|---|---|---|---|');
    for (const s of queryStats) console.log(`| ${s.label} | ${s.n} | ${s.p50} | ${s.p95} | ${s.p99} | ${s.max} |`);
    if (http) {
      console.log('\n(b) HTTP\n');
      console.log('| endpoint | requests | req/s | p50 ms | p95 ms | p99 ms | max ms | errors |');
      console.log('|---|---|---|---|---|---|---|---|');
      console.log(
        `| ${http.label} | ${http.n} | ${http.rps} | ${http.p50} | ${http.p95} | ${http.p99} | ${http.max} | ${http.errors} |`,
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
