import type { RouteName } from '../../shared/routes';

/**
 * Route names that have a screen. Navigation shows links only to these, so no member ever meets a dead link while
 * a feature is still being built; router.test.ts checks that the router registers exactly these.
 */
export const BUILT_ROUTES: ReadonlySet<RouteName> = new Set<RouteName>([
  'index',
  'pricing',
  'pages-terms',
  'pages-privacy',
  'pages-cookies',
  'pages-ban',
  'pages-return-policy',
  'pages-faq',
  'pages-service',
  'complaints',
  'login',
  'signup',
  'signup-matches',
  'complete-signup',
  'members-id-signup',
  'members-id-chat',
  'reset-password',
  'reset-password-do',
  'account-deleted',
  'activate-done',
  'activate-error',
  'mail-change-do',
  'notifications',
  'profile',
  'members',
  'members-id',
  'likes-m-id',
  'likes',
  'likes-type',
  'chats',
  'chats-id',
  'swipe-game',
  'match-finder',
  'credits',
  'credits-repeat-order',
  'credits-id-paymentmethod',
  'premium',
  'transactions',
  'directdebit',
]);

export const isBuilt = (name: RouteName) => BUILT_ROUTES.has(name);

/** Where a signed-in member lands: member search once it exists, else the settings page. */
export function memberHome(): string {
  if (isBuilt('members')) return '/members';
  return '/notifications';
}
