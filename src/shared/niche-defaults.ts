import type { Interest } from './interests';
import type { NicheId } from './locales';
import { NICHE_RULES, type NicheRules } from './rules-niches';
import type { SearchDefaults } from './schemas/search';

/** The rules of a niche (src/shared/rules-niches.ts); an unknown niche is the general one. */
export function nicheRules(niche: number): NicheRules {
  return NICHE_RULES[(niche in NICHE_RULES ? niche : 1) as NicheId];
}

/**
 * A visitor's search defaults on a site of this niche: its gender and ages, nothing else (the visitor's own choices
 * still win, src/shared/search-defaults.ts resolveSearch).
 */
export function nicheVisitorSearchDefaults(niche: number): Partial<SearchDefaults> {
  const rules = nicheRules(niche);
  const defaults: Partial<SearchDefaults> = {};
  if (rules.searchGender) defaults.gender = rules.searchGender;
  if (rules.ages) {
    defaults.min_age = rules.ages.min;
    defaults.max_age = rules.ages.max;
  }
  return defaults;
}

/** A member's own search defaults within the niche's ages (a young admirer on a gilf site looks for 60+). */
export function withinNicheAges(defaults: SearchDefaults, niche: number): SearchDefaults {
  const ages = nicheRules(niche).ages;
  return ages ? { ...defaults, min_age: ages.min, max_age: ages.max } : defaults;
}

/** Interests in the order a site of this niche offers them: its leading ones first, then the rest as given. */
export function orderInterestsForNiche<T extends { value: Interest } | Interest>(
  interests: readonly T[],
  niche: number,
): T[] {
  const lead = nicheRules(niche).leadingInterests;
  const interestOf = (i: T): Interest => (typeof i === 'string' ? i : i.value) as Interest;
  const rank = (i: T) => {
    const at = lead.indexOf(interestOf(i));
    return at === -1 ? lead.length : at;
  };
  // Array.prototype.sort is stable: the rest keep their order.
  return [...interests].sort((a, b) => rank(a) - rank(b));
}

/** The gender and orientation the signup proposes on a site of this niche, or null when it proposes none. */
export function signupProposal(niche: number): NicheRules['signup'] {
  return nicheRules(niche).signup;
}
