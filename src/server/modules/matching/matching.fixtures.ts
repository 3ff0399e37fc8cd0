import { randomInt } from 'node:crypto';
import type { Profile } from '../../db/schema';
import { createMember, type TestMember } from '../../test/factories';
import type { TestContext } from '../../test/test-app';
import { setProfile, setUser } from '../member-profile/member-profile.fixtures';

/**
 * Members in a world of their own: the test database is shared and never truncated, so every test puts its members
 * in a niche no other test uses (profiles.niche has no range check; sites' niche does). Decks and rankings then
 * see only these members.
 */
export function isolatedWorld(ctx: TestContext, domain: string) {
  const niche = randomInt(1000, 32_000);
  return {
    niche,
    async member(profile: Partial<Profile> = {}, input: { confirm?: boolean } = {}): Promise<TestMember> {
      const m = await createMember(ctx, domain, input);
      await setProfile(ctx.database.db, m.id, {
        niche,
        country: 'NL',
        region: 'UT',
        gender: 'male',
        seekingGender: 'female',
        birthDate: '1990-06-15',
        interests: [],
        ...profile,
      });
      return m;
    },
  };
}

/**
 * Near first (issue 27, point 10): a man in Amsterdam (NL, Noord-Holland) and women, the most recently active
 * abroad (Glasgow, Geneva, New York, in that order), then one in Utrecht (NL, another province) and, least recently
 * active, one in Haarlem (Noord-Holland). Nearest first, the deck and the signup matches give Haarlem, Utrecht, and
 * only then the women abroad.
 */
export async function amsterdamScene(ctx: TestContext, domain: string) {
  const world = isolatedWorld(ctx, domain);
  const seeker = await world.member({
    country: 'NL',
    region: 'NH',
    city: 'Amsterdam',
    latCell: 52.37,
    lonCell: 4.9,
  });
  const woman = { gender: 'female', seekingGender: 'male', birthDate: '1992-01-01' } as const;
  const place = (country: string, region: string, city: string, latCell: number, lonCell: number) =>
    world.member({ ...woman, country, region, city, latCell, lonCell });
  const glasgow = await place('GB', 'SCT', 'Glasgow', 55.86, -4.25);
  const geneva = await place('CH', 'GE', 'Geneva', 46.2, 6.14);
  const newYork = await place('US', 'NY', 'New York', 40.71, -74.01);
  const utrecht = await place('NL', 'UT', 'Utrecht', 52.09, 5.12);
  const haarlem = await place('NL', 'NH', 'Haarlem', 52.38, 4.64);
  const base = Date.now() - 3_600_000;
  for (const [i, m] of [glasgow, geneva, newYork, utrecht, haarlem].entries())
    await setUser(ctx.database.db, m.id, { lastActiveAt: new Date(base - i * 60_000) });
  return { world, seeker, glasgow, geneva, newYork, utrecht, haarlem };
}
