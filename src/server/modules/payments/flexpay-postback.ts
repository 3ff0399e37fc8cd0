import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { flexpayEvents, flexpayOrders } from '../../db/schema';
import type { Applied } from './apply-payment';
import { syncPayment } from './payments.service';
import { verifyFlexpaySignature } from './providers/flexpay-signature';
import { parseFlexpayAmount } from './providers/flexpay-wire';
import type { PaymentProvider } from './providers/provider';

/**
 * A FlexPay postback (docs/payments-verotel.md): verified by its signature, checked against the order we made, stored
 * once (flexpay_events' unique event key), then applied like any webhook (syncPayment: the row lock, credits once by
 * the ledger key). FlexPay expects the body `OK`; for a card sale anything else makes Verotel refund it at once, which
 * is what we want for a sale we cannot match to an order of ours (wrong amount, currency or reference).
 */
export type PostbackResult =
  | { answer: 'OK'; applied: Applied | undefined }
  | { answer: 'refused'; reason: 'signature' | 'shop' | 'unknown_order' | 'mismatch' | 'malformed' };

const MONEY_EVENTS = new Set(['purchase', 'credit', 'chargeback']);

export async function handleFlexpayPostback(
  db: Db,
  provider: PaymentProvider,
  keys: { shopId: string; signatureKey: string },
  params: Record<string, string>,
): Promise<PostbackResult> {
  if (!verifyFlexpaySignature(keys.signatureKey, params)) return { answer: 'refused', reason: 'signature' };
  if (params.shopID !== keys.shopId) return { answer: 'refused', reason: 'shop' };
  const event = params.event ?? 'purchase';
  // Subscription events (rebill, cancel, expiry, …) do not concern one-off purchases: acknowledged, nothing to do.
  if (!MONEY_EVENTS.has(event)) return { answer: 'OK', applied: undefined };
  const saleId = params.saleID;
  if (!saleId || !/^[0-9]{1,20}$/.test(saleId)) return { answer: 'refused', reason: 'malformed' };

  let ref: string;
  if (event === 'purchase') {
    const [order] = params.referenceID
      ? await db.select().from(flexpayOrders).where(eq(flexpayOrders.referenceId, params.referenceID))
      : [];
    if (!order) return { answer: 'refused', reason: 'unknown_order' };
    // The amount is ours: the sale must be exactly the order we priced, never what the postback says.
    if (
      parseFlexpayAmount(params.priceAmount) !== order.amountMinor ||
      params.priceCurrency !== order.currency
    )
      return { answer: 'refused', reason: 'mismatch' };
    ref = order.referenceId;
    await db
      .insert(flexpayEvents)
      .values({
        referenceId: ref,
        kind: 'purchase',
        eventKey: `purchase:${saleId}`,
        saleId,
        transactionId: params.transactionID ?? null,
        amountMinor: order.amountMinor,
        currency: order.currency,
        paymentMethod: params.paymentMethod ?? null,
      })
      .onConflictDoNothing();
  } else {
    const [sale] = await db
      .select()
      .from(flexpayEvents)
      .where(and(eq(flexpayEvents.saleId, saleId), eq(flexpayEvents.kind, 'purchase')));
    if (!sale) return { answer: 'refused', reason: 'unknown_order' };
    const amount = parseFlexpayAmount(params.amount);
    const transactionId = params.transactionID;
    if (
      amount === null ||
      amount <= 0 ||
      !transactionId ||
      (params.currency ?? sale.currency) !== sale.currency
    )
      return { answer: 'refused', reason: 'malformed' };
    ref = sale.referenceId;
    await db
      .insert(flexpayEvents)
      .values({
        referenceId: ref,
        kind: event,
        eventKey: `${event}:${transactionId}`,
        saleId,
        transactionId,
        // Never more than the sale: the provider view caps the sum too.
        amountMinor: Math.min(amount, sale.amountMinor),
        currency: sale.currency,
      })
      .onConflictDoNothing();
  }
  return { answer: 'OK', applied: await syncPayment(db, provider, ref) };
}
