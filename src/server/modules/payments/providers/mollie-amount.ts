/**
 * Exact conversion between our amounts (integer minor units + ISO 4217 currency) and Mollie's amount objects
 * (`{ currency: 'EUR', value: '10.00' }`, the value a string with exactly the currency's number of decimals).
 * Pure string arithmetic: no floating point anywhere.
 */

/** A Mollie amount object as the API sends and receives it. */
export interface MollieAmount {
  currency: string;
  value: string;
}

/**
 * The currencies our countries use, with their number of decimals (ISO 4217 minor units). All have 2; a currency
 * with another exponent (JPY: 0) would only need its entry here.
 */
export const MOLLIE_CURRENCY_DECIMALS: Readonly<Record<string, number>> = {
  EUR: 2,
  GBP: 2,
  USD: 2,
  CAD: 2,
  AUD: 2,
  NZD: 2,
  PLN: 2,
  DKK: 2,
  SEK: 2,
  NOK: 2,
  CHF: 2,
};

function decimalsOf(currency: string): number {
  const decimals = Object.hasOwn(MOLLIE_CURRENCY_DECIMALS, currency)
    ? MOLLIE_CURRENCY_DECIMALS[currency]
    : undefined;
  if (decimals === undefined) throw new Error(`unsupported currency: ${JSON.stringify(currency)}`);
  return decimals;
}

/** `1050, 'EUR'` → `{ currency: 'EUR', value: '10.50' }`. Rejects non-integer, negative or unsafe amounts. */
export function toMollieAmount(minor: number, currency: string): MollieAmount {
  const decimals = decimalsOf(currency);
  if (!Number.isSafeInteger(minor) || minor < 0) {
    throw new Error(`invalid amount in minor units: ${String(minor)}`);
  }
  if (decimals === 0) return { currency, value: String(minor) };
  const digits = String(minor).padStart(decimals + 1, '0');
  return { currency, value: `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}` };
}

/**
 * `{ currency: 'EUR', value: '10.50' }` → `{ amountMinor: 1050, currency: 'EUR' }`. The value must have exactly the
 * currency's number of decimals and no sign, exponent, spaces or leading zeros, as Mollie writes it.
 */
export function fromMollieAmount(amount: unknown): { amountMinor: number; currency: string } {
  if (typeof amount !== 'object' || amount === null) throw new Error('invalid Mollie amount: not an object');
  const currency: unknown = Reflect.get(amount, 'currency');
  const value: unknown = Reflect.get(amount, 'value');
  if (typeof currency !== 'string') throw new Error('invalid Mollie amount: no currency');
  const decimals = decimalsOf(currency);
  const pattern = decimals === 0 ? /^(0|[1-9]\d*)$/ : new RegExp(`^(0|[1-9]\\d*)\\.\\d{${decimals}}$`);
  if (typeof value !== 'string' || !pattern.test(value)) {
    throw new Error(`invalid Mollie amount value: ${JSON.stringify(value)}`);
  }
  const amountMinor = Number(value.replace('.', ''));
  if (!Number.isSafeInteger(amountMinor)) throw new Error(`Mollie amount out of range: ${value}`);
  return { amountMinor, currency };
}
