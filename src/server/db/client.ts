import { readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { type ExtractTablesWithRelations, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema';
import { installReleasingTransactions } from './transaction-release';

export type Schema = typeof schema;
/** One database type for both drivers: services never care which one runs. */
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface Database {
  db: Db;
  driver: 'pglite' | 'pg';
  /** Applies the migrations not applied yet; on PostgreSQL under an advisory lock, so instances that start together
   * migrate one after the other (the second finds nothing left to do). */
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** Connections of the PostgreSQL pool (none on PGlite), for the metrics. */
  poolStats?: () => { total: number; idle: number; waiting: number };
}

/** The advisory-lock key the migrations run under (any constant shared by every instance of the deployment). */
export const MIGRATION_LOCK_KEY = 7_346_021_133;

/** The newest migration this code knows (the journal's last `when`), to compare with what the database applied. */
export function latestMigrationMillis(): number {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  return Math.max(...journal.entries.map((e) => e.when));
}

/** The newest migration the database has applied (drizzle's own table), or 0 when it has none. */
export async function appliedMigrationMillis(db: Db): Promise<number> {
  const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;
  const exists = rows<{ t: string | null }>(
    await db.execute(sql`select to_regclass('drizzle.__drizzle_migrations')::text as t`),
  );
  if (!exists[0]?.t) return 0;
  const applied = rows<{ at: string | null }>(
    await db.execute(sql`select max(created_at)::text as at from drizzle.__drizzle_migrations`),
  );
  return Number(applied[0]?.at ?? 0);
}

export interface OpenDatabaseOptions {
  databaseUrl?: string | undefined;
  /** Folder for PGlite; `undefined` keeps PGlite in memory (tests). */
  pgliteDir?: string | undefined;
  /** An in-memory PGlite starts from this dump of a data folder (tests: test/pglite-template.ts). */
  pgliteTemplate?: Blob | undefined;
  /** PostgreSQL connections in the pool (10 when not given) */
  poolSize?: number | undefined;
  onPoolError?: (err: Error) => void;
  /** How long to wait for PostgreSQL to accept connections before giving up (0: fail at once). */
  waitForDatabaseMs?: number | undefined;
  /** Told while waiting for PostgreSQL. */
  log?: ((msg: string) => void) | undefined;
}

/**
 * Waits until PostgreSQL answers (a database container that starts after the app, a restart during a deploy)
 * instead of crashing: retries with a growing pause, up to 2 s, until `waitMs` have passed.
 */
export async function waitForPostgres(
  pool: pg.Pool,
  waitMs: number,
  log: (msg: string) => void = () => {},
): Promise<void> {
  const until = Date.now() + waitMs;
  for (let attempt = 1, pause = 100; ; attempt++, pause = Math.min(pause * 2, 2_000)) {
    try {
      await pool.query('select 1');
      if (attempt > 1) log('database: connected');
      return;
    } catch (err) {
      if (Date.now() + pause >= until) throw err;
      if (attempt === 1)
        log(`database: not reachable yet (${(err as Error).message}); waiting up to ${waitMs / 1000} s`);
      await new Promise((r) => setTimeout(r, pause));
    }
  }
}

/** The pipeline-mode pool of a database opened on PostgreSQL (db/pipelined-transaction.ts); none on PGlite. */
const pipelinePools = new WeakMap<object, pg.Pool>();
export const pipelinePoolOf = (db: object): pg.Pool | undefined => pipelinePools.get(db);

export async function openDatabase(opts: OpenDatabaseOptions): Promise<Database> {
  if (opts.databaseUrl) {
    // db.transaction must give a client back to the pool when `begin` fails (db/transaction-release.ts).
    installReleasingTransactions();
    const poolConfig = (max: number, pipeline: boolean): pg.PoolConfig => ({
      connectionString: opts.databaseUrl,
      pipeline,
      max,
      connectionTimeoutMillis: 5_000,
      idleTimeoutMillis: 30_000,
      statement_timeout: 15_000,
      // JIT compiling pays off for long analytical queries only; for these short ones it cost up to 54 ms a plan.
      options: '-c jit=off',
    });
    const size = opts.poolSize ?? 10;
    const pool = new pg.Pool(poolConfig(size, false));
    // A second, smaller pool in node-postgres' pipeline mode, only for db/pipelined-transaction.ts (the hottest
    // writes: a like, a chat message). Everything else stays on the classic pool, which nothing else needs to
    // leave. (A CI run once hung the pool's shutdown after the database had cut every connection, with pipeline
    // mode on for all queries; the cause was drizzle's transaction keeping a client whose `begin` failed, which
    // happened on the classic pool as well: db/transaction-release.ts.)
    const pipelinePool = new pg.Pool(poolConfig(Math.max(2, Math.ceil(size / 2)), true));
    for (const p of [pool, pipelinePool]) {
      // Idle clients' errors reach the pool; a checked-out client's error (the server ended the connection during
      // a query, e.g. 57P01 on a restart) is emitted on the client, and unheard it would crash the process. The
      // query itself fails and reports; here it is only logged.
      p.on('error', (err) => opts.onPoolError?.(err));
      p.on('connect', (client) => client.on('error', (err) => opts.onPoolError?.(err)));
    }
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    pipelinePools.set(db, pipelinePool);
    try {
      await waitForPostgres(pool, opts.waitForDatabaseMs ?? 0, opts.log);
    } catch (err) {
      await Promise.all([pool.end(), pipelinePool.end()]);
      throw err;
    }
    return {
      db,
      driver: 'pg',
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      migrate: async () => {
        // A session-level lock on a connection of its own; drizzle migrates on the pool meanwhile. Another
        // instance waits here until this one has applied everything, then finds nothing left to apply.
        const lockClient = await pool.connect();
        try {
          await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
          await migratePg(db as never, { migrationsFolder: MIGRATIONS_DIR });
        } finally {
          await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
          lockClient.release();
        }
      },
      close: async () => {
        await Promise.all([pool.end(), pipelinePool.end()]);
      },
    };
  }
  if (opts.pgliteDir) await mkdir(opts.pgliteDir, { recursive: true });
  const client =
    opts.pgliteTemplate && !opts.pgliteDir
      ? new PGlite({ loadDataDir: opts.pgliteTemplate })
      : new PGlite(opts.pgliteDir);
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    driver: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR }),
    close: () => client.close(),
  };
}
