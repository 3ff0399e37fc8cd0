/**
 * TEST SUPPORT ONLY: the Mollie fake's resources as Mollie's API answers them (mollie-fake.ts). Never import from
 * production code.
 */
import {
  DOCS,
  HAL,
  type JsonObject,
  minorToValue,
  ORG_ID,
  PROFILE_ID,
  parseAmount,
  type StoredChargeback,
  type StoredMandate,
  type StoredPayment,
  type StoredRefund,
} from './mollie-fake-wire';

/** A refund as Mollie answers it (Create refund, Get refund, or embedded in its payment). */
export function refundJson(origin: string, r: StoredRefund): JsonObject {
  const self = `${origin}/v2/payments/${r.paymentId}/refunds/${r.id}`;
  return {
    resource: 'refund',
    id: r.id,
    mode: 'test',
    amount: { ...r.amount },
    status: r.status,
    createdAt: r.createdAt,
    description: r.description,
    metadata: r.metadata,
    paymentId: r.paymentId,
    settlementAmount: { currency: r.amount.currency, value: `-${r.amount.value}` },
    _links: {
      self: { href: self, type: HAL },
      payment: { href: `${origin}/v2/payments/${r.paymentId}`, type: HAL },
      documentation: { href: `${DOCS}/reference/get-refund`, type: 'text/html' },
    },
  };
}

/** A chargeback as Mollie answers it (Get chargeback, List all chargebacks, or embedded in its payment). */
export function chargebackJson(origin: string, c: StoredChargeback): JsonObject {
  return {
    resource: 'chargeback',
    id: c.id,
    amount: { ...c.amount },
    settlementAmount: { currency: c.amount.currency, value: `-${c.amount.value}` },
    reason: null,
    paymentId: c.paymentId,
    createdAt: c.createdAt,
    reversedAt: c.reversedAt,
    _links: {
      self: { href: `${origin}/v2/payments/${c.paymentId}/chargebacks/${c.id}`, type: HAL },
      payment: { href: `${origin}/v2/payments/${c.paymentId}`, type: HAL },
      documentation: { href: `${DOCS}/reference/get-chargeback`, type: 'text/html' },
    },
  };
}
/**
 * A payment as Mollie answers it (Get payment), its links under `origin`; with `embed` (Get payment's `embed`
 * parameter: refunds, chargebacks) its refunds and chargebacks under `_embedded`, where it has any.
 */
export function paymentJson(
  origin: string,
  p: StoredPayment,
  embed: ReadonlySet<string> = new Set(),
): JsonObject {
  const self = `${origin}/v2/payments/${p.id}`;
  const links: JsonObject = {
    self: { href: self, type: HAL },
    dashboard: { href: `https://my.mollie.com/dashboard/${ORG_ID}/payments/${p.id}`, type: 'text/html' },
    documentation: { href: `${DOCS}/reference/get-payment`, type: 'text/html' },
  };
  // Mollie links the hosted checkout only while the payment can still be paid there; never for recurring ones.
  if (p.status === 'open' && p.sequenceType !== 'recurring') {
    links.checkout = { href: `${origin}/checkout/select-method/${p.id.slice(3)}`, type: 'text/html' };
  }
  if (p.customerId) links.customer = { href: `${origin}/v2/customers/${p.customerId}`, type: HAL };
  if (p.mandateId && p.customerId) {
    links.mandate = { href: `${origin}/v2/customers/${p.customerId}/mandates/${p.mandateId}`, type: HAL };
  }
  if (p.amountRefundedMinor > 0 || p.refunds.length > 0)
    links.refunds = { href: `${self}/refunds`, type: HAL };
  if (p.chargebacks.length > 0) links.chargebacks = { href: `${self}/chargebacks`, type: HAL };
  const body: JsonObject = {
    resource: 'payment',
    id: p.id,
    mode: 'test',
    createdAt: p.createdAt,
    amount: { ...p.amount },
    description: p.description,
    method: p.method,
    metadata: p.metadata,
    status: p.status,
    isCancelable: p.status === 'open' && p.method === 'banktransfer',
    profileId: PROFILE_ID,
    sequenceType: p.sequenceType,
    redirectUrl: p.redirectUrl,
    webhookUrl: p.webhookUrl,
    _links: links,
  };
  if (p.locale) body.locale = p.locale;
  if (p.customerId) body.customerId = p.customerId;
  if (p.mandateId) body.mandateId = p.mandateId;
  if (p.status === 'open' || p.status === 'pending') body.expiresAt = p.expiresAt;
  const at = p.statusChangedAt ?? p.createdAt;
  if (p.status === 'paid') {
    body.paidAt = at;
    body.amountRefunded = { currency: p.amount.currency, value: minorToValue(p.amountRefundedMinor) };
    const remaining = parseAmount(p.amount)?.minor ?? 0;
    body.amountRemaining = {
      currency: p.amount.currency,
      value: minorToValue(Math.max(0, remaining - p.amountRefundedMinor)),
    };
    body.settlementAmount = { ...p.amount };
  }
  if (p.status === 'authorized') body.authorizedAt = at;
  if (p.status === 'canceled') body.canceledAt = at;
  if (p.status === 'expired') body.expiredAt = at;
  if (p.status === 'failed') body.failedAt = at;
  if (p.amountChargedBack) body.amountChargedBack = { ...p.amountChargedBack };
  const embedded: JsonObject = {};
  if (embed.has('refunds') && p.refunds.length > 0)
    embedded.refunds = p.refunds.map((r) => refundJson(origin, r));
  if (embed.has('chargebacks') && p.chargebacks.length > 0)
    embedded.chargebacks = p.chargebacks.map((c) => chargebackJson(origin, c));
  if (Object.keys(embedded).length > 0) body._embedded = embedded;
  return body;
}

/** A mandate as Mollie answers it (Get mandate, or Create mandate for one made through the API). */
export function mandateJson(origin: string, m: StoredMandate): JsonObject {
  // A mandate made through the API answers what was sent (the shape of Mollie's "Create mandate" answer for a
  // directdebit mandate); one made by a first payment answers the test details of its method.
  const made = m.created;
  const details: JsonObject = made
    ? {
        consumerName: made.consumerName,
        consumerAccount: made.consumerAccount,
        consumerBic: made.consumerBic,
      }
    : m.method === 'creditcard'
      ? {
          cardHolder: 'T. TEST',
          cardNumber: '6787',
          cardLabel: 'Mastercard',
          cardFingerprint: 'fHB3CCKx9REkz8fPplT8N4nq',
          cardExpiryDate: '2030-12-31',
        }
      : m.method === 'paypal'
        ? { consumerName: 'T. TEST', consumerAccount: 'test@example.com' }
        : { consumerName: 'T. TEST', consumerAccount: 'NL55INGB0000000000', consumerBic: 'INGBNL2A' };
  return {
    resource: 'mandate',
    id: m.id,
    mode: 'test',
    status: m.status,
    method: m.method,
    details,
    mandateReference: made ? made.mandateReference : `FAKE-${m.id.slice(4)}`,
    signatureDate: made ? made.signatureDate : m.createdAt.slice(0, 10),
    createdAt: m.createdAt,
    _links: {
      self: { href: `${origin}/v2/customers/${m.customerId}/mandates/${m.id}`, type: HAL },
      customer: { href: `${origin}/v2/customers/${m.customerId}`, type: HAL },
      documentation: {
        href: `${DOCS}/reference/${made ? 'create-mandate' : 'get-mandate'}`,
        type: 'text/html',
      },
    },
  };
}
