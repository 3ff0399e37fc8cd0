import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversations, messages } from '../../db/schema';
import { LocalMediaStorage } from '../../lib/storage';
import { createMember, lastMailLink, type TestMember } from '../../test/factories';
import { buildTestApp, type TestContext } from '../../test/test-app';
import { blockedEitherWay } from '../blocks/blocks.policy';
import { addPhoto, call, setProfile, viewMember } from './member-profile.fixtures';
import { contactExists } from './member-profile.repo';

/**
 * The signup message to the member the visitor came from is held until the sender confirms the address. Until it
 * is delivered it is no contact: it unlocks no privacy-mode photo, no invisible profile, nothing.
 */
let ctx: TestContext;
let domain: string;
let storage: LocalMediaStorage;
beforeAll(async () => {
  ctx = await buildTestApp();
  domain = (await ctx.createSite()).domain;
  storage = new LocalMediaStorage(`${ctx.dataDir}/media`);
});
afterAll(async () => {
  await ctx?.close();
});

const db = () => ctx.database.db;

/** A member in privacy mode with a main photo and a second photo (files stored), and the second photo's URL. */
async function privateMember(): Promise<{ member: TestMember; secondPhotoId: number; secondUrl: string }> {
  const member = await createMember(ctx, domain);
  await addPhoto(db(), member.id, { isMain: true });
  const second = await addPhoto(db(), member.id);
  const key = `${second.storageKey}-match.jpg`;
  await storage.put(key, Buffer.from([0xff, 0xd8, 0xff, 0xd9]), 'image/jpeg');
  await setProfile(db(), member.id, { privacyMode: true });
  return { member, secondPhotoId: second.id, secondUrl: `/media/${key}` };
}

async function confirm(m: TestMember): Promise<void> {
  const link = new URL(await lastMailLink(ctx, m.email));
  const res = await ctx.app.inject({
    method: 'GET',
    url: link.pathname + link.search,
    headers: { host: domain },
  });
  expect(res.headers.location).toBe('/activate/done');
}

const media = (url: string, cookie: string) =>
  ctx.app.inject({ method: 'GET', url, headers: { host: domain, cookie } });

const secondLocked = async (viewer: TestMember, memberId: number, photoId: number) => {
  const res = await viewMember(ctx, domain, memberId, viewer.cookie);
  expect(res.statusCode).toBe(200);
  return res.json().profile.photos.find((p: { id: number }) => p.id === photoId).locked as boolean;
};

describe('a held signup message is no contact until it is delivered', () => {
  it('unlocks no privacy-mode photo (profile and /media) before confirmation, and does after', async () => {
    const { member: owner, secondPhotoId, secondUrl } = await privateMember();
    const sender = await createMember(ctx, domain, {
      confirm: false,
      member_id: owner.id,
      signup_message: 'Hi, I saw your profile!',
    });
    // The message is stored, held.
    const [held] = await db()
      .select({ held: messages.held, deliveredAt: messages.deliveredAt })
      .from(messages)
      .innerJoin(conversations, eq(conversations.id, messages.conversationId))
      .where(eq(messages.senderId, sender.id));
    expect(held).toEqual({ held: true, deliveredAt: null });

    expect(await secondLocked(sender, owner.id, secondPhotoId)).toBe(true);
    expect((await media(secondUrl, sender.cookie)).statusCode).toBe(404);
    expect(await contactExists(db(), sender.id, owner.id)).toBe(false);

    // Confirming delivers the message: now the two are in contact.
    await confirm(sender);
    expect(await contactExists(db(), sender.id, owner.id)).toBe(true);
    expect(await secondLocked(sender, owner.id, secondPhotoId)).toBe(false);
    expect((await media(secondUrl, sender.cookie)).statusCode).toBe(200);
  });

  it('does not let the unconfirmed sender see the member after the member turns invisible', async () => {
    const { member: owner } = await privateMember();
    const sender = await createMember(ctx, domain, {
      confirm: false,
      member_id: owner.id,
      signup_message: 'Hello!',
    });
    await setProfile(db(), owner.id, { invisible: true });
    const unknown = await viewMember(ctx, domain, 987_654_321, sender.cookie);
    const hidden = await viewMember(ctx, domain, owner.id, sender.cookie);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.body).toBe(unknown.body);
    // Nor block them (that would tell the member exists).
    const blocked = await call(ctx, domain, 'POST', '/api/block.php', sender.cookie, { id: owner.id });
    expect(blocked.statusCode).toBe(404);
    expect(await blockedEitherWay(db(), sender.id, owner.id)).toBe(false);

    // After confirmation the message is delivered: an existing chat partner still sees the invisible member.
    await confirm(sender);
    expect((await viewMember(ctx, domain, owner.id, sender.cookie)).statusCode).toBe(200);
    const [row] = await db()
      .select({ held: messages.held })
      .from(messages)
      .where(and(eq(messages.senderId, sender.id)));
    expect(row).toEqual({ held: false });
  });
});
