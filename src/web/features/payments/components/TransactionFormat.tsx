import { useTranslation } from 'react-i18next';
import type { PaymentMethodName } from '../../../../shared/payment-methods';
import { PAYMENT_METHODS } from '../../../../shared/rules';
import type { Payment } from '../../../../shared/schemas/payments';
import { MethodMark } from './MethodMark';

/**
 * Brand names of payment methods: the same in every language, so they are not in the translation catalogs. The
 * generic methods (card, direct debit, bank transfer) are translated: `transactions:methods.*`.
 */
const BRANDS: Readonly<Record<string, string>> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  maestro: 'Maestro',
  cartebancaire: 'Carte Bancaire',
  dankort: 'Dankort',
  nexi: 'Nexi',
  postepay: 'PostePay',
  paypal: 'PayPal',
  applepay: 'Apple Pay',
  ideal: 'iDEAL',
  bancontact: 'Bancontact',
  eps: 'EPS',
  prezelewy24: 'Przelewy24',
  blik: 'BLIK',
  mobilepay: 'MobilePay',
  swish: 'Swish',
  twint: 'TWINT',
  satispay: 'Satispay',
  vipps: 'Vipps',
  paysafecard: 'paysafecard',
  giropay: 'giropay',
  sofort: 'SOFORT',
};
const TRANSLATED = new Set(['creditcard', 'sdd', 'sct']);
const CARDS = new Set([
  'creditcard',
  'visa',
  'mastercard',
  'maestro',
  'cartebancaire',
  'dankort',
  'nexi',
  'postepay',
]);

/** A Bootstrap icon for a payment method. */
export function methodIcon(method: string): string {
  if (CARDS.has(method)) return 'credit-card-2-front';
  if (method === 'paypal') return 'paypal';
  if (method === 'applepay') return 'apple';
  if (method === 'sdd' || method === 'sct') return 'bank';
  if (method === 'paysafecard') return 'wallet2';
  return 'phone';
}

/** The display name of a payment method by the spec's name (e.g. ideal → iDEAL, sdd → Direct debit). */
export function useMethodName(): (method: string) => string {
  const { t } = useTranslation('transactions');
  return (method) => {
    if (TRANSLATED.has(method)) return t(`methods.${method}`);
    return BRANDS[method] ?? t('methods.unknown');
  };
}

/** Formats integer minor units of a currency for the current language, e.g. 995 EUR → "€ 9,95" in Dutch. */
export function useMoney(): (minor: number, currency: string) => string {
  const { i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? i18n.language;
  return (minor, currency) => {
    try {
      return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(minor / 100);
    } catch {
      return `${(minor / 100).toFixed(2)} ${currency}`;
    }
  };
}

/** Formats a timestamp as a date and time in the current language. */
export function useDateTime(): (iso: string) => string {
  const { i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? i18n.language;
  return (iso) => {
    const at = new Date(iso);
    if (Number.isNaN(at.getTime())) return iso;
    return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(at);
  };
}

const isMethodName = (method: string): method is PaymentMethodName =>
  (PAYMENT_METHODS as readonly string[]).includes(method);

/** The method of a payment: its mark (the one the checkout shows) or an icon, and its display name. */
export function TransactionMethod({ method, className }: { method: string; className?: string }) {
  const methodName = useMethodName();
  return (
    <span className={`transaction-method${className ? ` ${className}` : ''}`}>
      {isMethodName(method) ? (
        <MethodMark method={method} />
      ) : (
        <i className={`bi bi-${methodIcon(method)}`} aria-hidden="true" />
      )}
      <span>{methodName(method)}</span>
    </span>
  );
}

/** Statuses that can still change on their own (the page polls while it shows one). */
export const PROCESSING_STATUSES: readonly Payment['status'][] = ['open', 'pending', 'authorized'];
export const FAILED_STATUSES: readonly Payment['status'][] = ['failed', 'canceled', 'expired'];
export const REVERSED_STATUSES: readonly Payment['status'][] = ['refunded', 'charged_back'];

export const isProcessing = (p: Pick<Payment, 'status'>) => PROCESSING_STATUSES.includes(p.status);
