import { type LANDER_TYPES, matchesRoute, type RouteName } from './routes';

/**
 * Route names that have a screen. Navigation shows links only to these, so no member ever meets a dead link while
 * a feature is still being built; the web router registers exactly these (router.test.ts), and the server answers
 * 404 for every other path (plugins/spa.ts).
 */
export const BUILT_ROUTES: ReadonlySet<RouteName> = new Set<RouteName>([
  'index',
  'cams',
  'pricing',
  'lang-config',
  'pages-terms',
  'pages-privacy',
  'pages-cookies',
  'pages-ban',
  'pages-return-policy',
  'pages-faq',
  'pages-service',
  'pages-safety',
  'complaints',
  'cancel',
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
  'landers-tinderswipe',
  'landers-type-slug',
  'members-id-landing',
  'members-id-landing2-slug',
  'members-id-landing3-slug',
]);

/** Every type the /landers/:type route knows (spec "Landing pages"). */
export type LanderType = (typeof LANDER_TYPES)[number];

/** The /landers/:type designs built; every other type (unknown words) is a 404. */
export const BUILT_LANDER_TYPES = [
  'gallery',
  'collagelanding',
  'iconslanding',
  'alonetonight',
  'socialnetwork',
  'transitionsvideolanding',
  'maplanding',
  'video',
] as const satisfies readonly LanderType[];

export type BuiltLanderType = (typeof BUILT_LANDER_TYPES)[number];

export function isBuiltLanderType(type: string | undefined): type is BuiltLanderType {
  return (BUILT_LANDER_TYPES as readonly string[]).includes(type ?? '');
}

/** True when the app has a screen for the path: a built route (a lander only of a built type). */
export function isServedPath(pathname: string): boolean {
  if (pathname === '/' || pathname === '') return BUILT_ROUTES.has('index');
  // The staff console routes inside itself (src/web/admin) and shows its own 'not found'.
  if (pathname === '/admin' || pathname.startsWith('/admin/')) return true;
  for (const name of BUILT_ROUTES) {
    const params = matchesRoute(name, pathname);
    if (!params) continue;
    if (name === 'landers-type-slug' && !isBuiltLanderType(params.type)) continue;
    return true;
  }
  return false;
}
