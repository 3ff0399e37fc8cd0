import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { sendMessageResponseSchema } from '../../../shared/schemas/chat';
import { sites, users } from '../../db/schema';
import { CLIENT, createMember, type TestMember } from '../../test/factories';
import { multipart } from '../../test/multipart';
import { type TestContext, withTestSite } from '../../test/test-app';
import { call, setUser } from '../member-profile/member-profile.fixtures';

let ctx: TestContext;
let domain: string;
withTestSite((c, d) => {
  ctx = c;
  domain = d;
});

const db = () => ctx.database.db;

/** A small JPEG with EXIF data (camera, GPS-like comment) that must not survive. */
async function photoWithMetadata(): Promise<Buffer> {
  return sharp({ create: { width: 640, height: 480, channels: 3, background: '#c86' } })
    .jpeg()
    .withMetadata({ exif: { IFD0: { Make: 'SecretCam', ImageDescription: 'home at 52.37N 4.89E' } } })
    .toBuffer();
}

function sendPhoto(m: TestMember, conversation: number, data: Buffer, clientId = randomUUID()) {
  const body = multipart([
    { name: 'conversation', data: String(conversation) },
    { name: 'client_id', data: clientId },
    { name: 'photo', filename: 'me.jpg', type: 'image/jpeg', data },
  ]);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/message-photo.php',
    headers: { host: domain, cookie: m.cookie, 'content-type': body.contentType, ...CLIENT },
    payload: body.payload,
  });
}
const media = (url: string, m?: TestMember) =>
  ctx.app.inject({ method: 'GET', url, headers: { host: domain, ...(m ? { cookie: m.cookie } : {}) } });

async function pair() {
  const a = await createMember(ctx, domain);
  const b = await createMember(ctx, domain);
  await setUser(db(), a.id, { credits: 100 });
  const res = await call(ctx, domain, 'POST', '/api/conversation.php', a.cookie, { member: b.id });
  return { a, b, conv: res.json().conversation.id as number };
}

describe('photo messages', () => {
  it('charges photo_credits, strips metadata, and blurs for a recipient without a match until tapped', async () => {
    const { a, b, conv } = await pair();
    const [site] = await db().select().from(sites).where(eq(sites.domain, domain));
    const res = await sendPhoto(a, conv, await photoWithMetadata());
    expect(res.statusCode, res.body).toBe(200);
    const sent = sendMessageResponseSchema.parse(res.json());
    expect(sent.message).toMatchObject({ kind: 'photo', mine: true, photo: { blurred: false } });
    expect(sent.credits).toBe(100 - site!.photoCredits);

    // The sender's file: a fresh JPEG without the camera's metadata.
    const own = await media(sent.message.photo!.url, a);
    expect(own.statusCode).toBe(200);
    const meta = await sharp(own.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect(own.rawPayload.includes('SecretCam')).toBe(false);

    // The recipient (no match) gets the blurred file only, until tapping it.
    const page = await call(ctx, domain, 'GET', `/api/messages.php?conversation=${conv}`, b.cookie);
    const theirs = page.json().messages[0];
    expect(theirs.photo).toMatchObject({ blurred: true });
    expect(theirs.photo.url).toMatch(/-blur\.jpg$/);
    expect((await media(theirs.photo.url, b)).statusCode).toBe(200);
    expect((await media(sent.message.photo!.url, b)).statusCode).toBe(404);
    const viewed = await call(ctx, domain, 'POST', '/api/message-view.php', b.cookie, { message: theirs.id });
    expect(viewed.json().message.photo).toMatchObject({ blurred: false });
    expect((await media(viewed.json().message.photo.url, b)).statusCode).toBe(200);

    // Nobody else: not a stranger, not a visitor; and the sender cannot "view" their own photo as a recipient.
    const stranger = await createMember(ctx, domain);
    for (const url of [sent.message.photo!.url, theirs.photo.url]) {
      expect((await media(url, stranger)).statusCode).toBe(404);
      expect((await media(url)).statusCode).toBe(404);
    }
    expect(
      (await call(ctx, domain, 'POST', '/api/message-view.php', a.cookie, { message: theirs.id })).statusCode,
    ).toBe(404);
  });

  it('arrives clear between members who matched; a retried upload is stored and charged once', async () => {
    const { a, b, conv } = await pair();
    for (const [x, y] of [
      [a, b],
      [b, a],
    ] as const)
      expect((await call(ctx, domain, 'POST', '/api/like.php', x.cookie, { id: y.id })).json().liked).toBe(
        true,
      );
    const clientId = randomUUID();
    const photo = await photoWithMetadata();
    const first = await sendPhoto(a, conv, photo, clientId);
    const again = await sendPhoto(a, conv, photo, clientId);
    expect(again.json().message.id).toBe(first.json().message.id);
    const [row] = await db().select({ credits: users.credits }).from(users).where(eq(users.id, a.id));
    const [site] = await db().select().from(sites).where(eq(sites.domain, domain));
    expect(row!.credits).toBe(100 - site!.photoCredits);
    const page = await call(ctx, domain, 'GET', `/api/messages.php?conversation=${conv}`, b.cookie);
    expect(page.json().messages[0].photo.blurred).toBe(false);
    expect((await media(page.json().messages[0].photo.url, b)).statusCode).toBe(200);
  });

  it('refuses a file that is not a photo, and charges nothing when credits are short', async () => {
    const { a, conv } = await pair();
    const bad = await sendPhoto(a, conv, Buffer.from('GIF89a not really'));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('photo_invalid');
    await setUser(db(), a.id, { credits: 0 });
    const poor = await sendPhoto(a, conv, await photoWithMetadata());
    expect(poor.statusCode).toBe(402);
  });
});
