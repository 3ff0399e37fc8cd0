import { describe, expect, it } from 'vitest';
import { birthDateForAge } from './dates';
import { RULES } from './rules';
import { searchRequestSchema } from './schemas/search';
import {
  ageRangeAround,
  filtersOf,
  resolveSearch,
  type SearchDefaults,
  searchDefaultsOf,
} from './search-defaults';

const now = new Date('2026-11-27T12:00:00Z');
const woman = {
  gender: 'female',
  sexuality: 'hetero',
  seekingGender: 'male',
  country: 'NL',
  birthDate: birthDateForAge(36, now),
};
const defaults: SearchDefaults = { gender: 'male', country: 'NL', min_age: 26, max_age: 46 };
const request = (q: Record<string, string>) => searchRequestSchema.parse(q);

describe('searchDefaultsOf', () => {
  it('is the sought gender, the own country and ages around the own age', () => {
    expect(RULES.searchDefaults).toEqual({ yearsYounger: 10, yearsOlder: 10 });
    expect(searchDefaultsOf(woman, now)).toEqual(defaults);
  });
  it('seeks everyone for a bi member, by the orientation rule', () => {
    expect(searchDefaultsOf({ ...woman, sexuality: 'bi' }, now).gender).toBeNull();
    expect(searchDefaultsOf({ ...woman, sexuality: 'lesbian' }, now).gender).toBe('female');
  });
});

describe('ageRangeAround', () => {
  it('keeps the range within 18–99', () => {
    expect(ageRangeAround(20)).toEqual({ min_age: 18, max_age: 30 });
    expect(ageRangeAround(95)).toEqual({ min_age: 85, max_age: 99 });
    expect(ageRangeAround(40)).toEqual({ min_age: 30, max_age: 50 });
  });
});

describe('resolveSearch', () => {
  it('fills every filter not asked for with the default', () => {
    expect(resolveSearch(request({}), defaults)).toEqual({
      page: 1,
      gender: 'male',
      country: 'NL',
      min_age: 26,
      max_age: 46,
    });
  });
  it('lets what was asked win, `any` and the outer ages meaning no filter', () => {
    expect(resolveSearch(request({ gender: 'female', country: 'BE', page: '2' }), defaults)).toEqual({
      page: 2,
      gender: 'female',
      country: 'BE',
      min_age: 26,
      max_age: 46,
    });
    expect(
      resolveSearch(request({ gender: 'any', country: 'any', min_age: '18', max_age: '99' }), defaults),
    ).toEqual({ page: 1 });
  });
  it('moves a default age along when the other end is asked past it', () => {
    expect(resolveSearch(request({ min_age: '60' }), defaults)).toMatchObject({ min_age: 60, max_age: 60 });
    expect(resolveSearch(request({ max_age: '20' }), defaults)).toMatchObject({ min_age: 20, max_age: 20 });
  });
  it('applies a region only within a country', () => {
    expect(resolveSearch(request({ countryregion: 'UT' }), defaults)).toMatchObject({
      country: 'NL',
      countryregion: 'UT',
    });
    expect(resolveSearch(request({ country: 'any', countryregion: 'UT' }), defaults)).not.toHaveProperty(
      'countryregion',
    );
  });
  it('has no defaults for a visitor', () => {
    expect(resolveSearch(request({}), undefined)).toEqual({ page: 1 });
    expect(resolveSearch(request({ gender: 'male', min_age: '30' }), undefined)).toEqual({
      page: 1,
      gender: 'male',
      min_age: 30,
    });
  });
});

describe('filtersOf', () => {
  it('shows no filter as null and the outer ages', () => {
    expect(filtersOf({ page: 1 })).toEqual({
      gender: null,
      country: null,
      countryregion: null,
      min_age: 18,
      max_age: 99,
    });
    expect(filtersOf({ page: 1, gender: 'male', country: 'NL', min_age: 26, max_age: 46 })).toEqual({
      gender: 'male',
      country: 'NL',
      countryregion: null,
      min_age: 26,
      max_age: 46,
    });
  });
});
