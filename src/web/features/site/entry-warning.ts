/** Routes on which the site-entry warning never shows. */
export const ENTRY_WARNING_HIDDEN_ROUTES = new Set([
  'complete-signup',
  'reset-password',
  'reset-password-do',
]);

export interface EntryWarningInput {
  standalone: boolean;
  dismissedAt: number | undefined;
  enableSetting: string;
  loggedIn: boolean;
  selectedCountry: string;
  allowedCountries: readonly string[];
  routeName: string;
}

/** Spec section 2: every condition must hold for the 'Important information' modal to show. */
export function shouldShowEntryWarning(i: EntryWarningInput): boolean {
  if (i.standalone) return false;
  if (i.dismissedAt !== undefined) return false;
  if (i.enableSetting === 'no') return false;
  if (i.loggedIn) return false;
  if (i.allowedCountries.length > 0 && !i.allowedCountries.includes(i.selectedCountry)) return false;
  return !ENTRY_WARNING_HIDDEN_ROUTES.has(i.routeName);
}
