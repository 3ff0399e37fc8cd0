import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { LocalMediaStorage } from '../../lib/storage';
import { createMember, type TestMember } from '../../test/factories';
import { buildTestApp, type TestContext } from '../../test/test-app';
import { addPhoto, setProfile, startConversation } from '../member-profile/member-profile.fixtures';

let ctx: TestContext;
let domain: string;
let owner: TestMember;
let stranger: TestMember;
let partner: TestMember;
let storage: LocalMediaStorage;

beforeAll(async () => {
  ctx = await buildTestApp();
  domain = (await ctx.createSite()).domain;
  storage = new LocalMediaStorage(`${ctx.dataDir}/media`);
  [owner, stranger, partner] = await Promise.all([
    createMember(ctx, domain),
    createMember(ctx, domain),
    createMember(ctx, domain),
  ]);
  await ctx.database.db.update(users).set({ paidUser: true }).where(eq(users.id, partner.id));
  await startConversation(ctx.database.db, partner.id, owner.id);
});
afterAll(async () => {
  await ctx?.close();
});

async function photoFile(flags: Parameters<typeof addPhoto>[2]): Promise<string> {
  const photo = await addPhoto(ctx.database.db, owner.id, flags);
  const key = `${photo.storageKey}-match.jpg`;
  await storage.put(key, Buffer.from([0xff, 0xd8, 0xff, 0xd9]), 'image/jpeg');
  return `/media/${key}`;
}

const get = (url: string, cookie?: string) =>
  ctx.app.inject({ method: 'GET', url, headers: { host: domain, ...(cookie ? { cookie } : {}) } });

describe('GET /media/*', () => {
  it('serves a public main photo to anyone, cacheable', async () => {
    const url = await photoFile({ isMain: true });
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['cache-control']).toContain('public');
  });

  it('serves a private photo only to its owner and to a premium member with a conversation', async () => {
    const url = await photoFile({ isPrivate: true });
    expect((await get(url)).statusCode).toBe(404);
    expect((await get(url, stranger.cookie)).statusCode).toBe(404);
    const own = await get(url, owner.cookie);
    expect(own.statusCode).toBe(200);
    expect(own.headers['cache-control']).toContain('private');
    expect((await get(url, partner.cookie)).statusCode).toBe(200);
  });

  it('in privacy mode, serves other photos only to members with a conversation', async () => {
    const url = await photoFile({});
    expect((await get(url, stranger.cookie)).statusCode).toBe(200);
    await setProfile(ctx.database.db, owner.id, { privacyMode: true });
    expect((await get(url, stranger.cookie)).statusCode).toBe(404);
    expect((await get(url, partner.cookie)).statusCode).toBe(200);
    await setProfile(ctx.database.db, owner.id, { privacyMode: false });
  });

  it('refuses photos that are not active, unknown files and unsafe paths', async () => {
    const pending = await photoFile({ status: 'pending' });
    expect((await get(pending, stranger.cookie)).statusCode).toBe(404);
    expect((await get(pending, owner.cookie)).statusCode).toBe(200);
    await storage.put('stray/orphan-match.jpg', Buffer.from([0xff, 0xd8]), 'image/jpeg');
    expect((await get('/media/stray/orphan-match.jpg')).statusCode).toBe(404);
    for (const bad of ['/media/../../etc/passwd', '/media/%2e%2e/secret-main.jpg', '/media/x.txt']) {
      expect((await get(bad)).statusCode).toBe(404);
    }
  });

  it('refuses a member blocked by the owner', async () => {
    const url = await photoFile({});
    const blocked = await createMember(ctx, domain);
    expect((await get(url, blocked.cookie)).statusCode).toBe(200);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/block.php',
      headers: { host: domain, cookie: owner.cookie, 'x-request-type': 'client' },
      payload: { id: blocked.id },
    });
    expect(res.statusCode).toBe(200);
    expect((await get(url, blocked.cookie)).statusCode).toBe(404);
  });
});
