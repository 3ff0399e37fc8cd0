/**
 * The Mollie adapter (issue 10): our PaymentProvider over the official client @mollie/api-client (v4).
 *
 * - Amounts cross the boundary through mollie-amount.ts (exact string conversion, no floating point).
 * - Errors: 404 → ProviderNotFoundError; 5xx, 429, network errors, unreadable answers and our own timeout →
 *   ProviderUnavailableError (the caller leaves the payment for the re-check job); any other 4xx → a plain Error with
 *   Mollie's title and detail. No message ever carries the API key.
 * - Timeout: every call is bounded (default 10 s), so a hanging Mollie never hangs a webhook. The client itself offers
 *   no abort: a timed-out request is abandoned (its socket closes when Mollie or the OS gives up), not cancelled.
 *   The client retries a 5xx answer itself (3 attempts, 2 s apart or as Retry-After says, with an idempotency key on
 *   POSTs), all inside our budget.
 * - `apiEndpoint` (default https://api.mollie.com/v2/) points the client elsewhere; tests use mollie-fake.ts. The client
 *   only speaks HTTPS (its https.Agent pins its own CA bundle), so the endpoint must be https.
 */
import {
  type Chargeback,
  createMollieClient,
  type Mandate,
  MandateMethod,
  SequenceType as MollieSequenceType,
  type Payment,
  type PaymentCreateParams,
  PaymentEmbed,
  PaymentMethod,
  type Refund,
  RefundStatus,
} from '@mollie/api-client';
import { fromMollieAmount, toMollieAmount } from './mollie-amount';
import { mollieLocale } from './mollie-locale';
import {
  type CreateMandateInput,
  type CreatePaymentInput,
  type ListMethodsInput,
  type PaymentProvider,
  type ProviderChargeback,
  type ProviderMandate,
  ProviderMethodInactiveError,
  ProviderNotFoundError,
  type ProviderPayment,
  type ProviderPaymentStatus,
  ProviderUnavailableError,
  type SequenceType,
} from './provider';

/**
 * The Mollie method ids this adapter offers: the ones the spec's methods map onto (src/shared/payment-methods.ts),
 * each listed in Mollie's API reference (Get payment method / Create payment, `method` possible values).
 *
 * Not offered:
 * - giropay: the scheme stopped; Mollie took new giropay payments only until 30 June 2024 (help.mollie.com, "Giropay
 *   deprecation"); the scheme itself closed on 31 December 2024. The client lists it as a HistoricPaymentMethod.
 * - sofort: Klarna retired SOFORT as a separate method; Mollie processed it until 30 September 2024
 *   (help.mollie.com, "SOFORT wird eingestellt"). Also a HistoricPaymentMethod in the client.
 * - visa, mastercard, maestro, cartebancaire, dankort, nexi, postepay: card brands (and Italian card schemes), not
 *   Mollie methods; they are paid through `creditcard`.
 * - sdd / sct are the spec's names for Mollie's `directdebit` / `banktransfer`; prezelewy24 (spec spelling) is
 *   `przelewy24`.
 */
export const MOLLIE_METHODS = [
  'creditcard',
  'paypal',
  'applepay',
  'directdebit',
  'banktransfer',
  'ideal',
  'bancontact',
  'eps',
  'przelewy24',
  'blik',
  'paysafecard',
  'twint',
  'satispay',
  'mobilepay',
  'vipps',
  'swish',
] as const;

export interface MollieProviderOptions {
  apiKey: string;
  /** the Mollie API root; default https://api.mollie.com/v2/ (tests: the fake's URL) */
  apiEndpoint?: string | undefined;
  /** the budget of one call, retries included; default 10 000 ms */
  timeoutMs?: number | undefined;
}

const DEFAULT_TIMEOUT_MS = 10_000;

const PAYMENT_STATUSES: ReadonlySet<string> = new Set<ProviderPaymentStatus>([
  'open',
  'pending',
  'authorized',
  'paid',
  'failed',
  'canceled',
  'expired',
]);
const MANDATE_STATUSES: ReadonlySet<string> = new Set<ProviderMandate['status']>([
  'valid',
  'pending',
  'invalid',
]);

function isPaymentStatus(value: string): value is ProviderPaymentStatus {
  return PAYMENT_STATUSES.has(value);
}
function isMandateStatus(value: string): value is ProviderMandate['status'] {
  return MANDATE_STATUSES.has(value);
}

function toMollieMethod(method: string): PaymentMethod {
  const found = Object.values(PaymentMethod).find((m) => m === method);
  if (found === undefined) throw new Error(`unknown Mollie payment method: ${method}`);
  return found;
}
function toMollieSequenceType(sequenceType: SequenceType): MollieSequenceType {
  const found = Object.values(MollieSequenceType).find((s) => s === sequenceType);
  if (found === undefined) throw new Error(`unknown sequence type: ${sequenceType}`);
  return found;
}
function toSequenceType(value: unknown): SequenceType {
  return value === 'first' || value === 'recurring' ? value : 'oneoff';
}

/** Mollie returns metadata as it was sent; we always send a flat string record. Anything else is read leniently. */
function toMetadata(value: unknown): Record<string, string> {
  let source: unknown = value;
  if (typeof source === 'string') {
    try {
      source = JSON.parse(source);
    } catch {
      return {};
    }
  }
  if (typeof source !== 'object' || source === null || Array.isArray(source)) return {};
  const out: Record<string, string> = {};
  for (const [key, v] of Object.entries(source)) {
    if (typeof v === 'string') out[key] = v;
    else if (typeof v === 'number' || typeof v === 'boolean') out[key] = String(v);
  }
  return out;
}

/** An optional Mollie amount in the payment's currency, in minor units (absent → 0). */
function optionalMinor(amount: unknown, currency: string): number {
  if (amount === undefined || amount === null) return 0;
  const parsed = fromMollieAmount(amount);
  if (parsed.currency !== currency)
    throw new Error(`Mollie amount in ${parsed.currency}, payment in ${currency}`);
  return parsed.amountMinor;
}

/** Refund statuses after which the money stays with us: Mollie's `failed` (the bank sent it back) and `canceled`. */
const UNDONE_REFUND_STATUSES: ReadonlySet<string> = new Set<string>([
  RefundStatus.failed,
  RefundStatus.canceled,
]);

/**
 * What is refunded and charged back now, read from the payment's embedded refunds and chargebacks (Get payment with
 * `embed=refunds,chargebacks`): a refund that ended failed or canceled and a reversed chargeback (`reversedAt`) no
 * longer count, and their ids are reported so the credits they took are given back. Mollie's own `amountRefunded` /
 * `amountChargedBack` are read only when the payment embeds none (created payments, which are never embedded): the
 * documentation does not say whether they go down again.
 */
function reversalsOf(payment: Payment, currency: string) {
  const refunds = payment._embedded?.refunds ?? [];
  const chargebacks = payment._embedded?.chargebacks ?? [];
  const undoneReversalIds: string[] = [];
  let amountRefundedMinor = optionalMinor(payment.amountRefunded, currency);
  if (refunds.length > 0) {
    amountRefundedMinor = 0;
    for (const refund of refunds) {
      if (UNDONE_REFUND_STATUSES.has(refund.status)) undoneReversalIds.push(refund.id);
      else amountRefundedMinor += optionalMinor(refund.amount, currency);
    }
  }
  let amountChargedBackMinor = optionalMinor(payment.amountChargedBack, currency);
  if (chargebacks.length > 0) {
    amountChargedBackMinor = 0;
    for (const chargeback of chargebacks) {
      if (optionalDate(chargeback.reversedAt) !== null) undoneReversalIds.push(chargeback.id);
      else amountChargedBackMinor += optionalMinor(chargeback.amount, currency);
    }
  }
  return { amountRefundedMinor, amountChargedBackMinor, undoneReversalIds };
}

function toProviderChargeback(chargeback: Chargeback): ProviderChargeback {
  const { amountMinor, currency } = fromMollieAmount(chargeback.amount);
  const createdAt = optionalDate(chargeback.createdAt);
  if (createdAt === null) throw new Error(`Mollie chargeback ${chargeback.id} without createdAt`);
  return {
    id: chargeback.id,
    paymentId: chargeback.paymentId,
    amountMinor,
    currency,
    createdAt,
    reversedAt: optionalDate(chargeback.reversedAt),
  };
}

function toProviderPayment(payment: Payment): ProviderPayment {
  const status: string = payment.status;
  if (!isPaymentStatus(status)) throw new Error(`unknown Mollie payment status: ${status}`);
  const { amountMinor, currency } = fromMollieAmount(payment.amount);
  const reversals = reversalsOf(payment, currency);
  return {
    id: payment.id,
    status,
    amountMinor,
    currency,
    method: payment.method ?? null,
    metadata: toMetadata(payment.metadata),
    checkoutUrl: payment._links.checkout?.href ?? null,
    customerId: payment.customerId ?? null,
    mandateId: payment.mandateId ?? null,
    sequenceType: toSequenceType(payment.sequenceType),
    amountRefundedMinor: reversals.amountRefundedMinor,
    amountChargedBackMinor: reversals.amountChargedBackMinor,
    undoneReversalIds: reversals.undoneReversalIds,
    expiresAt: optionalDate(payment.expiresAt),
  };
}

/** An ISO 8601 time of Mollie's (absent once it no longer applies), or null when absent or unreadable. */
function optionalDate(value: unknown): Date | null {
  if (typeof value !== 'string') return null;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? null : at;
}

function toProviderMandate(mandate: Mandate): ProviderMandate {
  const status: string = mandate.status;
  if (!isMandateStatus(status)) throw new Error(`unknown Mollie mandate status: ${status}`);
  return { id: mandate.id, status, method: mandate.method };
}

function readProperty(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null ? Reflect.get(value, key) : undefined;
}

/** A timeout of ours, told apart from the client's errors. */
class MollieTimeoutError extends Error {}

export function createMollieProvider(opts: MollieProviderOptions): PaymentProvider {
  const { apiKey } = opts;
  if (!apiKey) throw new Error('createMollieProvider: apiKey is required');
  if (opts.apiEndpoint !== undefined && new URL(opts.apiEndpoint).protocol !== 'https:') {
    // The client would fail every call ("Protocol "http:" not supported"): say so once, at start.
    throw new Error(
      'createMollieProvider: apiEndpoint must be an https:// URL (the Mollie client only speaks HTTPS)',
    );
  }
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const client = createMollieClient(
    opts.apiEndpoint === undefined ? { apiKey } : { apiKey, apiEndpoint: opts.apiEndpoint },
  );

  const redact = (text: string): string => text.split(apiKey).join('[redacted]');

  /** Mollie's error → ours (see the module comment). `what` names the resource for a 404. */
  function translate(error: unknown, what: string): Error {
    if (error instanceof MollieTimeoutError) {
      return new ProviderUnavailableError(`Mollie did not answer within ${timeoutMs} ms (${what})`);
    }
    const rawMessage = readProperty(error, 'message');
    const message = redact(typeof rawMessage === 'string' ? rawMessage : String(error));
    // Keep the original as `cause` only when it cannot carry the key.
    const cause = typeof rawMessage === 'string' && !rawMessage.includes(apiKey) ? error : undefined;
    const isApiError = readProperty(error, 'name') === 'ApiError';
    if (!isApiError) {
      // Not from the client's HTTP layer (e.g. an unexpected response shape): keep it, without the key.
      if (error instanceof Error && !error.message.includes(apiKey)) return error;
      return new Error(`Mollie adapter: ${message}`);
    }
    const status = readProperty(error, 'statusCode');
    if (typeof status !== 'number') {
      // The client's own failures: network errors, a body that is not JSON (a proxy's HTML 502), ...
      return new ProviderUnavailableError(`Mollie unreachable (${what}): ${message}`, { cause });
    }
    // 410: Mollie's answer for a resource that existed and is gone (a revoked mandate, a deleted customer).
    if (status === 404 || status === 410) return new ProviderNotFoundError(`${what} not found at Mollie`);
    if (status >= 500 || status === 429) {
      return new ProviderUnavailableError(`Mollie answered ${status} (${what}): ${message}`, { cause });
    }
    const title = readProperty(error, 'title');
    const field = readProperty(error, 'field');
    // 422 on `method`: the method is not switched on for the profile (or not for this amount or currency). Nothing
    // was made; the member chooses another method.
    if (status === 422 && field === 'method')
      return new ProviderMethodInactiveError(`Mollie refused the method (${what}): ${message}`);
    return new Error(
      `Mollie rejected the request (${status}${typeof title === 'string' ? ` ${redact(title)}` : ''}): ${message}` +
        (typeof field === 'string' ? ` [field: ${redact(field)}]` : ''),
    );
  }

  /** Runs one client call within the time budget, translating its errors. */
  async function call<T>(what: string, run: () => Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new MollieTimeoutError()), timeoutMs);
    });
    try {
      return await Promise.race([run(), timeout]);
    } catch (error) {
      throw translate(error, what);
    } finally {
      clearTimeout(timer);
    }
  }

  const supportedMethods: ReadonlySet<string> = new Set(MOLLIE_METHODS);

  return {
    name: 'mollie',
    supportedMethods,

    async createPayment(input: CreatePaymentInput): Promise<ProviderPayment> {
      if (input.method !== undefined && !supportedMethods.has(input.method)) {
        throw new Error(`the Mollie adapter does not offer method ${input.method}`);
      }
      const sequenceType = input.sequenceType ?? 'oneoff';
      if (sequenceType !== 'oneoff' && !input.customerId) {
        throw new Error(`a ${sequenceType} payment needs a customerId`);
      }
      const params: PaymentCreateParams = {
        amount: toMollieAmount(input.amountMinor, input.currency),
        description: input.description,
        webhookUrl: input.webhookUrl,
        metadata: input.metadata,
        sequenceType: toMollieSequenceType(sequenceType),
      };
      // Mollie needs no redirect for a recurring payment: the member is not present.
      if (sequenceType !== 'recurring') params.redirectUrl = input.redirectUrl;
      if (input.method !== undefined) params.method = toMollieMethod(input.method);
      // The member's language in their country (nl + BE → nl_BE); unknown ones are left out (Mollie then follows the
      // browser), as Mollie would refuse them with a 422.
      const locale = mollieLocale(input.locale, input.country);
      if (locale !== undefined) params.locale = locale;
      if (input.customerId) params.customerId = input.customerId;
      if (input.mandateId) params.mandateId = input.mandateId;
      const payment = await call('payment', () => client.payments.create(params));
      return toProviderPayment(payment);
    },

    async listMethods(input: ListMethodsInput): Promise<string[]> {
      // GET /v2/methods: the methods active on the profile for this amount (without it Mollie lists EUR methods only),
      // the member's country (MobilePay: DK and FI) and sequence type. Apple Pay is a wallet, listed only when asked.
      const locale = mollieLocale(input.locale, input.billingCountry);
      const methods = await call('methods', () =>
        client.methods.list({
          amount: toMollieAmount(input.amountMinor, input.currency),
          billingCountry: input.billingCountry,
          sequenceType: toMollieSequenceType(input.sequenceType),
          includeWallets: 'applepay',
          ...(locale === undefined ? {} : { locale }),
        }),
      );
      return methods.map((m) => m.id as string).filter((id) => supportedMethods.has(id));
    },

    async getPayment(id: string): Promise<ProviderPayment> {
      // The client refuses ids of the wrong shape without asking Mollie; such an id is simply unknown.
      if (!id.startsWith('tr_')) throw new ProviderNotFoundError(`payment ${id} not found at Mollie`);
      // With its refunds and chargebacks, so a failed refund or a reversed chargeback is seen (reversalsOf).
      const payment = await call(`payment ${id}`, () =>
        client.payments.get(id, { embed: [PaymentEmbed.refunds, PaymentEmbed.chargebacks] }),
      );
      return toProviderPayment(payment);
    },

    async createCustomer(input): Promise<{ id: string }> {
      const customer = await call('customer', () =>
        client.customers.create({ name: input.name, email: input.email, metadata: input.metadata }),
      );
      return { id: customer.id };
    },

    async listMandates(customerId: string): Promise<ProviderMandate[]> {
      if (!customerId.startsWith('cst_'))
        throw new ProviderNotFoundError(`customer ${customerId} not found at Mollie`);
      // One page of the maximum size (250): a member has a handful of mandates at most.
      const page = await call(`customer ${customerId}`, () =>
        client.customerMandates.page({ customerId, limit: 250 }),
      );
      return page.map(toProviderMandate);
    },

    async createMandate(input: CreateMandateInput): Promise<ProviderMandate> {
      if (!input.customerId.startsWith('cst_'))
        throw new ProviderNotFoundError(`customer ${input.customerId} not found at Mollie`);
      // POST /v2/customers/{id}/mandates. Mollie answers the mandate with the full account in `details`: only the id,
      // status and method leave this adapter.
      const mandate = await call(`customer ${input.customerId}`, () =>
        client.customerMandates.create({
          customerId: input.customerId,
          method: MandateMethod.directdebit,
          consumerName: input.consumerName,
          consumerAccount: input.consumerAccount,
          signatureDate: input.signatureDate,
          mandateReference: input.mandateReference,
        }),
      );
      return toProviderMandate(mandate);
    },

    async revokeMandate(customerId: string, mandateId: string): Promise<void> {
      if (!customerId.startsWith('cst_') || !mandateId.startsWith('mdt_')) return;
      // DELETE /v2/customers/{customerId}/mandates/{id}: 204; a mandate already gone answers 404 or 410.
      try {
        await call(`mandate ${mandateId}`, () => client.customerMandates.revoke(mandateId, { customerId }));
      } catch (err) {
        if (!(err instanceof ProviderNotFoundError)) throw err;
      }
    },

    async listChargebacks({ from, limit }) {
      // GET /v2/chargebacks: the profile's chargebacks, newest first; `from` is the id the previous page's `next`
      // link named (the client reads it into nextPageCursor).
      const page = await call('chargebacks', () =>
        client.chargebacks.page(from === undefined ? { limit } : { from, limit }),
      );
      return { chargebacks: page.map(toProviderChargeback), nextFrom: page.nextPageCursor ?? null };
    },

    async createRefund(paymentId, input) {
      if (!paymentId.startsWith('tr_'))
        throw new ProviderNotFoundError(`payment ${paymentId} not found at Mollie`);
      const refund: Refund = await call(`payment ${paymentId}`, () =>
        client.paymentRefunds.create({
          paymentId,
          amount: toMollieAmount(input.amountMinor, input.currency),
          description: input.description,
        }),
      );
      const { amountMinor } = fromMollieAmount(refund.amount);
      return { id: refund.id, amountMinor, status: refund.status };
    },
  };
}
