import { inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { birthDateForAge } from '../../../shared/dates';
import { RULES } from '../../../shared/rules';
import { type Profile, profiles } from '../../db/schema';
import { createMember, type TestMember } from '../../test/factories';
import { buildTestApp, type TestContext, withTestSite } from '../../test/test-app';
import { call, setProfile } from '../member-profile/member-profile.fixtures';

/**
 * The member search starts from what the member wants (issue 27, point 10): a signed-in member's filters left out
 * take the gender they seek, their country and ages around their own; what they ask for wins.
 */

let ctx: TestContext;
let domain: string;
withTestSite((c, d) => {
  ctx = c;
  domain = d;
});

const AGE = 36;
const range = { min: AGE - RULES.searchDefaults.yearsYounger, max: AGE + RULES.searchDefaults.yearsOlder };

async function member(profile: Partial<Profile>): Promise<TestMember> {
  const m = await createMember(ctx, domain);
  await setProfile(ctx.database.db, m.id, { birthDate: birthDateForAge(AGE), region: null, ...profile });
  return m;
}

async function search(cookie: string | undefined, query = '') {
  const res = await call(ctx, domain, 'GET', `/api/search.php${query}`, cookie);
  expect(res.statusCode).toBe(200);
  return res.json() as {
    profiles: { id: number; age: number; country: string }[];
    similar: { id: number }[];
    filters: Record<string, unknown>;
    defaults: Record<string, unknown> | null;
  };
}

const ids = (cards: { id: number }[]) => cards.map((c) => c.id);

async function gendersOf(memberIds: number[]): Promise<Set<string | null>> {
  if (memberIds.length === 0) return new Set();
  const rows = await ctx.database.db
    .select({ gender: profiles.gender })
    .from(profiles)
    .where(inArray(profiles.userId, memberIds));
  return new Set(rows.map((r) => r.gender));
}

describe('GET /api/search.php: a signed-in member starts from what they want', () => {
  it('a woman seeking men in NL gets men in NL of about her age by default', async () => {
    const seeker = await member({
      gender: 'female',
      sexuality: 'hetero',
      seekingGender: 'male',
      country: 'NL',
    });
    const man = await member({ gender: 'male', country: 'NL' });
    const woman = await member({ gender: 'female', country: 'NL' });
    const manAbroad = await member({ gender: 'male', country: 'GB' });
    const tooOld = await member({ gender: 'male', country: 'NL', birthDate: birthDateForAge(range.max + 1) });
    const tooYoung = await member({
      gender: 'male',
      country: 'NL',
      birthDate: birthDateForAge(range.min - 1),
    });

    const found = await search(seeker.cookie);
    expect(found.filters).toEqual({
      gender: 'male',
      country: 'NL',
      countryregion: null,
      min_age: range.min,
      max_age: range.max,
    });
    expect(found.defaults).toEqual({ gender: 'male', country: 'NL', min_age: range.min, max_age: range.max });
    expect(ids(found.profiles)).toContain(man.id);
    for (const out of [woman, manAbroad, tooOld, tooYoung, seeker])
      expect(ids(found.profiles)).not.toContain(out.id);
    // Every card fits the defaults, whoever else the database holds.
    expect(await gendersOf(ids(found.profiles))).toEqual(new Set(['male']));
    for (const card of found.profiles) {
      expect(card.country).toBe('NL');
      expect(card.age).toBeGreaterThanOrEqual(range.min);
      expect(card.age).toBeLessThanOrEqual(range.max);
    }
  });

  it('takes whom the member seeks from the orientation: a gay man gets men, a bi woman everyone', async () => {
    const gay = await member({ gender: 'male', sexuality: 'gay', seekingGender: null, country: 'DE' });
    expect((await search(gay.cookie)).filters).toMatchObject({ gender: 'male', country: 'DE' });
    const bi = await member({ gender: 'female', sexuality: 'bi', seekingGender: 'male', country: 'BE' });
    expect((await search(bi.cookie)).filters).toMatchObject({ gender: null, country: 'BE' });
  });

  it('keeps the ages within 18–99', async () => {
    const young = await member({
      gender: 'male',
      sexuality: 'hetero',
      country: 'NL',
      birthDate: birthDateForAge(19),
    });
    expect((await search(young.cookie)).filters).toMatchObject({ min_age: 18, max_age: 29 });
  });

  it('lets every filter the member chose win: a value, or any', async () => {
    const seeker = await member({ gender: 'female', sexuality: 'hetero', country: 'NL' });
    const woman = await member({ gender: 'female', country: 'NL' });
    const abroad = await member({ gender: 'male', country: 'GB', birthDate: birthDateForAge(70) });

    const everyone = await search(seeker.cookie, '?gender=any&country=any&min_age=18&max_age=99');
    expect(everyone.filters).toEqual({
      gender: null,
      country: null,
      countryregion: null,
      min_age: 18,
      max_age: 99,
    });
    expect(ids(everyone.profiles)).toEqual(expect.arrayContaining([woman.id, abroad.id]));

    const women = await search(seeker.cookie, '?gender=female');
    expect(women.filters).toMatchObject({ gender: 'female', country: 'NL', min_age: range.min });
    expect(ids(women.profiles)).toContain(woman.id);

    const gb = await search(seeker.cookie, '?country=GB&min_age=60');
    expect(gb.filters).toMatchObject({ gender: 'male', country: 'GB', min_age: 60 });
    expect(ids(gb.profiles)).not.toContain(abroad.id);
    // An age asked on one side moves the default on the other along (60 over the default maximum: 60–60).
    expect(gb.filters.max_age).toBe(60);

    const older = await search(seeker.cookie, '?country=GB&min_age=60&max_age=99');
    expect(ids(older.profiles)).toContain(abroad.id);
  });

  it('gives a signed-out visitor no defaults', async () => {
    const found = await search(undefined);
    expect(found.filters).toEqual({
      gender: null,
      country: null,
      countryregion: null,
      min_age: 18,
      max_age: 99,
    });
    expect(found.defaults).toBeNull();
  });

  it("never shares one member's defaults with another through the search caches", async () => {
    const cached = await buildTestApp({ SEARCH_CACHE_SECONDS: '30' });
    try {
      const on = (await cached.createSite()).domain;
      const make = async (country: string) => {
        const m = await createMember(cached, on);
        const set = { gender: 'female', sexuality: 'hetero', country, birthDate: birthDateForAge(AGE) };
        await setProfile(cached.database.db, m.id, set);
        return m;
      };
      const dutch = await make('NL');
      const belgian = await make('BE');
      // The same search (men in NL, same ages): one for the Dutch member by default, one asked by the Belgian.
      const a = (await call(cached, on, 'GET', '/api/search.php', dutch.cookie)).json();
      const b = (await call(cached, on, 'GET', '/api/search.php?country=NL', belgian.cookie)).json();
      expect(b.filters).toEqual(a.filters);
      expect(a.defaults).toMatchObject({ country: 'NL' });
      expect(b.defaults).toMatchObject({ country: 'BE' });
    } finally {
      await cached.close();
    }
  });

  it('refuses what is no filter value', async () => {
    const seeker = await member({ gender: 'female', country: 'NL' });
    for (const q of ['?gender=everyone', '?country=nl', '?country=ANY', '?min_age=17']) {
      const res = await call(ctx, domain, 'GET', `/api/search.php${q}`, seeker.cookie);
      expect(res.statusCode, q).toBe(400);
    }
  });
});
