import { and, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { RULES } from '../../../shared/rules';
import { swipeDeckResponseSchema, swipeResponseSchema } from '../../../shared/schemas/matching';
import { likes, swipeDays, swipePasses } from '../../db/schema';
import { swipeCleanupJob } from '../../jobs/scheduler';
import type { TestMember } from '../../test/factories';
import { type TestContext, withTestSite } from '../../test/test-app';
import { call, setUser } from '../member-profile/member-profile.fixtures';
import { amsterdamScene, isolatedWorld } from './matching.fixtures';
import { findSwipeState } from './swipe.repo';
import { nextUtcDay, utcDay } from './swipe.service';

let ctx: TestContext;
let domain: string;
withTestSite((c, d) => {
  ctx = c;
  domain = d;
});

const db = () => ctx.database.db;
const deck = async (m: TestMember) => {
  const res = await call(ctx, domain, 'GET', '/api/swipe-game.php', m.cookie);
  expect(res.statusCode, res.body).toBe(200);
  return swipeDeckResponseSchema.parse(res.json());
};
const swipe = (m: TestMember, id: number, action: 'like' | 'pass') =>
  call(ctx, domain, 'POST', '/api/swipe-game.php', m.cookie, { id, action });
const deckIds = async (m: TestMember) => (await deck(m)).deck.map((c) => c.id);

/** A seeker (a man looking for women, 36) and `n` women of 30 in the same world. */
async function scene(n: number) {
  const world = isolatedWorld(ctx, domain);
  const seeker = await world.member();
  const women: TestMember[] = [];
  for (let i = 0; i < n; i++)
    women.push(await world.member({ gender: 'female', seekingGender: 'male', birthDate: '1996-03-01' }));
  return { world, seeker, women };
}

/** scene(24) with the women in a known deck order (w[0] most recently active, w[23] the least), and a pass. */
async function orderedScene() {
  const { seeker, women } = await scene(24);
  const base = Date.now() - 3_600_000;
  for (const [i, w] of women.entries())
    await setUser(db(), w.id, { lastActiveAt: new Date(base - i * 60_000) });
  const w = women.map((x) => x.id);
  const pass = async (i: number) => expect((await swipe(seeker, w[i]!, 'pass')).statusCode).toBe(200);
  return { seeker, w, pass };
}

describe('GET /api/swipe-game.php', () => {
  it('needs a session', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const res = await call(ctx, domain, method, '/api/swipe-game.php', undefined, {
        id: 1,
        action: 'like',
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('authentication_required');
    }
  });

  it('deals members by the preferences, never oneself, the liked, passed, blocked or hidden', async () => {
    const { world, seeker, women } = await scene(7);
    // Outside the default preferences (women, 26–46, own country): a man, a woman of 60, one in another country.
    await world.member({ gender: 'male', seekingGender: 'female' });
    await world.member({ gender: 'female', birthDate: '1966-01-01' });
    const abroad = await world.member({ gender: 'female', country: 'DE', region: 'BY' });
    const [liked, passed, blockedByMe, blocksMe, invisible, deleted, shown] = women as [
      TestMember,
      TestMember,
      TestMember,
      TestMember,
      TestMember,
      TestMember,
      TestMember,
    ];
    // Defaults (nothing saved) look everywhere while the own country has fewer candidates than a page.
    expect((await deckIds(seeker)).sort()).toEqual([...women.map((w) => w.id), abroad.id].sort());
    // Saved preferences are kept as they are: women of 26 to 46 in the own country.
    const saved = await call(ctx, domain, 'PUT', '/api/match-preferences.php', seeker.cookie, {
      gender: 'female',
      min_age: 26,
      max_age: 46,
      area: 'country',
      radius_km: 50,
      interests: [],
    });
    expect(saved.statusCode).toBe(200);
    const first = await deck(seeker);
    expect(first.deck.map((c) => c.id).sort()).toEqual(women.map((w) => w.id).sort());
    expect(first).toMatchObject({ likes_left: 4, likes_per_day: RULES.swipeGame.likesPerDay });
    expect(first.next_free_at).toBe(nextUtcDay(new Date()).toISOString());

    expect(
      (await call(ctx, domain, 'POST', '/api/like.php', seeker.cookie, { id: liked.id })).statusCode,
    ).toBe(200);
    expect((await swipe(seeker, passed.id, 'pass')).statusCode).toBe(200);
    await call(ctx, domain, 'POST', '/api/block.php', seeker.cookie, { id: blockedByMe.id });
    await call(ctx, domain, 'POST', '/api/block.php', blocksMe.cookie, { id: seeker.id });
    await call(ctx, domain, 'PUT', '/api/privacy.php', invisible.cookie, { invisible: true });
    await setUser(db(), deleted.id, { status: 'deleted' });
    expect(await deckIds(seeker)).toEqual([shown.id]);
  });

  it('carries on after the furthest card swiped, and wraps around to the top at the end', async () => {
    const { seeker, w, pass } = await orderedScene();
    expect(await deckIds(seeker)).toEqual(w.slice(0, 20));
    for (const i of [0, 1, 2]) await pass(i);
    expect(await deckIds(seeker)).toEqual(w.slice(3, 23));
    // Further on; then a card behind the cursor (it stays where it was), and one who became active since.
    await pass(19);
    await pass(4);
    await setUser(db(), w[21]!, { lastActiveAt: new Date() });
    await swipe(seeker, w[21]!, 'like');
    // After w19: w20, w22, w23; then from the top again: w3, w5 … w18.
    const wrapped = [20, 22, 23, 3, ...Array.from({ length: 14 }, (_, k) => 5 + k)].map((i) => w[i]);
    expect(await deckIds(seeker)).toEqual(wrapped);
    // The deal wrapped: the deck carries on from the top.
    expect(await deckIds(seeker)).toEqual(
      [3, ...Array.from({ length: 14 }, (_, k) => 5 + k), 20, 22, 23].map((i) => w[i]),
    );
  });

  it('deals near first: a member in Amsterdam gets Haarlem, then Utrecht, then Glasgow, Geneva and New York', async () => {
    const { seeker, glasgow, geneva, newYork, utrecht, haarlem } = await amsterdamScene(ctx, domain);
    // Defaults (nothing saved): the own country has fewer candidates than a page, so everywhere, nearest first.
    expect(await deckIds(seeker)).toEqual([haarlem, utrecht, glasgow, geneva, newYork].map((m) => m.id));
    await swipe(seeker, haarlem.id, 'pass');
    expect(await deckIds(seeker)).toEqual([utrecht, glasgow, geneva, newYork].map((m) => m.id));
    await swipe(seeker, utrecht.id, 'pass');
    expect(await deckIds(seeker)).toEqual([glasgow, geneva, newYork].map((m) => m.id));
  });

  it('walks the own region, the own country and the rest in turn, and carries on across them', async () => {
    const world = isolatedWorld(ctx, domain);
    const seeker = await world.member({ country: 'NL', region: 'NH' });
    const woman = { gender: 'female', seekingGender: 'male', birthDate: '1992-01-01' } as const;
    const make = async (n: number, where: { country: string; region: string }) => {
      const ids: number[] = [];
      for (let i = 0; i < n; i++) ids.push((await world.member({ ...woman, ...where })).id);
      return ids;
    };
    const region = await make(12, { country: 'NL', region: 'NH' });
    const country = await make(12, { country: 'NL', region: 'UT' });
    const abroad = await make(12, { country: 'DE', region: 'BY' });
    // The further away, the more recently active: the order is by distance first, by activity within it.
    const base = Date.now() - 3_600_000;
    for (const [i, id] of [...abroad, ...country, ...region].entries())
      await setUser(db(), id, { lastActiveAt: new Date(base - i * 60_000) });
    const saved = await call(ctx, domain, 'PUT', '/api/match-preferences.php', seeker.cookie, {
      gender: 'female',
      min_age: 18,
      max_age: 99,
      area: 'anywhere',
      radius_km: 50,
      interests: [],
    });
    expect(saved.statusCode).toBe(200);

    expect(await deckIds(seeker)).toEqual([...region, ...country.slice(0, 8)]);
    for (const id of [...region, ...country.slice(0, 3)]) await swipe(seeker, id, 'pass');
    // After the cursor (the third in the own country): the rest of the country, then the rest of the world.
    expect(await deckIds(seeker)).toEqual([...country.slice(3), ...abroad.slice(0, 11)]);
    await swipe(seeker, abroad[0]!, 'pass');
    // In the world's walk the country's members not swiped come again, after the more recently active abroad.
    expect(await deckIds(seeker)).toEqual([...abroad.slice(1), ...country.slice(3)]);
    // A card nearer than the cursor does not move it back.
    await swipe(seeker, country[3]!, 'pass');
    expect(await deckIds(seeker)).toEqual([...abroad.slice(1), ...country.slice(4)]);
  });

  it('deals the same to a member with many swipes, whose deal after the cursor leaves them out with one hashed set', async () => {
    const { seeker, w, pass } = await orderedScene();
    // Passes on accounts without a profile (never in a deck), up to the count that switches the deal to the hash.
    await db().execute(sql`
      with u as (
        insert into users (site_id, email, status, language)
        select s.site_id, 'many-swipes-' || ${seeker.id} || '-' || i || '@example.org', 'active', 'en'
        from (select site_id from users where id = ${seeker.id}) s,
             generate_series(1, ${RULES.swipeGame.hashedExclusionFromSwipes}) as i
        returning id)
      insert into swipe_passes (user_id, member_id) select ${seeker.id}, id from u`);
    expect((await findSwipeState(db(), seeker.id, utcDay(new Date()))).manySwipes).toBe(true);
    expect(await deckIds(seeker)).toEqual(w.slice(0, 20));
    for (const i of [0, 1, 2]) await pass(i);
    expect(await deckIds(seeker)).toEqual(w.slice(3, 23));
    await pass(19);
    await pass(4);
    expect(await deckIds(seeker)).toEqual(
      [20, 21, 22, 23, 3, ...Array.from({ length: 14 }, (_, k) => 5 + k)].map((i) => w[i]),
    );
  });

  // Counted at the driver, so PostgreSQL only.
  it.runIf(process.env.DATABASE_URL)(
    'remembers whether the own area has a page of candidates: the next deal is one statement shorter',
    async () => {
      const { seeker } = await scene(3);
      const statements = async () => {
        const query = vi.spyOn(pg.Client.prototype, 'query');
        try {
          await deck(seeker);
          return query.mock.calls.length;
        } finally {
          query.mockRestore();
        }
      };
      const first = await statements();
      expect(await statements()).toBe(first - 1);
    },
  );

  it('a pass on an unknown id changes nothing and answers like any pass', async () => {
    const { seeker } = await scene(0);
    const res = await swipe(seeker, 987_654_321, 'pass');
    expect(res.statusCode).toBe(200);
    expect(swipeResponseSchema.parse(res.json())).toMatchObject({
      match: false,
      profile: null,
      likes_left: 4,
    });
  });
});

describe('POST /api/swipe-game.php like', () => {
  it('likes, counts the day, and stops at 4 with the time of the next free likes', async () => {
    const { seeker, women } = await scene(6);
    for (let i = 0; i < 4; i++) {
      const res = await swipe(seeker, women[i]!.id, 'like');
      expect(res.statusCode, res.body).toBe(200);
      expect(swipeResponseSchema.parse(res.json())).toMatchObject({ match: false, likes_left: 3 - i });
    }
    const refused = await call(ctx, domain, 'POST', '/api/swipe-game.php', seeker.cookie, {
      id: women[4]!.id,
      action: 'like',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('swipe_limit_reached');
    expect(refused.json().error.message).toMatch(/4 swipe likes for today\. New likes in \d+ h \d+ min\./);
    // Refused means no like at all.
    expect(
      await db()
        .select()
        .from(likes)
        .where(and(eq(likes.likerId, seeker.id), eq(likes.likedId, women[4]!.id))),
    ).toEqual([]);
    const after = await deck(seeker);
    expect(after.likes_left).toBe(0);
    // Liking from the profile is not the game: not limited by it.
    expect(
      (await call(ctx, domain, 'POST', '/api/like.php', seeker.cookie, { id: women[5]!.id })).statusCode,
    ).toBe(200);
  });

  it('translates the limit message', async () => {
    const { seeker, women } = await scene(5);
    for (let i = 0; i < 4; i++) await swipe(seeker, women[i]!.id, 'like');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/swipe-game.php',
      headers: { host: domain, cookie: `${seeker.cookie}; i18n_redirected=nl`, 'x-request-type': 'client' },
      payload: { id: women[4]!.id, action: 'like' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toMatch(/^Je hebt je 4 swipe-likes voor vandaag gebruikt/);
  });

  it('gives at most 4 likes a day when 12 likes race', async () => {
    const { seeker, women } = await scene(12);
    const answers = await Promise.all(women.map((w) => swipe(seeker, w.id, 'like')));
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(RULES.swipeGame.likesPerDay);
    expect(statuses.filter((s) => s === 403)).toHaveLength(12 - RULES.swipeGame.likesPerDay);
    expect(await db().select().from(likes).where(eq(likes.likerId, seeker.id))).toHaveLength(4);
    const [day] = await db()
      .select()
      .from(swipeDays)
      .where(and(eq(swipeDays.userId, seeker.id), eq(swipeDays.day, utcDay(new Date()))));
    expect(day?.likes).toBe(4);
  });

  it('counts a member liked already (a double tap) once', async () => {
    const { seeker, women } = await scene(1);
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => swipe(seeker, women[0]!.id, 'like')));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect((await deck(seeker)).likes_left).toBe(3);
  });

  it('is a match when the other liked first, with the card for the match modal', async () => {
    const { seeker, women } = await scene(1);
    const she = women[0]!;
    await call(ctx, domain, 'POST', '/api/like.php', she.cookie, { id: seeker.id });
    const res = swipeResponseSchema.parse((await swipe(seeker, she.id, 'like')).json());
    expect(res).toMatchObject({ match: true, profile: { id: she.id, name: she.name }, likes_left: 3 });
  });

  it('answers a hidden member like an unknown one and counts nothing', async () => {
    const { seeker, women } = await scene(2);
    await call(ctx, domain, 'PUT', '/api/privacy.php', women[0]!.cookie, { invisible: true });
    await call(ctx, domain, 'POST', '/api/block.php', women[1]!.cookie, { id: seeker.id });
    for (const id of [women[0]!.id, women[1]!.id, 987_654_321]) {
      const res = await swipe(seeker, id, 'like');
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('member_not_found');
    }
    expect((await deck(seeker)).likes_left).toBe(4);
  });
});

describe('swipe cleanup job', () => {
  it('forgets old passes (the member comes back into the deck) and old day counts', async () => {
    const { seeker, women } = await scene(1);
    const she = women[0]!;
    await swipe(seeker, she.id, 'pass');
    await swipe(seeker, she.id, 'like').then((r) => expect(r.statusCode).toBe(200));
    await call(ctx, domain, 'DELETE', '/api/like.php', seeker.cookie, { id: she.id });
    expect(await deckIds(seeker)).toEqual([]);
    await db()
      .update(swipePasses)
      .set({ createdAt: new Date(Date.now() - (RULES.swipeGame.passForgetDays + 1) * 86_400_000) })
      .where(eq(swipePasses.userId, seeker.id));
    await db().insert(swipeDays).values({ userId: seeker.id, day: '2020-01-01', likes: 4 });
    await swipeCleanupJob(db()).run();
    expect(await deckIds(seeker)).toEqual([she.id]);
    const days = await db().select().from(swipeDays).where(eq(swipeDays.userId, seeker.id));
    expect(days.map((d) => d.day)).toEqual([utcDay(new Date())]);
  });
});
