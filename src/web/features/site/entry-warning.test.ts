import { describe, expect, it } from 'vitest';
import { type EntryWarningInput, shouldShowEntryWarning } from './entry-warning';

const base: EntryWarningInput = {
  standalone: false,
  dismissedAt: undefined,
  enableSetting: 'yes',
  loggedIn: false,
  selectedCountry: 'NL',
  allowedCountries: ['NL', 'BE'],
  routeName: 'index',
};

describe('site-entry warning', () => {
  it('shows when every condition holds', () => {
    expect(shouldShowEntryWarning(base)).toBe(true);
    expect(shouldShowEntryWarning({ ...base, allowedCountries: [] })).toBe(true);
  });
  it.each<[string, Partial<EntryWarningInput>]>([
    ['installed app', { standalone: true }],
    ['dismissed before', { dismissedAt: 1 }],
    ['setting no', { enableSetting: 'no' }],
    ['logged in', { loggedIn: true }],
    ['country not allowed', { selectedCountry: 'DE' }],
    ['complete-signup', { routeName: 'complete-signup' }],
    ['reset-password', { routeName: 'reset-password' }],
    ['reset-password-do', { routeName: 'reset-password-do' }],
  ])('hides when %s', (_label, change) => {
    expect(shouldShowEntryWarning({ ...base, ...change })).toBe(false);
  });
});
