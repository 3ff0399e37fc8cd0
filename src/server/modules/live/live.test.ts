import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { LIVE_PATH, type LiveEvent, liveEventSchema } from '../../../shared/realtime';
import { createMember, type TestMember } from '../../test/factories';
import { buildTestApp, type TestContext, withTestSite } from '../../test/test-app';
import { call } from '../member-profile/member-profile.fixtures';

let ctx: TestContext;
let domain: string;
withTestSite((c, d) => {
  ctx = c;
  domain = d;
});

/** A member's live socket on `app`, collecting the events it receives. */
async function connect(app: TestContext['app'], m: TestMember) {
  const events: LiveEvent[] = [];
  const ws = (await app.injectWS(LIVE_PATH, {
    headers: { host: domain, origin: `https://${domain}`, cookie: m.cookie },
  })) as unknown as WebSocket;
  ws.on('message', (data) => events.push(liveEventSchema.parse(JSON.parse(String(data)))));
  return { ws, events };
}

async function until<T>(get: () => T | undefined, ms = 3_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = get();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error('timed out waiting for a live event');
    await new Promise((r) => setTimeout(r, 10));
  }
}

async function conversation(ctxOf: TestContext, a: TestMember, b: TestMember): Promise<number> {
  const res = await call(ctxOf, domain, 'POST', '/api/conversation.php', a.cookie, { member: b.id });
  return res.json().conversation.id as number;
}
const send = (ctxOf: TestContext, m: TestMember, conv: number, text: string) =>
  call(ctxOf, domain, 'POST', '/api/message.php', m.cookie, {
    conversation: conv,
    client_id: randomUUID(),
    kind: 'text',
    text,
  });

describe(LIVE_PATH, () => {
  it('refuses a socket without a session, or opened from another site', async () => {
    const a = await createMember(ctx, domain);
    await expect(
      ctx.app.injectWS(LIVE_PATH, { headers: { host: domain, origin: `https://${domain}` } }),
    ).rejects.toThrow(/403/);
    for (const origin of ['https://evil.example', undefined])
      await expect(
        ctx.app.injectWS(LIVE_PATH, {
          headers: { host: domain, cookie: a.cookie, ...(origin ? { origin } : {}) },
        }),
      ).rejects.toThrow(/403/);
  });

  it('delivers a message to the partner and the sender’s other tabs, then typing and the read receipt', async () => {
    const a = await createMember(ctx, domain);
    const b = await createMember(ctx, domain);
    const conv = await conversation(ctx, a, b);
    const aTab = await connect(ctx.app, a);
    const bTab = await connect(ctx.app, b);
    const res = await send(ctx, a, conv, 'Live hello');
    expect(res.statusCode).toBe(200);
    const got = await until(() => bTab.events.find((e) => e.type === 'message.new'));
    expect(got).toMatchObject({ conversation_id: conv, message: { text: 'Live hello', mine: false } });
    const own = await until(() => aTab.events.find((e) => e.type === 'message.new'));
    expect(own).toMatchObject({
      message: { mine: true, id: got.type === 'message.new' ? got.message.id : 0 },
    });
    await until(() => aTab.events.find((e) => e.type === 'credits.changed'));

    // Typing goes to the partner only, and only in a conversation of the sender's.
    bTab.ws.send(JSON.stringify({ type: 'typing', conversation_id: conv }));
    await until(() => aTab.events.find((e) => e.type === 'typing' && e.conversation_id === conv));
    const stranger = await createMember(ctx, domain);
    const strangerTab = await connect(ctx.app, stranger);
    strangerTab.ws.send(JSON.stringify({ type: 'typing', conversation_id: conv }));
    strangerTab.ws.send('not json');
    await new Promise((r) => setTimeout(r, 100));
    expect(aTab.events.filter((e) => e.type === 'typing')).toHaveLength(1);
    expect(bTab.events.some((e) => e.type === 'typing')).toBe(false);

    await call(ctx, domain, 'POST', '/api/chat-read.php', b.cookie, { conversation: conv });
    const receipt = await until(() => aTab.events.find((e) => e.type === 'message.read'));
    expect(receipt).toMatchObject({ conversation_id: conv });
    // Every event has its own id.
    const ids = [...aTab.events, ...bTab.events].map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const t of [aTab, bTab, strangerTab]) t.ws.terminate();
  });

  it('keeps nothing of the upgrade request once the socket is open (memory per idle socket)', async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const a = await createMember(ctx, domain);
    if (!ctx.app.server.listening) await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = ctx.app.server.address() as AddressInfo;
    let upgrade: WeakRef<IncomingMessage> | undefined;
    ctx.app.websocketServer.once('connection', (_socket: WebSocket, raw: IncomingMessage) => {
      upgrade = new WeakRef(raw);
    });
    const ws = new WebSocket(`ws://127.0.0.1:${port}${LIVE_PATH}`, {
      headers: { host: domain, origin: `https://${domain}`, cookie: a.cookie },
    });
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    // The socket works, and the request behind it (with its session rows) can be collected.
    const res = await send(ctx, a, await conversation(ctx, a, await createMember(ctx, domain)), 'Still live');
    expect(res.statusCode).toBe(200);
    for (let i = 0; i < 5 && upgrade?.deref(); i++) {
      await new Promise((r) => setTimeout(r, 20));
      gc();
    }
    expect(upgrade).toBeDefined();
    expect(upgrade!.deref()).toBeUndefined();
    expect(ws.readyState).toBe(WebSocket.OPEN);
    ws.terminate();
  });

  // Two instances need one database (PostgreSQL; PGlite is one per app) and Redis between them: CI runs the server
  // tests so. Each app gets its own Redis bus, as two production instances do.
  describe.runIf(process.env.DATABASE_URL && process.env.REDIS_URL)(
    'across two app instances through Redis',
    () => {
      let second: TestContext;
      beforeAll(async () => {
        second = await buildTestApp();
      });
      afterAll(async () => second?.close());

      it('a message sent through one instance reaches a socket on the other, once', async () => {
        const a = await createMember(ctx, domain);
        const b = await createMember(ctx, domain);
        const conv = await conversation(ctx, a, b);
        const bOnSecond = await connect(second.app, b);
        // The second instance subscribes to the live channel when it starts; give Redis a moment to confirm.
        await new Promise((r) => setTimeout(r, 100));
        const res = await send(ctx, a, conv, 'Across instances');
        expect(res.statusCode).toBe(200);
        await until(() => bOnSecond.events.find((e) => e.type === 'message.new'));
        await new Promise((r) => setTimeout(r, 200));
        expect(bOnSecond.events.filter((e) => e.type === 'message.new')).toHaveLength(1);
        bOnSecond.ws.terminate();
      });
    },
  );
});
