/**
 * One interface for every payment provider (issue 10): the built-in test provider (the embedded default) and Mollie
 * (on when MOLLIE_API_KEY is set). Amounts are integer minor units in an ISO 4217 currency; the provider's own
 * representation (Mollie: "10.00" strings) never leaves the adapter. Statuses are Mollie's vocabulary, which the
 * test provider speaks too.
 */

/** A provider payment's status. Forward-only in our books: see payments.policy. */
export type ProviderPaymentStatus =
  | 'open'
  | 'pending'
  | 'authorized'
  | 'paid'
  | 'failed'
  | 'canceled'
  | 'expired';

/** How a payment relates to a mandate: a normal one, the first of a mandate (customer present), or a repeat. */
export type SequenceType = 'oneoff' | 'first' | 'recurring';

export interface CreatePaymentInput {
  amountMinor: number;
  currency: string;
  description: string;
  /** the provider's method id (see payment-methods.ts), or undefined to let the member choose on the provider page */
  method?: string | undefined;
  /** where the member returns after the provider's page */
  redirectUrl: string;
  /** where the provider reports status changes (receives only the id) */
  webhookUrl: string;
  /** our own references, echoed back by getPayment */
  metadata: Record<string, string>;
  /**
   * The member's language, one of our 11 (`nl`, `de`, ...): the provider's page is shown in it. The adapter turns it
   * into the provider's form with `country` (Mollie: nl + BE → nl_BE, see mollie-locale.ts).
   */
  locale?: string | undefined;
  /** The member's country (ISO 3166-1 alpha-2, the profile's): the region of the page's language. */
  country?: string | undefined;
  sequenceType?: SequenceType | undefined;
  /** the provider's customer id; required for 'first' and 'recurring' */
  customerId?: string | undefined;
  /** the mandate to charge; for 'recurring' (else the provider picks the customer's valid mandate) */
  mandateId?: string | undefined;
}

export interface ProviderPayment {
  id: string;
  status: ProviderPaymentStatus;
  amountMinor: number;
  currency: string;
  /** the provider's method id actually used, when known */
  method: string | null;
  metadata: Record<string, string>;
  /** the provider's hosted checkout page; null once the payment is no longer open, and for recurring payments */
  checkoutUrl: string | null;
  customerId: string | null;
  /** set on a paid 'first' payment (and recurring ones): the mandate it created or used */
  mandateId: string | null;
  sequenceType: SequenceType;
  /** refunded so far, minor units */
  amountRefundedMinor: number;
  /** charged back so far, minor units; a reversed chargeback no longer counts */
  amountChargedBackMinor: number;
  /**
   * The money that came back to us after all: the ids of the payment's chargebacks that were reversed and of its
   * refunds that ended failed or canceled (their amounts are left out of the two amounts above). Never shrinks for a
   * payment; empty where the provider does not say. The credits they took are given back once (apply-payment.ts).
   */
  undoneReversalIds: string[];
  /**
   * when the payment expires unless completed (an abandoned checkout; Mollie's `expiresAt`, method-specific); null
   * once it can no longer expire (paid, ended) and where the provider does not say
   */
  expiresAt: Date | null;
}

export interface ProviderMandate {
  id: string;
  /** Mollie: valid | pending | invalid */
  status: 'valid' | 'pending' | 'invalid';
  /** the provider's method id: creditcard, directdebit, paypal */
  method: string;
}

/** A SEPA direct-debit mandate to register for a customer (the member authorised it with the SMS code). */
export interface CreateMandateInput {
  customerId: string;
  /** the account holder's name */
  consumerName: string;
  /** the IBAN in electronic form; passed on, never stored by us */
  consumerAccount: string;
  /** YYYY-MM-DD: when the member authorised it */
  signatureDate: string;
  /** our unique mandate reference (banks may refuse a debit whose reference is not unique) */
  mandateReference: string;
}

export interface ProviderRefund {
  id: string;
  amountMinor: number;
  /** Mollie: queued | pending | processing | refunded | failed | canceled */
  status: string;
}

/** A chargeback as the provider lists it (Mollie's List all chargebacks, newest first). */
export interface ProviderChargeback {
  id: string;
  paymentId: string;
  amountMinor: number;
  currency: string;
  createdAt: Date;
  /** set once the chargeback was reversed (the money came back) */
  reversedAt: Date | null;
}

/** One page of chargebacks, newest first; `nextFrom` names where the next (older) page starts, null at the end. */
export interface ProviderChargebackPage {
  chargebacks: ProviderChargeback[];
  nextFrom: string | null;
}

/** What to ask the provider for the methods it takes now (Mollie's List payment methods, GET /v2/methods). */
export interface ListMethodsInput {
  amountMinor: number;
  currency: string;
  /** the member's language (one of our 11); the provider sorts and names its methods in it */
  locale?: string | undefined;
  /** the member's country (ISO 3166-1 alpha-2): some methods are only for some countries (MobilePay: DK, FI) */
  billingCountry: string;
  /** the sequence type the payment will be made with ('first' lists only methods that can start a mandate) */
  sequenceType: SequenceType;
}

/**
 * The provider refused a payment because its method is not active for it now (Mollie: 422 on the field `method`:
 * not switched on for the profile, or not for this amount or currency). Nothing was made, so nothing is charged.
 */
export class ProviderMethodInactiveError extends Error {
  constructor(message = 'the payment method is not active at the provider') {
    super(message);
    this.name = 'ProviderMethodInactiveError';
  }
}

/** A failure talking to the provider (network, timeout, 5xx): the caller leaves the payment for the re-check job. */
export class ProviderUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ProviderUnavailableError';
  }
}

/** The provider does not know this id (404): nothing to do. */
export class ProviderNotFoundError extends Error {
  constructor(message = 'payment not found at the provider') {
    super(message);
    this.name = 'ProviderNotFoundError';
  }
}

export interface PaymentProvider {
  /** 'test' | 'mollie': stored on each payment */
  readonly name: string;
  /** the provider's method ids it can offer (payment-methods.ts maps the spec's names onto these) */
  readonly supportedMethods: ReadonlySet<string>;
  /** false for a provider without customers and mandates (Verotel FlexPay purchases): every payment is one-off */
  readonly mandates?: false;
  createPayment(input: CreatePaymentInput): Promise<ProviderPayment>;
  /**
   * The provider's method ids that are switched on now for this amount, currency, country and sequence type (a subset
   * of supportedMethods). The caller caches them (active-methods.ts).
   */
  listMethods(input: ListMethodsInput): Promise<string[]>;
  getPayment(id: string): Promise<ProviderPayment>;
  /** a customer to hold mandates (for repeat orders) */
  createCustomer(input: {
    name: string;
    email: string;
    metadata: Record<string, string>;
  }): Promise<{ id: string }>;
  listMandates(customerId: string): Promise<ProviderMandate[]>;
  /** registers a direct-debit mandate (method directdebit) for the customer; its payments are `recurring` */
  createMandate(input: CreateMandateInput): Promise<ProviderMandate>;
  /**
   * Revokes a mandate: no payment can be made on it any more, and the provider lets go of the account (a direct
   * debit whose first payment was refused). A mandate the provider no longer knows counts as revoked.
   */
  revokeMandate(customerId: string, mandateId: string): Promise<void>;
  /**
   * Lists the account's chargebacks, newest first, `limit` per page, from `from` (an id a previous page named) on.
   * Only providers that can be charged back without calling the webhook have it (Mollie); the chargeback scan
   * (chargeback-scan.ts) uses it.
   */
  listChargebacks?(input: { from?: string | undefined; limit: number }): Promise<ProviderChargebackPage>;
  createRefund(
    paymentId: string,
    input: { amountMinor: number; currency: string; description: string },
  ): Promise<ProviderRefund>;
}
