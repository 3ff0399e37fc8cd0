import i18next, { type BackendModule, type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, FALLBACK_LOCALE, isLocale, LOCALES, type Locale } from '../../shared/locales';
import { RULES } from '../../shared/rules';
import { readCookie, writeCookie } from './cookies';
import type { NamespaceLoader } from './namespace-loaders';

export const NAMESPACES = [
  'common',
  'pages',
  'auth',
  'recovery',
  'settings',
  'notifications',
  'profile',
  'members',
  'matching',
  'chat',
  'reports',
  'swipe',
  'payments',
  'discounts',
  'transactions',
  'directdebit',
  'landers',
  'member-landing',
  'cams',
  'validation',
  // decisions, grounds and statements of reasons (shared with the server), and the complaints and ban pages
  'moderation',
  'complaints',
  // consent for sensitive data and discreet mode (issue 23)
  'consent',
  // the cancel button (issue 23)
  'cancel',
  // the installed app: offline page, new version, install offer (issue 24)
  'pwa',
  // photo verification and the verified badge (issue 21)
  'verification',
  // who viewed me, unmatch, first-message warnings, safety tips (issue 21)
  'safety',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

/**
 * Every locale file is its own chunk, loaded only when that language is used. The loaders of a language's files are
 * a chunk of their own too (lib/locale-loaders/<lng>.ts), so the first page carries one loader per language instead
 * of one per language and namespace (about 7 kB of gzip).
 */
const languageLoaders = import.meta.glob<{ default: Record<string, NamespaceLoader> }>(
  './locale-loaders/*.ts',
);
const languages = new Map<string, Promise<Record<string, NamespaceLoader>>>();

function namespacesOf(language: string): Promise<Record<string, NamespaceLoader>> {
  let loaders = languages.get(language);
  if (!loaders) {
    const load = languageLoaders[`./locale-loaders/${language}.ts`];
    if (!load) return Promise.reject(new Error(`no ${language}`));
    loaders = load().then((m) => m.default);
    // A failed load (network) is tried again the next time.
    loaders.catch(() => languages.delete(language));
    languages.set(language, loaders);
  }
  return loaders;
}

const lazyBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    namespacesOf(language)
      .then((loaders) => {
        const load = loaders[namespace];
        if (!load) throw new Error(`no ${language}/${namespace}`);
        return load();
      })
      .then(
        (m) => callback(null, m.default),
        (err: unknown) => callback(err as Error, false),
      );
  },
};

/** The locale cookie, only when it holds a known locale code. */
export function cookieLocale(): Locale | undefined {
  const v = readCookie(RULES.cookies.locale.name);
  return isLocale(v) ? v : undefined;
}

/**
 * The language the address names with `?lang=` (the links the server gives search engines for each language:
 * modules/seo), remembered as the language dropdown does. Undefined when it names none or an unknown code.
 */
export function queryLocale(search: string = window.location.search): Locale | undefined {
  const v = new URLSearchParams(search).get('lang');
  return isLocale(v) ? v : undefined;
}

export async function initI18n(preferred: Locale | undefined): Promise<I18n> {
  const asked = queryLocale();
  if (asked)
    writeCookie(RULES.cookies.locale.name, asked, {
      maxAgeDays: RULES.cookies.locale.maxAgeDays,
      sameSite: RULES.cookies.locale.sameSite,
    });
  const lng = asked ?? cookieLocale() ?? preferred ?? DEFAULT_LOCALE;
  await i18next
    .use(lazyBackend)
    .use(initReactI18next)
    .init({
      lng,
      fallbackLng: FALLBACK_LOCALE,
      supportedLngs: [...LOCALES],
      ns: [...NAMESPACES],
      defaultNS: 'common',
      load: 'currentOnly',
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { useSuspense: true },
    });
  document.documentElement.lang = lng;
  return i18next;
}

/** Switches language without a reload and remembers it in the locale cookie (365 days, SameSite lax). */
export async function switchLanguage(lng: Locale): Promise<void> {
  writeCookie(RULES.cookies.locale.name, lng, {
    maxAgeDays: RULES.cookies.locale.maxAgeDays,
    sameSite: RULES.cookies.locale.sameSite,
  });
  await i18next.changeLanguage(lng);
  document.documentElement.lang = lng;
}

export function currentLocale(): Locale {
  const l = i18next.resolvedLanguage ?? i18next.language;
  return isLocale(l) ? l : DEFAULT_LOCALE;
}
