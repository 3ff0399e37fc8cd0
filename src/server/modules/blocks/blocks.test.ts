import { randomBytes } from 'node:crypto';
import { and, eq, or } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { blocks, conversations, messages } from '../../db/schema';
import { createMember } from '../../test/factories';
import { type TestContext, withTestSite } from '../../test/test-app';
import {
  addPhoto,
  call,
  setProfile,
  setUser,
  startConversation,
  viewMember,
} from '../member-profile/member-profile.fixtures';
import { blockedEitherWay } from './blocks.policy';

let ctx: TestContext;
let domain: string;
withTestSite((c, d) => {
  ctx = c;
  domain = d;
});

const db = () => ctx.database.db;
const block = (cookie: string, id: number) => call(ctx, domain, 'POST', '/api/block.php', cookie, { id });
const unblock = (cookie: string, id: number) => call(ctx, domain, 'DELETE', '/api/block.php', cookie, { id });
const blockedList = (cookie: string) => call(ctx, domain, 'GET', '/api/block.php', cookie);

async function blockRows(a: number, b: number) {
  return db()
    .select()
    .from(blocks)
    .where(
      or(
        and(eq(blocks.blockerId, a), eq(blocks.blockedId, b)),
        and(eq(blocks.blockerId, b), eq(blocks.blockedId, a)),
      ),
    );
}

describe('/api/block.php', () => {
  it('blocks: the blocked member gets 403 blocked_by_member, the blocker still sees the profile', async () => {
    const a = await createMember(ctx, domain);
    const b = await createMember(ctx, domain);
    const res = await block(b.cookie, a.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });

    const denied = await viewMember(ctx, domain, b.id, a.cookie);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error).toEqual({
      code: 'blocked_by_member',
      message: 'This member has blocked you. The profile can no longer be viewed.',
    });
    const blocker = await viewMember(ctx, domain, a.id, b.cookie);
    expect(blocker.statusCode).toBe(200);
    expect(blocker.json().profile.blocked_by_me).toBe(true);
    // Other members are not affected.
    const c = await createMember(ctx, domain);
    const other = await viewMember(ctx, domain, b.id, c.cookie);
    expect(other.statusCode).toBe(200);
    expect(other.json().profile.blocked_by_me).toBe(false);

    expect(await blockedEitherWay(db(), a.id, b.id)).toBe(true);
    expect(await blockedEitherWay(db(), b.id, a.id)).toBe(true);
    expect(await blockedEitherWay(db(), a.id, c.id)).toBe(false);
  });

  it('deletes the conversation and its messages between the two members, and nothing else', async () => {
    const a = await createMember(ctx, domain);
    const b = await createMember(ctx, domain);
    const c = await createMember(ctx, domain);
    const ab = await startConversation(db(), a.id, b.id);
    const ac = await startConversation(db(), a.id, c.id);
    expect((await block(a.cookie, b.id)).statusCode).toBe(200);
    expect(await db().select().from(conversations).where(eq(conversations.id, ab))).toEqual([]);
    expect(await db().select().from(messages).where(eq(messages.conversationId, ab))).toEqual([]);
    expect(await db().select().from(conversations).where(eq(conversations.id, ac))).toHaveLength(1);
    expect(await db().select().from(messages).where(eq(messages.conversationId, ac))).toHaveLength(1);
  });

  it('is idempotent, refuses blocking yourself and unknown members', async () => {
    const a = await createMember(ctx, domain);
    const b = await createMember(ctx, domain);
    expect((await block(a.cookie, b.id)).statusCode).toBe(200);
    expect((await block(a.cookie, b.id)).statusCode).toBe(200);
    expect(await blockRows(a.id, b.id)).toHaveLength(1);

    const self = await block(a.cookie, a.id);
    expect(self.statusCode).toBe(400);
    expect(self.json().error).toEqual({ code: 'cannot_block_self', message: 'You cannot block yourself.' });
    const unknown = await block(a.cookie, 987_654_321);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('member_not_found');
    const gone = await createMember(ctx, domain);
    await setUser(db(), gone.id, { status: 'deleted' });
    expect((await block(a.cookie, gone.id)).statusCode).toBe(404);
    expect((await call(ctx, domain, 'POST', '/api/block.php', a.cookie, { id: 'x' })).statusCode).toBe(400);
    expect((await call(ctx, domain, 'POST', '/api/block.php', a.cookie, {})).statusCode).toBe(400);
  });

  it('lists the blocked members as cards; unblocking restores access and is idempotent', async () => {
    const a = await createMember(ctx, domain);
    const b = await createMember(ctx, domain);
    const c = await createMember(ctx, domain);
    const photo = await addPhoto(db(), b.id, { isMain: true });
    await setProfile(db(), c.id, { city: 'Utrecht' });
    expect((await blockedList(a.cookie)).json()).toEqual({ blocked: [] });
    await block(a.cookie, b.id);
    await block(a.cookie, c.id);

    const list = await blockedList(a.cookie);
    expect(list.statusCode).toBe(200);
    const cards = list.json().blocked;
    expect(cards.map((x: { id: number }) => x.id).sort()).toEqual([b.id, c.id].sort());
    const cardB = cards.find((x: { id: number }) => x.id === b.id);
    expect(cardB).toMatchObject({ id: b.id, name: b.name, fictional: false, hidden: false });
    expect(cardB.main_image.filename).toContain(photo.storageKey);
    expect(cards.find((x: { id: number }) => x.id === c.id)).toMatchObject({
      city: 'Utrecht',
      main_image: null,
      hidden: false,
    });
    expect(list.body).not.toContain(b.email);
    // Once B blocks A too, A's list no longer shows B's card.
    await block(b.cookie, a.id);
    const after = (await blockedList(a.cookie)).json().blocked;
    expect(after.map((x: { hidden: boolean }) => x.hidden)).toEqual([false, true]);
    expect(JSON.stringify(after)).not.toContain(b.name);
    // B's list holds A only, without A's card (A blocked B).
    expect((await blockedList(b.cookie)).json().blocked).toMatchObject([{ hidden: true }]);

    expect((await unblock(b.cookie, a.id)).statusCode).toBe(200);
    expect((await unblock(b.cookie, a.id)).statusCode).toBe(200);
    const back = await viewMember(ctx, domain, b.id, a.cookie);
    expect(back.statusCode).toBe(200);
    expect(back.json().profile.blocked_by_me).toBe(true);
    expect((await unblock(a.cookie, b.id)).statusCode).toBe(200);
    expect((await viewMember(ctx, domain, b.id, a.cookie)).json().profile.blocked_by_me).toBe(false);
    expect(await blockRows(a.id, b.id)).toEqual([]);
    expect((await blockedList(a.cookie)).json().blocked.map((x: { id: number }) => x.id)).toEqual([c.id]);
    expect((await unblock(a.cookie, 987_654_321)).statusCode).toBe(200);
  });

  it('the list says nothing about members the blocker may not see now, and each block can be undone', async () => {
    const a = await createMember(ctx, domain);
    const visible = await createMember(ctx, domain);
    const [invisible, unconfirmed, disabled, deleted, blocksBack] = await Promise.all([
      createMember(ctx, domain),
      createMember(ctx, domain),
      createMember(ctx, domain),
      createMember(ctx, domain),
      createMember(ctx, domain),
    ]);
    const hiddenOnes = [invisible, unconfirmed, disabled, deleted, blocksBack];
    const secrets: string[] = [];
    for (const m of [visible, ...hiddenOnes]) {
      const city = `City${randomBytes(4).toString('hex')}`;
      await setProfile(db(), m.id, { city });
      const photo = await addPhoto(db(), m.id, { isMain: true });
      if (m !== visible) secrets.push(m.name, city, photo.storageKey, `"id":${m.id},`);
      expect((await block(a.cookie, m.id)).statusCode).toBe(200);
    }
    // After the blocks, the members become hidden in every way there is.
    await setProfile(db(), invisible.id, { invisible: true });
    await setUser(db(), unconfirmed.id, { status: 'not_confirmed' });
    await setProfile(db(), disabled.id, { status: 'disabled' });
    await setUser(db(), deleted.id, { status: 'deleted' });
    expect((await block(blocksBack.cookie, a.id)).statusCode).toBe(200);

    const list = await call(ctx, domain, 'GET', '/api/block.php', a.cookie);
    expect(list.statusCode).toBe(200);
    for (const secret of secrets) expect(list.body).not.toContain(secret);
    const entries: { hidden: boolean; handle: string; id?: number }[] = list.json().blocked;
    expect(entries).toHaveLength(6);
    // Newest block first: the visible member was blocked first.
    expect(entries[5]).toMatchObject({ hidden: false, id: visible.id, name: visible.name });
    for (const entry of entries.slice(0, 5))
      expect(entry).toEqual({ hidden: true, handle: entry.handle, label: 'Member no longer visible' });
    expect(new Set(entries.map((e) => e.handle)).size).toBe(6);
    const german = await ctx.app.inject({
      method: 'GET',
      url: '/api/block.php',
      headers: { host: domain, cookie: a.cookie, 'accept-language': 'de' },
    });
    expect(german.json().blocked[0].label).toBe('Mitglied nicht mehr sichtbar');

    // A hidden entry is unblocked by its handle; a hidden member by its id too.
    const del = await call(ctx, domain, 'DELETE', '/api/block.php', a.cookie, { handle: entries[0]!.handle });
    expect(del.statusCode).toBe(200);
    expect(await blockRows(a.id, blocksBack.id)).toHaveLength(1); // B's own block of A stays
    expect((await blockRows(a.id, blocksBack.id))[0]!.blockerId).toBe(blocksBack.id);
    expect((await unblock(a.cookie, unconfirmed.id)).statusCode).toBe(200);
    expect(await blockRows(a.id, unconfirmed.id)).toEqual([]);
    const after = (await blockedList(a.cookie)).json().blocked as { handle: string }[];
    expect(after.map((e) => e.handle)).toEqual(
      entries.map((e) => e.handle).filter((_h, i) => i !== 0 && i !== 3),
    );
    // Someone else's handle, an unknown handle or a malformed one changes nothing / is a 400.
    const other = await createMember(ctx, domain);
    const otherDel = await call(ctx, domain, 'DELETE', '/api/block.php', other.cookie, {
      handle: after[0]!.handle,
    });
    expect(otherDel.statusCode).toBe(200);
    expect((await blockedList(a.cookie)).json().blocked).toHaveLength(after.length);
    const bad = await call(ctx, domain, 'DELETE', '/api/block.php', a.cookie, { handle: 'x' });
    expect(bad.statusCode).toBe(400);
  });

  it('answers blocking a member the blocker may not see exactly like an unknown id', async () => {
    const a = await createMember(ctx, domain);
    const unknown = await block(a.cookie, 987_654_321);
    expect(unknown.statusCode).toBe(404);
    const [invisible, disabled, deleted, partner] = await Promise.all([
      createMember(ctx, domain),
      createMember(ctx, domain),
      createMember(ctx, domain),
      createMember(ctx, domain),
    ]);
    const unconfirmed = await createMember(ctx, domain, { confirm: false });
    await setProfile(db(), invisible.id, { invisible: true });
    await setProfile(db(), disabled.id, { status: 'disabled' });
    await setUser(db(), deleted.id, { status: 'deleted' });
    for (const m of [invisible, unconfirmed, disabled, deleted]) {
      const res = await block(a.cookie, m.id);
      expect(res.statusCode).toBe(unknown.statusCode);
      expect(res.body).toBe(unknown.body);
      expect(await blockRows(a.id, m.id)).toEqual([]);
    }
    // An invisible member one has a conversation with is visible to one, so can be blocked.
    await setProfile(db(), partner.id, { invisible: true });
    await startConversation(db(), partner.id, a.id);
    expect((await block(a.cookie, partner.id)).statusCode).toBe(200);
    // A member who blocked one can be blocked back.
    const blocker = await createMember(ctx, domain);
    expect((await block(blocker.cookie, a.id)).statusCode).toBe(200);
    expect((await block(a.cookie, blocker.id)).statusCode).toBe(200);
    expect(await blockRows(a.id, blocker.id)).toHaveLength(2);
  });

  it('needs a session and the client request header', async () => {
    const a = await createMember(ctx, domain);
    const b = await createMember(ctx, domain);
    for (const res of [await blockedList(''), await block('', b.id), await unblock('', b.id)]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('authentication_required');
    }
    const csrf = await ctx.app.inject({
      method: 'POST',
      url: '/api/block.php',
      headers: { host: domain, cookie: a.cookie },
      payload: { id: b.id },
    });
    expect(csrf.statusCode).toBe(403);
    expect(await blockRows(a.id, b.id)).toEqual([]);
  });
});
