import { spawn, spawnSync } from 'node:child_process';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT, createMember, type TestMember } from '../test/factories';
import { buildTestApp, type TestContext } from '../test/test-app';

/**
 * Redis away (issue 28, reliability): the limits that stop guessing (login, discount codes) refuse at once with 503
 * instead of allowing unlimited guesses, everything else keeps working, and no request waits more than a second on
 * the absent Redis (lib/redis-client.ts, plugins/rate-limit-store.ts). Runs on PGlite and PostgreSQL alike: the
 * Redis here is an address where nothing listens, or (when redis-server is installed) a throwaway redis-server that
 * is stopped and started again, never the machine's shared Redis.
 */
const LIMIT_MS = 1000;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

async function timed<T>(f: () => Promise<T>): Promise<{ res: T; ms: number }> {
  const t0 = performance.now();
  const res = await f();
  return { res, ms: performance.now() - t0 };
}

function checks(get: () => { ctx: TestContext; domain: string; member: TestMember }) {
  const inject = (method: 'GET' | 'POST', url: string, cookie?: string, payload?: object) => {
    const { ctx, domain } = get();
    return timed(() =>
      ctx.app.inject({
        method,
        url,
        headers: { host: domain, ...(cookie ? { cookie } : {}), ...(method === 'GET' ? {} : CLIENT) },
        ...(payload ? { payload } : {}),
      }),
    );
  };
  return {
    async failClosed() {
      const { member } = get();
      const login = await inject('POST', '/api/user.php', undefined, {
        email: member.email,
        password: member.password,
      });
      expect(login.res.statusCode).toBe(503);
      expect(login.res.json().error.code).toBe('temporarily_unavailable');
      expect(login.ms).toBeLessThan(LIMIT_MS);
      const code = await inject('GET', '/api/discountcode.php?code=GUESS123', member.cookie);
      expect(code.res.statusCode).toBe(503);
      expect(code.ms).toBeLessThan(LIMIT_MS);
    },
    async keepsWorking() {
      const { member, domain } = get();
      for (const [method, url, cookie] of [
        ['GET', `/api/settings.php?domain=${domain}`, undefined],
        ['GET', '/api/user.php', member.cookie],
        ['GET', '/api/search.php', member.cookie],
        ['GET', '/api/chats.php', member.cookie],
        ['GET', '/api/notifications.php', member.cookie],
      ] as const) {
        const r = await inject(method, url, cookie);
        expect(r.res.statusCode, url).toBe(200);
        expect(r.ms, url).toBeLessThan(LIMIT_MS);
      }
    },
    async loginWorks() {
      const { member } = get();
      const login = await inject('POST', '/api/user.php', undefined, {
        email: member.email,
        password: member.password,
      });
      expect(login.res.statusCode).toBe(200);
    },
  };
}

describe('Redis at an address where nothing listens', () => {
  let ctx: TestContext;
  let domain: string;
  let member: TestMember;
  beforeAll(async () => {
    ctx = await buildTestApp({ REDIS_URL: `redis://127.0.0.1:${await freePort()}` });
    domain = (await ctx.createSite()).domain;
    member = await createMember(ctx, domain);
  });
  afterAll(async () => {
    await ctx?.close();
  });
  const c = checks(() => ({ ctx, domain, member }));

  it('refuses logins and code look-ups at once with 503', () => c.failClosed());
  it('answers everything else within a second', () => c.keepsWorking());
});

const hasRedisServer = spawnSync('redis-server', ['--version']).status === 0;

describe.skipIf(!hasRedisServer)('a throwaway redis-server stopped and started again', () => {
  let ctx: TestContext;
  let domain: string;
  let member: TestMember;
  let port: number;
  let server: ReturnType<typeof spawn> | undefined;

  async function startRedis(): Promise<void> {
    server = spawn('redis-server', ['--port', String(port), '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    for (let i = 0; i < 50; i++) {
      const up = await new Promise<boolean>((resolve) => {
        const s = net.connect(port, '127.0.0.1', () => {
          s.end();
          resolve(true);
        });
        s.on('error', () => resolve(false));
      });
      if (up) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('redis-server did not start');
  }
  async function stopRedis(): Promise<void> {
    const s = server;
    server = undefined;
    if (!s || s.exitCode !== null) return;
    await new Promise((resolve) => {
      s.once('exit', resolve);
      s.kill('SIGKILL');
    });
  }

  beforeAll(async () => {
    port = await freePort();
    await startRedis();
    ctx = await buildTestApp({ REDIS_URL: `redis://127.0.0.1:${port}` });
    domain = (await ctx.createSite()).domain;
    member = await createMember(ctx, domain);
  });
  afterAll(async () => {
    await ctx?.close();
    await stopRedis();
  });
  const c = checks(() => ({ ctx, domain, member }));

  it('works with Redis, fails closed and fast while it is away, and recovers when it returns', async () => {
    await c.loginWorks();
    await stopRedis();
    await c.failClosed();
    await c.keepsWorking();
    await startRedis();
    // The client reconnects within REDIS_RECONNECT_MAX_MS.
    let ok = false;
    for (let i = 0; i < 30 && !ok; i++) {
      await new Promise((r) => setTimeout(r, 200));
      const r = await ctx.app.inject({
        method: 'POST',
        url: '/api/user.php',
        headers: { host: domain, ...CLIENT },
        payload: { email: member.email, password: member.password },
      });
      ok = r.statusCode === 200;
    }
    expect(ok).toBe(true);
  });
});
