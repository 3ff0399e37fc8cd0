import { and, eq, or } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { RULES } from '../../../shared/rules';
import { likeResponseSchema, likesResponseSchema } from '../../../shared/schemas/likes';
import { likeCounts, likes } from '../../db/schema';
import { createMember, type TestMember } from '../../test/factories';
import { countRoundTrips } from '../../test/round-trips';
import { type TestContext, withTestSite } from '../../test/test-app';
import {
  addPhoto,
  call,
  setProfile,
  setUser,
  startConversation,
  viewMember,
} from '../member-profile/member-profile.fixtures';
import { recountLikes } from './likes-lists.repo';

let ctx: TestContext;
let domain: string;
withTestSite((c, d) => {
  ctx = c;
  domain = d;
});

const db = () => ctx.database.db;
const like = (m: TestMember, id: number) => call(ctx, domain, 'POST', '/api/like.php', m.cookie, { id });
const unlike = (m: TestMember, id: number) => call(ctx, domain, 'DELETE', '/api/like.php', m.cookie, { id });
const block = (m: TestMember, id: number) => call(ctx, domain, 'POST', '/api/block.php', m.cookie, { id });
async function list(m: TestMember, tab?: string, page?: number) {
  const q = new URLSearchParams();
  if (tab) q.set('tab', tab);
  if (page) q.set('page', String(page));
  const res = await call(ctx, domain, 'GET', `/api/likes.php?${q}`, m.cookie);
  expect(res.statusCode).toBe(200);
  return likesResponseSchema.parse(res.json());
}
const member = () => createMember(ctx, domain);
/** The counts as like_counts keeps them (what likes.php answers). */
async function keptCounts(userId: number) {
  const [row] = await db().select().from(likeCounts).where(eq(likeCounts.userId, userId));
  return {
    received: row?.received ?? 0,
    given: row?.given ?? 0,
    matches: row?.matches ?? 0,
    new: row?.unseen ?? 0,
  };
}

async function likeRows(a: number, b: number) {
  return db()
    .select()
    .from(likes)
    .where(
      or(and(eq(likes.likerId, a), eq(likes.likedId, b)), and(eq(likes.likerId, b), eq(likes.likedId, a))),
    );
}

describe('/api/like.php', () => {
  it('needs a session (403 authentication_required) for every call', async () => {
    for (const [method, url] of [
      ['POST', '/api/like.php'],
      ['DELETE', '/api/like.php'],
      ['GET', '/api/likes.php'],
    ] as const) {
      const res = await call(ctx, domain, method, url, undefined, method === 'GET' ? undefined : { id: 1 });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('authentication_required');
    }
  });

  it('likes and takes the like back; the profile shows liked_by_me; both calls are idempotent', async () => {
    const a = await member();
    const b = await member();
    const photo = await addPhoto(db(), b.id, { isMain: true });
    const res = await like(a, b.id);
    expect(res.statusCode).toBe(200);
    const body = likeResponseSchema.parse(res.json());
    expect(body).toMatchObject({ liked: true, match: false, profile: { id: b.id, name: b.name } });
    expect(body.profile.main_image?.filename).toContain(photo.storageKey);
    expect((await viewMember(ctx, domain, b.id, a.cookie)).json().profile).toMatchObject({
      liked_by_me: true,
      match: false,
    });
    // b does not like a: b's view of a says so.
    expect((await viewMember(ctx, domain, a.id, b.cookie)).json().profile).toMatchObject({
      liked_by_me: false,
      match: false,
    });

    expect((await unlike(a, b.id)).json()).toEqual({ ok: true });
    expect((await unlike(a, b.id)).json()).toEqual({ ok: true });
    expect(await likeRows(a.id, b.id)).toEqual([]);
    expect((await viewMember(ctx, domain, b.id, a.cookie)).json().profile.liked_by_me).toBe(false);
    // Taking back a like of an unknown member says nothing either.
    expect((await unlike(a, 987_654_321)).json()).toEqual({ ok: true });
  });

  it('is a match in both orders: the second like answers match, and both profiles say so', async () => {
    for (const order of ['ab', 'ba'] as const) {
      const x = await member();
      const y = await member();
      const [first, second] = order === 'ab' ? [x, y] : [y, x];
      expect((await like(first, second.id)).json().match).toBe(false);
      expect((await like(second, first.id)).json().match).toBe(true);
      // Liking again keeps answering the match.
      expect((await like(first, second.id)).json().match).toBe(true);
      for (const [viewer, other] of [
        [x, y],
        [y, x],
      ] as const) {
        expect((await viewMember(ctx, domain, other.id, viewer.cookie)).json().profile).toMatchObject({
          liked_by_me: true,
          match: true,
        });
        const matches = await list(viewer, 'matches');
        expect(matches.items.map((i) => [i.id, i.match])).toEqual([[other.id, true]]);
        expect(matches.counts).toMatchObject({ matches: 1, given: 1, received: 1 });
      }
    }
  });

  it('20 parallel likes make one row and all answer 200', async () => {
    const a = await member();
    const b = await member();
    const answers = await Promise.all(Array.from({ length: 20 }, () => like(a, b.id)));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(await likeRows(a.id, b.id)).toHaveLength(1);
  });

  it('refuses liking yourself (400), invalid bodies (400) and a liker who is not confirmed (403)', async () => {
    const a = await member();
    const self = await like(a, a.id);
    expect(self.statusCode).toBe(400);
    expect(self.json().error).toEqual({ code: 'cannot_like_self', message: 'You cannot like yourself.' });
    for (const payload of [{}, { id: 'x' }, { id: -1 }, { id: 1.5 }])
      expect((await call(ctx, domain, 'POST', '/api/like.php', a.cookie, payload)).statusCode).toBe(400);

    const unconfirmed = await createMember(ctx, domain, { confirm: false });
    const res = await like(unconfirmed, a.id);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toEqual({
      code: 'email_not_confirmed',
      message: 'Please confirm your e-mail address first.',
    });
    expect(await likeRows(unconfirmed.id, a.id)).toEqual([]);
  });

  it('a member one may not like answers exactly like an unknown id, and stores nothing', async () => {
    const a = await member();
    const unknown = await like(a, 987_654_321);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('member_not_found');

    const invisible = await member();
    await setProfile(db(), invisible.id, { invisible: true });
    const invisibleContact = await member();
    await setProfile(db(), invisibleContact.id, { invisible: true });
    await startConversation(db(), a.id, invisibleContact.id);
    const blockedByThem = await member();
    await block(blockedByThem, a.id);
    const blockedByMe = await member();
    await block(a, blockedByMe.id);
    const deleted = await member();
    await setUser(db(), deleted.id, { status: 'deleted' });
    const unconfirmed = await createMember(ctx, domain, { confirm: false });

    for (const [label, m] of Object.entries({
      invisible,
      invisibleContact,
      blockedByThem,
      blockedByMe,
      deleted,
      unconfirmed,
    })) {
      const res = await like(a, m.id);
      expect([label, res.statusCode, res.body]).toEqual([label, 404, unknown.body]);
      expect(await likeRows(a.id, m.id)).toEqual([]);
    }
  });

  it('lists received likes new first then newest; opening the profile clears like_new only for the liked member', async () => {
    const me = await member();
    const [l1, l2, l3] = [await member(), await member(), await member()];
    for (const l of [l1, l2, l3]) expect((await like(l, me.id)).statusCode).toBe(200);
    // Distinct like times, oldest l1.
    const base = Date.now() - 60_000;
    for (const [i, l] of [l1, l2, l3].entries())
      await db()
        .update(likes)
        .set({ createdAt: new Date(base + i * 1000) })
        .where(and(eq(likes.likerId, l.id), eq(likes.likedId, me.id)));

    let r = await list(me);
    expect(r.tab).toBe('received');
    expect(r.items.map((i) => [i.id, i.like_new])).toEqual([
      [l3.id, true],
      [l2.id, true],
      [l1.id, true],
    ]);
    expect(r.liked_by).toEqual(r.items.map((i) => ({ id: i.id, like_new: i.like_new })));
    expect(r.counts).toEqual({ received: 3, given: 0, matches: 0, new: 3 });

    // Somebody else opening l3's profile, and l3 opening mine, change nothing.
    const other = await member();
    expect((await viewMember(ctx, domain, l3.id, other.cookie)).statusCode).toBe(200);
    expect((await viewMember(ctx, domain, me.id, l3.cookie)).statusCode).toBe(200);
    expect((await viewMember(ctx, domain, l3.id)).statusCode).toBe(200);
    expect((await list(me)).counts.new).toBe(3);

    // I open l3's profile: seen, so l3 goes after the new ones.
    expect((await viewMember(ctx, domain, l3.id, me.cookie)).statusCode).toBe(200);
    r = await list(me);
    expect(r.items.map((i) => [i.id, i.like_new])).toEqual([
      [l2.id, true],
      [l1.id, true],
      [l3.id, false],
    ]);
    expect(r.counts).toEqual({ received: 3, given: 0, matches: 0, new: 2 });
    const [row] = await db()
      .select()
      .from(likes)
      .where(and(eq(likes.likerId, l3.id), eq(likes.likedId, me.id)));
    const seenAt = row!.seenAt;
    expect(seenAt).toBeInstanceOf(Date);
    // Opening it again keeps the first time.
    await viewMember(ctx, domain, l3.id, me.cookie);
    const [again] = await db()
      .select()
      .from(likes)
      .where(and(eq(likes.likerId, l3.id), eq(likes.likedId, me.id)));
    expect(again!.seenAt).toEqual(seenAt);

    // The given tab of a liker, and the match and like_new flags of a card.
    await like(me, l1.id);
    const given = await list(l1, 'given');
    expect(given.items.map((i) => [i.id, i.match])).toEqual([[me.id, true]]);
    expect(given.profiles).toEqual([{ id: me.id }]);
    const received = (await list(me)).items.find((i) => i.id === l1.id);
    expect(received).toMatchObject({ like_new: true, match: true });
  });

  it('a deleted, hidden or blocking liker disappears from the lists and counts at once', async () => {
    const me = await member();
    const deleted = await member();
    const hidden = await member();
    const blocker = await member();
    const stays = await member();
    for (const l of [deleted, hidden, blocker, stays]) await like(l, me.id);
    for (const l of [deleted, hidden, blocker, stays]) await like(me, l.id);
    expect((await list(me)).counts).toEqual({ received: 4, given: 4, matches: 4, new: 4 });

    await setUser(db(), deleted.id, { status: 'deleted' });
    await setProfile(db(), hidden.id, { invisible: true });
    for (const tab of ['received', 'given', 'matches']) {
      const r = await list(me, tab);
      expect(r.items.map((i) => i.id)).toEqual([stays.id, blocker.id]);
      expect(r.counts).toEqual({ received: 2, given: 2, matches: 2, new: 2 });
    }
    // The rows stay (the account may be reactivated); they are only not shown.
    expect(await likeRows(me.id, deleted.id)).toHaveLength(2);
    await block(blocker, me.id);
    const r = await list(me);
    expect(r.items.map((i) => i.id)).toEqual([stays.id]);
    expect(r.counts).toEqual({ received: 1, given: 1, matches: 1, new: 1 });
  });

  it('blocking deletes the likes both ways, and nobody else’s', async () => {
    for (const who of ['liker', 'liked'] as const) {
      const a = await member();
      const b = await member();
      const c = await member();
      await like(a, b.id);
      await like(b, a.id);
      await like(a, c.id);
      await like(c, b.id);
      expect((await block(who === 'liker' ? a : b, who === 'liker' ? b.id : a.id)).statusCode).toBe(200);
      expect(await likeRows(a.id, b.id)).toEqual([]);
      expect(await likeRows(a.id, c.id)).toHaveLength(1);
      expect(await likeRows(b.id, c.id)).toHaveLength(1);
    }
  });

  it('a like racing a block never survives it (both take the pair lock)', async () => {
    for (let round = 0; round < 12; round++) {
      const a = await member();
      const b = await member();
      // b blocks a while a likes b, at the same moment; then the other way round.
      const [likeRes, blockRes] = await Promise.all(
        round % 2 === 0 ? [like(a, b.id), block(b, a.id)] : [like(b, a.id), block(a, b.id)],
      );
      expect(blockRes.statusCode).toBe(200);
      expect([200, 404]).toContain(likeRes.statusCode);
      expect(await likeRows(a.id, b.id)).toEqual([]);
    }
  });

  it('the member search says which of its cards the viewer likes (the hearts), and only to that viewer', async () => {
    const viewer = await member();
    const liked = await member();
    const other = await member();
    // A country code no real or other test member uses, so the search finds exactly these two.
    for (const m of [liked, other]) {
      await addPhoto(db(), m.id, { isMain: true });
      await setProfile(db(), m.id, { country: 'QK' });
    }
    try {
      await like(viewer, liked.id);
      const search = async (m: TestMember) =>
        (await call(ctx, domain, 'GET', '/api/search.php?country=QK', m.cookie)).json();
      const mine = await search(viewer);
      expect(mine.profiles.map((p: { id: number }) => p.id).sort()).toEqual([liked.id, other.id].sort());
      expect(mine.liked).toEqual([liked.id]);
      expect((await search(other)).liked).toEqual([]);
      const visitor = await call(ctx, domain, 'GET', '/api/search.php?country=QK');
      expect(visitor.json().liked).toBeUndefined();
    } finally {
      for (const m of [liked, other]) await setProfile(db(), m.id, { status: 'disabled' });
    }
  });

  it('pages the tabs by the rules page size', async () => {
    const size = RULES.likes.pageSize;
    const me = await member();
    const likers: TestMember[] = [];
    for (let i = 0; i < size + 2; i++) likers.push(await member());
    await Promise.all(likers.map((l) => like(l, me.id)));
    const base = Date.now() - 3_600_000;
    for (const [i, l] of likers.entries())
      await db()
        .update(likes)
        .set({ createdAt: new Date(base + i * 1000) })
        .where(and(eq(likes.likerId, l.id), eq(likes.likedId, me.id)));
    const newestFirst = likers.map((l) => l.id).reverse();

    const p1 = await list(me, 'received', 1);
    expect(p1).toMatchObject({ page: 1, pages: 2 });
    expect(p1.items.map((i) => i.id)).toEqual(newestFirst.slice(0, size));
    const p2 = await list(me, 'received', 2);
    expect(p2).toMatchObject({ page: 2, pages: 2 });
    expect(p2.items.map((i) => i.id)).toEqual(newestFirst.slice(size));
    expect(p2.liked_by.map((l) => l.id)).toEqual(newestFirst.slice(size));
    expect((await list(me, 'received', 3)).items).toEqual([]);
    // Another tab: liked_by is the first page of the received tab.
    const given = await list(me, 'given');
    expect(given).toMatchObject({ items: [], profiles: [], page: 1, pages: 1 });
    expect(given.liked_by.map((l) => l.id)).toEqual(newestFirst.slice(0, size));
    expect(given.counts).toEqual({ received: size + 2, given: 0, matches: 0, new: size + 2 });

    expect(given).toMatchObject({
      pages_capped: false,
      counts_capped: { received: false, given: false, matches: false, new: false },
    });

    for (const q of ['tab=other', 'page=0', 'page=x'])
      expect((await call(ctx, domain, 'GET', `/api/likes.php?${q}`, me.cookie)).statusCode).toBe(400);
  });

  it('keeps the counts exact: every like, unlike, view, block and change of visibility, in any order', async () => {
    const me = await member();
    const others = await Promise.all(Array.from({ length: 4 }, () => member()));
    const [a, b, c, d] = others as [TestMember, TestMember, TestMember, TestMember];
    const everyone = [me, ...others];
    const check = async () => {
      for (const m of everyone)
        expect([m.id, await keptCounts(m.id)]).toEqual([m.id, await recountLikes(db(), m.id)]);
      const counted = await recountLikes(db(), me.id);
      for (const tab of ['received', 'given', 'matches'])
        expect((await list(me, tab)).counts).toEqual(counted);
    };
    for (const l of others) await like(l, me.id);
    await like(me, a.id);
    await like(me, b.id);
    await check();
    expect((await list(me)).counts).toEqual({ received: 4, given: 2, matches: 2, new: 4 });
    await viewMember(ctx, domain, c.id, me.cookie);
    await unlike(a, me.id);
    await check();
    expect((await list(me)).counts).toEqual({ received: 3, given: 2, matches: 1, new: 2 });
    // Hidden and back, deleted and back: the likes stop and start counting for the others.
    await setProfile(db(), b.id, { invisible: true });
    await check();
    expect((await list(me)).counts).toEqual({ received: 2, given: 1, matches: 0, new: 1 });
    await setUser(db(), b.id, { status: 'deleted' });
    await setProfile(db(), b.id, { invisible: false });
    await check();
    await setUser(db(), b.id, { status: 'active' });
    await check();
    expect((await list(me)).counts).toEqual({ received: 3, given: 2, matches: 1, new: 2 });
    // A like by a hidden member, seen while hidden, then shown.
    await setProfile(db(), d.id, { invisible: true });
    await unlike(d, me.id);
    await like(d, me.id);
    await viewMember(ctx, domain, d.id, me.cookie);
    await check();
    await setProfile(db(), d.id, { invisible: false });
    await check();
    await block(me, c.id);
    await check();
    expect((await list(me)).counts).toEqual({ received: 2, given: 2, matches: 1, new: 2 });
  });

  it('keeps the counts exact under parallel likes, unlikes, views, blocks and visibility changes', async () => {
    const crowd = await Promise.all(Array.from({ length: 6 }, () => member()));
    const rnd = (n: number) => Math.floor(Math.random() * n);
    const hide = (m: TestMember, invisible: boolean) =>
      call(ctx, domain, 'PUT', '/api/privacy.php', m.cookie, { invisible });
    for (let round = 0; round < 4; round++) {
      const ops: Promise<unknown>[] = [];
      for (let i = 0; i < 40; i++) {
        const x = crowd[rnd(crowd.length)]!;
        const y = crowd[rnd(crowd.length)]!;
        const kind = rnd(20);
        if (kind < 9) ops.push(like(x, y.id));
        else if (kind < 14) ops.push(unlike(x, y.id));
        else if (kind < 16) ops.push(viewMember(ctx, domain, y.id, x.cookie));
        else if (kind < 19) ops.push(hide(x, rnd(2) === 0));
        else if (round === 3 && x.id !== y.id) ops.push(block(x, y.id));
      }
      const answers = (await Promise.all(ops)) as { statusCode: number }[];
      for (const r of answers)
        expect([200, 400, 403, 404], (r as { body?: string }).body).toContain(r.statusCode);
      for (const m of crowd)
        expect([round, m.id, await keptCounts(m.id)]).toEqual([round, m.id, await recountLikes(db(), m.id)]);
    }
  });

  it('a match is dated on both rows; taking a like back ends it for both, liking again makes a new one', async () => {
    const a = await member();
    const b = await member();
    const matchTimes = async () => (await likeRows(a.id, b.id)).map((r) => r.matchedAt);
    await like(a, b.id);
    expect(await matchTimes()).toEqual([null]);
    await like(b, a.id);
    const [t1, t2] = await matchTimes();
    expect(t1).toBeInstanceOf(Date);
    expect(t2).toEqual(t1);
    expect((await list(a, 'matches')).items[0]?.liked_at).toBe(t1?.toISOString());

    await unlike(a, b.id);
    expect(await matchTimes()).toEqual([null]);
    for (const m of [a, b]) expect((await list(m, 'matches')).counts.matches).toBe(0);
    expect((await list(b, 'given')).items.map((i) => [i.id, i.match])).toEqual([[a.id, false]]);

    await like(a, b.id);
    expect((await matchTimes()).every((t) => t instanceof Date)).toBe(true);
    for (const [m, other] of [
      [a, b],
      [b, a],
    ] as const)
      expect((await list(m, 'matches')).items.map((i) => i.id)).toEqual([other.id]);
  });

  it('two members liking each other at the same moment make one match, dated on both rows', async () => {
    for (let round = 0; round < 5; round++) {
      const a = await member();
      const b = await member();
      const answers = await Promise.all([like(a, b.id), like(b, a.id), like(a, b.id), like(b, a.id)]);
      expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
      // The later of the two first likes sees the other; all see a match once both rows exist.
      expect(answers.some((r) => r.json().match === true)).toBe(true);
      const rows = await likeRows(a.id, b.id);
      expect(rows).toHaveLength(2);
      expect(rows.every((r) => r.matchedAt instanceof Date)).toBe(true);
    }
  });

  // Round trips are most of a like's cost (docs/performance.md "Likes"). Counted at the driver: PostgreSQL only.
  it.runIf(process.env.DATABASE_URL)(
    'a like takes at most 3 round trips: the session, the access check, and the like with its lock',
    async () => {
      const a = await member();
      const counts: { statements: number; roundTrips: number }[] = [];
      for (let i = 0; i < 3; i++) {
        const b = await member();
        counts.push(await countRoundTrips(async () => expect((await like(a, b.id)).statusCode).toBe(200)));
      }
      // The session (no cache in tests), the access statement, then `begin`, the pair lock, the like statement and
      // `commit` written at once. It was 7 round trips, then 5.
      expect(Math.min(...counts.map((c) => c.roundTrips)), JSON.stringify(counts)).toBeLessThanOrEqual(3);
    },
  );
});
