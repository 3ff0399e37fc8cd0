import { createECDH, randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { createServer, type Server } from 'node:https';
import { and, eq, sql } from 'drizzle-orm';
// http_ece is what web-push encrypts with (RFC 8188); the test decrypts with it as a browser's push service would
// hand the message to the browser.
import ece from 'http_ece';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox, pushSubscriptions } from '../../db/schema';
import { type ChannelSenders, mailSender, sendDueOutbox } from '../../jobs/outbox-sender';
import { SmtpMailer } from '../../lib/mail/mailer';
import { pushSender } from '../../lib/push/push-sender';
import { createMember, type TestMember } from '../../test/factories';
import { type TestContext, withTestSite } from '../../test/test-app';
import { startTestSmtp, type TestSmtp } from '../../test/test-smtp';
import { call, setProfile } from '../member-profile/member-profile.fixtures';
import { FAKE_TLS_CERT, FAKE_TLS_KEY } from '../payments/providers/mollie-fake';
import { deletePushSubscription } from './notifications.repo';
import { type DispatchDeps, dispatchDueNotifications } from './notifications.service';
import { ensureUnsubscribeKey } from './unsubscribe-token';

let ctx: TestContext;
let domain: string;
withTestSite((c, d) => {
  ctx = c;
  domain = d;
});
const db = () => ctx.database.db;

// A push service of the test's own: records what arrives and answers with `status`.
interface Received {
  path: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
}
let push: { server: Server; origin: string; received: Received[]; status: number };
// An SMTP server of the test's own.
let smtp: TestSmtp;
let deps: DispatchDeps;
let senders: ChannelSenders;
let mailer: SmtpMailer;
const vapid = {
  subject: 'mailto:ops@example.test',
  ...(await import('web-push')).default.generateVAPIDKeys(),
};

beforeAll(async () => {
  const received: Received[] = [];
  const server = createServer({ key: FAKE_TLS_KEY, cert: FAKE_TLS_CERT }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.statusCode = push.status;
      res.end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const port = (server.address() as { port: number }).port;
  push = { server, origin: `https://127.0.0.1:${port}`, received, status: 201 };

  smtp = await startTestSmtp();

  deps = {
    db: db(),
    linkBase: { publicUrl: 'http://localhost:3000', defaultSiteDomain: 'localhost' },
    unsubscribeKey: await ensureUnsubscribeKey(db()),
    lookingSeconds: 360,
    pushEnabled: true,
  };
  mailer = new SmtpMailer(`smtp://127.0.0.1:${smtp.port}`);
  senders = {
    mail: mailSender(mailer),
    push: pushSender({
      vapid,
      onGone: (endpoint) => deletePushSubscription(db(), endpoint),
      allowedTestOrigins: [push.origin],
      testCa: FAKE_TLS_CERT,
    }),
  };
});

afterAll(async () => {
  mailer?.close();
  await new Promise<void>((r) => push?.server.close(() => r()));
  await smtp?.close();
});

/**
 * A like from a new member to `b`, due now and dispatched into the outbox, where b's items are put first in line
 * (the shared test database may hold other files' items).
 */
async function likeAndQueue(b: TestMember, likerName: string): Promise<void> {
  const a = await createMember(ctx, domain);
  await setProfile(db(), a.id, { name: likerName });
  expect((await call(ctx, domain, 'POST', '/api/like.php', a.cookie, { id: b.id })).statusCode).toBe(200);
  await db().execute(sql`update notifications set due_at = now() - interval '1 second'
    where user_id = ${b.id} and status = 'pending'`);
  await db().execute(sql`update users set last_active_at = now() - interval '1 hour' where id = ${b.id}`);
  await dispatchDueNotifications(deps, 20, new Date(), [b.id]);
  await db().execute(
    sql`update outbox set next_attempt_at = 'epoch' where user_id = ${b.id} and status = 'pending'`,
  );
}

/** likeAndQueue, then the outbox sends. */
async function likeAndSend(b: TestMember, likerName: string): Promise<void> {
  await likeAndQueue(b, likerName);
  await sendDueOutbox(db(), senders);
}

describe('notification mail over real SMTP', () => {
  it('arrives with both parts and the RFC 8058 headers, in the member language (en and nl)', async () => {
    for (const [language, subject] of [
      ['en', 'Subject: Fleur likes you'],
      ['nl', 'Subject: Fleur vindt je leuk'],
    ] as const) {
      const b = await createMember(ctx, domain, { language });
      await likeAndSend(b, 'Fleur');
      const got = smtp.received.find((r) => r.to.includes(b.email) && r.data.includes('List-Unsubscribe'));
      expect(got, `notification mail to the ${language} member`).toBeDefined();
      // Soft line breaks of quoted-printable and folded header lines undone.
      const data = got!.data.replace(/=\r\n/g, '').replace(/\r\n[ \t]+/g, ' ');
      expect(data).toContain(subject);
      expect(data).toMatch(/List-Unsubscribe: <https:\/\/[^>]+\/unsubscribe\?token=\d+\.like\.[\w-]+>/);
      expect(data).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
      expect(data).toContain('multipart/alternative');
      expect(data).toContain('text/plain');
      expect(data).toContain('text/html');
    }
  });
});

describe('web push round trip', () => {
  it('the push service receives an encrypted message the subscription keys decrypt, with TTL and urgency', async () => {
    const b = await createMember(ctx, domain);
    const receiver = createECDH('prime256v1');
    receiver.generateKeys();
    const auth = randomBytes(16).toString('base64url');
    const endpoint = `${push.origin}/push/${b.id}`;
    await db()
      .insert(pushSubscriptions)
      .values({
        userId: b.id,
        endpoint,
        keys: { p256dh: receiver.getPublicKey('base64url'), auth },
      });
    push.status = 201;
    await likeAndSend(b, 'Ines');
    const [queued] = await db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.userId, b.id), eq(outbox.channel, 'push')));
    expect(queued?.lastError ?? null).toBeNull();
    const got = push.received.find((r) => r.path === `/push/${b.id}`);
    expect(got).toBeDefined();
    expect(got!.headers.ttl).toBe('86400');
    expect(got!.headers.urgency).toBe('normal');
    expect(got!.headers['content-encoding']).toBe('aes128gcm');
    expect(got!.headers.authorization).toMatch(/^vapid t=.+, k=.+/);
    const plain = ece.decrypt(got!.body, { version: 'aes128gcm', privateKey: receiver, authSecret: auth });
    expect(JSON.parse(plain.toString('utf8'))).toEqual({
      title: 'Ines likes you',
      body: 'Like back to make a match.',
      url: '/likes/received',
      tag: 'like',
      type: 'like',
    });
    const [item] = await db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.userId, b.id), eq(outbox.channel, 'push')));
    expect(item!.status).toBe('sent');
  });

  it('a 410 from the push service removes the subscription and drops the item; a 500 is retried', async () => {
    const b = await createMember(ctx, domain);
    const receiver = createECDH('prime256v1');
    receiver.generateKeys();
    const endpoint = `${push.origin}/gone/${b.id}`;
    await db()
      .insert(pushSubscriptions)
      .values({
        userId: b.id,
        endpoint,
        keys: { p256dh: receiver.getPublicKey('base64url'), auth: randomBytes(16).toString('base64url') },
      });
    push.status = 500;
    await likeAndSend(b, 'Ruth');
    let [item] = await db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.userId, b.id), eq(outbox.channel, 'push')));
    expect(item!.status).toBe('pending');
    expect(item!.attempts).toBe(1);

    push.status = 410;
    await db().execute(sql`update outbox set next_attempt_at = 'epoch' where id = ${item!.id}`);
    await sendDueOutbox(db(), senders);
    [item] = await db().select().from(outbox).where(eq(outbox.id, item!.id));
    expect(item!.status).toBe('dropped');
    expect(
      await db().select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint)),
    ).toEqual([]);
  });

  it('refuses endpoints that resolve into our own network (SSRF), without a request', async () => {
    const send = pushSender({ vapid, onGone: async () => {} });
    const before = push.received.length;
    // Valid subscription keys: the address is what is refused, not the keys.
    const receiver = createECDH('prime256v1');
    receiver.generateKeys();
    const keys = { p256dh: receiver.getPublicKey('base64url'), auth: randomBytes(16).toString('base64url') };
    for (const endpoint of [
      `http://${push.origin.slice(8)}/x`,
      `${push.origin}/x`,
      'https://127.0.0.1/x',
      'https://localhost/x',
      'https://[::1]/x',
    ])
      await expect(send({ endpoint, keys, ttl: 60, urgency: 'normal', data: {} })).rejects.toThrow(
        /https|private/,
      );
    expect(push.received.length).toBe(before);
  });
});

describe('the outbox with two senders', () => {
  it('two workers racing for the same outbox rows send each mail once', async () => {
    const b = await createMember(ctx, domain);
    await likeAndQueue(b, 'Wanda');
    const delivered: string[] = [];
    const slowMail = async (payload: Record<string, unknown>) => {
      await new Promise((r) => setTimeout(r, 50));
      if (payload.to === b.email) delivered.push(String(payload.subject));
    };
    const worker: ChannelSenders = { mail: slowMail, push: async () => {} };
    await Promise.all([
      sendDueOutbox(db(), worker),
      sendDueOutbox(db(), worker),
      sendDueOutbox(db(), worker),
    ]);
    // The activation mail and the like mail, each once.
    expect(delivered.sort()).toEqual(['Confirm your e-mail address for Amora', 'Wanda likes you'].sort());
  });
});
