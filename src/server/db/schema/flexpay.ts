import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { payments } from './payments';

/**
 * Verotel FlexPay (issue 23, point 6): the adult niches' payment provider. FlexPay has no payment resource to fetch
 * by id: an order is a signed redirect to Verotel's order page, and what happens to it arrives as signed postbacks
 * (docs/payments-verotel.md). The adapter keeps its orders and the verified postbacks here and reads a payment's
 * state back from them (the sale status call covers a postback that never came).
 */
export const flexpayOrders = pgTable(
  'flexpay_orders',
  {
    /** the FlexPay referenceID we send (unique at Verotel), which is also our payments.provider_payment_id */
    referenceId: text('reference_id').primaryKey(),
    paymentId: bigint('payment_id', { mode: 'number' })
      .notNull()
      .references(() => payments.id),
    shopId: text('shop_id').notNull(),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull(),
    /** the FlexPay paymentMethod asked for (CC), or null: the buyer chooses on the order page */
    method: text('method'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('flexpay_orders_amount_positive', sql`${t.amountMinor} > 0`),
    check('flexpay_orders_currency', sql`${t.currency} ~ '^[A-Z]{3}$'`),
  ],
);

/**
 * One row per verified postback that changes money: the approved sale (`purchase`), a refund (`credit`) and a
 * chargeback. `event_key` makes a replayed or parallel postback a no-op (insert … on conflict do nothing).
 */
export const flexpayEvents = pgTable(
  'flexpay_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    referenceId: text('reference_id')
      .notNull()
      .references(() => flexpayOrders.referenceId),
    kind: text('kind').notNull(),
    /** purchase:<saleID>, credit:<transactionID>, chargeback:<transactionID> */
    eventKey: text('event_key').notNull(),
    saleId: text('sale_id').notNull(),
    transactionId: text('transaction_id'),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull(),
    paymentMethod: text('payment_method'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('flexpay_events_key_idx').on(t.eventKey),
    // One approved sale per order: a second purchase postback for the same reference is refused by the database.
    uniqueIndex('flexpay_events_one_purchase_idx').on(t.referenceId).where(sql`${t.kind} = 'purchase'`),
    index('flexpay_events_reference_idx').on(t.referenceId),
    check('flexpay_events_kind', sql`${t.kind} in ('purchase', 'credit', 'chargeback')`),
    check('flexpay_events_amount_positive', sql`${t.amountMinor} > 0`),
    check('flexpay_events_transaction', sql`(${t.kind} = 'purchase') or (${t.transactionId} is not null)`),
  ],
);
