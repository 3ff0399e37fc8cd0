import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './members';

/**
 * Credit bundles (issue 10). The first paid bundle makes a member premium; the premium overview shows the bundles
 * with a package style (p0–p3). Operators change bundles and prices in these tables, without a deploy; defaults are
 * created on first start (payments/catalogue-defaults.ts, docs/payments.md).
 */
export const catalogBundles = pgTable(
  'catalog_bundles',
  {
    id: serial('id').primaryKey(),
    /** stable name, e.g. credits-100 */
    code: text('code').notNull(),
    credits: integer('credits').notNull(),
    /** premium overview style: p0 | p1 | p2 | p3 */
    style: text('style').notNull(),
    sort: smallint('sort').notNull(),
    bestValue: boolean('best_value').notNull().default(false),
    active: boolean('active').notNull().default(true),
    /**
     * Shown in /credits, /premium and /pricing. An unlisted bundle is sold only where it is offered: the trial
     * package of the retention offers (members who have not paid yet).
     */
    listed: boolean('listed').notNull().default(true),
  },
  (t) => [
    uniqueIndex('catalog_bundles_code_unique').on(t.code),
    check('catalog_bundles_credits_pos', sql`${t.credits} > 0`),
  ],
);

/** A bundle's price in a country: integer minor units of the country's currency, VAT included at `vat_rate_bp`. */
export const catalogPrices = pgTable(
  'catalog_prices',
  {
    bundleId: integer('bundle_id')
      .notNull()
      .references(() => catalogBundles.id, { onDelete: 'cascade' }),
    country: text('country').notNull(),
    currency: text('currency').notNull(),
    amountMinor: integer('amount_minor').notNull(),
    /** VAT rate in basis points (21% = 2100) */
    vatRateBp: integer('vat_rate_bp').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.bundleId, t.country] }),
    check('catalog_prices_amount_pos', sql`${t.amountMinor} > 0`),
    check('catalog_prices_vat_range', sql`${t.vatRateBp} between 0 and 10000`),
  ],
);

/**
 * A payment of a bundle. Amount, currency, VAT and credits are copied from the catalogue when it is created and
 * never change. `status` moves forward only (payments.policy); credits are added once, by the ledger's idempotency
 * key `payment:<id>`.
 */
export const payments = pgTable(
  'payments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    bundleId: integer('bundle_id')
      .notNull()
      .references(() => catalogBundles.id),
    provider: text('provider').notNull(),
    /** null until the provider answered the create call */
    providerPaymentId: text('provider_payment_id'),
    /** the spec's method name chosen by the member */
    method: text('method').notNull(),
    /** open | pending | authorized | paid | failed | canceled | expired | refunded | charged_back */
    status: text('status').notNull().default('open'),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull(),
    vatMinor: integer('vat_minor').notNull(),
    /** the VAT rate of the price, basis points (for the receipt) */
    vatRateBp: integer('vat_rate_bp').notNull().default(0),
    credits: integer('credits').notNull(),
    /** the catalogue price before a discount code (equals amount_minor without one) */
    listAmountMinor: integer('list_amount_minor'),
    /** the discount code applied (discount_codes.code), and how much it took off */
    discountCode: text('discount_code'),
    discountMinor: integer('discount_minor').notNull().default(0),
    country: text('country').notNull(),
    /** oneoff | first | recurring */
    sequenceType: text('sequence_type').notNull().default('oneoff'),
    checkoutUrl: text('checkout_url'),
    mandateId: text('mandate_id'),
    /** credits taken back by a refund or chargeback (at most `credits`) */
    creditsReversed: integer('credits_reversed').notNull().default(0),
    refundedMinor: integer('refunded_minor').notNull().default(0),
    chargedBackMinor: integer('charged_back_minor').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** the re-check job looks again at open payments after this moment */
    checkAfter: timestamp('check_after', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The member's express request, ticked at checkout, that the service starts at once (issue 23, point 3), with the
     * version of the text they ticked (RULES.withdrawal.immediateStartVersion). Null: not given (a withdrawal then
     * refunds the whole price: payments/withdrawal.ts).
     */
    immediateStartAt: timestamp('immediate_start_at', { withTimezone: true }),
    immediateStartVersion: text('immediate_start_version'),
  },
  (t) => [
    uniqueIndex('payments_provider_id_unique').on(t.provider, t.providerPaymentId),
    index('payments_user_idx').on(t.userId, t.createdAt.desc()),
    /** rows still without the provider's id: the webhook's adoption of unanswered creates (unanswered-payments.ts) */
    index('payments_without_provider_id_idx')
      .on(t.provider, t.createdAt)
      .where(sql`${t.providerPaymentId} is null`),
    index('payments_recheck_idx')
      .on(t.checkAfter)
      .where(sql`${t.status} in ('open', 'pending', 'authorized')`),
    /** refunded or charged-back payments, looked at again in case the money comes back (recheckReversals) */
    index('payments_reversal_recheck_idx')
      .on(t.checkAfter)
      .where(
        sql`${t.status} in ('paid', 'refunded', 'charged_back') and (${t.refundedMinor} > 0 or ${t.chargedBackMinor} > 0)`,
      ),
    // Figures (modules/figures): payments paid per day (revenue, first purchases).
    index('payments_paid_at_idx').on(t.paidAt).where(sql`${t.paidAt} is not null`),
    check('payments_amount_pos', sql`${t.amountMinor} > 0`),
    check('payments_reversed_range', sql`${t.creditsReversed} between 0 and ${t.credits}`),
    check(
      'payments_immediate_start_pair',
      sql`(${t.immediateStartAt} is null) = (${t.immediateStartVersion} is null)`,
    ),
  ],
);

/**
 * A member's withdrawal from a purchase (issue 23, point 3; payments/withdrawal.ts): one per payment (the unique key
 * makes parallel requests withdraw once). Written with the ledger row that takes back the unspent credits and the
 * acknowledgment mail; the refund at the provider follows (`refund_pending` until the provider has it).
 */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    paymentId: bigint('payment_id', { mode: 'number' })
      .notNull()
      .references(() => payments.id),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    /** the credits of this purchase not spent yet (FIFO), taken back by the ledger row `withdrawal:<payment>` */
    creditsTaken: integer('credits_taken').notNull(),
    /** what is paid back, in minor units of `currency` */
    refundMinor: integer('refund_minor').notNull(),
    currency: text('currency').notNull(),
    /** the payment's refunded amount before this withdrawal (a retried refund checks the provider against it) */
    refundedBeforeMinor: integer('refunded_before_minor').notNull(),
    /** whether the purchase carried the express request to start at once (else the whole price comes back) */
    immediateStart: boolean('immediate_start').notNull(),
    /**
     * refund_pending | refunded | nothing_to_refund | refund_failed (the provider failed or canceled the refund after
     * accepting it: owed again, retried by the withdrawal-refunds job like a pending one)
     */
    status: text('status').notNull(),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    /** the refund's next try while the provider has not taken it (the withdrawal-refunds job) */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
  },
  (t) => [
    uniqueIndex('withdrawals_payment_unique').on(t.paymentId),
    index('withdrawals_user_idx').on(t.userId),
    index('withdrawals_pending_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} in ('refund_pending', 'refund_failed')`),
    check(
      'withdrawals_status',
      sql`${t.status} in ('refund_pending', 'refunded', 'nothing_to_refund', 'refund_failed')`,
    ),
    check(
      'withdrawals_amounts',
      sql`${t.refundMinor} >= 0 and ${t.creditsTaken} >= 0 and ${t.refundedBeforeMinor} >= 0`,
    ),
    check('withdrawals_refunded_at', sql`(${t.status} = 'refunded') = (${t.refundedAt} is not null)`),
    check('withdrawals_nothing', sql`(${t.status} = 'nothing_to_refund') = (${t.refundMinor} = 0)`),
  ],
);

/**
 * Where a scan of a provider's list stopped (payments/chargeback-scan.ts: `chargebacks`): the newest item handled, so
 * each is handled once, and a lease so that one instance scans at a time.
 */
export const paymentProviderCursors = pgTable(
  'payment_provider_cursors',
  {
    provider: text('provider').notNull(),
    name: text('name').notNull(),
    /** the newest item handled (null before the first one) */
    lastId: text('last_id'),
    lastCreatedAt: timestamp('last_created_at', { withTimezone: true }),
    /** a scan in progress holds the cursor until then */
    leasedUntil: timestamp('leased_until', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.name] })],
);

/** A member's customer at a provider (holds the mandates for repeat orders). */
export const paymentCustomers = pgTable(
  'payment_customers',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    customerId: text('customer_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.provider] })],
);

/**
 * The built-in test provider's own books (the embedded default): its payments, as a real provider would keep them.
 * Kept in the database so that its checkout page and webhooks work across restarts and instances.
 */
export const testProviderPayments = pgTable('test_provider_payments', {
  id: text('id').primaryKey(),
  status: text('status').notNull(),
  amountMinor: integer('amount_minor').notNull(),
  currency: text('currency').notNull(),
  description: text('description').notNull(),
  method: text('method'),
  metadata: jsonb('metadata').$type<Record<string, string>>().notNull(),
  redirectUrl: text('redirect_url').notNull(),
  webhookUrl: text('webhook_url').notNull(),
  sequenceType: text('sequence_type').notNull(),
  customerId: text('customer_id'),
  mandateId: text('mandate_id'),
  refundedMinor: integer('refunded_minor').notNull().default(0),
  chargedBackMinor: integer('charged_back_minor').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const testProviderCustomers = pgTable('test_provider_customers', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
