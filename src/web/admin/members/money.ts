/** An amount in minor units of `currency`, in the console's language. */
export function formatMoney(minor: number, currency: string, locale: string): string {
  const f = new Intl.NumberFormat(locale, { style: 'currency', currency });
  const digits = f.resolvedOptions().maximumFractionDigits ?? 2;
  return f.format(minor / 10 ** digits);
}
