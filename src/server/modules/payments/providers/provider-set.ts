import type { PaymentProvider } from './provider';

/**
 * The payment providers this instance has (the general one, and Verotel FlexPay for the adult niches' sites when
 * configured). Work on a stored payment (a refund, a withdrawal's refund) must go to the provider that took it
 * (payments.provider), not to the one the site would use today.
 */
export type PaymentProviders = PaymentProvider | readonly PaymentProvider[];

/** The provider named `name` among `providers`, or undefined when this instance does not have it. */
export function providerNamed(providers: PaymentProviders, name: string): PaymentProvider | undefined {
  const list: readonly PaymentProvider[] = Array.isArray(providers)
    ? providers
    : [providers as PaymentProvider];
  return list.find((p) => p.name === name);
}

/** The providers of an app: the general one first, then the optional ones that are configured. */
export function providerList(...providers: (PaymentProvider | undefined)[]): readonly PaymentProvider[] {
  return providers.filter((p): p is PaymentProvider => p !== undefined);
}
