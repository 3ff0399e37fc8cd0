import { describe, expect, it } from 'vitest';
import { offlineLocale } from './offline-page';

const KNOWN = ['en', 'nl', 'de', 'nb', 'sv'];

describe('offline page language', () => {
  it('takes the language cookie first, then the browser languages, then English', () => {
    expect(offlineLocale('a=1; i18n_redirected=nl', ['de-DE'], KNOWN, 'i18n_redirected')).toBe('nl');
    expect(offlineLocale('i18n_redirected=xx', ['de-DE', 'en'], KNOWN, 'i18n_redirected')).toBe('de');
    expect(offlineLocale('', ['nn-NO'], KNOWN, 'i18n_redirected')).toBe('nb');
    expect(offlineLocale('', ['ja', 'sv-FI'], KNOWN, 'i18n_redirected')).toBe('sv');
    expect(offlineLocale('', ['ja'], KNOWN, 'i18n_redirected')).toBe('en');
  });
});
