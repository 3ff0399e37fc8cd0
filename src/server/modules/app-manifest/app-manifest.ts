import { type Locale, nicheName } from '../../../shared/locales';
import {
  APP_BACKGROUND_COLOR,
  DISCREET_BACKGROUND_COLOR,
  DISCREET_THEME_COLOR,
  nicheThemeColor,
} from '../../../shared/niche-theme';
import { ROUTES } from '../../../shared/routes';
import type { Site } from '../../db/schema';
import { translate } from '../../i18n/translate';

/** The two manifests a site offers: its own, and discreet mode's neutral one (issue 23, point 5). */
export type ManifestVariant = 'site' | 'discreet';

export const MANIFEST_PATHS: Readonly<Record<ManifestVariant, string>> = {
  site: '/manifest.webmanifest',
  discreet: '/manifest-discreet.webmanifest',
};

interface ManifestIcon {
  src: string;
  sizes: string;
  type: 'image/png';
  purpose?: 'any' | 'maskable';
}

interface ManifestShortcut {
  name: string;
  short_name: string;
  url: string;
  icons: ManifestIcon[];
}

export interface WebAppManifest {
  id: string;
  name: string;
  short_name: string;
  description?: string;
  lang: Locale;
  dir: 'ltr';
  start_url: string;
  scope: '/';
  display: 'standalone';
  background_color: string;
  theme_color: string;
  icons: ManifestIcon[];
  shortcuts?: ManifestShortcut[];
}

/** Icons drawn locally by scripts/app-icons.mjs and scripts/discreet-icons.mjs (src/web/public/icons). */
const SITE_ICONS: ManifestIcon[] = [
  { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-192-maskable.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
  { src: '/icons/icon-512-maskable.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
];

const DISCREET_ICONS: ManifestIcon[] = [
  { src: '/icons/discreet-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
  { src: '/icons/discreet-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
  { src: '/icons/discreet-512-maskable.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
];

/** The installed app's long-press shortcuts (issue 24, point 5): Messages, Likes, Search. */
const SHORTCUTS = [
  { key: 'messages', url: ROUTES.chats, icon: '/icons/shortcut-chats.png' },
  { key: 'likes', url: ROUTES.likes, icon: '/icons/shortcut-likes.png' },
  { key: 'search', url: ROUTES.members, icon: '/icons/shortcut-search.png' },
] as const;

const START_URL = ROUTES.members;

/**
 * A site's web app manifest in one language: the site's name, its niche's colours, and the shortcuts in that
 * language. The discreet variant names nothing of the site (a neutral "Notes" app in the language, grey, neutral
 * icons, no shortcuts: their names would say what the app is). Both keep one id per variant, so a language change
 * does not make a second installed app.
 */
export function buildManifest(
  site: Pick<Site, 'name' | 'niche'>,
  locale: Locale,
  variant: ManifestVariant,
): WebAppManifest {
  if (variant === 'discreet') {
    const name = translate(locale, 'app_manifest.discreet_name');
    return {
      id: `${START_URL}?app=discreet`,
      name,
      short_name: name,
      lang: locale,
      dir: 'ltr',
      start_url: START_URL,
      scope: '/',
      display: 'standalone',
      background_color: DISCREET_BACKGROUND_COLOR,
      theme_color: DISCREET_THEME_COLOR,
      icons: DISCREET_ICONS,
    };
  }
  return {
    id: START_URL,
    name: site.name,
    short_name: site.name,
    description: translate(locale, `meta.landing.${nicheName(site.niche)}.description`, {
      siteName: site.name,
    }),
    lang: locale,
    dir: 'ltr',
    start_url: START_URL,
    scope: '/',
    display: 'standalone',
    background_color: APP_BACKGROUND_COLOR,
    theme_color: nicheThemeColor(site.niche),
    icons: SITE_ICONS,
    shortcuts: SHORTCUTS.map((s) => {
      const name = translate(locale, `app_manifest.${s.key}`);
      return {
        name,
        short_name: name,
        url: s.url,
        icons: [{ src: s.icon, sizes: '96x96', type: 'image/png' }],
      };
    }),
  };
}
