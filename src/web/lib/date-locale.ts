import type { Locale as DateFnsLocale } from 'date-fns';
import { da, de, enGB, es, fi, fr, it, nb, nl, pl, sv } from 'date-fns/locale';
import { DEFAULT_DATE_LOCALE, type Locale } from '../../shared/locales';

const MAP: Record<Locale, DateFnsLocale> = { en: enGB, nl, de, it, fr, es, pl, da, fi, nb, sv };

/** date-fns locale for a UI locale; the spec's default date locale is nl. */
export function dateLocale(locale: string | undefined): DateFnsLocale {
  return MAP[(locale ?? DEFAULT_DATE_LOCALE) as Locale] ?? MAP[DEFAULT_DATE_LOCALE];
}
