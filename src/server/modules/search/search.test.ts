import { randomBytes } from 'node:crypto';
import { eq, inArray, or, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ageOn, birthDateForAge } from '../../../shared/dates';
import { SEARCH_COUNT_STEP, SEARCH_PAGE_SIZE } from '../../../shared/schemas/search';
import type { Db } from '../../db/client';
import { blocks, photos, profiles, type Site, users } from '../../db/schema';
import { CLIENT, createMember } from '../../test/factories';
import { buildTestApp, type TestContext } from '../../test/test-app';
import { refreshSearchable } from '../members/searchable';
import { countSql, pageSql, type SearchFilter, type SearchRow } from './search.repo';
import {
  adaptForViewer,
  ageBounds,
  countLimitFor,
  latestBirthDateForAge,
  loggedOutSearchAllowed,
  type SearchOutcome,
  searchMembers,
} from './search.service';

let ctx: TestContext;
let site: Site;
/**
 * Members this file inserts directly (deleted afterwards) and signs up through the API (whose profiles are disabled
 * afterwards): the whole-country searches must not meet them in a later run on the shared PostgreSQL database.
 */
const seededIds: number[] = [];
const signedUpIds: number[] = [];

beforeAll(async () => {
  ctx = await buildTestApp();
  site = await ctx.createSite({ niche: 3 });
  const used = (await ctx.database.db.execute(
    sql`select distinct country from profiles where searchable and country is not null`,
  )) as unknown as { rows: { country: string }[] };
  for (const r of used.rows) takenCountries.add(r.country);
});
afterAll(async () => {
  if (ctx && seededIds.length > 0) await ctx.database.db.delete(users).where(inArray(users.id, seededIds));
  // Members signed up through the API (and any other profile moved into this run's countries) stay, unlisted.
  const mine = FREE_COUNTRIES.filter((c) => scopedCountries.has(c));
  if (ctx && (signedUpIds.length > 0 || mine.length > 0)) {
    await ctx.database.db
      .update(profiles)
      .set({ status: 'disabled', searchable: false })
      .where(
        or(
          signedUpIds.length > 0 ? inArray(profiles.userId, signedUpIds) : undefined,
          mine.length > 0 ? inArray(profiles.country, mine) : undefined,
        ),
      );
  }
  await ctx?.close();
});

const db = () => ctx.database.db;

/**
 * Country codes that are never a real country (ISO 3166 user-assigned: AA, QM–QZ, XA–XZ, ZZ), so no other test file,
 * the demo data or a real member uses them. Each scope takes one no earlier scope of this run took and that no
 * searchable profile had when the file started (left over from an interrupted run on the shared PostgreSQL
 * database; finished runs delete or disable what they made).
 */
const FREE_COUNTRIES = [
  'AA',
  ...'MNOPQRSTUVWXYZ'.split('').map((c) => `Q${c}`),
  ...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split('').map((c) => `X${c}`),
  'ZZ',
];
const takenCountries = new Set<string>();
/** The countries scopes of this run took (their profiles are unlisted afterwards). */
const scopedCountries = new Set<string>();

/** A fresh search area: a country of its own (see FREE_COUNTRIES) and a random region. */
function scope(): { country: string; region: string } {
  const country = FREE_COUNTRIES.find((c) => !takenCountries.has(c));
  if (!country) throw new Error('search.test: no unused test country left; delete leftover test profiles');
  takenCountries.add(country);
  scopedCountries.add(country);
  return { country, region: `r${randomBytes(5).toString('hex')}` };
}

function dayAfter(iso: string): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

let seq = 0;
interface Seed {
  country: string;
  region?: string | null;
  gender?: 'male' | 'female' | null;
  age?: number;
  birthDate?: string;
  niche?: number;
  userStatus?: 'active' | 'not_confirmed' | 'deleted';
  profileStatus?: 'active' | 'disabled';
  invisible?: boolean;
  /** Minutes ago; later seeds default to more recent activity. */
  activeMinutesAgo?: number;
  photo?: 'active' | 'pending' | 'private' | 'none';
  city?: string | null;
  fictional?: boolean;
}

/** Inserts a member (account, profile, main photo) straight into the database. */
async function seedMember(s: Seed, into: { db: Db; site: Site } = { db: db(), site }): Promise<number> {
  seq += 1;
  const [user] = await into.db
    .insert(users)
    .values({
      siteId: into.site.id,
      email: `search-${randomBytes(6).toString('hex')}@example.org`,
      status: s.userStatus ?? 'active',
      language: 'en',
      lastActiveAt: new Date(Date.now() - (s.activeMinutesAgo ?? 10_000 - seq) * 60_000),
    })
    .returning({ id: users.id });
  const id = user!.id;
  seededIds.push(id);
  await into.db.insert(profiles).values({
    userId: id,
    name: `Seeker ${seq}`,
    status: s.profileStatus ?? 'active',
    gender: s.gender === undefined ? 'female' : s.gender,
    birthDate: s.birthDate ?? birthDateForAge(s.age ?? 30),
    country: s.country,
    region: s.region === undefined ? null : s.region,
    city: s.city === undefined ? 'Testville' : s.city,
    niche: s.niche ?? into.site.niche,
    invisible: s.invisible ?? false,
    kind: s.fictional ? 'fictional' : 'member',
  });
  await refreshSearchable(into.db, id);
  const photo = s.photo ?? 'active';
  if (photo !== 'none') {
    await into.db.insert(photos).values({
      userId: id,
      storageKey: `search-test/${id}`,
      status: photo === 'pending' ? 'pending' : 'active',
      isPrivate: photo === 'private',
      isMain: true,
      width: 800,
      height: 800,
    });
  }
  return id;
}

async function search(
  query: Record<string, string | number>,
  opts: { cookie?: string; host?: string; on?: TestContext } = {},
) {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  return (opts.on ?? ctx).app.inject({
    method: 'GET',
    url: `/api/search.php${qs ? `?${qs}` : ''}`,
    headers: {
      host: opts.host ?? site.domain,
      cookie: ['i18n_redirected=en', opts.cookie].filter(Boolean).join('; '),
    },
  });
}

const ids = (cards: { id: number }[]) => cards.map((c) => c.id);

describe('GET /api/search.php filters', () => {
  it('narrows by gender, country and region; answers profile cards like the showcase', async () => {
    const { country, region } = scope();
    const other = scope().country;
    const woman = await seedMember({ country, region, gender: 'female', age: 33, city: 'Utrecht' });
    const man = await seedMember({ country, region, gender: 'male' });
    const noGender = await seedMember({ country, region, gender: null });
    const otherRegion = await seedMember({ country, region: `${region}x`, gender: 'female' });
    const otherCountry = await seedMember({ country: other, region, gender: 'female' });

    const all = (await search({ country, countryregion: region })).json();
    expect(new Set(ids(all.profiles))).toEqual(new Set([woman, man, noGender]));
    expect(all.numResults).toBe(3);

    const women = await search({ country, countryregion: region, gender: 'female' });
    expect(women.statusCode).toBe(200);
    expect(ids(women.json().profiles)).toEqual([woman]);
    expect(women.json().profiles[0]).toEqual({
      id: woman,
      name: expect.stringMatching(/^Seeker /),
      age: 33,
      city: 'Utrecht',
      country,
      fictional: false,
      main_image: {
        filename: `/media/search-test/${woman}-main.jpg`,
        thumb_filename: `/media/search-test/${woman}-thumb.jpg`,
        match: `/media/search-test/${woman}-match.jpg`,
        status: 'active',
      },
    });
    expect(ids((await search({ country, countryregion: region, gender: 'male' })).json().profiles)).toEqual([
      man,
    ]);

    const wholeCountry = (await search({ country, gender: 'female' })).json();
    expect(new Set(ids(wholeCountry.profiles))).toEqual(new Set([woman, otherRegion]));
    expect(ids((await search({ country: other, gender: 'female' })).json().profiles)).toEqual([otherCountry]);
  });

  it('shows a main photo only when it is approved and public', async () => {
    const { country, region } = scope();
    const pending = await seedMember({ country, region, photo: 'pending' });
    const privateMain = await seedMember({ country, region, photo: 'private' });
    const none = await seedMember({ country, region, photo: 'none' });
    const res = (await search({ country, countryregion: region })).json();
    expect(new Set(ids(res.profiles))).toEqual(new Set([pending, privateMain, none]));
    for (const card of res.profiles) expect(card.main_image).toBeNull();
  });

  it('takes the age range inclusively, to the birthday', async () => {
    const { country, region } = scope();
    const exactlyMin = await seedMember({ country, region, birthDate: birthDateForAge(30) });
    const minTomorrow = await seedMember({ country, region, birthDate: dayAfter(birthDateForAge(30)) });
    const exactlyMax = await seedMember({ country, region, birthDate: birthDateForAge(40) });
    const maxPlusOneToday = await seedMember({ country, region, birthDate: birthDateForAge(41) });
    const maxPlusOneTomorrow = await seedMember({
      country,
      region,
      birthDate: dayAfter(birthDateForAge(41)),
    });
    const middle = await seedMember({ country, region, age: 35 });

    const res = (await search({ country, countryregion: region, min_age: 30, max_age: 40 })).json();
    expect(new Set(ids(res.profiles))).toEqual(new Set([exactlyMin, exactlyMax, maxPlusOneTomorrow, middle]));
    for (const card of res.profiles) expect(card.age).toBeGreaterThanOrEqual(30);
    for (const card of res.profiles) expect(card.age).toBeLessThanOrEqual(40);
    expect(ids(res.profiles)).not.toContain(minTomorrow);
    expect(ids(res.profiles)).not.toContain(maxPlusOneToday);

    const onlyMin = (await search({ country, countryregion: region, min_age: 41 })).json();
    expect(ids(onlyMin.profiles)).toEqual([maxPlusOneToday]);
    const onlyMax = (await search({ country, countryregion: region, max_age: 29 })).json();
    expect(ids(onlyMax.profiles)).toEqual([minTomorrow]);
    const exact = (await search({ country, countryregion: region, min_age: 40, max_age: 40 })).json();
    expect(new Set(ids(exact.profiles))).toEqual(new Set([exactlyMax, maxPlusOneTomorrow]));
  });

  it('pages 24 at a time, most recently active first (then by id), with numResults and pages', async () => {
    const { country, region } = scope();
    const seeded: number[] = [];
    for (let i = 0; i < 30; i++)
      seeded.push(await seedMember({ country, region, activeMinutesAgo: 100 + i }));
    // Two members active at the same moment: the lower id first.
    const tieA = await seedMember({ country, region, activeMinutesAgo: 5 });
    const tieB = await seedMember({ country, region, activeMinutesAgo: 5 });
    await db()
      .update(users)
      .set({ lastActiveAt: sql`(select last_active_at from users where id = ${tieA})` })
      .where(inArray(users.id, [tieB]));
    await refreshSearchable(db(), tieB);
    const expected = [tieA, tieB, ...seeded];

    const p1 = (await search({ country, countryregion: region })).json();
    expect(p1).toMatchObject({ numResults: 32, numResultsCapped: false, page: 1, pages: 2, similar: [] });
    expect(ids(p1.profiles)).toEqual(expected.slice(0, SEARCH_PAGE_SIZE));
    const p2 = (await search({ country, countryregion: region, page: 2 })).json();
    expect(p2).toMatchObject({ numResults: 32, page: 2, pages: 2, similar: [] });
    expect(ids(p2.profiles)).toEqual(expected.slice(SEARCH_PAGE_SIZE));
    const p3 = (await search({ country, countryregion: region, page: 3 })).json();
    expect(p3).toMatchObject({ profiles: [], numResults: 32, page: 3, pages: 2, similar: [] });

    const empty = scope().country;
    const none = (await search({ country: empty })).json();
    expect(none).toEqual({
      profiles: [],
      numResults: 0,
      numResultsCapped: false,
      page: 1,
      pages: 0,
      similar: [],
      filters: { gender: null, country: empty, countryregion: null, min_age: 18, max_age: 99 },
      defaults: null,
    });
  });

  it('fills up with similar members (no region, ages ±5, same gender and country) when few match', async () => {
    const { country, region } = scope();
    const match1 = await seedMember({ country, region, age: 32, activeMinutesAgo: 50 });
    const match2 = await seedMember({ country, region, age: 34, activeMinutesAgo: 60 });
    const sameRegionOlder = await seedMember({ country, region, age: 40, activeMinutesAgo: 30 });
    const otherRegion = await seedMember({ country, region: 'elsewhere', age: 33, activeMinutesAgo: 20 });
    const youngerBy5 = await seedMember({ country, age: 25, activeMinutesAgo: 10 });
    await seedMember({ country, age: 24 }); // 6 years under: not similar
    await seedMember({ country, age: 41 }); // 6 years over: not similar
    await seedMember({ country, age: 33, gender: 'male' });
    await seedMember({ country: scope().country, region, age: 33 });
    await seedMember({ country, age: 33, invisible: true });

    const res = (
      await search({ gender: 'female', country, countryregion: region, min_age: 30, max_age: 35 })
    ).json();
    expect(ids(res.profiles)).toEqual([match1, match2]);
    expect(res.numResults).toBe(2);
    expect(ids(res.similar)).toEqual([youngerBy5, otherRegion, sameRegionOlder]);

    // Not on later pages, and not when enough members match.
    const p2 = (
      await search({ gender: 'female', country, countryregion: region, min_age: 30, max_age: 35, page: 2 })
    ).json();
    expect(p2.similar).toEqual([]);
    for (let i = 0; i < 4; i++) await seedMember({ country, region, age: 31 });
    const enough = (
      await search({ gender: 'female', country, countryregion: region, min_age: 30, max_age: 35 })
    ).json();
    expect(enough.numResults).toBe(6);
    expect(enough.similar).toEqual([]);
  });

  it('caps the similar members at a page together with the results', async () => {
    const { country, region } = scope();
    const match = await seedMember({ country, region, age: 30 });
    for (let i = 0; i < 26; i++) await seedMember({ country, age: 30 });
    const res = (await search({ country, countryregion: region })).json();
    expect(ids(res.profiles)).toEqual([match]);
    expect(res.similar).toHaveLength(SEARCH_PAGE_SIZE - 1);
    expect(ids(res.similar)).not.toContain(match);
  });
});

describe('GET /api/search.php numResults', () => {
  it('counts exactly up to a step past the page and says "at least" beyond it; deeper pages count further', async () => {
    expect(countLimitFor(0)).toBe(SEARCH_COUNT_STEP);
    expect(countLimitFor((20 - 1) * SEARCH_PAGE_SIZE)).toBe(SEARCH_COUNT_STEP);
    expect(countLimitFor(20 * SEARCH_PAGE_SIZE)).toBe(2 * SEARCH_COUNT_STEP);
    const { country } = scope();
    const total = SEARCH_COUNT_STEP + 10;
    const inserted = (await db().execute(sql`
      with u as (
        insert into users (site_id, email, status, language, last_active_at)
        select ${site.id}, 'count-' || g || '-' || ${country} || '@example.org', 'active', 'en',
               now() - g * interval '1 minute'
        from generate_series(1, ${total}) g
        returning id, last_active_at
      )
      insert into profiles (user_id, name, status, gender, birth_date, country, niche, searchable, last_active_at)
      select id, 'Counted', 'active', 'female', date '1990-01-01', ${country}, ${site.niche}, true, last_active_at
      from u
      returning user_id`)) as unknown as { rows: { user_id: string }[] };
    seededIds.push(...inserted.rows.map((r) => Number(r.user_id)));

    const first = (await search({ country })).json();
    expect(first).toMatchObject({
      numResults: SEARCH_COUNT_STEP,
      numResultsCapped: true,
      pages: Math.ceil(SEARCH_COUNT_STEP / SEARCH_PAGE_SIZE),
    });
    expect(first.profiles).toHaveLength(SEARCH_PAGE_SIZE);
    // The last page within the first step counts on: now the figure is exact.
    const lastPage = Math.ceil(SEARCH_COUNT_STEP / SEARCH_PAGE_SIZE);
    const deep = (await search({ country, page: lastPage })).json();
    expect(deep).toMatchObject({
      numResults: total,
      numResultsCapped: false,
      pages: Math.ceil(total / SEARCH_PAGE_SIZE),
    });
    expect(deep.profiles).toHaveLength(SEARCH_PAGE_SIZE);
  });
});

describe('GET /api/search.php with the search caches on', () => {
  let cached: TestContext;
  let cachedSite: Site;
  beforeAll(async () => {
    cached = await buildTestApp({ SEARCH_CACHE_SECONDS: '30' });
    cachedSite = await cached.createSite({ niche: 3 });
  });
  afterAll(async () => {
    await cached?.close();
  });

  it('shares answers only where they are the same, and forgets them when who is listed changes', async () => {
    const into = { db: cached.database.db, site: cachedSite };
    const on = { on: cached, host: cachedSite.domain };
    const { country } = scope();
    // Every age, asked for: a member's search is then the visitors' one (a member's default is ages around their own).
    const allAges = { min_age: 18, max_age: 99 };
    const older = await seedMember({ country, activeMinutesAgo: 20 }, into);
    const newer = await seedMember({ country, activeMinutesAgo: 10 }, into);
    const first = (await search({ country, gender: 'female' }, on)).json();
    expect(ids(first.profiles)).toEqual([newer, older]);

    // A change that bypasses refreshSearchable is not seen while the answer is cached…
    await into.db.update(profiles).set({ name: 'Renamed' }).where(eq(profiles.userId, older));
    const again = (await search({ country, gender: 'female' }, on)).json();
    expect(again).toEqual(first);
    // …but a change of who is listed clears the caches at once.
    await into.db.update(profiles).set({ invisible: true }).where(eq(profiles.userId, newer));
    await refreshSearchable(into.db, newer);
    const fresh = (await search({ country, gender: 'female' }, on)).json();
    expect(ids(fresh.profiles)).toEqual([older]);
    expect(fresh.profiles[0].name).toBe('Renamed');
    await into.db.update(profiles).set({ invisible: false }).where(eq(profiles.userId, newer));
    await refreshSearchable(into.db, newer);

    // A member who matches the search never gets the shared answer (it would hold them).
    const matching = await createMember(cached, cachedSite.domain);
    await into.db
      .update(profiles)
      .set({ country, gender: 'female', niche: cachedSite.niche })
      .where(eq(profiles.userId, matching.id));
    await refreshSearchable(into.db, matching.id);
    const shared = (await search({ country, gender: 'female' }, on)).json();
    expect(ids(shared.profiles)).toContain(matching.id);
    const own = (
      await search({ country, gender: 'female', ...allAges }, { ...on, cookie: matching.cookie })
    ).json();
    expect(ids(own.profiles)).toEqual([newer, older]);

    // Nor does a member with a block, either way.
    const blocker = await createMember(cached, cachedSite.domain);
    await into.db.insert(blocks).values({ blockerId: blocker.id, blockedId: newer });
    const blocked = (
      await search({ country, gender: 'female', ...allAges }, { ...on, cookie: blocker.cookie })
    ).json();
    expect(ids(blocked.profiles)).not.toContain(newer);
    expect(ids(blocked.profiles)).toContain(older);
    const blockedBy = await createMember(cached, cachedSite.domain);
    await into.db.insert(blocks).values({ blockerId: older, blockedId: blockedBy.id });
    const hidden = (
      await search({ country, gender: 'female', ...allAges }, { ...on, cookie: blockedBy.cookie })
    ).json();
    expect(ids(hidden.profiles)).not.toContain(older);
    // A member in neither case gets the shared answer, plus which of its cards they like (their own hearts).
    const other = await createMember(cached, cachedSite.domain);
    const plain = (
      await search({ country, gender: 'female', ...allAges }, { ...on, cookie: other.cookie })
    ).json();
    expect(plain.liked).toEqual([]);
    expect({ ...plain, liked: undefined, defaults: null }).toEqual(shared);
  });

  it("forgets cached answers when a member's card changes: living area, main photo", async () => {
    const into = { db: cached.database.db, site: cachedSite };
    const on = { on: cached, host: cachedSite.domain };
    const { country } = scope();
    const member = await createMember(cached, cachedSite.domain);
    signedUpIds.push(member.id);
    await into.db
      .update(profiles)
      .set({ country, gender: 'female', niche: cachedSite.niche, city: 'Utrecht' })
      .where(eq(profiles.userId, member.id));
    await refreshSearchable(into.db, member.id);
    const [photo] = await into.db
      .insert(photos)
      .values({
        userId: member.id,
        storageKey: `search-test/card-${member.id}`,
        status: 'active',
        isMain: true,
        width: 800,
        height: 800,
      })
      .returning({ id: photos.id });
    const card = async () => (await search({ country }, on)).json().profiles[0];
    expect(await card()).toMatchObject({ id: member.id, city: 'Utrecht', main_image: expect.any(Object) });

    const write = (method: 'PUT' | 'DELETE', url: string, payload: object) =>
      cached.app.inject({
        method,
        url,
        payload,
        headers: { host: cachedSite.domain, cookie: member.cookie, ...CLIENT },
      });
    expect((await write('PUT', '/api/profile.php', { city: 'Leiden' })).statusCode).toBe(200);
    expect(await card()).toMatchObject({ id: member.id, city: 'Leiden' });
    expect((await write('DELETE', '/api/photos.php', { id: photo!.id })).statusCode).toBe(200);
    expect(await card()).toMatchObject({ id: member.id, main_image: null });
  });

  it('gives a member among many matches the shared answer without them, as their own search would be', async () => {
    const into = { db: cached.database.db, site: cachedSite };
    const on = { on: cached, host: cachedSite.domain };
    const { country } = scope();
    for (let i = 0; i < 40; i++) await seedMember({ country, activeMinutesAgo: 30 + i }, into);
    const member = await createMember(cached, cachedSite.domain);
    await into.db
      .update(profiles)
      .set({ country, gender: 'female', niche: cachedSite.niche, birthDate: birthDateForAge(30) })
      .where(eq(profiles.userId, member.id));
    await refreshSearchable(into.db, member.id);
    for (const page of [1, 2]) {
      const query = { country, page };
      const signedOut = (await search(query, on)).json();
      expect(signedOut.numResults).toBe(41);
      const answer = (await search(query, { ...on, cookie: member.cookie })).json();
      const truth = await searchMembers(into.db, {
        niche: cachedSite.niche,
        viewerId: member.id,
        query: { ...query, page },
      });
      expect(ids(answer.profiles)).toEqual(ids(truth.rows));
      expect(ids(answer.profiles)).not.toContain(member.id);
      expect(answer).toMatchObject({ numResults: 40, pages: 2, numResultsCapped: false });
    }
  });
});

describe('GET /api/search.php never lists', () => {
  it('hidden, disabled, unconfirmed, deleted or other-niche members; nor the viewer or blocks either way', async () => {
    const { country, region } = scope();
    const visible = await seedMember({ country, region });
    const hidden = [
      await seedMember({ country, region, invisible: true }),
      await seedMember({ country, region, profileStatus: 'disabled', userStatus: 'not_confirmed' }),
      await seedMember({ country, region, userStatus: 'not_confirmed' }),
      await seedMember({ country, region, userStatus: 'deleted' }),
      await seedMember({ country, region, profileStatus: 'disabled' }),
      await seedMember({ country, region, niche: 1 }),
    ];
    const blockedByViewer = await seedMember({ country, region });
    const blockingViewer = await seedMember({ country, region });

    const viewer = await createMember(ctx, site.domain);
    signedUpIds.push(viewer.id);
    await db()
      .update(profiles)
      .set({ country, region, gender: 'female', birthDate: birthDateForAge(30) })
      .where(inArray(profiles.userId, [viewer.id]));
    await db()
      .insert(blocks)
      .values([
        { blockerId: viewer.id, blockedId: blockedByViewer },
        { blockerId: blockingViewer, blockedId: viewer.id },
      ]);

    const signedIn = (await search({ country, countryregion: region }, { cookie: viewer.cookie })).json();
    expect(ids(signedIn.profiles)).toEqual([visible]);
    expect(signedIn.numResults).toBe(1);
    // The similar search (few results) leaves them out too.
    const similar = (
      await search({ country, countryregion: region, min_age: 29, max_age: 31 }, { cookie: viewer.cookie })
    ).json();
    expect(ids(similar.profiles)).toEqual([visible]);
    for (const id of [...hidden, blockedByViewer, blockingViewer, viewer.id]) {
      expect(ids(similar.similar)).not.toContain(id);
    }

    // Blocks only concern the two members: a visitor sees both (and the viewer), never the hidden ones.
    const loggedOut = (await search({ country, countryregion: region })).json();
    expect(new Set(ids(loggedOut.profiles))).toEqual(
      new Set([visible, blockedByViewer, blockingViewer, viewer.id]),
    );
    expect(loggedOut.numResults).toBe(4);
  });
});

describe('GET /api/search.php for visitors who are not signed in', () => {
  it('follows logged_out_search and, for visitors with a traffic source, logged_out_search_trafficsource', async () => {
    const cases: [string, string, Record<string, string>, number][] = [
      ['all', 'all', {}, 200],
      ['none', 'all', {}, 403],
      ['none', 'all', { network: 'adnet', sub1: 'x' }, 200],
      ['all', 'none', {}, 200],
      ['all', 'none', { network: 'adnet' }, 403],
      ['with_trafficsource', 'all', {}, 403],
      ['with_trafficsource', 'all', { network: 'adnet', ref: 'r1' }, 200],
      ['none', 'none', { network: 'adnet' }, 403],
    ];
    for (const [loggedOutSearch, loggedOutSearchTrafficsource, extra, status] of cases) {
      const s = await ctx.createSite({ niche: 3, loggedOutSearch, loggedOutSearchTrafficsource });
      const res = await search({ gender: 'female', ...extra }, { host: s.domain });
      expect([loggedOutSearch, loggedOutSearchTrafficsource, extra, res.statusCode]).toEqual([
        loggedOutSearch,
        loggedOutSearchTrafficsource,
        extra,
        status,
      ]);
      if (status === 403) {
        expect(res.json().error).toEqual({
          code: 'authentication_required',
          message: 'Please log in to continue.',
        });
      }
    }
  });

  it('lets signed-in members search when visitors may not', async () => {
    const closed = await ctx.createSite({
      niche: 3,
      loggedOutSearch: 'none',
      loggedOutSearchTrafficsource: 'none',
    });
    const member = await createMember(ctx, closed.domain);
    signedUpIds.push(member.id);
    const res = await search({ country: scope().country }, { host: closed.domain, cookie: member.cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ profiles: [], numResults: 0 });
  });

  it('decides with the site settings', () => {
    const settings = (loggedOutSearch: string, loggedOutSearchTrafficsource: string) => ({
      loggedOutSearch,
      loggedOutSearchTrafficsource,
    });
    expect(loggedOutSearchAllowed(settings('all', 'none'), false)).toBe(true);
    expect(loggedOutSearchAllowed(settings('all', 'none'), true)).toBe(false);
    expect(loggedOutSearchAllowed(settings('with_trafficsource', 'all'), false)).toBe(false);
    expect(loggedOutSearchAllowed(settings('none', 'with_trafficsource'), true)).toBe(true);
  });
});

describe('GET /api/search.php input', () => {
  it.each([
    [{ min_age: 40, max_age: 30 }, 'max_age', 'The minimum age cannot be higher than the maximum age.'],
    [{ min_age: 10 }, 'min_age', 'Choose an age from 18 to 99.'],
    [{ max_age: 120 }, 'max_age', 'Choose an age from 18 to 99.'],
    [{ min_age: 'abc' }, 'min_age', 'Choose an age from 18 to 99.'],
    [{ country: 'nld' }, 'country', 'Choose a country from the list.'],
    [{ page: 0 }, 'page', 'This page of results does not exist.'],
    [{ page: 501 }, 'page', 'This page of results does not exist.'],
    [{ gender: 'other' }, 'gender', 'Some of the submitted data is invalid.'],
  ])('refuses %j with 400 and a clear message', async (query, field, message) => {
    const res = await search(query);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'validation_failed',
      message,
      fields: { [field]: message },
    });
  });

  it('accepts tracking keys and ignores unknown ones', async () => {
    const res = await search({ network: 'adnet', ref: 'abc', sub1: 's', utm_source: 'x', gender: 'male' });
    expect(res.statusCode).toBe(200);
  });
});

describe('search queries', () => {
  it('follows the account and profile state (refreshSearchable) and counts exactly', async () => {
    const { country, region } = scope();
    for (let i = 0; i < 30; i++) {
      await seedMember({
        country,
        region: i % 3 === 0 ? region : null,
        age: 25 + (i % 10),
        activeMinutesAgo: i,
      });
    }
    await seedMember({ country, region, userStatus: 'deleted', activeMinutesAgo: 1 });
    const query = { page: 1, country };
    const before = await searchMembers(db(), { niche: site.niche, viewerId: undefined, query });
    expect(before.rows.length).toBe(SEARCH_PAGE_SIZE);
    expect(before.numResults).toBe(30);
    const first = before.rows[0]!.id;
    await db().update(users).set({ status: 'deleted' }).where(eq(users.id, first));
    await refreshSearchable(db(), first);
    const after = await searchMembers(db(), { niche: site.niche, viewerId: undefined, query });
    expect(after.numResults).toBe(29);
    expect(ids(after.rows)).not.toContain(first);
    expect(ids(after.rows)[0]).toBe(before.rows[1]!.id);
  });

  it('adapts the answer for nobody in particular to a member without blocks', () => {
    const row = (id: number, lastActiveMs: number): SearchRow => ({
      id,
      name: `M${id}`,
      birthDate: '1990-01-01',
      city: null,
      country: 'NL',
      fictional: false,
      storageKey: null,
      photoStatus: null,
      lastActiveMs,
    });
    // Page 2 of 60 matches: ids 25..48 (activity 1000 - id), the next one 49.
    const page = Array.from({ length: SEARCH_PAGE_SIZE }, (_, i) => row(25 + i, 1000 - (25 + i)));
    const shared: SearchOutcome = {
      rows: page,
      numResults: 60,
      numResultsCapped: false,
      page: 2,
      pages: 3,
      similar: [],
      next: row(49, 1000 - 49),
    };
    // On the page: left out, the next match moves up, one fewer in all.
    const on = adaptForViewer(shared, { id: 30, lastActiveMs: 970, inSearch: true })!;
    expect(ids(on.rows)).toEqual([...ids(page).filter((id) => id !== 30), 49]);
    expect(on).toMatchObject({ numResults: 59, pages: 3, next: undefined });
    // Before the page (e.g. on page 1): everything shifts by one.
    const before = adaptForViewer(shared, { id: 3, lastActiveMs: 997, inSearch: true })!;
    expect(ids(before.rows)).toEqual([...ids(page).slice(1), 49]);
    // After the page, or right after it: the page stays.
    expect(ids(adaptForViewer(shared, { id: 55, lastActiveMs: 945, inSearch: true })!.rows)).toEqual(
      ids(page),
    );
    expect(ids(adaptForViewer(shared, { id: 49, lastActiveMs: 951, inSearch: true })!.rows)).toEqual(
      ids(page),
    );
    // Only in the similar search: the page and count stay, the similar members lose the member.
    const similarOnly = adaptForViewer(
      { ...shared, similar: [row(90, 1), row(91, 0)] },
      { id: 90, lastActiveMs: 5000, inSearch: false },
    )!;
    expect(ids(similarOnly.rows)).toEqual(ids(page));
    expect(similarOnly.numResults).toBe(60);
    expect(ids(similarOnly.similar)).toEqual([91]);
    // A capped count stays a lower bound.
    expect(
      adaptForViewer({ ...shared, numResultsCapped: true }, { id: 30, lastActiveMs: 970, inSearch: true }),
    ).toMatchObject({
      numResults: 60,
    });
    // Few exact matches: whether similar members are added may change, so the member is searched for on their own.
    expect(
      adaptForViewer({ ...shared, numResults: 6, pages: 1 }, { id: 30, lastActiveMs: 970, inSearch: true }),
    ).toBeUndefined();
  });

  it('turns ages into birth-date bounds like ageOn, also around 29 February', () => {
    const leapDay = new Date('2028-02-29T12:00:00Z');
    expect(latestBirthDateForAge(18, leapDay)).toBe('2010-02-28');
    expect(ageOn('2010-02-28', leapDay)).toBe(18);
    expect(ageOn('2010-03-01', leapDay)).toBe(17);
    const now = new Date('2026-11-22T08:00:00Z');
    expect(ageBounds(30, 40, now)).toEqual({ bornOnOrBefore: '1996-11-22', bornAfter: '1985-11-22' });
    expect(ageOn('1985-11-23', now)).toBe(40);
    expect(ageOn('1985-11-22', now)).toBe(41);
  });

  it.runIf(process.env.DATABASE_URL)('uses the search indexes (EXPLAIN on PostgreSQL)', async () => {
    // 3,000 members in 20 regions of a fresh country, then fresh statistics, so the planner sees real choices.
    const { country } = scope();
    const inserted = (await db().execute(sql`
      with u as (
        insert into users (site_id, email, status, language, last_active_at)
        select ${site.id}, 'search-explain-' || ${randomBytes(4).toString('hex')} || '-' || i || '@example.org',
               'active', 'en', now() - i * interval '1 minute'
        from generate_series(1, 3000) as i
        returning id, last_active_at
      )
      insert into profiles (user_id, name, status, gender, birth_date, country, region, niche, last_active_at,
                            searchable)
      select id, 'Explain ' || id, 'active', case when random() < 0.5 then 'male' else 'female' end,
             (current_date - (365.25 * (18 + random() * 50))::int), ${country}, 'r' || (id % 20), ${site.niche},
             last_active_at, true
      from u
      returning user_id`)) as unknown as { rows: { user_id: string | number }[] };
    seededIds.push(...inserted.rows.map((r) => Number(r.user_id)));
    await db().execute(sql`vacuum analyze users, profiles`);

    const explain = async (q: ReturnType<typeof countSql>) =>
      db().transaction(async (tx) => {
        // Small tables may be cheaper to read whole: forbid that, to see which index serves the query.
        await tx.execute(sql`set local enable_seqscan = off`);
        const res = (await tx.execute(sql`explain ${q}`)) as unknown as { rows: { 'QUERY PLAN': string }[] };
        return res.rows.map((r) => r['QUERY PLAN']).join('\n');
      });
    const base: SearchFilter = { niche: site.niche, viewerId: 1, excludeIds: [] };
    const ages = ageBounds(25, 35);

    // Counts as the shared (cached) path runs them, with no viewer: with a viewer the planner may instead join the
    // few blocks by user_id, depending on the statistics of the blocks table.
    const shared: SearchFilter = { niche: site.niche, excludeIds: [] };
    const byRegion = await explain(
      countSql({ ...shared, country, region: 'r7', gender: 'female', ...ages }, 100),
    );
    expect(byRegion).toMatch(/Index (Only )?Scan using profiles_search_region_idx/);
    const byCountry = await explain(countSql({ ...shared, country, ...ages }, 100));
    // Any of three indexes holds every match of a country (region and gender being only further columns of the
    // other two); which one the planner takes for a count depends on the statistics of a shared test database.
    expect(byCountry).toMatch(/Index (Only )?Scan using profiles_search_(country|region|country_gender)_idx/);

    const page = { limit: SEARCH_PAGE_SIZE, offset: 0 };
    const cases: [SearchFilter, RegExp][] = [
      [{ ...base, country, region: 'r7', ...ages }, /profiles_search_region_idx/],
      [{ ...base, country, gender: 'female' }, /profiles_search_country_gender_idx/],
      [{ ...base, country, ...ages }, /profiles_search_(country|region)_idx/],
      [{ ...base, gender: 'male', ...ages }, /profiles_search_age_idx/],
    ];
    for (const [filter, index] of cases) {
      const plan = await explain(pageSql(filter, page));
      expect(plan).toMatch(new RegExp(`Index (Only )?Scan using ${index.source}`));
      // The activity order comes from the index: the matches are never sorted.
      expect(plan).not.toMatch(/Sort Key: p\.last_active_at/);
    }
  });
});
