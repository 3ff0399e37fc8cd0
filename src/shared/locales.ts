/** Locales, the locale-to-country map, niches and landing slugs (spec sections 1, 2 and 9). */

export const LOCALES = ['en', 'nl', 'de', 'it', 'fr', 'es', 'pl', 'da', 'fi', 'nb', 'sv'] as const;
export type Locale = (typeof LOCALES)[number];

export const DEFAULT_LOCALE: Locale = 'en';
export const FALLBACK_LOCALE: Locale = 'nl';
export const DEFAULT_DATE_LOCALE: Locale = 'nl';

/** Native names, shown in the language dropdown (never translated). */
export const LOCALE_NAMES: Record<Locale, string> = {
  en: 'English',
  nl: 'Nederlands',
  de: 'Deutsch',
  it: 'Italiano',
  fr: 'Français',
  es: 'Español',
  pl: 'Polski',
  da: 'Dansk',
  fi: 'Suomi',
  nb: 'Norsk bokmål',
  sv: 'Svenska',
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** Spec section 9: which locales are spoken in which country (ISO 3166-1 alpha-2). */
export const LOCALE_COUNTRIES: Record<string, readonly Locale[]> = {
  US: ['en', 'es'],
  NL: ['nl'],
  BE: ['nl', 'fr', 'de'],
  FR: ['fr'],
  IT: ['it'],
  ES: ['es'],
  DE: ['de'],
  AT: ['de'],
  IE: ['en'],
  GB: ['en'],
  CA: ['en', 'fr'],
  PL: ['pl'],
  AU: ['en'],
  NZ: ['en'],
  CH: ['de', 'it', 'fr', 'en'],
  DK: ['da'],
  FI: ['fi', 'sv'],
  NO: ['nb'],
  SE: ['sv'],
};

export const COUNTRIES = Object.keys(LOCALE_COUNTRIES);

const countriesByLocale = new Map<Locale, readonly string[]>();

/** Countries in which a locale is spoken, those where it is the first language first (computed once per locale). */
export function countriesForLocale(locale: Locale): readonly string[] {
  let list = countriesByLocale.get(locale);
  if (!list) {
    const spoken = COUNTRIES.filter((c) => LOCALE_COUNTRIES[c]?.includes(locale));
    list = Object.freeze([
      ...spoken.filter((c) => LOCALE_COUNTRIES[c]?.[0] === locale),
      ...spoken.filter((c) => LOCALE_COUNTRIES[c]?.[0] !== locale),
    ]);
    countriesByLocale.set(locale, list);
  }
  return list;
}

/** Niche variants; the global setting `niche` is 1..7. */
export const NICHES = {
  1: 'general',
  2: 'she',
  3: 'bdsm',
  4: 'bbw',
  5: 'gilf',
  6: 'milf',
  7: 'gay',
} as const;
export type NicheId = keyof typeof NICHES;
export type NicheName = (typeof NICHES)[NicheId];
export const NICHE_IDS = [1, 2, 3, 4, 5, 6, 7] as const;

export function nicheName(niche: number): NicheName {
  return NICHES[(niche in NICHES ? niche : 1) as NicheId];
}

/**
 * Landing slug (spec section 2): niche prefix followed by the locale, 'eng' for English.
 * The word 'auto' in a given slug is replaced with that locale part.
 */
export function landingSlug(niche: number, locale: Locale): string {
  const prefix = niche === 1 ? '' : `${nicheName(niche)}-`;
  return `${prefix}${localeSlugPart(locale)}`;
}

export function localeSlugPart(locale: Locale): string {
  return locale === 'en' ? 'eng' : locale;
}

export function resolveSlug(slug: string, locale: Locale): string {
  return slug.replaceAll('auto', localeSlugPart(locale));
}

/**
 * The language a landing slug names: its last part after the niche prefix ('bdsm-nl' → nl, 'eng' → en), or
 * undefined when it names none (an unknown word, or 'auto' before it is resolved).
 */
export function slugLocale(slug: string): Locale | undefined {
  const part = slug.toLowerCase().split('-').at(-1) ?? '';
  const locale = part === 'eng' ? 'en' : part;
  return isLocale(locale) ? locale : undefined;
}
