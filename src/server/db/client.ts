import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
/** One database type for both drivers: services never care which one runs. */
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface Database {
  db: Db;
  driver: 'pglite' | 'pg';
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  databaseUrl?: string | undefined;
  /** Folder for PGlite; `undefined` keeps PGlite in memory (tests). */
  pgliteDir?: string | undefined;
  /** PostgreSQL connections in the pool (10 when not given) */
  poolSize?: number | undefined;
  onPoolError?: (err: Error) => void;
}

export async function openDatabase(opts: OpenDatabaseOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      // Pipeline mode: a query is written at once, not after the previous one's answer. Queries awaited one by
      // one behave as before; db/pipelined-transaction.ts writes a transaction's statements in batches.
      pipeline: true,
      max: opts.poolSize ?? 10,
      connectionTimeoutMillis: 5_000,
      idleTimeoutMillis: 30_000,
      statement_timeout: 15_000,
      // JIT compiling pays off for long analytical queries only; for these short ones it cost up to 54 ms a plan.
      options: '-c jit=off',
    });
    // Idle clients' errors reach the pool; a checked-out client's error (the server ended the connection during a
    // query, e.g. 57P01 on a restart) is emitted on the client, and unheard it would crash the process. The query
    // itself fails and reports; here it is only logged.
    pool.on('error', (err) => opts.onPoolError?.(err));
    pool.on('connect', (client) => client.on('error', (err) => opts.onPoolError?.(err)));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      driver: 'pg',
      migrate: () => migratePg(db as never, { migrationsFolder: MIGRATIONS_DIR }),
      close: () => pool.end(),
    };
  }
  if (opts.pgliteDir) await mkdir(opts.pgliteDir, { recursive: true });
  const client = new PGlite(opts.pgliteDir);
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    driver: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR }),
    close: () => client.close(),
  };
}
