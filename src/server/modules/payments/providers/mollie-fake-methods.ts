/**
 * TEST SUPPORT ONLY: the Mollie fake's payment methods (Mollie's Methods API, GET /v2/methods), for mollie-fake.ts.
 *
 * What each method takes follows Mollie's documentation (docs.mollie.com "Multicurrency" and each method's page):
 * paysafecard takes EUR, CHF, GBP, NOK, PLN, RON and SEK (not DKK); Blik only PLN, TWINT only CHF, Swish only SEK;
 * MobilePay needs a Danish or Finnish customer. A method is listed only when it is active on the fake's profile
 * (`setActiveMethods`; all by default), takes the amount's currency and amount, is open to the billing country, and
 * can be used for the sequence type asked ('first': starts a mandate; 'recurring': charges one). Apple Pay is a
 * wallet: listed only with includeWallets=applepay. Without an amount Mollie lists the EUR methods only.
 */
import { DOCS, HAL, HttpError, type JsonObject, minorToValue, parseAmount } from './mollie-fake-wire';

interface FakeMethod {
  description: string;
  currencies: readonly string[] | 'any';
  /** billing countries it is open to; 'any' when Mollie does not restrict it */
  countries: readonly string[] | 'any';
  /** can be the first payment of a mandate */
  first: boolean;
  /** can charge a mandate (recurring) */
  recurring: boolean;
  minimumMinor: number;
  /** null: no method-specific maximum */
  maximumMinor: number | null;
  /** listed for sequenceType oneoff (directdebit is only made on a mandate) */
  oneoff: boolean;
}

const CARD_CURRENCIES = [
  'AED',
  'AUD',
  'BGN',
  'CAD',
  'CHF',
  'CZK',
  'DKK',
  'EUR',
  'GBP',
  'HKD',
  'HUF',
  'ILS',
  'ISK',
  'JPY',
  'NOK',
  'NZD',
  'PLN',
  'RON',
  'SEK',
  'SGD',
  'USD',
  'ZAR',
] as const;
const PAYPAL_CURRENCIES = [...CARD_CURRENCIES, 'BRL', 'MXN', 'MYR', 'PHP', 'TWD'] as const;

const method = (
  description: string,
  currencies: FakeMethod['currencies'],
  extra: Partial<Omit<FakeMethod, 'description' | 'currencies'>> = {},
): FakeMethod => ({
  description,
  currencies,
  countries: 'any',
  first: false,
  recurring: false,
  minimumMinor: 1,
  maximumMinor: null,
  oneoff: true,
  ...extra,
});

export const FAKE_METHODS: Readonly<Record<string, FakeMethod>> = {
  creditcard: method('Card', CARD_CURRENCIES, { first: true, recurring: true }),
  applepay: method('Apple Pay', CARD_CURRENCIES, { first: true }),
  paypal: method('PayPal', PAYPAL_CURRENCIES, { first: true, recurring: true }),
  ideal: method('iDEAL', ['EUR'], { first: true, maximumMinor: 5_000_000 }),
  bancontact: method('Bancontact', ['EUR'], { first: true, minimumMinor: 2 }),
  eps: method('eps', ['EUR'], { first: true, minimumMinor: 100 }),
  banktransfer: method('Bank transfer', ['EUR']),
  directdebit: method('SEPA Direct Debit', ['EUR'], { recurring: true, oneoff: false }),
  przelewy24: method('Przelewy24', ['PLN', 'EUR']),
  blik: method('BLIK', ['PLN'], { minimumMinor: 100 }),
  paysafecard: method('paysafecard', ['EUR', 'CHF', 'GBP', 'NOK', 'PLN', 'RON', 'SEK'], {
    maximumMinor: 100_000,
  }),
  twint: method('TWINT', ['CHF']),
  satispay: method('Satispay', ['EUR']),
  mobilepay: method('MobilePay', ['DKK', 'EUR'], { countries: ['DK', 'FI'] }),
  vipps: method('Vipps', ['NOK'], { countries: ['NO'] }),
  swish: method('Swish', ['SEK'], { countries: ['SE'] }),
};

/** Whether `id` may be paid with `currency` (the create call's check). */
export function methodTakes(id: string, currency: string): boolean {
  const m = FAKE_METHODS[id];
  return m !== undefined && (m.currencies === 'any' || m.currencies.includes(currency));
}

/**
 * GET /v2/methods for the profile's `active` methods. Query as the client sends it: amount[value], amount[currency],
 * billingCountry, sequenceType, locale, includeWallets.
 */
export function listMethodsJson(
  origin: string,
  active: ReadonlySet<string>,
  query: Record<string, string>,
): JsonObject {
  const hasAmount = query['amount[value]'] !== undefined || query['amount[currency]'] !== undefined;
  const amount = hasAmount
    ? parseAmount({ value: query['amount[value]'], currency: query['amount[currency]'] })
    : null;
  if (hasAmount && !amount) throw new HttpError(400, 'The amount is invalid', 'amount');
  const currency = amount?.amount.currency ?? 'EUR';
  const sequenceType = query.sequenceType ?? 'oneoff';
  if (!['oneoff', 'first', 'recurring'].includes(sequenceType))
    throw new HttpError(400, 'The sequence type is invalid', 'sequenceType');
  const billingCountry = query.billingCountry;
  if (billingCountry !== undefined && !/^[A-Z]{2}$/.test(billingCountry))
    throw new HttpError(400, 'The billing country is invalid', 'billingCountry');
  const wallets = new Set((query.includeWallets ?? '').split(',').filter(Boolean));

  const listed = Object.entries(FAKE_METHODS).filter(([id, m]) => {
    if (!active.has(id)) return false;
    if (id === 'applepay' && !wallets.has('applepay')) return false;
    if (m.currencies !== 'any' && !m.currencies.includes(currency)) return false;
    if (billingCountry !== undefined && m.countries !== 'any' && !m.countries.includes(billingCountry))
      return false;
    if (sequenceType === 'first' && !m.first) return false;
    if (sequenceType === 'recurring' && !m.recurring) return false;
    if (sequenceType === 'oneoff' && !m.oneoff) return false;
    if (
      amount &&
      (amount.minor < m.minimumMinor || (m.maximumMinor !== null && amount.minor > m.maximumMinor))
    )
      return false;
    return true;
  });
  const limit = (minor: number) => ({ value: minorToValue(minor), currency });
  return {
    count: listed.length,
    _embedded: {
      methods: listed.map(([id, m]) => ({
        resource: 'method',
        id,
        description: m.description,
        minimumAmount: limit(m.minimumMinor),
        maximumAmount: m.maximumMinor === null ? null : limit(m.maximumMinor),
        image: {
          size1x: `https://www.mollie.com/external/icons/payment-methods/${id}.png`,
          size2x: `https://www.mollie.com/external/icons/payment-methods/${id}%402x.png`,
          svg: `https://www.mollie.com/external/icons/payment-methods/${id}.svg`,
        },
        status: 'activated',
        _links: {
          self: { href: `${origin}/v2/methods/${id}`, type: HAL },
        },
      })),
    },
    _links: {
      self: { href: `${origin}/v2/methods`, type: HAL },
      documentation: { href: `${DOCS}/reference/list-methods`, type: 'text/html' },
    },
  };
}
