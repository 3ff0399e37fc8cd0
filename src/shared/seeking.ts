import { GENDERS, SEXUALITIES } from './profile-options';

/**
 * Whom a member is looking for: ONE rule for the member search's default, the match preferences' default, the swipe
 * deck and the signup wizard (which asks orientation once and refuses contradictions, on the server too).
 *
 * Orientation decides when it is given and fits the member's gender: hetero seeks the other gender, gay (a man) and
 * lesbian (a woman) their own, bi everyone. Without an orientation that decides, the profile's `seeking_gender` does;
 * without either, the member seeks everyone.
 */

export type Gender = (typeof GENDERS)[number];
export type Sexuality = (typeof SEXUALITIES)[number];

/** The profile facts the rule reads, as stored (null when not given; unknown strings count as not given). */
export interface OrientationFacts {
  gender: string | null;
  sexuality: string | null;
  seekingGender: string | null;
}

const isGender = (v: string | null): v is Gender => v !== null && (GENDERS as readonly string[]).includes(v);
const isSexuality = (v: string | null): v is Sexuality =>
  v !== null && (SEXUALITIES as readonly string[]).includes(v);

const EVERYONE: readonly Gender[] = GENDERS;

/**
 * The genders each orientation seeks, by the member's own gender; null where the pair contradicts itself: a man is
 * not lesbian, and a woman who loves women is lesbian (the orientation list has one word for it, not two).
 */
const SOUGHT: Readonly<Record<Sexuality, Readonly<Record<Gender, readonly Gender[] | null>>>> = {
  hetero: { male: ['female'], female: ['male'] },
  gay: { male: ['male'], female: null },
  lesbian: { male: null, female: ['female'] },
  bi: { male: EVERYONE, female: EVERYONE },
};

/** Whether an orientation fits the member's gender (man + lesbian and woman + gay contradict). Unknown: it fits. */
export function sexualityFits(gender: string | null, sexuality: string | null): boolean {
  if (!isGender(gender) || !isSexuality(sexuality)) return true;
  return SOUGHT[sexuality][gender] !== null;
}

/** The orientation a gender and the gender sought amount to (man seeking men: gay; woman seeking women: lesbian). */
export function sexualityFor(gender: Gender, seeking: Gender): Exclude<Sexuality, 'bi'> {
  if (gender !== seeking) return 'hetero';
  return gender === 'male' ? 'gay' : 'lesbian';
}

/** The genders the orientation alone decides, or undefined where it decides nothing (missing, or contradicting). */
function soughtByOrientation(p: OrientationFacts): readonly Gender[] | undefined {
  if (!isSexuality(p.sexuality)) return undefined;
  if (p.sexuality === 'bi') return EVERYONE;
  if (p.sexuality === 'lesbian' && p.gender === null) return ['female'];
  if (!isGender(p.gender)) return undefined;
  return SOUGHT[p.sexuality][p.gender] ?? undefined;
}

/** Which genders the member seeks (never empty: everyone when the profile says nothing). */
export function seekingGenders(p: OrientationFacts): readonly Gender[] {
  const byOrientation = soughtByOrientation(p);
  if (byOrientation) return byOrientation;
  if (isGender(p.seekingGender)) return [p.seekingGender];
  return EVERYONE;
}

/** The one gender to filter on for this member, or null when they seek everyone. */
export function soughtGender(p: OrientationFacts): Gender | null {
  const genders = seekingGenders(p);
  return genders.length === 1 ? (genders[0] as Gender) : null;
}

/**
 * Whether the profile's `seeking_gender` agrees with its orientation (a hetero woman seeking women does not). A
 * missing value, or an orientation that decides nothing, agrees.
 */
export function seekingFits(p: OrientationFacts): boolean {
  const byOrientation = soughtByOrientation(p);
  return !byOrientation || !isGender(p.seekingGender) || byOrientation.includes(p.seekingGender);
}
