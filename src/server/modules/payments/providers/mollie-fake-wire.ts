/**
 * TEST SUPPORT ONLY: the wire-level parts of the Mollie fake (mollie-fake.ts): its throw-away TLS certificate, the
 * stored resources' types, Mollie's error shape, amounts, ids and request bodies. Never import from production code.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { ProviderPaymentStatus } from './provider';

/**
 * A self-signed certificate for 127.0.0.1/localhost, made for this fake only (EC P-256, valid until 2126). It guards
 * nothing: the key is public on purpose, and the client never verifies it (mollie-fake.ts says why).
 */
export const FAKE_TLS_KEY = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgHLfpF/JIqQ8e1iTB
oES4Mt1TgtpCD8DkHfzArdB4p8ahRANCAARZ0s/NVKCyEfZZ4qz7w+EGGNNbaDsk
hPz6+7hdCf6fCf9ihda2TnsKtYPs/vKXnDXekl5PPFgsBxSGnmZkSHl/
-----END PRIVATE KEY-----
`;
export const FAKE_TLS_CERT = `-----BEGIN CERTIFICATE-----
MIIBqDCCAU+gAwIBAgIUEv6Ov6dYUt0JcPWCHpPDXqFGZaIwCgYIKoZIzj0EAwIw
GzEZMBcGA1UEAwwQbW9sbGllLWZha2UudGVzdDAgFw0yNjExMjUwMTU1MDJaGA8y
MTI2MTEwMTAxNTUwMlowGzEZMBcGA1UEAwwQbW9sbGllLWZha2UudGVzdDBZMBMG
ByqGSM49AgEGCCqGSM49AwEHA0IABFnSz81UoLIR9lnirPvD4QYY01toOySE/Pr7
uF0J/p8J/2KF1rZOewq1g+z+8pecNd6SXk88WCwHFIaeZmRIeX+jbzBtMB0GA1Ud
DgQWBBTp3dfsusGcfTW2lIF4GYB9qCprADAfBgNVHSMEGDAWgBTp3dfsusGcfTW2
lIF4GYB9qCprADAPBgNVHRMBAf8EBTADAQH/MBoGA1UdEQQTMBGHBH8AAAGCCWxv
Y2FsaG9zdDAKBggqhkjOPQQDAgNHADBEAiBMJV28qbntOWwRkVTfnLxcDa9qx+OL
tpeUE5/BSG57fgIgQ31/VYgndc/ucA2iHSDYFKFpLp312DjOOogSWpjY2sE=
-----END CERTIFICATE-----
`;

/**
 * Lets this (test) process accept the fake's self-signed certificate, by setting NODE_TLS_REJECT_UNAUTHORIZED=0, the
 * only switch that reaches the Mollie client's private https.Agent. Returns a function that restores the previous
 * setting: call it in afterAll. Vitest runs each test file in its own process here (pool 'forks'), so it never leaks
 * into other files.
 */
export function allowFakeCertificate(): () => void {
  const previous = process.env.NODE_TLS_REJECT_UNAUTHORIZED;
  process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
  return () => {
    if (previous === undefined) delete process.env.NODE_TLS_REJECT_UNAUTHORIZED;
    else process.env.NODE_TLS_REJECT_UNAUTHORIZED = previous;
  };
}

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

/** A Mollie amount object (a type alias, so it fits the Json index signature). */
export type Amount = { currency: string; value: string };

/** Mollie's payment statuses: the ones the adapter maps (provider.ts). */
export type FakePaymentStatus = ProviderPaymentStatus;

/** What a test may change along with a payment's status (Mollie's own field names and shapes). */
export interface SetStatusExtra {
  /** the method the member chose on the checkout page (Mollie fills it in once a method is picked) */
  method?: string;
  amountRefunded?: Amount;
  amountChargedBack?: Amount;
}

export interface RecordedRequest {
  method: string;
  /** path without the query, e.g. /v2/payments/tr_abc */
  path: string;
  query: Record<string, string>;
  /** the parsed JSON body, or null */
  body: unknown;
  idempotencyKey: string | null;
  /** whether the Bearer token matched; the token itself is never recorded */
  authorized: boolean;
}

export interface MollieFake {
  /** the apiEndpoint to give the adapter, e.g. https://127.0.0.1:40123/v2/ */
  url: string;
  /** the only API key the fake accepts */
  apiKey: string;
  /** every request received, in order */
  requests: RecordedRequest[];
  /** moves a payment to `status` as Mollie would (timestamps, mandate for a paid first payment, links) */
  setStatus(id: string, status: FakePaymentStatus, extra?: SetStatusExtra): void;
  /**
   * Makes the next `times` requests (default 1) fail: with that HTTP status and a Mollie error body, or by never
   * answering ('hang'). `retryAfterSeconds` adds a Retry-After header (the client waits that long between retries).
   */
  failNext(failure: number | 'hang', options?: { times?: number; retryAfterSeconds?: number }): void;
  /** the fake's stored payment resource as it would be returned, or undefined */
  payment(id: string): Record<string, unknown> | undefined;
  /**
   * A chargeback on a paid payment, as a bank files it (default: the whole amount): listed by GET /v2/chargebacks and
   * embedded in the payment, and no webhook call (Mollie does not promise one). Returns its id (chb_...).
   */
  chargeback(paymentId: string, amount?: Amount): string;
  /** The chargeback is reversed (`reversedAt` set; no webhook call). */
  reverseChargeback(chargebackId: string): void;
  /** A refund moves on as Mollie's do (queued, pending, processing, refunded, or ends failed / canceled). */
  setRefundStatus(refundId: string, status: FakeRefundStatus): void;
  /**
   * The methods active on the fake's profile (all it knows by default): GET /v2/methods lists only these, and a payment
   * created with another method is refused with a 422 on `method`, as Mollie does.
   */
  setActiveMethods(ids: readonly string[]): void;
  /** POSTs `id=<payment id>` to the payment's webhookUrl as Mollie does; only loopback URLs. Returns the status. */
  sendWebhook(id: string): Promise<number>;
  close(): Promise<void>;
}

export interface StoredPayment {
  id: string;
  createdAt: string;
  amount: Amount;
  description: string;
  method: string | null;
  metadata: Json;
  status: FakePaymentStatus;
  expiresAt: string;
  sequenceType: 'oneoff' | 'first' | 'recurring';
  redirectUrl: string | null;
  webhookUrl: string | null;
  locale: string | null;
  customerId: string | null;
  mandateId: string | null;
  amountRefundedMinor: number;
  amountChargedBack: Amount | null;
  statusChangedAt: string | null;
  /** the payment's refunds (Create refund), oldest first */
  refunds: StoredRefund[];
  /** the payment's chargebacks (chargeback()), oldest first */
  chargebacks: StoredChargeback[];
}

/** Mollie's refund statuses. */
export type FakeRefundStatus = 'queued' | 'pending' | 'processing' | 'refunded' | 'failed' | 'canceled';

export interface StoredRefund {
  id: string;
  paymentId: string;
  amount: Amount;
  minor: number;
  status: FakeRefundStatus;
  description: string;
  metadata: Json;
  createdAt: string;
}

export interface StoredChargeback {
  id: string;
  paymentId: string;
  amount: Amount;
  minor: number;
  createdAt: string;
  reversedAt: string | null;
}

export interface StoredCustomer {
  id: string;
  name: string | null;
  email: string | null;
  metadata: Json;
  createdAt: string;
}

export interface StoredMandate {
  id: string;
  customerId: string;
  status: 'valid' | 'pending' | 'invalid';
  method: 'creditcard' | 'directdebit' | 'paypal';
  createdAt: string;
  /** set for mandates made through POST /v2/customers/{id}/mandates */
  created?: {
    consumerName: string;
    consumerAccount: string;
    consumerBic: string | null;
    mandateReference: string | null;
    signatureDate: string;
  };
}

/** Mollie's documented method ids the fake accepts in `method` (the Get payment method reference's list). */
export const KNOWN_METHODS = new Set([
  'alma',
  'applepay',
  'bacs',
  'bancomatpay',
  'bancontact',
  'banktransfer',
  'belfius',
  'billie',
  'bizum',
  'blik',
  'creditcard',
  'directdebit',
  'eps',
  'giftcard',
  'ideal',
  'in3',
  'kbc',
  'klarna',
  'mbway',
  'mobilepay',
  'multibanco',
  'mybank',
  'paybybank',
  'paypal',
  'paysafecard',
  'pointofsale',
  'przelewy24',
  'riverty',
  'satispay',
  'swish',
  'trustly',
  'twint',
  'vipps',
  'voucher',
]);

export const PROFILE_ID = 'pfl_QkEhN94Ba';
export const ORG_ID = 'org_12345678';
export const DOCS = 'https://docs.mollie.com';
export const HAL = 'application/hal+json';

export const TOKEN_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export function token(length = 10): string {
  const bytes = randomBytes(length);
  let out = '';
  for (const b of bytes) out += TOKEN_ALPHABET[b % TOKEN_ALPHABET.length];
  return out;
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function toJson(value: unknown): Json {
  if (
    value === null ||
    typeof value === 'boolean' ||
    typeof value === 'number' ||
    typeof value === 'string'
  ) {
    return value;
  }
  if (Array.isArray(value)) return value.map(toJson);
  if (isObject(value)) {
    const out: JsonObject = {};
    for (const [k, v] of Object.entries(value)) out[k] = toJson(v);
    return out;
  }
  return null;
}

export const AMOUNT_VALUE = /^(0|[1-9]\d*)\.\d{2}$/;
export function parseAmount(value: unknown): { amount: Amount; minor: number } | null {
  if (!isObject(value)) return null;
  const { currency, value: v } = value;
  if (typeof currency !== 'string' || !/^[A-Z]{3}$/.test(currency)) return null;
  if (typeof v !== 'string' || !AMOUNT_VALUE.test(v)) return null;
  return { amount: { currency, value: v }, minor: Number(v.replace('.', '')) };
}
export function minorToValue(minor: number): string {
  const digits = String(minor).padStart(3, '0');
  return `${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

export function mollieError(status: number, title: string, detail: string, field?: string): JsonObject {
  const body: JsonObject = {
    status,
    title,
    detail,
    _links: { documentation: { href: `${DOCS}/overview/handling-errors`, type: 'text/html' } },
  };
  if (field !== undefined) body.field = field;
  return body;
}

export const STATUS_TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized Request',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  410: 'Gone',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

export class HttpError extends Error {
  constructor(
    readonly status: number,
    detail: string,
    readonly field?: string,
  ) {
    super(detail);
  }
}

export function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

export function isLoopbackUrl(raw: string): boolean {
  try {
    const { hostname } = new URL(raw);
    return hostname === 'localhost' || hostname === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(hostname);
  } catch {
    return false;
  }
}
