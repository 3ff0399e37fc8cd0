import i18next, { type BackendModule, type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from '../../shared/locales';
import { RULES } from '../../shared/rules';
import { readCookie, writeCookie } from '../lib/cookies';

/**
 * The console's texts: an i18next instance of its own (never the member app's), namespaces loaded lazily from
 * src/web/admin/locales/<lng>/<ns>.json, each file its own chunk. Each area of the console owns one namespace
 * ('console' is the shell's); a screen asks for its namespace with useTranslation('<ns>').
 */
const loaders = import.meta.glob<{ default: Record<string, unknown> }>('./locales/*/*.json');

/** The namespaces that exist (a file for English is enough to know one). */
export const CONSOLE_NAMESPACES: readonly string[] = Object.keys(loaders)
  .filter((k) => k.startsWith('./locales/en/'))
  .map((k) => k.slice('./locales/en/'.length, -'.json'.length));

const backend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const load = loaders[`./locales/${language}/${namespace}.json`];
    if (!load) return callback(new Error(`no console texts ${language}/${namespace}`), false);
    load().then(
      (m) => callback(null, m.default),
      (err: unknown) => callback(err as Error, false),
    );
  },
};

/**
 * The console's language: the same locale cookie as the member site (so the server's own messages, which it
 * translates by that cookie, come in the language the console shows), else the browser's, else English.
 */
export function initialConsoleLocale(): Locale {
  const cookie = readCookie(RULES.cookies.locale.name);
  if (isLocale(cookie)) return cookie;
  for (const tag of typeof navigator === 'undefined' ? [] : navigator.languages) {
    const base = tag.toLowerCase().startsWith('nn') || tag.toLowerCase() === 'no' ? 'nb' : tag.slice(0, 2);
    if (isLocale(base)) return base;
  }
  return DEFAULT_LOCALE;
}

let instance: I18n | undefined;
let ready: Promise<I18n> | undefined;

/** The console's i18next instance, created and initialised once (the 'console' namespace loaded first). */
export function consoleI18n(): Promise<I18n> {
  if (ready) return ready;
  const i18n = i18next.createInstance();
  instance = i18n;
  const lng = initialConsoleLocale();
  ready = i18n
    .use(backend)
    .use(initReactI18next)
    .init({
      lng,
      // Staff read English when a text is missing in their language (the console's working language).
      fallbackLng: DEFAULT_LOCALE,
      supportedLngs: [...LOCALES],
      ns: ['console'],
      defaultNS: 'console',
      load: 'currentOnly',
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { useSuspense: true },
    })
    .then(() => {
      document.documentElement.lang = lng;
      return i18n;
    });
  return ready;
}

/** Switches the console's language without a reload and remembers it in the locale cookie. */
export async function switchConsoleLanguage(lng: Locale): Promise<void> {
  writeCookie(RULES.cookies.locale.name, lng, {
    maxAgeDays: RULES.cookies.locale.maxAgeDays,
    sameSite: RULES.cookies.locale.sameSite,
  });
  await instance?.changeLanguage(lng);
  document.documentElement.lang = lng;
}

export function consoleLocale(i18n: I18n): Locale {
  const l = i18n.resolvedLanguage ?? i18n.language;
  return isLocale(l) ? l : DEFAULT_LOCALE;
}
