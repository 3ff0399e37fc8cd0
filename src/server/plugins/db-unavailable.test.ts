import net from 'node:net';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../lib/db-unavailable';
import { errorsPlugin } from './errors';

/**
 * PostgreSQL away (issue 28, reliability): a request that needs the database answers a clear 503
 * temporarily_unavailable, not 500, and at once (a connection refused; the pool's connect timeout otherwise). The
 * database here is an address where nothing listens; a bug stays a 500.
 */
function closedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

let app: FastifyInstance;
let pool: pg.Pool;

beforeAll(async () => {
  pool = new pg.Pool({
    connectionString: `postgres://postgres@127.0.0.1:${await closedPort()}/none`,
    connectionTimeoutMillis: 1000,
  });
  pool.on('error', () => {});
  const db = drizzle(pool);
  app = Fastify({ logger: false });
  await app.register(errorsPlugin);
  app.get('/pool', async () => (await pool.query('select 1')).rows);
  app.get('/drizzle', async () => db.execute(sql`select 1`));
  app.get('/bug', async () => {
    throw new Error('a fault of the code');
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await pool?.end();
});

describe('the database away', () => {
  it('answers 503 temporarily_unavailable, through the pool and through drizzle', async () => {
    for (const url of ['/pool', '/drizzle']) {
      const t0 = performance.now();
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(503);
      expect(res.json().error.code).toBe('temporarily_unavailable');
      expect(performance.now() - t0).toBeLessThan(2000);
    }
  });

  it('leaves other failures a 500', async () => {
    const res = await app.inject({ method: 'GET', url: '/bug' });
    expect(res.statusCode).toBe(500);
    expect(res.json().error.code).toBe('internal');
  });

  it('knows the server-side codes of a restart and looks through causes', () => {
    const shutdown = Object.assign(new Error('terminating connection due to administrator command'), {
      code: '57P01',
    });
    expect(isDatabaseUnavailable(shutdown)).toBe(true);
    expect(isDatabaseUnavailable(new Error('Failed query', { cause: shutdown }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('starting up'), { code: '57P03' }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isDatabaseUnavailable('not an error')).toBe(false);
  });
});
