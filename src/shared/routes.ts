/**
 * Route names and paths of spec section 2 (React Router path syntax). The web router builds from this list,
 * and the server uses it to answer unknown paths with a 404 status while still serving the app.
 */
export const ROUTES = {
  index: '/',
  members: '/members',
  'members-id': '/members/:id',
  'likes-m-id': '/likes/m/:id',
  chats: '/chats',
  'chats-id': '/chats/:id',
  likes: '/likes',
  'likes-type': '/likes/:type',
  credits: '/credits',
  'credits-repeat-order': '/credits/repeat-order',
  'credits-id-paymentmethod': '/credits/:id/:paymentmethod?',
  premium: '/premium',
  pricing: '/pricing',
  profile: '/profile',
  notifications: '/notifications',
  complaints: '/complaints',
  cancel: '/cancel',
  login: '/login',
  signup: '/signup',
  'signup-matches': '/signup-matches',
  'complete-signup': '/complete-signup',
  'reset-password': '/reset-password',
  'reset-password-do': '/reset-password/do',
  'account-deleted': '/account-deleted',
  directdebit: '/directdebit',
  'lang-config': '/lang-config',
  'match-finder': '/match-finder',
  'swipe-game': '/swipe-game',
  cams: '/cams',
  'activate-done': '/activate/done',
  'activate-error': '/activate/error',
  'mail-change-do': '/mail-change/do',
  transactions: '/transactions/:id?',
  'pages-terms': '/pages/terms',
  'pages-privacy': '/pages/privacy',
  'pages-cookies': '/pages/cookies',
  'pages-ban': '/pages/ban',
  'pages-return-policy': '/pages/return-policy',
  'pages-faq': '/pages/faq',
  'pages-service': '/pages/service',
  'pages-safety': '/pages/safety',
  'landers-tinderswipe': '/landers/tinderswipe',
  'landers-type-slug': '/landers/:type/:slug?',
  'members-id-chat': '/members/:id/chat',
  'members-id-landing': '/members/:id/landing',
  'members-id-signup': '/members/:id/signup',
  'members-id-landing2-slug': '/members/:id/landing2/:slug?',
  'members-id-landing3-slug': '/members/:id/landing3/:slug?',
} as const;
export type RouteName = keyof typeof ROUTES;

export const LANDER_TYPES = [
  'alonetonight',
  'collagelanding',
  'gallery',
  'iconslanding',
  'maplanding',
  'socialnetwork',
  'transitionsvideolanding',
  'video',
] as const;

/** The default layout treats these routes as the members area. */
export const MEMBERS_AREA_ROUTES: readonly RouteName[] = [
  'members',
  'members-id',
  'chats',
  'likes',
  'likes-m-id',
  'premium',
  'cams',
];

/** Info pages: route name -> key of the page texts. */
export const INFO_PAGES = {
  'pages-terms': 'terms',
  'pages-privacy': 'privacy',
  'pages-cookies': 'cookies',
  'pages-ban': 'ban',
  'pages-return-policy': 'return_policy',
  'pages-faq': 'faq',
  'pages-service': 'service',
  'pages-safety': 'safety',
  complaints: 'complaints',
} as const satisfies Partial<Record<RouteName, string>>;
export type InfoPageKey = (typeof INFO_PAGES)[keyof typeof INFO_PAGES];

/** Fills a route's parameters: `pathFor('members-id', { id: 5 })` -> '/members/5'. Optional ones may be left out. */
export function pathFor(name: RouteName, params: Record<string, string | number | undefined> = {}): string {
  const filled = ROUTES[name].replace(/:(\w+)(\?)?/g, (_m, key: string) => {
    const v = params[key];
    return v === undefined ? '' : encodeURIComponent(String(v));
  });
  return filled.replace(/\/+$/, '') || '/';
}

/** A route pattern as a regular expression, its parameters as named groups (`:slug?` optional). */
function compile(pattern: string): RegExp {
  const body = pattern
    .split('/')
    .map((seg) => {
      if (!seg.startsWith(':')) return seg ? `/${seg}` : '';
      const optional = seg.endsWith('?');
      const name = seg.slice(1, optional ? -1 : undefined);
      return optional ? `(?:/(?<${name}>[^/]+))?` : `/(?<${name}>[^/]+)`;
    })
    .join('');
  return new RegExp(`^${body}/?$`);
}

const compiled = Object.fromEntries(
  (Object.keys(ROUTES) as RouteName[]).map((name) => [name, compile(ROUTES[name])]),
) as Record<RouteName, RegExp>;

/** The parameters of `pathname` when it is a path of the named route, else null. */
export function matchesRoute(name: RouteName, pathname: string): Record<string, string | undefined> | null {
  const match = compiled[name].exec(pathname);
  return match ? { ...match.groups } : null;
}

/** True when a path is one of the app's routes (the index is '/'). */
export function isKnownPath(pathname: string): boolean {
  if (pathname === '/' || pathname === '') return true;
  return Object.values(compiled).some((re) => re.test(pathname));
}
