/**
 * TEST SUPPORT ONLY: a local stand-in for Mollie's v2 API, answering exactly the calls the Mollie adapter makes
 * (create/get payment, list methods (mollie-fake-methods.ts), create customer, create, list and revoke a customer's
 * mandates, create a refund) with the response and error
 * shapes of Mollie's API documentation. State lives in memory; nothing here reaches the network beyond 127.0.0.1.
 *
 * Why HTTPS: @mollie/api-client 4.x sends every request through an `https.Agent` pinned to its own bundled CA list,
 * whatever `apiEndpoint` says: an `http://` endpoint fails ("Protocol "http:" not supported") and no self-signed
 * certificate is trusted. So the fake serves TLS with a throw-away certificate (mollie-fake-wire.ts), and a test process that talks
 * to it turns certificate verification off for itself with `allowFakeCertificate()` (see mollie-provider.test.ts).
 * The wire-level parts (certificate, stored types, errors, amounts) are in mollie-fake-wire.ts, the resources' JSON
 * in mollie-fake-json.ts. Never import this module from production code.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:https';
import type { Socket } from 'node:net';
import { electronicFormatIBAN, isValidIBAN } from 'ibantools';
import { chargebackJson, mandateJson, paymentJson, refundJson } from './mollie-fake-json';
import { FAKE_METHODS, listMethodsJson } from './mollie-fake-methods';
import {
  DOCS,
  FAKE_TLS_CERT,
  FAKE_TLS_KEY,
  type FakePaymentStatus,
  type FakeRefundStatus,
  HAL,
  HttpError,
  isLoopbackUrl,
  isObject,
  type JsonObject,
  KNOWN_METHODS,
  type MollieFake,
  minorToValue,
  mollieError,
  ORG_ID,
  parseAmount,
  type RecordedRequest,
  readBody,
  type SetStatusExtra,
  STATUS_TITLES,
  type StoredChargeback,
  type StoredCustomer,
  type StoredMandate,
  type StoredPayment,
  toJson,
  token,
} from './mollie-fake-wire';

export type {
  FakePaymentStatus,
  FakeRefundStatus,
  MollieFake,
  RecordedRequest,
  SetStatusExtra,
} from './mollie-fake-wire';
export { allowFakeCertificate, FAKE_TLS_CERT, FAKE_TLS_KEY } from './mollie-fake-wire';

/** Starts the fake on 127.0.0.1 on a free port. */
export async function startMollieFake(): Promise<MollieFake> {
  const apiKey = `test_${token(30)}`;
  const payments = new Map<string, StoredPayment>();
  const customers = new Map<string, StoredCustomer>();
  const mandates = new Map<string, StoredMandate>();
  /** every chargeback, in the order they were filed */
  const chargebacks: StoredChargeback[] = [];
  const idempotent = new Map<string, { status: number; body: JsonObject }>();
  const requests: RecordedRequest[] = [];
  const failures: { failure: number | 'hang'; retryAfterSeconds: number | undefined }[] = [];
  const sockets = new Set<Socket>();
  /** the profile's active methods (setActiveMethods) */
  let activeMethods: ReadonlySet<string> = new Set(Object.keys(FAKE_METHODS));
  let origin = '';

  const nowIso = (): string => new Date().toISOString().replace(/\.\d{3}Z$/, '+00:00');

  function requireString(body: Record<string, unknown>, field: string, detail: string): string {
    const value = body[field];
    if (typeof value !== 'string' || value.trim() === '') throw new HttpError(422, detail, field);
    return value;
  }
  function optionalString(body: Record<string, unknown>, field: string): string | null {
    const value = body[field];
    if (value === undefined || value === null) return null;
    if (typeof value !== 'string') throw new HttpError(422, `The ${field} is invalid`, field);
    return value;
  }

  function createPayment(body: Record<string, unknown>): JsonObject {
    const parsed = parseAmount(body.amount);
    if (!parsed) throw new HttpError(422, 'The amount contains an invalid value', 'amount');
    const description = requireString(body, 'description', 'The description is invalid');
    const sequenceType = body.sequenceType ?? 'oneoff';
    if (sequenceType !== 'oneoff' && sequenceType !== 'first' && sequenceType !== 'recurring') {
      throw new HttpError(422, 'The sequence type is invalid', 'sequenceType');
    }
    const redirectUrl = optionalString(body, 'redirectUrl');
    if (sequenceType !== 'recurring' && !redirectUrl) {
      throw new HttpError(422, 'The redirect URL is required', 'redirectUrl');
    }
    const webhookUrl = optionalString(body, 'webhookUrl');
    let method = optionalString(body, 'method');
    if (method !== null && !KNOWN_METHODS.has(method)) {
      throw new HttpError(422, 'The payment method is invalid', 'method');
    }
    if (method !== null && sequenceType !== 'recurring' && !activeMethods.has(method)) {
      throw new HttpError(422, 'The payment method is not active in your website profile.', 'method');
    }
    const metadata = toJson(body.metadata ?? null);
    if (JSON.stringify(metadata).length > 1024) {
      throw new HttpError(422, 'The metadata is too large, it may not exceed 1024 bytes', 'metadata');
    }
    const customerId = optionalString(body, 'customerId');
    if (customerId !== null && !customers.has(customerId)) {
      throw new HttpError(422, 'The customer id is invalid', 'customerId');
    }
    if (sequenceType !== 'oneoff' && customerId === null) {
      throw new HttpError(422, 'A customer is required for first and recurring payments', 'customerId');
    }
    let mandateId = optionalString(body, 'mandateId');
    let status: FakePaymentStatus = 'open';
    if (sequenceType === 'recurring') {
      const mandate =
        mandateId !== null
          ? mandates.get(mandateId)
          : [...mandates.values()].find((m) => m.customerId === customerId && m.status === 'valid');
      if (!mandate || mandate.customerId !== customerId || mandate.status !== 'valid') {
        throw new HttpError(
          422,
          'The customer does not have a valid mandate',
          mandateId ? 'mandateId' : 'customerId',
        );
      }
      mandateId = mandate.id;
      method = mandate.method;
      status = 'pending';
    } else if (mandateId !== null) {
      throw new HttpError(422, 'A mandate can only be used for recurring payments', 'mandateId');
    }
    const created = new Date();
    const payment: StoredPayment = {
      id: `tr_${token()}`,
      createdAt: created.toISOString().replace(/\.\d{3}Z$/, '+00:00'),
      amount: parsed.amount,
      description,
      method,
      metadata,
      status,
      expiresAt: new Date(created.getTime() + 15 * 60_000).toISOString().replace(/\.\d{3}Z$/, '+00:00'),
      sequenceType,
      redirectUrl: sequenceType === 'recurring' ? null : redirectUrl,
      webhookUrl,
      locale: optionalString(body, 'locale'),
      customerId,
      mandateId,
      amountRefundedMinor: 0,
      amountChargedBack: null,
      statusChangedAt: null,
      refunds: [],
      chargebacks: [],
    };
    payments.set(payment.id, payment);
    return paymentJson(origin, payment);
  }

  function createCustomer(body: Record<string, unknown>): JsonObject {
    const customer: StoredCustomer = {
      id: `cst_${token()}`,
      name: optionalString(body, 'name'),
      email: optionalString(body, 'email'),
      metadata: toJson(body.metadata ?? null),
      createdAt: nowIso(),
    };
    customers.set(customer.id, customer);
    return {
      resource: 'customer',
      id: customer.id,
      mode: 'test',
      name: customer.name,
      email: customer.email,
      locale: null,
      metadata: customer.metadata,
      createdAt: customer.createdAt,
      _links: {
        self: { href: `${origin}/v2/customers/${customer.id}`, type: HAL },
        dashboard: {
          href: `https://my.mollie.com/dashboard/${ORG_ID}/customers/${customer.id}`,
          type: 'text/html',
        },
        documentation: { href: `${DOCS}/reference/create-customer`, type: 'text/html' },
      },
    };
  }

  function listMandates(customerId: string, query: Record<string, string>): JsonObject {
    if (!customers.has(customerId)) throw new HttpError(404, `No customer exists with token ${customerId}.`);
    const limit = Math.min(250, Math.max(1, Number(query.limit ?? 50) || 50));
    const list = [...mandates.values()].filter((m) => m.customerId === customerId).slice(0, limit);
    const self = `${origin}/v2/customers/${customerId}/mandates?limit=${limit}`;
    return {
      count: list.length,
      _embedded: { mandates: list.map((m) => mandateJson(origin, m)) },
      _links: {
        self: { href: self, type: HAL },
        previous: null,
        next: null,
        documentation: { href: `${DOCS}/reference/list-mandates`, type: 'text/html' },
      },
    };
  }

  /**
   * DELETE /v2/customers/{id}/mandates/{mandateId} (Mollie's "Revoke mandate"): 204, and the mandate is gone from the
   * customer's list; an unknown customer or mandate is 404.
   */
  function revokeMandate(customerId: string, mandateId: string): void {
    if (!customers.has(customerId)) throw new HttpError(404, `No customer exists with token ${customerId}.`);
    const mandate = mandates.get(mandateId);
    if (!mandate || mandate.customerId !== customerId)
      throw new HttpError(404, `No mandate exists with token ${mandateId}.`);
    mandates.delete(mandateId);
  }

  /**
   * POST /v2/customers/{id}/mandates (Mollie's "Create mandate"): method directdebit (paypal needs a billing agreement
   * the fake does not model), consumerName and consumerAccount (a valid IBAN) required, signatureDate YYYY-MM-DD and
   * not in the future, mandateReference optional. A directdebit mandate made this way is valid at once.
   */
  function createMandate(customerId: string, body: Record<string, unknown>): JsonObject {
    if (!customers.has(customerId)) throw new HttpError(404, `No customer exists with token ${customerId}.`);
    if (body.method !== 'directdebit') throw new HttpError(422, 'The payment method is invalid', 'method');
    const consumerName = requireString(body, 'consumerName', 'The consumer name is invalid');
    const account = electronicFormatIBAN(
      requireString(body, 'consumerAccount', 'The consumer account is invalid'),
    );
    if (!account || !isValidIBAN(account))
      throw new HttpError(422, 'The consumer account is invalid', 'consumerAccount');
    const today = nowIso().slice(0, 10);
    const signatureDate = optionalString(body, 'signatureDate') ?? today;
    if (!/^\d{4}-\d{2}-\d{2}$/.test(signatureDate) || signatureDate > today)
      throw new HttpError(422, 'The signature date is invalid', 'signatureDate');
    const mandateReference = optionalString(body, 'mandateReference');
    if (mandateReference !== null && !/^[A-Za-z0-9 +?/:().,'-]{1,35}$/.test(mandateReference))
      throw new HttpError(422, 'The mandate reference is invalid', 'mandateReference');
    const mandate: StoredMandate = {
      id: `mdt_${token()}`,
      customerId,
      status: 'valid',
      method: 'directdebit',
      createdAt: nowIso(),
      created: {
        consumerName,
        consumerAccount: account,
        // Mollie fills in the BIC it knows for the bank; Dutch bank codes make the usual NL BIC.
        consumerBic: account.startsWith('NL') ? `${account.slice(4, 8)}NL2A` : null,
        mandateReference,
        signatureDate,
      },
    };
    mandates.set(mandate.id, mandate);
    return mandateJson(origin, mandate);
  }

  function createRefund(paymentId: string, body: Record<string, unknown>): JsonObject {
    const payment = payments.get(paymentId);
    if (!payment) throw new HttpError(404, `No payment exists with token ${paymentId}.`);
    const parsed = parseAmount(body.amount);
    if (!parsed || parsed.amount.currency !== payment.amount.currency) {
      throw new HttpError(422, 'The amount contains an invalid value', 'amount');
    }
    if (payment.status !== 'paid') throw new HttpError(422, 'The payment cannot be refunded', 'amount');
    const total = parseAmount(payment.amount)?.minor ?? 0;
    if (parsed.minor <= 0 || payment.amountRefundedMinor + parsed.minor > total) {
      throw new HttpError(422, 'The amount is higher than the amount that can be refunded', 'amount');
    }
    payment.amountRefundedMinor += parsed.minor;
    const refund = {
      id: `re_${token()}`,
      paymentId,
      amount: parsed.amount,
      minor: parsed.minor,
      status: 'pending' as const,
      description: optionalString(body, 'description') ?? '',
      metadata: toJson(body.metadata ?? null),
      createdAt: nowIso(),
    };
    payment.refunds.push(refund);
    return refundJson(origin, refund);
  }

  /**
   * GET /v2/chargebacks (Mollie's "List all chargebacks"): newest first unless `sort=asc`, `limit` 1..250 (default
   * 50), `from` the id to start with (that item included); `_links.next` names the next page's `from`; embed=payment
   * is not modelled.
   */
  function listChargebacks(query: Record<string, string>): JsonObject {
    const limit = query.limit === undefined ? 50 : Number(query.limit);
    if (!Number.isInteger(limit) || limit < 1 || limit > 250)
      throw new HttpError(400, 'The limit is invalid', 'limit');
    const ordered = query.sort === 'asc' ? [...chargebacks] : [...chargebacks].reverse();
    let start = 0;
    if (query.from !== undefined) {
      start = ordered.findIndex((c) => c.id === query.from);
      if (start < 0) throw new HttpError(400, `Invalid from: no chargeback exists with token ${query.from}.`);
    }
    const list = ordered.slice(start, start + limit);
    const next = ordered[start + limit];
    const link = (from: string | undefined) => {
      const params = new URLSearchParams({ limit: String(limit) });
      if (from !== undefined) params.set('from', from);
      if (query.sort === 'asc') params.set('sort', 'asc');
      return { href: `${origin}/v2/chargebacks?${params}`, type: HAL };
    };
    return {
      count: list.length,
      _embedded: { chargebacks: list.map((c) => chargebackJson(origin, c)) },
      _links: {
        self: link(query.from),
        previous: null,
        next: next ? link(next.id) : null,
        documentation: { href: `${DOCS}/reference/list-all-chargebacks`, type: 'text/html' },
      },
    };
  }

  function route(
    method: string,
    path: string,
    query: Record<string, string>,
    body: unknown,
  ): [number, JsonObject] {
    const segments = path.split('/').filter(Boolean);
    if (segments[0] !== 'v2') throw new HttpError(404, 'The resource does not exist');
    const [, resource, id, sub] = segments;
    const input = isObject(body) ? body : {};
    if (resource === 'payments' && id === undefined && method === 'POST') return [201, createPayment(input)];
    if (resource === 'payments' && id !== undefined && sub === undefined && method === 'GET') {
      const payment = payments.get(id);
      if (!payment) throw new HttpError(404, `No payment exists with token ${id}.`);
      return [200, paymentJson(origin, payment, new Set((query.embed ?? '').split(',')))];
    }
    if (resource === 'methods' && id === undefined && method === 'GET')
      return [200, listMethodsJson(origin, activeMethods, query)];
    if (resource === 'chargebacks' && id === undefined && method === 'GET')
      return [200, listChargebacks(query)];
    if (resource === 'payments' && id !== undefined && sub === 'refunds' && method === 'POST') {
      return [201, createRefund(id, input)];
    }
    if (resource === 'customers' && id === undefined && method === 'POST')
      return [201, createCustomer(input)];
    if (resource === 'customers' && id !== undefined && sub === 'mandates' && method === 'GET') {
      return [200, listMandates(id, query)];
    }
    if (resource === 'customers' && id !== undefined && sub === 'mandates' && method === 'POST') {
      return [201, createMandate(id, input)];
    }
    const mandateId = segments[4];
    if (
      resource === 'customers' &&
      id !== undefined &&
      sub === 'mandates' &&
      mandateId &&
      method === 'DELETE'
    ) {
      revokeMandate(id, mandateId);
      return [204, {}];
    }
    throw new HttpError(404, 'The resource does not exist');
  }

  function send(
    res: ServerResponse,
    status: number,
    body: JsonObject,
    headers: Record<string, string> = {},
  ): void {
    if (status === 204) {
      res.writeHead(204, headers);
      res.end();
      return;
    }
    const text = JSON.stringify(body);
    res.writeHead(status, { 'Content-Type': HAL, 'Content-Length': Buffer.byteLength(text), ...headers });
    res.end(text);
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', origin);
    const method = req.method ?? 'GET';
    const raw = await readBody(req);
    let body: unknown = null;
    let malformed = false;
    if (raw.length > 0) {
      try {
        body = JSON.parse(raw);
      } catch {
        malformed = true;
      }
    }
    const idempotencyHeader = req.headers['idempotency-key'];
    const idempotencyKey = typeof idempotencyHeader === 'string' ? idempotencyHeader : null;
    const authorized = req.headers.authorization === `Bearer ${apiKey}`;
    requests.push({
      method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      body,
      idempotencyKey,
      authorized,
    });

    const failure = failures.shift();
    if (failure) {
      if (failure.failure === 'hang') return; // never answered; close() destroys the socket
      const status = failure.failure;
      const headers: Record<string, string> =
        failure.retryAfterSeconds === undefined ? {} : { 'Retry-After': String(failure.retryAfterSeconds) };
      send(res, status, mollieError(status, STATUS_TITLES[status] ?? 'Error', 'Simulated failure'), headers);
      return;
    }
    if (!authorized) {
      send(res, 401, {
        status: 401,
        title: 'Unauthorized Request',
        detail: 'Missing authentication, or failed to authenticate',
        _links: { documentation: { href: `${DOCS}/overview/authentication`, type: 'text/html' } },
      });
      return;
    }
    if (malformed) {
      send(res, 400, mollieError(400, 'Bad Request', 'The JSON body is invalid'));
      return;
    }
    const cacheKey = method === 'POST' && idempotencyKey ? `${url.pathname} ${idempotencyKey}` : null;
    const cached = cacheKey ? idempotent.get(cacheKey) : undefined;
    if (cached) {
      send(res, cached.status, cached.body);
      return;
    }
    try {
      const [status, out] = route(method, url.pathname, Object.fromEntries(url.searchParams), body);
      if (cacheKey) idempotent.set(cacheKey, { status, body: out });
      send(res, status, out);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      send(
        res,
        error.status,
        mollieError(error.status, STATUS_TITLES[error.status] ?? 'Error', error.message, error.field),
      );
    }
  }

  const server = createServer({ key: FAKE_TLS_KEY, cert: FAKE_TLS_CERT }, (req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) {
        send(
          res,
          500,
          mollieError(500, 'Internal Server Error', error instanceof Error ? error.message : 'error'),
        );
      }
    });
  });
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  server.on('secureConnection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the Mollie fake has no port');
  origin = `https://127.0.0.1:${address.port}`;

  function setStatus(id: string, status: FakePaymentStatus, extra: SetStatusExtra = {}): void {
    const payment = payments.get(id);
    if (!payment) throw new Error(`the Mollie fake has no payment ${id}`);
    payment.status = status;
    payment.statusChangedAt = nowIso();
    if (extra.method !== undefined) payment.method = extra.method;
    if (status === 'paid' && payment.method === null) payment.method = 'creditcard';
    if (extra.amountRefunded) {
      const parsed = parseAmount(extra.amountRefunded);
      if (!parsed) throw new Error('setStatus: invalid amountRefunded');
      payment.amountRefundedMinor = parsed.minor;
    }
    if (extra.amountChargedBack) {
      if (!parseAmount(extra.amountChargedBack)) throw new Error('setStatus: invalid amountChargedBack');
      payment.amountChargedBack = { ...extra.amountChargedBack };
    }
    // A paid first payment leaves the customer a mandate: a card one for cards, PayPal for PayPal, and a SEPA
    // direct debit one for the bank methods (iDEAL, Bancontact, EPS, ...).
    if (status === 'paid' && payment.sequenceType === 'first' && payment.customerId && !payment.mandateId) {
      const mandate: StoredMandate = {
        id: `mdt_${token()}`,
        customerId: payment.customerId,
        status: 'valid',
        method:
          payment.method === 'creditcard' || payment.method === 'applepay'
            ? 'creditcard'
            : payment.method === 'paypal'
              ? 'paypal'
              : 'directdebit',
        createdAt: nowIso(),
      };
      mandates.set(mandate.id, mandate);
      payment.mandateId = mandate.id;
    }
  }

  return {
    url: `${origin}/v2/`,
    apiKey,
    requests,
    setStatus,
    setActiveMethods(ids) {
      activeMethods = new Set(ids);
    },
    failNext(failure, options = {}) {
      const times = options.times ?? 1;
      for (let i = 0; i < times; i++)
        failures.push({ failure, retryAfterSeconds: options.retryAfterSeconds });
    },
    payment(id) {
      const payment = payments.get(id);
      return payment ? structuredClone(paymentJson(origin, payment)) : undefined;
    },
    chargeback(paymentId, amount) {
      const payment = payments.get(paymentId);
      if (!payment) throw new Error(`the Mollie fake has no payment ${paymentId}`);
      if (payment.status !== 'paid') throw new Error('only a paid payment can be charged back');
      const parsed = parseAmount(amount ?? payment.amount);
      if (!parsed || parsed.amount.currency !== payment.amount.currency)
        throw new Error('chargeback: invalid amount');
      const chargeback: StoredChargeback = {
        id: `chb_${token()}`,
        paymentId,
        amount: parsed.amount,
        minor: parsed.minor,
        createdAt: nowIso(),
        reversedAt: null,
      };
      chargebacks.push(chargeback);
      payment.chargebacks.push(chargeback);
      // The payment's total of chargebacks filed. Whether Mollie lowers it after a reversal is not documented: the
      // fake keeps it, so the adapter has to read the chargebacks themselves.
      const total = payment.chargebacks.reduce((sum, c) => sum + c.minor, 0);
      payment.amountChargedBack = { currency: payment.amount.currency, value: minorToValue(total) };
      return chargeback.id;
    },
    reverseChargeback(chargebackId) {
      const chargeback = chargebacks.find((c) => c.id === chargebackId);
      if (!chargeback) throw new Error(`the Mollie fake has no chargeback ${chargebackId}`);
      chargeback.reversedAt = nowIso();
    },
    setRefundStatus(refundId, status) {
      for (const payment of payments.values()) {
        const refund = payment.refunds.find((r) => r.id === refundId);
        if (!refund) continue;
        const ended = (s: FakeRefundStatus) => s === 'failed' || s === 'canceled';
        // A failed or canceled refund's money stays with the merchant: it no longer counts as refunded.
        if (ended(status) && !ended(refund.status)) payment.amountRefundedMinor -= refund.minor;
        if (!ended(status) && ended(refund.status)) payment.amountRefundedMinor += refund.minor;
        refund.status = status;
        return;
      }
      throw new Error(`the Mollie fake has no refund ${refundId}`);
    },
    async sendWebhook(id) {
      const payment = payments.get(id);
      if (!payment?.webhookUrl) throw new Error(`the Mollie fake has no webhook URL for ${id}`);
      if (!isLoopbackUrl(payment.webhookUrl))
        throw new Error('the Mollie fake only calls loopback webhook URLs');
      const response = await fetch(payment.webhookUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ id }).toString(),
      });
      return response.status;
    },
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
