import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { flexpayEvents, flexpayOrders } from '../../../db/schema';
import { signRequest } from './flexpay-signature';
import {
  callFlexpay,
  FLEXPAY_CURRENCIES,
  formatFlexpayAmount,
  parseFlexpayAmount,
  parseStatusAnswer,
} from './flexpay-wire';
import {
  type CreatePaymentInput,
  type PaymentProvider,
  ProviderNotFoundError,
  type ProviderPayment,
  type ProviderRefund,
} from './provider';

/**
 * Verotel FlexPay purchase (version 4) behind our provider interface (docs/payments-verotel.md). Verotel accepts adult
 * dating, which Mollie's terms refuse.
 *
 * - createPayment makes no call: a FlexPay order is a signed `startorder` URL to Verotel's order page. Our reference
 *   (`referenceID`, unique at Verotel) is the provider payment id; the order is kept in flexpay_orders.
 * - What happens arrives as signed postbacks (flexpay.routes.ts), stored once each in flexpay_events: the approved
 *   sale, refunds (`credit`) and chargebacks. getPayment reads them back; while no sale is known it asks FlexPay's
 *   sale status service (a lost postback), and an order nobody paid within `orderTimeoutMinutes` ends `expired`.
 * - Refunds go through the Control Center API (given by Verotel on request); its credit postback takes the credits.
 * - No customers or mandates: FlexPay purchases are one-off (repeat orders and direct debit stay with Mollie sites).
 */
export interface FlexpayOptions {
  db: Db;
  shopId: string;
  signatureKey: string;
  /** the brand's FlexPay host: https://secure.verotel.com (the fake's URL in tests and development) */
  flexpayUrl: string;
  controlCenter?: { url: string; user: string; password: string } | undefined;
  timeoutMs?: number;
  /** an order without a sale after this long is expired (FlexPay never reports an abandoned order page) */
  orderTimeoutMinutes?: number;
  /** how requests are sent (the development fake answers in-process); global fetch by default */
  fetchImpl?: typeof fetch;
}

/** Our method ids → FlexPay's paymentMethod. Cards only: the member's card brand is chosen on the order page. */
const METHOD_TO_FLEXPAY: Readonly<Record<string, string>> = { creditcard: 'CC' };
const FLEXPAY_TO_METHOD: Readonly<Record<string, string>> = { CC: 'creditcard' };
export const FLEXPAY_METHODS: ReadonlySet<string> = new Set(Object.keys(METHOD_TO_FLEXPAY));

/** The reference we give an order: our payment id, prefixed so it can never look like another system's. */
export const flexpayReference = (paymentId: string) => `amora_${paymentId}`;

export function createFlexpayProvider(opts: FlexpayOptions): PaymentProvider & { readonly mandates: false } {
  const { db } = opts;
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const orderTimeoutMs = (opts.orderTimeoutMinutes ?? 120) * 60_000;

  async function present(ref: string): Promise<ProviderPayment> {
    const [order] = await db.select().from(flexpayOrders).where(eq(flexpayOrders.referenceId, ref));
    if (!order) throw new ProviderNotFoundError();
    let events = await db.select().from(flexpayEvents).where(eq(flexpayEvents.referenceId, ref));
    let sale = events.find((e) => e.kind === 'purchase');
    let status: ProviderPayment['status'] = 'open';
    if (!sale) {
      status = await askStatus(order);
      if (status === 'paid') {
        events = await db.select().from(flexpayEvents).where(eq(flexpayEvents.referenceId, ref));
        sale = events.find((e) => e.kind === 'purchase');
      }
    } else status = 'paid';
    const sum = (kind: string) =>
      events.filter((e) => e.kind === kind).reduce((n, e) => n + e.amountMinor, 0);
    const expiresAt = status === 'open' ? new Date(order.createdAt.getTime() + orderTimeoutMs) : null;
    return {
      id: ref,
      status,
      amountMinor: sale?.amountMinor ?? order.amountMinor,
      currency: sale?.currency ?? order.currency,
      method: FLEXPAY_TO_METHOD[sale?.paymentMethod ?? order.method ?? ''] ?? null,
      metadata: { payment_id: String(order.paymentId) },
      checkoutUrl: null,
      customerId: null,
      mandateId: null,
      sequenceType: 'oneoff',
      amountRefundedMinor: Math.min(sum('credit'), sale?.amountMinor ?? 0),
      amountChargedBackMinor: Math.min(sum('chargeback'), sale?.amountMinor ?? 0),
      undoneReversalIds: [],
      expiresAt,
    };
  }

  /**
   * FlexPay's sale status service for an order whose postback we have not seen: an approved sale is recorded as its
   * postback would have been (same event key, so the late postback adds nothing).
   */
  async function askStatus(order: typeof flexpayOrders.$inferSelect): Promise<ProviderPayment['status']> {
    const query = signRequest(opts.signatureKey, {
      version: '4',
      shopID: order.shopId,
      referenceID: order.referenceId,
    });
    const res = await callFlexpay(
      `${opts.flexpayUrl}/salestatus?${new URLSearchParams(query)}`,
      { method: 'GET' },
      timeoutMs,
      opts.fetchImpl,
    );
    const answer = parseStatusAnswer(await res.text());
    const expired = Date.now() > order.createdAt.getTime() + orderTimeoutMs;
    if (answer.response === 'NOTFOUND') return expired ? 'expired' : 'open';
    if (answer.response !== 'FOUND') throw new Error(`Verotel sale status: ${answer.response ?? res.status}`);
    if (answer.saleResult !== 'APPROVED') return 'failed';
    const amount = parseFlexpayAmount(answer.priceAmount);
    if (amount !== order.amountMinor || answer.priceCurrency !== order.currency || !answer.saleID)
      throw new Error(`Verotel sale status for ${order.referenceId} does not match the order`);
    await db
      .insert(flexpayEvents)
      .values({
        referenceId: order.referenceId,
        kind: 'purchase',
        eventKey: `purchase:${answer.saleID}`,
        saleId: answer.saleID,
        amountMinor: amount,
        currency: order.currency,
        paymentMethod: answer.paymentMethod ?? null,
      })
      .onConflictDoNothing();
    return 'paid';
  }

  return {
    name: 'verotel',
    mandates: false,
    supportedMethods: FLEXPAY_METHODS,

    async createPayment(input: CreatePaymentInput): Promise<ProviderPayment> {
      const paymentId = input.metadata.payment_id;
      if (!paymentId || !/^[0-9]+$/.test(paymentId))
        throw new Error('FlexPay orders need metadata.payment_id');
      if (!FLEXPAY_CURRENCIES.has(input.currency))
        throw new Error(`FlexPay does not sell in ${input.currency}`);
      const ref = flexpayReference(paymentId);
      const method = input.method ? METHOD_TO_FLEXPAY[input.method] : undefined;
      await db.insert(flexpayOrders).values({
        referenceId: ref,
        paymentId: Number(paymentId),
        shopId: opts.shopId,
        amountMinor: input.amountMinor,
        currency: input.currency,
        method: method ?? null,
      });
      const params = signRequest(opts.signatureKey, {
        version: '4',
        shopID: opts.shopId,
        type: 'purchase',
        priceAmount: formatFlexpayAmount(input.amountMinor),
        priceCurrency: input.currency,
        // Shown on the order page: at most 100 printable characters.
        description: input.description.replace(/[^\x20-\x7e]/g, ' ').slice(0, 100),
        paymentMethod: method ?? '',
        referenceID: ref,
        custom1: paymentId,
        successURL: input.redirectUrl,
        declineURL: input.redirectUrl,
      });
      return {
        id: ref,
        status: 'open',
        amountMinor: input.amountMinor,
        currency: input.currency,
        method: input.method ?? null,
        metadata: { payment_id: paymentId },
        checkoutUrl: `${opts.flexpayUrl}/startorder?${new URLSearchParams(params)}`,
        customerId: null,
        mandateId: null,
        sequenceType: 'oneoff',
        amountRefundedMinor: 0,
        amountChargedBackMinor: 0,
        undoneReversalIds: [],
        expiresAt: new Date(Date.now() + orderTimeoutMs),
      };
    },

    async listMethods(input) {
      return FLEXPAY_CURRENCIES.has(input.currency) ? [...FLEXPAY_METHODS] : [];
    },

    getPayment: present,

    async createCustomer() {
      throw new Error('FlexPay purchases have no customers or mandates');
    },
    async listMandates() {
      return [];
    },
    async createMandate() {
      throw new Error('FlexPay purchases have no mandates');
    },
    async revokeMandate() {},

    async createRefund(ref, input): Promise<ProviderRefund> {
      const cc = opts.controlCenter;
      if (!cc)
        throw new Error(
          'Verotel refunds need the Control Center API (VEROTEL_CC_API_*); or refund in the Control Center: its credit postback takes the credits back',
        );
      const [sale] = await db
        .select()
        .from(flexpayEvents)
        .where(and(eq(flexpayEvents.referenceId, ref), eq(flexpayEvents.kind, 'purchase')));
      if (!sale) throw new Error(`no Verotel sale for ${ref}`);
      const res = await callFlexpay(
        `${cc.url.replace(/\/$/, '')}/sale/${encodeURIComponent(sale.saleId)}/refund`,
        {
          method: 'POST',
          headers: {
            authorization: `Basic ${Buffer.from(`${cc.user}:${cc.password}`).toString('base64')}`,
            'content-type': 'application/json',
            accept: 'application/json',
          },
          body: JSON.stringify({ amount: formatFlexpayAmount(input.amountMinor), currency: input.currency }),
        },
        timeoutMs,
        opts.fetchImpl,
      );
      const body = (await res.json().catch(() => ({}))) as { transactionID?: unknown; message?: unknown };
      if (!res.ok)
        throw new Error(`Verotel refused the refund (${res.status}): ${String(body.message ?? '')}`);
      return {
        id: String(body.transactionID ?? sale.saleId),
        amountMinor: input.amountMinor,
        status: 'pending',
      };
    },
  };
}
