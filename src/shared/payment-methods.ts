import type { PAYMENT_METHODS } from './rules';

/** A payment method by the spec's name (rules.ts PAYMENT_METHODS). */
export type PaymentMethodName = (typeof PAYMENT_METHODS)[number];

export interface PaymentMethodInfo {
  /** the provider's method id it is paid with (Mollie's vocabulary; the test provider speaks it too) */
  providerMethod: string;
  /** countries where it is offered; 'all' for every served country */
  countries: readonly string[] | 'all';
  /** currencies it can be paid in */
  currencies: readonly string[];
  /** can create a mandate for repeat orders (card, PayPal, direct debit) */
  recurring: boolean;
  /**
   * Not offered by any provider any more, with the reason (kept in the table so the spec's name is accounted for):
   * such a method is never shown.
   */
  retired?: string;
}

const EUR = ['EUR'] as const;
const CARD_CURRENCIES = [
  'EUR',
  'GBP',
  'USD',
  'CAD',
  'AUD',
  'NZD',
  'PLN',
  'DKK',
  'SEK',
  'NOK',
  'CHF',
] as const;
const EURO_COUNTRIES = ['NL', 'BE', 'DE', 'AT', 'FR', 'IT', 'ES', 'IE', 'FI'] as const;

/**
 * The spec's 25 method names, mapped onto provider methods with the countries where each is offered (issue 10).
 * Card brands (visa, mastercard, maestro, cartebancaire, dankort, nexi, postepay) are paid through the provider's
 * card method; the brand decides only which mark is shown. A method whose provider method the configured provider
 * does not support is not offered either (payments.service availableMethods). See docs/payments.md.
 */
export const PAYMENT_METHOD_TABLE: Readonly<Record<PaymentMethodName, PaymentMethodInfo>> = {
  creditcard: {
    providerMethod: 'creditcard',
    countries: 'all',
    currencies: CARD_CURRENCIES,
    recurring: true,
  },
  visa: { providerMethod: 'creditcard', countries: 'all', currencies: CARD_CURRENCIES, recurring: true },
  mastercard: {
    providerMethod: 'creditcard',
    countries: 'all',
    currencies: CARD_CURRENCIES,
    recurring: true,
  },
  maestro: {
    providerMethod: 'creditcard',
    countries: [...EURO_COUNTRIES, 'GB'],
    currencies: ['EUR', 'GBP'],
    recurring: true,
  },
  cartebancaire: { providerMethod: 'creditcard', countries: ['FR'], currencies: EUR, recurring: true },
  dankort: { providerMethod: 'creditcard', countries: ['DK'], currencies: ['DKK'], recurring: true },
  nexi: { providerMethod: 'creditcard', countries: ['IT'], currencies: EUR, recurring: true },
  postepay: { providerMethod: 'creditcard', countries: ['IT'], currencies: EUR, recurring: true },
  paypal: { providerMethod: 'paypal', countries: 'all', currencies: CARD_CURRENCIES, recurring: true },
  applepay: { providerMethod: 'applepay', countries: 'all', currencies: CARD_CURRENCIES, recurring: false },
  sdd: { providerMethod: 'directdebit', countries: EURO_COUNTRIES, currencies: EUR, recurring: true },
  sct: { providerMethod: 'banktransfer', countries: EURO_COUNTRIES, currencies: EUR, recurring: false },
  ideal: { providerMethod: 'ideal', countries: ['NL'], currencies: EUR, recurring: false },
  bancontact: { providerMethod: 'bancontact', countries: ['BE'], currencies: EUR, recurring: false },
  eps: { providerMethod: 'eps', countries: ['AT'], currencies: EUR, recurring: false },
  prezelewy24: {
    providerMethod: 'przelewy24',
    countries: ['PL'],
    currencies: ['PLN', 'EUR'],
    recurring: false,
  },
  blik: { providerMethod: 'blik', countries: ['PL'], currencies: ['PLN'], recurring: false },
  paysafecard: {
    providerMethod: 'paysafecard',
    countries: [...EURO_COUNTRIES, 'GB', 'CH', 'PL', 'DK', 'SE', 'NO'],
    // Mollie's paysafecard currencies (docs.mollie.com "paysafecard"): not DKK, USD, CAD, AUD or NZD, so members
    // in Denmark (priced in DKK) are not offered it.
    currencies: ['EUR', 'CHF', 'GBP', 'NOK', 'PLN', 'SEK'],
    recurring: false,
  },
  twint: { providerMethod: 'twint', countries: ['CH'], currencies: ['CHF'], recurring: false },
  satispay: { providerMethod: 'satispay', countries: ['IT'], currencies: EUR, recurring: false },
  mobilepay: {
    providerMethod: 'mobilepay',
    countries: ['DK', 'FI'],
    currencies: ['DKK', 'EUR'],
    recurring: false,
  },
  vipps: { providerMethod: 'vipps', countries: ['NO'], currencies: ['NOK'], recurring: false },
  swish: { providerMethod: 'swish', countries: ['SE'], currencies: ['SEK'], recurring: false },
  giropay: {
    providerMethod: 'giropay',
    countries: ['DE'],
    currencies: EUR,
    recurring: false,
    retired: 'The giropay scheme stopped at the end of 2024; payment providers no longer offer it.',
  },
  sofort: {
    providerMethod: 'sofort',
    countries: ['DE', 'AT', 'BE', 'NL', 'IT', 'ES'],
    currencies: EUR,
    recurring: false,
    retired:
      'Klarna retired SOFORT as a separate method in 2024 (merged into Pay now); providers dropped it.',
  },
};

/**
 * The spec's methods offered in `country` for `currency` by a provider supporting `providerMethods`, in the order of
 * the table (cards first), without retired ones.
 */
export function methodsFor(
  country: string,
  currency: string,
  providerMethods: ReadonlySet<string>,
): PaymentMethodName[] {
  return (Object.entries(PAYMENT_METHOD_TABLE) as [PaymentMethodName, PaymentMethodInfo][])
    .filter(
      ([, m]) =>
        !m.retired &&
        providerMethods.has(m.providerMethod) &&
        m.currencies.includes(currency) &&
        (m.countries === 'all' || m.countries.includes(country)),
    )
    .map(([name]) => name);
}

/** The provider methods the table pays with (retired ones left out): a provider supporting all offers every name. */
export const TABLE_PROVIDER_METHODS: ReadonlySet<string> = new Set(
  Object.values(PAYMENT_METHOD_TABLE)
    .filter((m) => !m.retired)
    .map((m) => m.providerMethod),
);
