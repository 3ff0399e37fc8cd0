import { describe, expect, it } from 'vitest';
import { ageOn } from '../../../shared/dates';
import { matchFinderResponseSchema, matchPreferencesResponseSchema } from '../../../shared/schemas/matching';
import type { TestMember } from '../../test/factories';
import { type TestContext, withTestSite } from '../../test/test-app';
import { addPhoto, call, setProfile } from '../member-profile/member-profile.fixtures';
import { amsterdamScene, isolatedWorld } from './matching.fixtures';

let ctx: TestContext;
let domain: string;
withTestSite((c, d) => {
  ctx = c;
  domain = d;
});

const db = () => ctx.database.db;
const getPrefs = async (m: TestMember) => {
  const res = await call(ctx, domain, 'GET', '/api/match-preferences.php', m.cookie);
  expect(res.statusCode, res.body).toBe(200);
  return matchPreferencesResponseSchema.parse(res.json());
};
const putPrefs = (m: TestMember, body: object) =>
  call(ctx, domain, 'PUT', '/api/match-preferences.php', m.cookie, body);
const finder = async (m: TestMember, page = 1) => {
  const res = await call(ctx, domain, 'GET', `/api/match-finder.php?page=${page}`, m.cookie);
  expect(res.statusCode, res.body).toBe(200);
  return matchFinderResponseSchema.parse(res.json());
};
const prefs = (over: object = {}) => ({
  gender: 'female',
  min_age: 18,
  max_age: 99,
  area: 'anywhere',
  radius_km: 50,
  interests: [],
  ...over,
});

describe('/api/match-preferences.php', () => {
  it('needs a session', async () => {
    for (const [method, url] of [
      ['GET', '/api/match-preferences.php'],
      ['PUT', '/api/match-preferences.php'],
      ['GET', '/api/match-finder.php'],
    ] as const) {
      const res = await call(ctx, domain, method, url, undefined, method === 'PUT' ? prefs() : undefined);
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('authentication_required');
    }
  });

  it('defaults to the own profile: the wished gender, ten years around the own age, the own country', async () => {
    const world = isolatedWorld(ctx, domain);
    const m = await world.member({ birthDate: '1990-06-15', interests: ['hiking', 'wine'] });
    const age = ageOn('1990-06-15');
    expect(await getPrefs(m)).toEqual({
      preferences: {
        gender: 'female',
        min_age: age - 10,
        max_age: age + 10,
        area: 'country',
        radius_km: 50,
        interests: ['hiking', 'wine'],
      },
      saved: false,
      has_location: false,
    });
    const young = await world.member({ birthDate: '2006-01-01', seekingGender: null });
    expect((await getPrefs(young)).preferences).toMatchObject({ gender: null, min_age: 18 });
    // Whom the member seeks is the one rule of src/shared/seeking.ts: the orientation, where it decides.
    const gay = await world.member({ sexuality: 'gay', seekingGender: null });
    expect((await getPrefs(gay)).preferences.gender).toBe('male');
    const bi = await world.member({ gender: 'female', sexuality: 'bi', seekingGender: 'male' });
    expect((await getPrefs(bi)).preferences.gender).toBeNull();
  });

  it('saves and reads back; refuses bad values with translated field messages', async () => {
    const world = isolatedWorld(ctx, domain);
    const m = await world.member();
    const saved = await putPrefs(m, prefs({ gender: null, min_age: 30, max_age: 40, interests: ['wine'] }));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await getPrefs(m)).toMatchObject({
      preferences: { gender: null, min_age: 30, max_age: 40, area: 'anywhere', interests: ['wine'] },
      saved: true,
    });

    const cases: [object, string, RegExp][] = [
      [prefs({ min_age: 50, max_age: 40 }), 'max_age', /minimum age cannot be higher/],
      [prefs({ min_age: 17 }), 'min_age', /from 18 to 99/],
      [prefs({ area: 'moon' }), 'area', /where to look/],
      [prefs({ radius_km: 33 }), 'radius_km', /distance from the list/],
      [prefs({ interests: ['hiking', 'nonsense'] }), 'interests.1', /interests from the list/],
      [
        prefs({
          interests: [
            'hiking',
            'wine',
            'beer',
            'tea',
            'coffee',
            'sushi',
            'bbq',
            'art',
            'music',
            'movies',
            'gym',
          ],
        }),
        'interests',
        /at most 10/,
      ],
      [prefs({ area: 'nearby' }), 'area', /Set your location/],
    ];
    for (const [body, field, message] of cases) {
      const res = await putPrefs(m, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.fields[field], JSON.stringify(res.json())).toMatch(message);
    }
    // Nothing saved was lost.
    expect((await getPrefs(m)).preferences).toMatchObject({ min_age: 30, max_age: 40 });
  });
});

describe('GET /api/match-finder.php', () => {
  it('ranks shared interests, then nearness, then a photo, and explains with whole km', async () => {
    const world = isolatedWorld(ctx, domain);
    // Utrecht; the others 0.3 km, ~9 km and ~55 km away (cells of 0.01°).
    const me = await world.member({ latCell: 52.09, lonCell: 5.12 });
    const woman = { gender: 'female', seekingGender: 'male', birthDate: '1992-01-01' } as const;
    const twoShared = await world.member({ ...woman, interests: ['hiking', 'wine', 'gym'] });
    const oneSharedNear = await world.member({
      ...woman,
      interests: ['wine'],
      latCell: 52.09,
      lonCell: 5.12,
    });
    const near = await world.member({ ...woman, latCell: 52.17, lonCell: 5.12 });
    const far = await world.member({ ...woman, latCell: 52.59, lonCell: 5.12 });
    const withPhoto = await world.member(woman);
    await addPhoto(db(), withPhoto.id, { isMain: true });
    const plain = await world.member(woman);
    expect((await putPrefs(me, prefs({ interests: ['hiking', 'wine'] }))).statusCode).toBe(200);

    const res = await finder(me);
    expect(res.items.map((c) => c.id)).toEqual([
      twoShared.id, // 6
      oneSharedNear.id, // 3 + 2
      near.id, // 2
      withPhoto.id, // 1
      // 0 each: the more recently active first (the later signup)
      plain.id,
      far.id,
    ]);
    const byId = new Map(res.items.map((c) => [c.id, c]));
    expect(byId.get(twoShared.id)).toMatchObject({ shared_interests: 2, distance_km: null });
    expect(byId.get(oneSharedNear.id)).toMatchObject({ shared_interests: 1, distance_km: 1 });
    expect(byId.get(near.id)?.distance_km).toBe(9);
    expect(byId.get(far.id)?.distance_km).toBe(56);
    expect(res).toMatchObject({ page: 1, has_more: false, liked: [] });
    // The answer never carries a location.
    expect(JSON.stringify(res)).not.toMatch(/lat|lon|52\.|5\.12/);

    // Nearby within 10 km: the two near ones.
    const loc = await world.member({ latCell: 52.09, lonCell: 5.12 });
    await putPrefs(loc, prefs({ area: 'nearby', radius_km: 10 }));
    expect((await finder(loc)).items.map((c) => c.id).sort()).toEqual([oneSharedNear.id, near.id].sort());

    // Liked ones are marked.
    await call(ctx, domain, 'POST', '/api/like.php', me.cookie, { id: near.id });
    expect((await finder(me)).liked).toEqual([near.id]);
  });

  it('puts the near first (the signup matches): a member in Amsterdam gets Haarlem, Utrecht, then abroad', async () => {
    const { seeker, glasgow, geneva, newYork, utrecht, haarlem } = await amsterdamScene(ctx, domain);
    const near = [haarlem, utrecht].map((m) => m.id);
    const abroad = [glasgow, geneva, newYork].map((m) => m.id);
    // Defaults (nothing saved): everywhere, as the own country has fewer than a page.
    expect((await finder(seeker)).items.map((c) => c.id)).toEqual([...near, ...abroad]);
    // Within a band the fit ranks: a shared interest lifts New York over Glasgow and Geneva, not over Utrecht.
    await setProfile(db(), seeker.id, { interests: ['hiking'] });
    await setProfile(db(), newYork.id, { interests: ['hiking'] });
    const byFit = [newYork.id, glasgow.id, geneva.id];
    expect((await finder(seeker)).items.map((c) => c.id)).toEqual([...near, ...byFit]);
    // Preferences the member saved rank by fit first, the distance band breaking ties (Haarlem and Utrecht, both
    // within 50 km, before the others abroad).
    expect((await putPrefs(seeker, prefs({ interests: ['hiking'] }))).statusCode).toBe(200);
    expect((await finder(seeker)).items.map((c) => c.id)).toEqual([
      newYork.id,
      ...near,
      glasgow.id,
      geneva.id,
    ]);
    // The answer never carries a location.
    expect(JSON.stringify(await finder(seeker))).not.toMatch(/lat|lon|52\.3|4\.9/);
  });

  it('leaves out the hidden, the blocked both ways and the unconfirmed; the unconfirmed may ask', async () => {
    const world = isolatedWorld(ctx, domain);
    const me = await world.member({}, { confirm: false });
    const woman = { gender: 'female', seekingGender: 'male', birthDate: '1992-01-01' } as const;
    const shown = await world.member(woman);
    const invisible = await world.member(woman);
    const blocksMe = await world.member(woman);
    await world.member(woman, { confirm: false });
    await call(ctx, domain, 'PUT', '/api/privacy.php', invisible.cookie, { invisible: true });
    const other = await world.member();
    await call(ctx, domain, 'POST', '/api/block.php', blocksMe.cookie, { id: other.id });
    expect((await finder(me)).items.map((c) => c.id).sort()).toEqual([shown.id, blocksMe.id].sort());
    expect((await finder(other)).items.map((c) => c.id)).toEqual([shown.id]);
  });

  it('pages; defaults keep to the own country once it has a page of candidates', async () => {
    const world = isolatedWorld(ctx, domain);
    const me = await world.member();
    await world.member({ gender: 'female', birthDate: '1992-01-01', country: 'DE', region: 'BY' });
    const women: number[] = [];
    for (let i = 0; i < 26; i++)
      women.push((await world.member({ gender: 'female', birthDate: '1992-01-01' })).id);
    const one = await finder(me);
    expect(one.items).toHaveLength(24);
    expect(one.has_more).toBe(true);
    const two = await finder(me, 2);
    expect(two.items).toHaveLength(2);
    expect(two.has_more).toBe(false);
    expect([...one.items, ...two.items].map((c) => c.id).sort()).toEqual(women.sort());
  });
});
