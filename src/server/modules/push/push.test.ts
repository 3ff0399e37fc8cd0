import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPublicPushEndpoint } from '../../../shared/schemas/accounts';
import { pushSubscriptions } from '../../db/schema';
import { CLIENT, createMember, type TestMember } from '../../test/factories';
import { buildTestApp, type TestContext } from '../../test/test-app';

let ctx: TestContext;
let domain: string;
let member: TestMember;
beforeAll(async () => {
  ctx = await buildTestApp();
  domain = (await ctx.createSite()).domain;
  member = await createMember(ctx, domain);
});
afterAll(async () => {
  await ctx?.close();
});

/** Keys as a browser makes them: a 65-byte P-256 public key and a 16-byte secret, base64url without padding. */
const newKeys = () => ({
  p256dh: randomBytes(65).toString('base64url'),
  auth: randomBytes(16).toString('base64url'),
});
const newEndpoint = () => `https://fcm.googleapis.com/fcm/send/${randomBytes(12).toString('base64url')}`;

const subscribe = (cookie: string, subscription: unknown) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/user.php?push=1',
    headers: { host: domain, cookie, ...CLIENT },
    payload: { subscription },
  });

const stored = (endpoint: string) =>
  ctx.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));

describe('POST /api/user.php?push=1', () => {
  it('stores a subscription sent as an object or serialised, with an expirationTime member', async () => {
    const endpoint = newEndpoint();
    const keys = newKeys();
    const res = await subscribe(member.cookie, { endpoint, keys, expirationTime: null });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(await stored(endpoint)).toMatchObject([{ userId: member.id, keys }]);

    const other = newEndpoint();
    const padded = { p256dh: `${keys.p256dh}=`, auth: `${keys.auth}==` };
    const asString = await subscribe(member.cookie, JSON.stringify({ endpoint: other, keys: padded }));
    expect(asString.statusCode).toBe(200);
    expect(await stored(other)).toMatchObject([{ userId: member.id, keys: padded }]);
  });

  it('answers 400 (never 500) for a malformed subscription string', async () => {
    const endpoint = newEndpoint();
    for (const subscription of [
      '{not json',
      '',
      'null',
      '"a string"',
      '[]',
      JSON.stringify({ endpoint, keys: newKeys() }).padEnd(4001, ' '),
      // A control character escaped inside the serialised JSON.
      JSON.stringify({ endpoint: `${endpoint}\u0000`, keys: newKeys() }),
      JSON.stringify({ endpoint, keys: { ...newKeys(), auth: 'abc\u0000' } }),
    ]) {
      const res = await subscribe(member.cookie, subscription);
      expect(res.statusCode, subscription).toBe(400);
      expect(res.json().error.code).toBe('validation_failed');
      expect(res.json().error.message).toBe('Some of the submitted data is invalid.');
    }
    expect((await subscribe(member.cookie, 42)).statusCode).toBe(400);
    expect(await stored(endpoint)).toEqual([]);
  });

  it('stores only https endpoints on a public host name', async () => {
    const id = randomBytes(6).toString('hex');
    const refused = [
      `javascript:alert(${id})`,
      `http://127.0.0.1:5432/${id}`,
      `https://127.0.0.1/${id}`,
      `https://10.0.0.8/${id}`,
      `https://[::1]/${id}`,
      `https://2130706433/${id}`,
      `https://0x7f.1/${id}`,
      `https://localhost/${id}`,
      `https://push.localhost/${id}`,
      `https://printer.local/${id}`,
      `https://metadata.google.internal/${id}`,
      `https://intranet/${id}`,
      `https://push.example.org:5432/${id}`,
      `https://user:secret@push.example.org/${id}`,
      `http://push.example.org/${id}`,
      `data:text/plain,${id}`,
      `https://push.example.org/${id} x`,
      `https://push.example.org/${'a'.repeat(1024)}`,
    ];
    for (const endpoint of refused) {
      const res = await subscribe(member.cookie, { endpoint, keys: newKeys() });
      expect(res.statusCode, endpoint).toBe(400);
      expect(res.json().error.fields).toHaveProperty(['subscription.endpoint']);
      expect((await subscribe(member.cookie, JSON.stringify({ endpoint, keys: newKeys() }))).statusCode).toBe(
        400,
      );
      expect(await stored(endpoint)).toEqual([]);
    }
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc:def',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAA',
      'https://web.push.apple.com/QGkV',
      'https://wns2-par02p.notify.windows.com/w/?token=BQYAAA%3d',
      'https://push.example.org:443/x',
    ])
      expect(isPublicPushEndpoint(endpoint), endpoint).toBe(true);
  });

  it('checks the keys: base64url of the right length', async () => {
    const good = newKeys();
    for (const keys of [
      { ...good, p256dh: good.p256dh.slice(1) },
      { ...good, p256dh: `${good.p256dh}AAAA` },
      { ...good, p256dh: `${good.p256dh.slice(2)}+/` },
      { ...good, auth: 'short' },
      { ...good, auth: `${good.auth}A` },
      { ...good, auth: 'a'.repeat(5000) },
      { p256dh: good.p256dh },
    ]) {
      const endpoint = newEndpoint();
      const res = await subscribe(member.cookie, { endpoint, keys });
      expect(res.statusCode, JSON.stringify(keys)).toBe(400);
      expect(await stored(endpoint)).toEqual([]);
    }
  });

  it('moves an endpoint to another member only with identical keys; otherwise 409 and nothing changes', async () => {
    const a = await createMember(ctx, domain);
    const b = await createMember(ctx, domain);
    const endpoint = newEndpoint();
    const keys = newKeys();
    expect((await subscribe(a.cookie, { endpoint, keys })).statusCode).toBe(200);

    // Another member with other keys: refused, A keeps the subscription.
    const taken = await subscribe(b.cookie, { endpoint, keys: newKeys() });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toEqual({
      code: 'push_endpoint_taken',
      message: 'Notifications for this browser are already switched on for another account.',
    });
    expect(await stored(endpoint)).toMatchObject([{ userId: a.id, keys }]);

    // The same browser (identical keys) signed in to B: the subscription moves to B.
    expect((await subscribe(b.cookie, JSON.stringify({ endpoint, keys }))).statusCode).toBe(200);
    expect(await stored(endpoint)).toMatchObject([{ userId: b.id, keys }]);

    // The owner may renew the keys of its own endpoint.
    const renewed = newKeys();
    expect((await subscribe(b.cookie, { endpoint, keys: renewed })).statusCode).toBe(200);
    expect(await stored(endpoint)).toMatchObject([{ userId: b.id, keys: renewed }]);
    expect((await subscribe(a.cookie, { endpoint, keys })).statusCode).toBe(409);
    expect(await stored(endpoint)).toHaveLength(1);
  });

  it('needs a session', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/user.php?push=1',
      headers: { host: domain, ...CLIENT },
      payload: { subscription: { endpoint: newEndpoint(), keys: newKeys() } },
    });
    expect(res.statusCode).toBe(403);
  });
});
