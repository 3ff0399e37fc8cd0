import type { Interest } from './interests';
import type { NicheId } from './locales';

/**
 * What makes each niche (spec section 1: the setting niche, 1..7) behave like a site of its own, beyond its copy and
 * colours: whom the signup proposes (the member's gender and orientation, still changeable), the interests offered
 * first, and the search a visitor starts from (a signed-in member's own defaults take the niche's ages).
 * src/shared/niche-defaults.ts reads these; the demo seed (server/demo) makes members that fit them.
 */
export interface NicheRules {
  /** The signup's proposed gender and orientation (null: the member chooses, nothing is proposed). */
  signup: { gender: 'male' | 'female'; sexuality: 'hetero' | 'gay' | 'lesbian' | 'bi' } | null;
  /** The interests listed first, in this order, wherever interests are offered (the rest follow in spec order). */
  leadingInterests: readonly Interest[];
  /** The gender a visitor's search shows unless they choose (null: everyone). */
  searchGender: 'male' | 'female' | null;
  /** The ages the niche is about: a visitor's search and every member's default ages keep within them. */
  ages: { min: number; max: number } | null;
}

export const NICHE_RULES: Readonly<Record<NicheId, NicheRules>> = {
  1: {
    signup: null,
    leadingInterests: ['relationship', 'kissing', 'travelling'],
    searchGender: null,
    ages: null,
  },
  2: {
    signup: { gender: 'female', sexuality: 'lesbian' },
    leadingInterests: ['relationship', 'hugging', 'kissing', 'art', 'music'],
    searchGender: 'female',
    ages: null,
  },
  3: {
    signup: null,
    leadingInterests: ['bondage', 'sadomasochism', 'lingerie', 'massages', 'sextoys', 'adventure'],
    searchGender: null,
    ages: null,
  },
  4: {
    signup: null,
    leadingInterests: ['relationship', 'foodie', 'dancing', 'hugging', 'cooking'],
    searchGender: 'female',
    ages: null,
  },
  5: {
    signup: null,
    leadingInterests: ['relationship', 'gardening', 'reading', 'travelling', 'tea'],
    searchGender: 'female',
    ages: { min: 60, max: 99 },
  },
  6: {
    signup: null,
    leadingInterests: ['relationship', 'wine', 'fashion', 'travelling', 'dancing'],
    searchGender: 'female',
    ages: { min: 35, max: 59 },
  },
  7: {
    signup: { gender: 'male', sexuality: 'gay' },
    leadingInterests: ['relationship', 'gym', 'party', 'music', 'fashion'],
    searchGender: 'male',
    ages: null,
  },
};
