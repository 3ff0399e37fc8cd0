import { describe, expect, it } from 'vitest';
import { seekingFits, seekingGenders, sexualityFits, sexualityFor, soughtGender } from './seeking';

const facts = (gender: string | null, sexuality: string | null, seekingGender: string | null = null) => ({
  gender,
  sexuality,
  seekingGender,
});

describe('seekingGenders', () => {
  it.each([
    ['female', 'hetero', ['male']],
    ['male', 'hetero', ['female']],
    ['male', 'gay', ['male']],
    ['female', 'lesbian', ['female']],
    ['male', 'bi', ['male', 'female']],
    ['female', 'bi', ['male', 'female']],
  ] as const)('a %s %s member seeks %j', (gender, sexuality, sought) => {
    expect(seekingGenders(facts(gender, sexuality))).toEqual(sought);
  });

  it('lets the orientation decide over a seeking_gender that contradicts it', () => {
    expect(seekingGenders(facts('female', 'hetero', 'female'))).toEqual(['male']);
    expect(seekingGenders(facts('male', 'gay', 'female'))).toEqual(['male']);
    expect(seekingGenders(facts('female', 'bi', 'male'))).toEqual(['male', 'female']);
  });

  it('falls back to seeking_gender where the orientation decides nothing', () => {
    expect(seekingGenders(facts('female', null, 'male'))).toEqual(['male']);
    expect(seekingGenders(facts(null, 'hetero', 'female'))).toEqual(['female']);
    // contradicting pairs decide nothing
    expect(seekingGenders(facts('male', 'lesbian', 'female'))).toEqual(['female']);
    expect(seekingGenders(facts('female', 'gay', 'male'))).toEqual(['male']);
    expect(seekingGenders(facts('female', 'unknown-word', 'male'))).toEqual(['male']);
  });

  it('a lesbian seeks women even when her gender is not given', () => {
    expect(seekingGenders(facts(null, 'lesbian'))).toEqual(['female']);
  });

  it('seeks everyone when the profile says nothing', () => {
    expect(seekingGenders(facts(null, null))).toEqual(['male', 'female']);
    expect(seekingGenders(facts('male', null, 'nobody'))).toEqual(['male', 'female']);
  });
});

describe('soughtGender', () => {
  it('is the one gender sought, or null for everyone', () => {
    expect(soughtGender(facts('female', 'hetero'))).toBe('male');
    expect(soughtGender(facts('female', 'lesbian'))).toBe('female');
    expect(soughtGender(facts('male', 'bi', 'female'))).toBeNull();
    expect(soughtGender(facts(null, null))).toBeNull();
  });
});

describe('sexualityFits', () => {
  it('refuses man + lesbian and woman + gay, accepts every other pair', () => {
    expect(sexualityFits('male', 'lesbian')).toBe(false);
    expect(sexualityFits('female', 'gay')).toBe(false);
    for (const s of ['hetero', 'bi']) {
      expect(sexualityFits('male', s)).toBe(true);
      expect(sexualityFits('female', s)).toBe(true);
    }
    expect(sexualityFits('male', 'gay')).toBe(true);
    expect(sexualityFits('female', 'lesbian')).toBe(true);
  });
  it('has nothing to refuse while either is missing', () => {
    expect(sexualityFits(null, 'lesbian')).toBe(true);
    expect(sexualityFits('male', null)).toBe(true);
  });
});

describe('sexualityFor', () => {
  it('derives the orientation from the genders', () => {
    expect(sexualityFor('female', 'male')).toBe('hetero');
    expect(sexualityFor('male', 'female')).toBe('hetero');
    expect(sexualityFor('male', 'male')).toBe('gay');
    expect(sexualityFor('female', 'female')).toBe('lesbian');
  });
  it('agrees with seekingGenders both ways', () => {
    for (const gender of ['male', 'female'] as const) {
      for (const seeking of ['male', 'female'] as const) {
        expect(seekingGenders(facts(gender, sexualityFor(gender, seeking)))).toEqual([seeking]);
      }
    }
  });
});

describe('seekingFits', () => {
  it('tells a seeking_gender that contradicts the orientation', () => {
    expect(seekingFits(facts('female', 'hetero', 'female'))).toBe(false);
    expect(seekingFits(facts('male', 'gay', 'female'))).toBe(false);
    expect(seekingFits(facts('female', 'hetero', 'male'))).toBe(true);
    expect(seekingFits(facts('female', 'bi', 'female'))).toBe(true);
    expect(seekingFits(facts('female', null, 'female'))).toBe(true);
    expect(seekingFits(facts('female', 'hetero', null))).toBe(true);
  });
});
