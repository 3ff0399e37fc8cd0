import { PAYMENT_METHOD_TABLE, type PaymentMethodName } from '../../../shared/payment-methods';

// How the checkout lists the payment methods: a country's own first, and which carry a line of explanation.

/** Methods with a line of explanation under their name (payments:method_hint.*). */
const HINTED = ['sdd', 'sct', 'applepay', 'paysafecard'] as const;
type HintedMethod = (typeof HINTED)[number];
export const hasHint = (m: PaymentMethodName): m is HintedMethod => (HINTED as readonly string[]).includes(m);

/**
 * A country's own method (iDEAL in NL, Bancontact in BE, BLIK in PL, TWINT in CH …) is what most members there
 * use: it comes first, the others keep the server's order (cards first).
 */
function isLocal(method: PaymentMethodName): boolean {
  const info = PAYMENT_METHOD_TABLE[method];
  return info.countries !== 'all' && info.countries.length <= 2 && info.providerMethod !== 'creditcard';
}
export function orderMethods(methods: readonly PaymentMethodName[]): PaymentMethodName[] {
  return [...methods.filter(isLocal), ...methods.filter((m) => !isLocal(m))];
}
