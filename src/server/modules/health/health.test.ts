import { randomBytes } from 'node:crypto';
import Fastify from 'fastify';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import {
  appliedMigrationMillis,
  latestMigrationMillis,
  MIGRATION_LOCK_KEY,
  openDatabase,
  waitForPostgres,
} from '../../db/client';
import type { MediaStorage } from '../../lib/storage';
import { buildTestApp, type TestContext } from '../../test/test-app';
import { healthRoutes } from './health.routes';

const okStorage: MediaStorage = {
  put: async () => {},
  get: async () => undefined,
  remove: async () => {},
  ping: async () => {},
};

const contexts: TestContext[] = [];
afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
});

async function testApp(): Promise<TestContext> {
  const ctx = await buildTestApp();
  contexts.push(ctx);
  return ctx;
}

describe('/healthz and /readyz on the app', () => {
  it('answers live and ready, uncached, without a site or a session', async () => {
    const { app } = await testApp();
    const live = await app.inject({ method: 'GET', url: '/healthz', headers: { host: '10.0.0.7' } });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
    expect(live.headers['cache-control']).toBe('no-store');
    const ready = await app.inject({ method: 'GET', url: '/readyz', headers: { host: '10.0.0.7' } });
    expect(ready.json()).toMatchObject({ status: 'ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({
      status: 'ready',
      checks: {
        database: 'ok',
        migrations: 'ok',
        redis: process.env.REDIS_URL ? 'ok' : 'not_configured',
        storage: 'ok',
      },
    });
  });

  it('answers 503 while the instance drains, and stays live', async () => {
    const { app } = await testApp();
    app.draining = true;
    const ready = await app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json().status).toBe('draining');
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });
});

describe('readiness of each dependency', () => {
  async function probe(deps: Partial<Parameters<typeof healthRoutes>[1]>) {
    const ctx = await testApp();
    const app = Fastify();
    const failures: string[] = [];
    await app.register(healthRoutes, {
      db: ctx.database.db,
      storage: okStorage,
      onFailure: (check) => failures.push(check),
      ...deps,
    });
    const started = Date.now();
    const res = await app.inject({ method: 'GET', url: '/readyz' });
    const ms = Date.now() - started;
    await app.close();
    return { res, failures, ms };
  }

  it('is not ready when the photo storage refuses, and logs which check failed', async () => {
    const { res, failures } = await probe({
      storage: { ...okStorage, ping: () => Promise.reject(new Error('EACCES')) },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: 'not_ready', checks: { storage: 'down', database: 'ok' } });
    expect(failures).toEqual(['storage']);
  });

  it('is not ready within about a second when a dependency hangs', async () => {
    const { res, ms } = await probe({ storage: { ...okStorage, ping: () => new Promise(() => {}) } });
    expect(res.statusCode).toBe(503);
    expect(res.json().checks.storage).toBe('timeout');
    expect(ms).toBeLessThan(2_500);
  });

  it('is not ready when Redis is configured but away, and answers fast', async () => {
    const redis = new Redis('redis://127.0.0.1:1', {
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      enableOfflineQueue: false,
      retryStrategy: () => null,
    });
    redis.on('error', () => {});
    const { res, ms } = await probe({ redis });
    expect(res.statusCode).toBe(503);
    expect(['down', 'timeout']).toContain(res.json().checks.redis);
    expect(ms).toBeLessThan(2_500);
    redis.disconnect();
  });
});

describe('migrations', () => {
  // A fresh PGlite runs initdb and every migration (no test template): 37 s once on a loaded 2-core machine.
  it('counts a database without the newest migration as behind, and one migrated as current', {
    timeout: 120_000,
  }, async () => {
    const fresh = await openDatabase({});
    try {
      expect(await appliedMigrationMillis(fresh.db)).toBe(0);
      await fresh.migrate();
      expect(await appliedMigrationMillis(fresh.db)).toBe(latestMigrationMillis());
    } finally {
      await fresh.close();
    }
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'runs once when two instances start together (an advisory lock; without it both create the same tables)',
    async () => {
      const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
      const name = `amora_migrate_${randomBytes(4).toString('hex')}`;
      await admin.query(`create database ${name}`);
      const url = new URL(process.env.DATABASE_URL as string);
      url.pathname = `/${name}`;
      const a = await openDatabase({ databaseUrl: url.toString(), poolSize: 2 });
      const b = await openDatabase({ databaseUrl: url.toString(), poolSize: 2 });
      try {
        await Promise.all([a.migrate(), b.migrate()]);
        const rows = (await a.db.execute(
          'select count(*)::int as n from drizzle.__drizzle_migrations' as never,
        )) as unknown as {
          rows: { n: number }[];
        };
        const journalEntries = (await import('../../db/migrations/meta/_journal.json')).entries.length;
        expect(rows.rows[0]?.n).toBe(journalEntries);
        expect(await appliedMigrationMillis(b.db)).toBe(latestMigrationMillis());
        // The lock is given back: a later start takes it at once.
        const probe = await admin.query(`select pg_try_advisory_lock($1) as got`, [MIGRATION_LOCK_KEY]);
        expect(probe.rows[0]?.got).toBe(true);
        await admin.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
      } finally {
        await Promise.all([a.close(), b.close()]);
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      }
    },
    60_000,
  );
});

describe('waiting for PostgreSQL at start-up', () => {
  it('retries until the time is up, says it is waiting, then gives up with the reason', async () => {
    const pool = new pg.Pool({
      connectionString: 'postgres://nobody@127.0.0.1:1/none',
      connectionTimeoutMillis: 200,
    });
    pool.on('error', () => {});
    const said: string[] = [];
    const started = Date.now();
    await expect(waitForPostgres(pool, 700, (m) => said.push(m))).rejects.toThrow();
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
    expect(said[0]).toMatch(/not reachable yet/);
    await pool.end();
  });

  it.skipIf(!process.env.DATABASE_URL)('returns at once when the database answers', async () => {
    const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL });
    const said: string[] = [];
    await waitForPostgres(pool, 5_000, (m) => said.push(m));
    expect(said).toEqual([]);
    await pool.end();
  });
});
