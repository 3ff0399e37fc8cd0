import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { profiles, users } from '../../db/schema';
import { type EventBus, LocalEventBus, RedisEventBus } from '../../lib/event-bus';
import { CLIENT, createMember, type TestMember } from '../../test/factories';
import { buildTestApp, type TestContext } from '../../test/test-app';
import { SESSIONS_REVOKED, SessionCache } from './session-cache';
import type { SessionWithUser } from './sessions.repo';

/**
 * Two app instances on one database, each with its own session cache (60 s, so that only an announcement can
 * explain a fresh answer): over Redis pub/sub when REDIS_URL is set (as in production), else an in-process bus.
 */
describe('session cache across instances', () => {
  let a: TestContext;
  let b: FastifyInstance;
  let domain: string;
  const buses: EventBus[] = [];
  const redisClients: Redis[] = [];

  function newBus(): EventBus {
    if (!process.env.REDIS_URL) {
      buses[0] ??= new LocalEventBus();
      return buses[0];
    }
    const redis = new Redis(process.env.REDIS_URL, { maxRetriesPerRequest: 2 });
    redisClients.push(redis);
    const bus = new RedisEventBus(redis);
    buses.push(bus);
    return bus;
  }

  beforeAll(async () => {
    const env = { SESSION_CACHE_SECONDS: '60' };
    a = await buildTestApp(env, { bus: newBus() });
    const busB = newBus();
    b = await buildApp({
      config: loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        RATE_LIMIT_SCALE: '100',
        WEB_DIST_DIR: '/nonexistent',
        ...env,
      }),
      db: a.database.db,
      bus: busB,
      pushPublicKey: 'test-public-key',
      logger: false,
    });
    await b.ready();
    if (busB instanceof RedisEventBus) await busB.ready();
    domain = (await a.createSite()).domain;
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    for (const bus of buses) await bus.close();
    for (const r of redisClients) r.disconnect();
  });

  /**
   * Waits until every announcement instance A made so far has reached instance B: Redis delivers one connection's
   * messages in order, so a sentinel published after them arrives after them.
   */
  async function settled(): Promise<void> {
    const [busA, busB] = [buses[0]!, buses[buses.length - 1]!];
    const token = Math.random();
    await new Promise<void>((resolve) => {
      const off = busB.subscribe('test-sentinel', (payload) => {
        if (payload !== token) return;
        off();
        resolve();
      });
      const ready = busB instanceof RedisEventBus ? busB.ready() : Promise.resolve();
      void ready.then(() => busA.publish('test-sentinel', token));
    });
  }

  const me = (app: FastifyInstance, m: TestMember) =>
    app.inject({ method: 'GET', url: '/api/user.php', headers: { host: domain, cookie: m.cookie } });

  it('serves a signed-in member from the cache (a change behind its back is not seen)', async () => {
    const m = await createMember(a, domain);
    await settled(); // the activation's announcement must not arrive after B cached the session
    expect((await me(b, m)).json().user.profile.name).toBe(m.name);
    await a.database.db.update(profiles).set({ name: 'Behind-the-back' }).where(eq(profiles.userId, m.id));
    expect((await me(b, m)).json().user.profile.name).toBe(m.name);
  });

  it("a member's own change on one instance is seen at once on the other", async () => {
    const m = await createMember(a, domain);
    expect((await me(b, m)).json().user.profile.country).toBeTypeOf('string');
    const put = await a.app.inject({
      method: 'PUT',
      url: '/api/profile.php',
      headers: { host: domain, cookie: m.cookie, ...CLIENT },
      payload: { country: 'BE', region: null },
    });
    expect(put.statusCode).toBe(200);
    await expect
      .poll(async () => (await me(b, m)).json().user.profile.country, { timeout: 2_000 })
      .toBe('BE');
  });

  it('a logout on one instance ends the session on the other at once', async () => {
    const m = await createMember(a, domain);
    expect((await me(b, m)).json().user.id).toBe(m.id);
    const out = await a.app.inject({
      method: 'GET',
      url: '/api/logout.php',
      headers: { host: domain, cookie: m.cookie, ...CLIENT },
    });
    expect(out.statusCode).toBe(200);
    await expect.poll(async () => (await me(b, m)).json().user, { timeout: 2_000 }).toBeNull();
  });

  it('a message keeps the sender’s session cached with the new balance here, and drops it on the other instance', async () => {
    const m = await createMember(a, domain);
    const partner = await createMember(a, domain);
    await a.database.db.update(users).set({ credits: 500, paidUser: true }).where(eq(users.id, m.id));
    await settled();
    const post = (url: string, payload: object) =>
      a.app.inject({ method: 'POST', url, headers: { host: domain, cookie: m.cookie, ...CLIENT }, payload });
    const conv = (await post('/api/conversation.php', { member: partner.id })).json().conversation.id;
    // Both instances cache the session (500 credits); then a change behind its back that only a read would see.
    expect((await me(a.app, m)).json().user.credits).toBe(500);
    expect((await me(b, m)).json().user.credits).toBe(500);
    await a.database.db.update(profiles).set({ name: 'Behind-the-back' }).where(eq(profiles.userId, m.id));
    const sent = await post('/api/message.php', {
      conversation: conv,
      client_id: randomUUID(),
      kind: 'text',
      text: 'Hello',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const credits = sent.json().credits as number;
    expect(credits).toBeLessThan(500);
    // Instance A kept its entry (no new read: the name is still the cached one) with the balance of the answer.
    expect((await me(a.app, m)).json().user).toMatchObject({ credits, profile: { name: m.name } });
    // Instance B dropped its entry on the announcement and reads the session again.
    await expect.poll(async () => (await me(b, m)).json().user.credits, { timeout: 2_000 }).toBe(credits);
    expect((await me(b, m)).json().user.profile.name).toBe('Behind-the-back');
  });

  it('a like and an unlike keep the liker’s session cached here (a like changes nothing it holds), and drop it on the other instance', async () => {
    const m = await createMember(a, domain);
    const liked = await createMember(a, domain);
    await settled();
    const call = (method: 'POST' | 'DELETE') =>
      a.app.inject({
        method,
        url: '/api/like.php',
        headers: { host: domain, cookie: m.cookie, ...CLIENT },
        payload: { id: liked.id },
      });
    expect((await me(a.app, m)).json().user.profile.name).toBe(m.name);
    expect((await me(b, m)).json().user.profile.name).toBe(m.name);
    await a.database.db.update(profiles).set({ name: 'Behind-the-back' }).where(eq(profiles.userId, m.id));
    for (const method of ['POST', 'DELETE'] as const) {
      const res = await call(method);
      expect(res.statusCode, res.body).toBe(200);
      // Instance A kept its entry: no new read, so the name is still the cached one.
      expect((await me(a.app, m)).json().user.profile.name).toBe(m.name);
    }
    // Instance B dropped its entry on the announcement and reads the session again.
    await expect
      .poll(async () => (await me(b, m)).json().user.profile.name, { timeout: 2_000 })
      .toBe('Behind-the-back');
  });

  it("a password change ends the member's other sessions on every instance", async () => {
    const m = await createMember(a, domain);
    const login = await a.app.inject({
      method: 'POST',
      url: '/api/user.php',
      headers: { host: domain, ...CLIENT },
      payload: { email: m.email, password: m.password },
    });
    const other = {
      ...m,
      cookie: `auth._token=${login.cookies.find((c) => c.name === 'auth._token')!.value}`,
    };
    expect((await me(b, other)).json().user.id).toBe(m.id);
    const change = await a.app.inject({
      method: 'POST',
      url: '/api/password.php',
      headers: { host: domain, cookie: m.cookie, ...CLIENT },
      payload: {
        old_password: m.password,
        password: 'Quiet-Lantern-93',
        password_confirm: 'Quiet-Lantern-93',
      },
    });
    expect(change.statusCode, change.body).toBe(200);
    await expect.poll(async () => (await me(b, other)).json().user, { timeout: 2_000 }).toBeNull();
    expect((await me(b, m)).json().user.id).toBe(m.id);
  });
});

describe('SessionCache', () => {
  const found = (userId: number) =>
    ({ user: { id: userId }, session: {}, profile: {} }) as unknown as SessionWithUser;

  it('does not cache a lookup that raced a change of the same member', () => {
    const cache = new SessionCache(60_000, new LocalEventBus());
    const markedAt = cache.mark();
    cache.invalidateMember(7); // the change commits while the lookup is reading
    cache.set('h1', found(7), markedAt);
    expect(cache.get('h1')).toBeUndefined();
    cache.set('h2', found(8), markedAt); // another member is not affected
    expect(cache.get('h2')).toBeDefined();
    cache.set('h1', found(7), cache.mark()); // a lookup started after the change is cached
    expect(cache.get('h1')).toBeDefined();
  });

  it('drops every session of a member announced on the bus, and only those', () => {
    const bus = new LocalEventBus();
    const here = new SessionCache(60_000, bus);
    const there = new SessionCache(60_000, bus);
    there.set('x1', found(1), there.mark());
    there.set('x2', found(1), there.mark());
    there.set('y1', found(2), there.mark());
    here.invalidateMember(1);
    expect(there.get('x1')).toBeUndefined();
    expect(there.get('x2')).toBeUndefined();
    expect(there.get('y1')).toBeDefined();
  });

  it('announces ended sessions: every instance drops the member’s cached sessions, and hears which ended', () => {
    const bus = new LocalEventBus();
    const here = new SessionCache(60_000, bus);
    const there = new SessionCache(60_000, bus);
    const heard: unknown[] = [];
    bus.subscribe(SESSIONS_REVOKED, (p) => heard.push(p));
    for (const c of [here, there]) {
      c.set('x1', found(1), c.mark());
      c.set('y1', found(2), c.mark());
    }
    here.revoked(1, []); // nothing ended: nothing announced
    expect(heard).toEqual([]);
    expect(there.get('x1')).toBeDefined();
    here.revoked(1, [41, 42]);
    expect(heard).toEqual([{ userId: 1, sessionIds: [41, 42] }]);
    for (const c of [here, there]) {
      expect(c.get('x1')).toBeUndefined();
      expect(c.get('y1')).toBeDefined();
    }
  });

  it('keeps an updated entry after its own member’s change, for the rest of its lifetime, announcing the change', () => {
    const bus = new LocalEventBus();
    const here = new SessionCache(60_000, bus);
    const there = new SessionCache(60_000, bus);
    const credits = (c: SessionCache, hash: string) =>
      (c.get(hash)?.found.user as { credits?: number } | undefined)?.credits;
    const withCredits = (n: number) => (f: SessionWithUser) => ({ ...f, user: { ...f.user, credits: n } });
    const entry = here.set('h1', found(3), here.mark());
    here.set('h2', found(3), here.mark()); // the member's other device
    there.set('t1', found(3), there.mark());
    here.invalidateMemberKeeping(entry, withCredits(42));
    expect(credits(here, 'h1')).toBe(42);
    expect(here.get('h2')).toBeUndefined();
    expect(there.get('t1')).toBeUndefined();
    // An entry dropped in between (another change of the member was announced) is not put back.
    const stale = here.get('h1')!;
    there.invalidateMember(3);
    here.invalidateMemberKeeping(stale, withCredits(41));
    expect(here.get('h1')).toBeUndefined();
    // Off with a TTL of 0: nothing kept.
    const off = new SessionCache(0, bus);
    off.invalidateMemberKeeping(off.set('o', found(3), off.mark()), withCredits(40));
    expect(off.get('o')).toBeUndefined();
  });

  it('is off with a TTL of 0', () => {
    const cache = new SessionCache(0, new LocalEventBus());
    cache.set('h', found(1), cache.mark());
    expect(cache.get('h')).toBeUndefined();
  });
});
