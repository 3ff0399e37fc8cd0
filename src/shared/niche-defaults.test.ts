import { describe, expect, it } from 'vitest';
import { INTERESTS } from './interests';
import { NICHE_IDS } from './locales';
import {
  nicheRules,
  nicheVisitorSearchDefaults,
  orderInterestsForNiche,
  signupProposal,
  withinNicheAges,
} from './niche-defaults';
import { resolveSearch } from './search-defaults';
import { seekingGenders } from './seeking';

describe('niche defaults (issue 20, point 3)', () => {
  it('the gay site proposes a man seeking men, the she site a woman seeking women, the others nothing', () => {
    expect(signupProposal(7)).toEqual({ gender: 'male', sexuality: 'gay' });
    expect(signupProposal(2)).toEqual({ gender: 'female', sexuality: 'lesbian' });
    for (const n of [1, 3, 4, 5, 6]) expect(signupProposal(n)).toBeNull();
    // The proposal is a pairing the one seeking rule agrees with.
    expect(seekingGenders({ gender: 'male', sexuality: 'gay', seekingGender: null })).toEqual(['male']);
    expect(seekingGenders({ gender: 'female', sexuality: 'lesbian', seekingGender: null })).toEqual([
      'female',
    ]);
  });

  it('bdsm leads with its own interests; every niche keeps every interest once, the rest in spec order', () => {
    expect(orderInterestsForNiche(INTERESTS, 3).slice(0, 2)).toEqual(['bondage', 'sadomasochism']);
    expect(orderInterestsForNiche(INTERESTS, 1)[0]).toBe('relationship');
    for (const n of NICHE_IDS) {
      const ordered = orderInterestsForNiche(INTERESTS, n);
      expect([...ordered].sort()).toEqual([...INTERESTS].sort());
      const lead = nicheRules(n).leadingInterests;
      expect(ordered.slice(0, lead.length)).toEqual(lead);
      const rest = ordered.slice(lead.length);
      expect(rest).toEqual(INTERESTS.filter((i) => !lead.includes(i)));
    }
    // Options with labels are ordered by their value the same way.
    const options = INTERESTS.map((value) => ({ value, label: value.toUpperCase() }));
    expect(orderInterestsForNiche(options, 7)[1]).toEqual({ value: 'gym', label: 'GYM' });
  });

  it("a visitor's search starts from the niche: men on gay, women of 60+ on gilf, everyone on general", () => {
    expect(resolveSearch({ page: 1 }, nicheVisitorSearchDefaults(7))).toEqual({ page: 1, gender: 'male' });
    expect(resolveSearch({ page: 1 }, nicheVisitorSearchDefaults(5))).toEqual({
      page: 1,
      gender: 'female',
      min_age: 60,
    });
    expect(resolveSearch({ page: 1 }, nicheVisitorSearchDefaults(6))).toEqual({
      page: 1,
      gender: 'female',
      min_age: 35,
      max_age: 59,
    });
    expect(resolveSearch({ page: 1 }, nicheVisitorSearchDefaults(1))).toEqual({ page: 1 });
    expect(resolveSearch({ page: 1 }, nicheVisitorSearchDefaults(3))).toEqual({ page: 1 });
    // The visitor's own choice wins over the niche's.
    expect(resolveSearch({ page: 1, gender: 'any', min_age: 65 }, nicheVisitorSearchDefaults(5))).toEqual({
      page: 1,
      min_age: 65,
    });
  });

  it("a member's own defaults keep within the niche's ages; an unknown niche is the general one", () => {
    const own = { gender: 'female' as const, country: 'NL', min_age: 20, max_age: 40 };
    expect(withinNicheAges(own, 5)).toEqual({ ...own, min_age: 60, max_age: 99 });
    expect(withinNicheAges(own, 6)).toEqual({ ...own, min_age: 35, max_age: 59 });
    expect(withinNicheAges(own, 7)).toEqual(own);
    expect(nicheRules(42)).toBe(nicheRules(1));
  });
});
