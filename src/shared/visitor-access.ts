/**
 * What a visitor (not signed in) may do, by the site's settings (spec §6). Each setting is `all`,
 * `with_trafficsource` (only visitors with a traffic source: a `network` query parameter now or a stored one) or
 * `none`. One rule for the server, which decides, and the web app, which does not ask when the answer is no.
 */

/** Spec: signup is allowed when `signups` is 'all', or 'with_trafficsource' and a traffic source is present. */
export function signupsAllowed(signups: string, hasTrafficSource: boolean): boolean {
  return signups === 'all' || (signups === 'with_trafficsource' && hasTrafficSource);
}

/**
 * Spec: logged-out search is allowed unless logged_out_search is 'none'; with a traffic source, unless
 * logged_out_search_trafficsource is 'none'. A visitor with a source is judged by the second setting alone; any
 * other visitor by the first, where 'with_trafficsource' means "only visitors who have one".
 */
export function loggedOutSearchAllowed(
  settings: { loggedOutSearch: string; loggedOutSearchTrafficsource: string },
  hasTrafficSource: boolean,
): boolean {
  if (hasTrafficSource) return settings.loggedOutSearchTrafficsource !== 'none';
  return settings.loggedOutSearch === 'all';
}
