import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../../../shared/locales';
import { mollieLocale } from './mollie-locale';

describe('mollieLocale', () => {
  it('gives every one of our languages a locale Mollie knows, as callers pass them (bare language codes)', () => {
    const expected: Record<string, string> = {
      en: 'en_US',
      nl: 'nl_NL',
      de: 'de_DE',
      it: 'it_IT',
      fr: 'fr_FR',
      es: 'es_ES',
      pl: 'pl_PL',
      da: 'da_DK',
      fi: 'fi_FI',
      nb: 'nb_NO',
      sv: 'sv_SE',
    };
    for (const language of LOCALES) expect(mollieLocale(language, undefined)).toBe(expected[language]);
  });

  it("uses the member's country where Mollie has that pair", () => {
    expect(mollieLocale('nl', 'BE')).toBe('nl_BE');
    expect(mollieLocale('fr', 'BE')).toBe('fr_BE');
    expect(mollieLocale('fr', 'LU')).toBe('fr_LU');
    expect(mollieLocale('de', 'AT')).toBe('de_AT');
    expect(mollieLocale('de', 'CH')).toBe('de_CH');
    expect(mollieLocale('en', 'GB')).toBe('en_GB');
    expect(mollieLocale('en', 'IE')).toBe('en_GB');
    expect(mollieLocale('en', 'NL')).toBe('en_US');
    expect(mollieLocale('sv', 'FI')).toBe('sv_SE');
    expect(mollieLocale('it', 'CH')).toBe('it_IT');
    expect(mollieLocale('nl', 'nl')).toBe('nl_NL');
  });

  it('keeps a locale already in Mollie form and leaves out what Mollie does not know', () => {
    expect(mollieLocale('nl_BE', 'NL')).toBe('nl_BE');
    expect(mollieLocale('xx', 'NL')).toBeUndefined();
    expect(mollieLocale('xx_XX', 'NL')).toBeUndefined();
    expect(mollieLocale(undefined, 'NL')).toBeUndefined();
  });
});
