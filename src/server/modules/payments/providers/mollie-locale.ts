import { Locale as MollieLocale } from '@mollie/api-client';
import { isLocale, type Locale } from '../../../../shared/locales';

/**
 * Mollie's checkout-page locale for one of our 11 languages in the member's country: Mollie wants language_REGION
 * (its `Locale` enum) and silently falls back to the browser's language when it gets a bare `nl`. The region is the
 * member's country where Mollie has that pair (nl_BE, fr_BE, fr_LU, de_AT, de_CH, de_LU, en_GB), else the language's
 * home (sv in Finland gets sv_SE: Mollie has no sv_FI).
 */
const HOME: Record<Locale, MollieLocale> = {
  en: MollieLocale.en_US,
  nl: MollieLocale.nl_NL,
  de: MollieLocale.de_DE,
  it: MollieLocale.it_IT,
  fr: MollieLocale.fr_FR,
  es: MollieLocale.es_ES,
  pl: MollieLocale.pl_PL,
  da: MollieLocale.da_DK,
  fi: MollieLocale.fi_FI,
  nb: MollieLocale.nb_NO,
  sv: MollieLocale.sv_SE,
};

const MOLLIE_LOCALES = new Set<string>(Object.values(MollieLocale));

export function mollieLocale(
  language: string | undefined,
  country: string | null | undefined,
): MollieLocale | undefined {
  if (language === undefined) return undefined;
  // Already Mollie's form (nl_NL): kept when Mollie knows it.
  if (MOLLIE_LOCALES.has(language)) return language as MollieLocale;
  if (!isLocale(language)) return undefined;
  const regional = `${language}_${(country ?? '').toUpperCase()}`;
  if (MOLLIE_LOCALES.has(regional)) return regional as MollieLocale;
  if (language === 'en' && country?.toUpperCase() === 'IE') return MollieLocale.en_GB;
  return HOME[language];
}
