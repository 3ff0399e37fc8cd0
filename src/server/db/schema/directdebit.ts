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
import { users } from './members';
import { catalogBundles, payments } from './payments';

/**
 * Direct debit with an SMS code (modules/directdebit; docs/payments.md "Direct debit"). One row per form sent: the
 * order priced when it was sent, the account holder and address of the mandate, the IBAN only masked, and the SMS
 * code only as an HMAC keyed with the request's token (which only the member's browser holds, as `request`).
 *
 * status: pending (code sent) → processing (the right code: mandate and payment being made) → confirmed | failed.
 */
export const directDebitRequests = pgTable(
  'direct_debit_requests',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the request token (the browser's reference for this request) */
    tokenHash: text('token_hash').notNull(),
    status: text('status').notNull().default('pending'),
    bundleId: integer('bundle_id')
      .notNull()
      .references(() => catalogBundles.id),
    credits: integer('credits').notNull(),
    /** what the member authorised: the price with the discount, EUR minor units, VAT included */
    amountMinor: integer('amount_minor').notNull(),
    listAmountMinor: integer('list_amount_minor').notNull(),
    discountCode: text('discount_code'),
    discountMinor: integer('discount_minor').notNull().default(0),
    currency: text('currency').notNull(),
    vatRateBp: integer('vat_rate_bp').notNull(),
    /** the pricing country (as payments.country) */
    country: text('country').notNull(),
    accountHolder: text('account_holder').notNull(),
    street: text('street').notNull(),
    houseNumber: text('house_number').notNull(),
    zip: text('zip').notNull(),
    city: text('city').notNull(),
    /** the IBAN as it may be shown (NL** **** **** **43 00); the provider keeps the account itself */
    ibanMasked: text('iban_masked').notNull(),
    /** HMAC-SHA256 of the IBAN keyed with the request token: the code confirms exactly this account */
    ibanBinding: text('iban_binding').notNull(),
    /** E.164: where the codes go */
    phone: text('phone').notNull(),
    /** HMAC-SHA256 of the current code keyed with the request token */
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    sends: integer('sends').notNull().default(1),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    mandateReference: text('mandate_reference').notNull(),
    /** the provider's mandate, once made */
    mandateId: text('mandate_id'),
    paymentId: bigint('payment_id', { mode: 'number' }).references(() => payments.id),
    /** the announced debit date (YYYY-MM-DD), once confirmed */
    debitDate: text('debit_date'),
    /**
     * The current code's SMS as the gateway reports it (lib/sms; docs/payments.md "The SMS gateway"): queued → sent
     * (the gateway took it; `sms_sid` its message id) → delivered | undelivered | failed (Twilio's status callback,
     * `sms_error` its 30xxx code); refused: the gateway refused it for good (the number: `sms_error` 21xxx);
     * unavailable: the gateway cannot send at all (its configuration: 21408, 21606, 21608, 20003, …).
     */
    smsStatus: text('sms_status').notNull().default('queued'),
    smsSid: text('sms_sid'),
    smsError: integer('sms_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('direct_debit_requests_token_unique').on(t.tokenHash),
    uniqueIndex('direct_debit_requests_reference_unique').on(t.mandateReference),
    index('direct_debit_requests_user_idx').on(t.userId, t.createdAt),
    index('direct_debit_requests_sms_sid_idx').on(t.smsSid),
    check('direct_debit_requests_counts', sql`${t.attempts} >= 0 and ${t.sends} >= 1`),
    check('direct_debit_requests_amount_pos', sql`${t.amountMinor} > 0`),
  ],
);

/**
 * The built-in test provider's mandates made through its API (createMandate), as a provider keeps them: for
 * direct debit the account only masked (it never debits anything real).
 */
export const testProviderMandates = pgTable('test_provider_mandates', {
  id: text('id').primaryKey(),
  customerId: text('customer_id').notNull(),
  method: text('method').notNull(),
  status: text('status').notNull(),
  mandateReference: text('mandate_reference').notNull(),
  consumerName: text('consumer_name').notNull(),
  accountMasked: text('account_masked').notNull(),
  signatureDate: text('signature_date').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
