import { randomInt } from 'node:crypto';
import type { Profile } from '../../db/schema';
import { createMember, type TestMember } from '../../test/factories';
import type { TestContext } from '../../test/test-app';
import { setProfile } from '../member-profile/member-profile.fixtures';

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
