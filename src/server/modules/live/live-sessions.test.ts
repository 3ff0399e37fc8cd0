import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  LIVE_CLOSE_SESSION_ENDED,
  LIVE_PATH,
  type LiveEvent,
  liveEventSchema,
} from '../../../shared/realtime';
import { CLIENT, createMember, lastMailLink, type TestMember, tokenOf } from '../../test/factories';
import { buildTestApp, type TestContext, withTestSite } from '../../test/test-app';

/**
 * Issue 27 point 16: a live socket lives only as long as its session. Everything goes through real HTTP and real
 * WebSockets. The session cache is on (60 s), so a refused socket also proves the revocation evicted the cache.
 */
let ctx: TestContext;
let domain: string;
withTestSite(
  (c, d) => {
    ctx = c;
    domain = d;
  },
  { SESSION_CACHE_SECONDS: '60' },
);

type App = TestContext['app'];

async function portOf(app: App): Promise<number> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  return (app.server.address() as AddressInfo).port;
}

interface Answer {
  status: number;
  body: unknown;
  cookie: string | undefined;
}

/** One HTTP request to `app` as the site's web client would send it. */
async function http(app: App, method: string, path: string, cookie?: string, body?: object): Promise<Answer> {
  const port = await portOf(app);
  const payload = body ? JSON.stringify(body) : undefined;
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        headers: {
          host: domain,
          ...CLIENT,
          ...(cookie ? { cookie } : {}),
          ...(payload
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
            : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          const set = (res.headers['set-cookie'] ?? []).find(
            (c) => c.startsWith('auth._token=') && !c.startsWith('auth._token=;'),
          );
          resolve({
            status: res.statusCode ?? 0,
            body: text ? JSON.parse(text) : null,
            cookie: set?.split(';')[0],
          });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** A fresh session of the member (a login over HTTP), as its cookie header. */
async function login(m: TestMember, app: App = ctx.app): Promise<string> {
  const res = await http(app, 'POST', '/api/user.php', undefined, { email: m.email, password: m.password });
  expect(res.status).toBe(200);
  return res.cookie!;
}

interface Tab {
  ws: WebSocket;
  frames: LiveEvent[];
  closed: Promise<{ code: number; reason: string }>;
}

/** A tab's live socket, open, recording every frame it receives. */
async function openTab(cookie: string, app: App = ctx.app): Promise<Tab> {
  const ws = new WebSocket(`ws://127.0.0.1:${await portOf(app)}${LIVE_PATH}`, {
    headers: { host: domain, origin: `https://${domain}`, cookie },
  });
  const frames: LiveEvent[] = [];
  ws.on('message', (data) => frames.push(liveEventSchema.parse(JSON.parse(String(data)))));
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.once('close', (code, reason) => resolve({ code, reason: String(reason) })),
  );
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  return { ws, frames, closed };
}

/** The HTTP status with which the upgrade of a socket with this cookie is refused (0 if it opened). */
async function upgradeStatus(cookie: string, app: App = ctx.app): Promise<number> {
  const ws = new WebSocket(`ws://127.0.0.1:${await portOf(app)}${LIVE_PATH}`, {
    headers: { host: domain, origin: `https://${domain}`, cookie },
  });
  return new Promise((resolve) => {
    ws.once('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? -1);
      ws.terminate();
    });
    ws.once('open', () => {
      resolve(0);
      ws.terminate();
    });
    ws.once('error', () => undefined);
  });
}

async function until<T>(get: () => T | undefined, ms = 5_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = get();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
}

const closedWithin = (tab: Tab, ms = 3_000) =>
  Promise.race([
    tab.closed,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error('socket still open')), ms)),
  ]);

/**
 * `from` writes to `to` and likes them (through `app`); resolves when `witness` (a tab that must receive both) has
 * both, so every socket of this instance has had its chance to receive them.
 */
async function messageAndLike(from: TestMember, to: TestMember, witness: Tab, app: App = ctx.app) {
  const conv = await http(app, 'POST', '/api/conversation.php', from.cookie, { member: to.id });
  expect(conv.status).toBe(200);
  const id = (conv.body as { conversation: { id: number } }).conversation.id;
  const sent = await http(app, 'POST', '/api/message.php', from.cookie, {
    conversation: id,
    client_id: randomUUID(),
    kind: 'text',
    text: 'Are you still there?',
  });
  expect(sent.status).toBe(200);
  expect((await http(app, 'POST', '/api/like.php', from.cookie, { id: to.id })).status).toBe(200);
  await until(() => witness.frames.find((e) => e.type === 'message.new'));
  await until(() => witness.frames.find((e) => e.type === 'like.new'));
  // Anything else under way has time to arrive too.
  await new Promise((r) => setTimeout(r, 150));
}

describe('live sockets of ended sessions', () => {
  it('a logout closes that session’s socket at once; it receives nothing more, the other session’s socket does', async () => {
    const a = await createMember(ctx, domain);
    const b = await createMember(ctx, domain);
    const [phone, laptop] = [await login(a), await login(a)];
    const [phoneTab, laptopTab] = [await openTab(phone), await openTab(laptop)];

    expect((await http(ctx.app, 'GET', '/api/logout.php', phone)).status).toBe(200);
    expect((await closedWithin(phoneTab)).code).toBe(LIVE_CLOSE_SESSION_ENDED);

    await messageAndLike(b, a, laptopTab);
    expect(phoneTab.frames).toEqual([]);
    expect(laptopTab.ws.readyState).toBe(WebSocket.OPEN);
    // A socket with the ended session's cookie is refused (the cached lookup was dropped too).
    expect(await upgradeStatus(phone)).toBe(403);
    expect(await upgradeStatus(laptop)).toBe(0);
    laptopTab.ws.terminate();
  });

  it('a password change closes the other sessions’ sockets and keeps the changing one (docs/decisions.md)', async () => {
    const a = await createMember(ctx, domain);
    const b = await createMember(ctx, domain);
    const [changing, other] = [await login(a), await login(a)];
    const [changingTab, otherTab] = [await openTab(changing), await openTab(other)];

    const res = await http(ctx.app, 'POST', '/api/password.php', changing, {
      old_password: a.password,
      password: 'Lantern-Orchard-73',
      password_confirm: 'Lantern-Orchard-73',
    });
    expect(res.status).toBe(200);
    expect((await closedWithin(otherTab)).code).toBe(LIVE_CLOSE_SESSION_ENDED);

    await messageAndLike(b, a, changingTab);
    expect(otherTab.frames).toEqual([]);
    expect(await upgradeStatus(other)).toBe(403);
    expect(await upgradeStatus(changing)).toBe(0);
    changingTab.ws.terminate();
  });

  it('"log out" of one session and "everywhere else" close exactly those sessions’ sockets', async () => {
    const a = await createMember(ctx, domain);
    const b = await createMember(ctx, domain);
    const [here, one, two, three] = [await login(a), await login(a), await login(a), await login(a)];
    const tabs = { here: await openTab(here), one: await openTab(one), two: await openTab(two) };
    const threeTab = await openTab(three);

    const list = (await http(ctx.app, 'GET', '/api/sessions.php', one)).body as {
      sessions: { id: number; current: boolean }[];
    };
    const oneId = list.sessions.find((s) => s.current)!.id;
    expect((await http(ctx.app, 'DELETE', '/api/sessions.php', here, { id: oneId })).status).toBe(200);
    expect((await closedWithin(tabs.one)).code).toBe(LIVE_CLOSE_SESSION_ENDED);
    expect(tabs.two.ws.readyState).toBe(WebSocket.OPEN);

    expect((await http(ctx.app, 'DELETE', '/api/sessions.php', here, { all_others: true })).status).toBe(200);
    for (const tab of [tabs.two, threeTab])
      expect((await closedWithin(tab)).code).toBe(LIVE_CLOSE_SESSION_ENDED);

    await messageAndLike(b, a, tabs.here);
    for (const tab of [tabs.one, tabs.two, threeTab]) expect(tab.frames).toEqual([]);
    for (const cookie of [one, two, three]) expect(await upgradeStatus(cookie)).toBe(403);
    tabs.here.ws.terminate();
  });

  it('deleting the account closes every socket of the member; nothing reaches them afterwards', async () => {
    const a = await createMember(ctx, domain);
    const b = await createMember(ctx, domain);
    const [deleting, other] = [await login(a), await login(a)];
    const tabs = [await openTab(deleting), await openTab(other)];
    const bTab = await openTab(b.cookie);

    const res = await http(ctx.app, 'POST', '/api/account-delete.php', deleting, {
      password: a.password,
      reasons: [],
    });
    expect(res.status).toBe(200);
    for (const tab of tabs) expect((await closedWithin(tab)).code).toBe(LIVE_CLOSE_SESSION_ENDED);

    // A deleted member cannot be written to; an event for both members still shows nothing reaches A's sockets.
    ctx.app.live.publish([a.id, b.id], { type: 'user.changed' });
    await until(() => bTab.frames.find((e) => e.type === 'user.changed'));
    await new Promise((r) => setTimeout(r, 150));
    for (const tab of tabs) expect(tab.frames).toEqual([]);
    for (const cookie of [deleting, other]) expect(await upgradeStatus(cookie)).toBe(403);
    bTab.ws.terminate();
  });

  it('a password reset link closes every socket of the member', async () => {
    const a = await createMember(ctx, domain);
    const cookie = await login(a);
    const tab = await openTab(cookie);
    expect(
      (await http(ctx.app, 'POST', '/api/password-reset-mail.php', undefined, { email: a.email })).status,
    ).toBe(200);
    const token = tokenOf(await lastMailLink(ctx, a.email));
    const res = await http(ctx.app, 'POST', '/api/password-reset.php', undefined, {
      token,
      password: 'Copper-Meadow-58',
      password_confirm: 'Copper-Meadow-58',
    });
    expect(res.status).toBe(200);
    expect((await closedWithin(tab)).code).toBe(LIVE_CLOSE_SESSION_ENDED);
    expect(await upgradeStatus(cookie)).toBe(403);
  });

  // Two instances need one database (PostgreSQL; PGlite is one per app) and Redis between them, as in live.test.ts.
  describe.runIf(process.env.DATABASE_URL && process.env.REDIS_URL)(
    'across two app instances through Redis',
    () => {
      let second: TestContext;
      beforeAll(async () => {
        second = await buildTestApp({ SESSION_CACHE_SECONDS: '60' });
      });
      afterAll(async () => second?.close());

      it('a logout and a password change on one instance close the sockets on the other; nothing more reaches them', async () => {
        const a = await createMember(ctx, domain);
        const b = await createMember(ctx, domain);
        const [s1, s2, s3] = [await login(a), await login(a), await login(a)];
        const [t1, t2, t3] = [
          await openTab(s1, second.app),
          await openTab(s2, second.app),
          await openTab(s3, second.app),
        ];
        // The second instance subscribes when it starts; give Redis a moment to confirm.
        await new Promise((r) => setTimeout(r, 100));

        expect((await http(ctx.app, 'GET', '/api/logout.php', s1)).status).toBe(200);
        expect((await closedWithin(t1)).code).toBe(LIVE_CLOSE_SESSION_ENDED);
        expect(await upgradeStatus(s1, second.app)).toBe(403);

        const res = await http(ctx.app, 'POST', '/api/password.php', s2, {
          old_password: a.password,
          password: 'Lantern-Orchard-73',
          password_confirm: 'Lantern-Orchard-73',
        });
        expect(res.status).toBe(200);
        expect((await closedWithin(t3)).code).toBe(LIVE_CLOSE_SESSION_ENDED);
        expect(await upgradeStatus(s3, second.app)).toBe(403);

        await messageAndLike(b, a, t2);
        expect(t1.frames).toEqual([]);
        expect(t3.frames).toEqual([]);
        expect(t2.ws.readyState).toBe(WebSocket.OPEN);
        t2.ws.terminate();
      });
    },
  );
});
