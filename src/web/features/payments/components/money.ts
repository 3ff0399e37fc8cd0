/**
 * Formats integer minor units of `currency` for the UI locale. All our currencies have 2 decimals; the divisor still
 * follows the currency's own number of digits, so a 0-decimal currency would not be off by a hundred.
 */
export function formatMinor(minor: number, currency: string, locale: string): string {
  const fmt = new Intl.NumberFormat(locale, { style: 'currency', currency });
  const digits = fmt.resolvedOptions().maximumFractionDigits ?? 2;
  return fmt.format(minor / 10 ** digits);
}

/** A VAT rate in basis points (2100, 2550, 810) as a percentage of the locale: "21%", "25,5 %", "8.1%". */
export function formatVatRate(rateBp: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(
    rateBp / 10_000,
  );
}

/** How many messages the bundle's credits pay for (whole messages). */
export function messagesFor(credits: number, messageCredits: number): number | undefined {
  return messageCredits > 0 ? Math.floor(credits / messageCredits) : undefined;
}
