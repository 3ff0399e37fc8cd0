import { describe, expect, it } from 'vitest';
import { isServedPath } from './built-routes';
import { ageOn, birthDateForAge } from './dates';
import { countriesForLocale, isLocale, landingSlug, resolveSlug, slugLocale } from './locales';
import { isKnownPath, matchesRoute, pathFor } from './routes';
import { badgeText, cleanPhone, termsVersionDate } from './rules';

describe('landing slug', () => {
  it('prefixes the niche and uses eng for English', () => {
    expect(landingSlug(1, 'nl')).toBe('nl');
    expect(landingSlug(1, 'en')).toBe('eng');
    expect(landingSlug(2, 'de')).toBe('she-de');
    expect(landingSlug(3, 'en')).toBe('bdsm-eng');
    expect(landingSlug(7, 'sv')).toBe('gay-sv');
    expect(resolveSlug('milf-auto', 'fr')).toBe('milf-fr');
    expect(resolveSlug('auto', 'en')).toBe('eng');
  });

  it("reads the language a slug names, and none from 'auto' or an unknown word", () => {
    expect(slugLocale('bdsm-nl')).toBe('nl');
    expect(slugLocale('eng')).toBe('en');
    expect(slugLocale('she-ENG')).toBe('en');
    expect(slugLocale('gay-sv')).toBe('sv');
    expect(slugLocale('milf-auto')).toBeUndefined();
    expect(slugLocale('summer-sale')).toBeUndefined();
    expect(slugLocale('no')).toBeUndefined();
  });
});

describe('locales', () => {
  it('accepts only known codes', () => {
    expect(isLocale('nb')).toBe(true);
    expect(isLocale('no')).toBe(false);
    expect(isLocale('EN')).toBe(false);
    expect(isLocale(undefined)).toBe(false);
  });
  it('lists the countries of a locale, first-language countries first', () => {
    expect(countriesForLocale('de')).toEqual(['DE', 'AT', 'CH', 'BE']);
    expect(countriesForLocale('sv')).toEqual(['SE', 'FI']);
  });
});

describe('rules', () => {
  it('caps badges at 99+', () => {
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
  });
  it('cleans the support phone of dashes and spaces', () => {
    expect(cleanPhone('+31 20-000 0000')).toBe('+31200000000');
  });
  it('uses 2023-12-01 12:00 UTC as terms date unless the company was added later', () => {
    expect(termsVersionDate(null).toISOString()).toBe('2023-12-01T12:00:00.000Z');
    expect(termsVersionDate('2020-01-01T00:00:00Z').toISOString()).toBe('2023-12-01T12:00:00.000Z');
    expect(termsVersionDate('2025-03-04T10:00:00Z').toISOString()).toBe('2025-03-04T10:00:00.000Z');
    expect(termsVersionDate('garbage').toISOString()).toBe('2023-12-01T12:00:00.000Z');
  });
});

describe('routes', () => {
  it('knows the spec routes and fills parameters', () => {
    for (const p of [
      '/',
      '/members',
      '/members/12',
      '/credits/3',
      '/credits/3/ideal',
      '/transactions',
      '/pages/faq',
      '/landers/video/eng',
    ]) {
      expect(isKnownPath(p), p).toBe(true);
    }
    expect(isKnownPath('/nope')).toBe(false);
    expect(isKnownPath('/members/1/2/3')).toBe(false);
    expect(pathFor('members-id', { id: 5 })).toBe('/members/5');
    expect(matchesRoute('landers-type-slug', '/landers/gallery/bdsm-nl')).toEqual({
      type: 'gallery',
      slug: 'bdsm-nl',
    });
    expect(matchesRoute('landers-type-slug', '/landers/gallery')).toEqual({
      type: 'gallery',
      slug: undefined,
    });
    expect(matchesRoute('members-id', '/members/5/landing')).toBeNull();
    expect(pathFor('credits-id-paymentmethod', { id: 2 })).toBe('/credits/2');
  });
});

describe('served paths', () => {
  it('are the built screens only: a lander of a type not built is not served', () => {
    for (const p of [
      '/',
      '/members',
      '/members/12/landing',
      '/members/12/landing2/nl',
      '/landers/gallery/eng',
      '/landers/video',
      '/landers/maplanding/eng',
      '/admin',
      '/admin/invite',
      '/admin/staff/3',
    ])
      expect(isServedPath(p), p).toBe(true);
    for (const p of ['/lang-config/x', '/landers/nope', '/nope', '/administrator'])
      expect(isServedPath(p), p).toBe(false);
  });
});

describe('dates', () => {
  it('computes ages on birthdays correctly', () => {
    const now = new Date('2026-11-22T10:00:00Z');
    expect(ageOn('2000-11-22', now)).toBe(26);
    expect(ageOn('2000-11-23', now)).toBe(25);
    expect(ageOn(birthDateForAge(18, now), now)).toBe(18);
  });
});
