import { z } from 'zod';
import { PAYMENT_METHODS } from '../rules';

/** Credit bundles and payments (issue 10). Amounts are integer minor units of `currency`, VAT included. */

export const bundleSchema = z.object({
  id: z.number().int(),
  credits: z.number().int(),
  /** premium overview style: p0 | p1 | p2 | p3 */
  style: z.string(),
  best_value: z.boolean(),
  amount: z.number().int(),
  currency: z.string(),
  /** the VAT included in `amount` */
  vat: z.number().int(),
  vat_rate_bp: z.number().int(),
});
export type Bundle = z.infer<typeof bundleSchema>;

/**
 * A bundle of the price list with what one message costs with it (docs/payments.md "What a message costs"), and its
 * price with the answer's discount where that discount applies to it (what checkout charges without another code).
 */
export const pricedBundleSchema = bundleSchema.extend({
  /** the bundle's price for one message: amount × message credits / credits, minor units rounded up; null: free */
  per_message: z.number().int().nullable(),
  offer: z
    .object({
      amount: z.number().int(),
      /** the discount in `amount` (minor units) */
      discount: z.number().int(),
      per_message: z.number().int().nullable(),
    })
    .nullable(),
});
export type PricedBundle = z.infer<typeof pricedBundleSchema>;

/**
 * What one unit (a message, a photo, a gift) costs at the cheapest: the lowest of the bundles' prices for it, minor
 * units of the answer's currency, rounded up. Null when the unit costs no credits or there is no bundle.
 */
export const unitPriceSchema = z
  .object({
    /** credits the unit costs (site settings message_credits, photo_credits, gift_credits) */
    credits: z.number().int(),
    /** the lowest list price of the unit */
    from: z.number().int(),
    /** the bundle with that price */
    bundle_id: z.number().int(),
    /** the lowest price with the answer's discount, when it applies to a bundle */
    offer_from: z.number().int().nullable(),
  })
  .nullable();
export type UnitPrice = z.infer<typeof unitPriceSchema>;

/** The discount priced into the answer: a code asked for, else the member's time bonus, else the welcome code. */
export const activeDiscountSchema = z.object({
  code: z.string(),
  percentage: z.number().int(),
  source: z.enum(['code', 'time_bonus', 'welcome']),
  /** when it ends for this member (ISO), or null */
  ends_at: z.string().nullable(),
});
export type ActiveDiscount = z.infer<typeof activeDiscountSchema>;

/**
 * GET /api/credits.php?country=&code=: the bundles of the member's (or visitor's) country, with its payment methods
 * and the price of a message, photo and gift. `country` counts for visitors only (a member pays in the profile's
 * country); `code` (members) prices a discount code in instead of the member's time bonus or welcome code.
 */
export const creditsQuerySchema = z.object({
  country: z
    .string()
    .regex(/^[A-Z]{2}$/, { message: 'validation.country_invalid' })
    .optional(),
  code: z.string().trim().min(1).max(40).optional(),
});
export const creditsResponseSchema = z.object({
  country: z.string(),
  currency: z.string(),
  bundles: z.array(pricedBundleSchema),
  /** the discount in the bundles' offers and the units' offer_from; null: list prices only */
  discount: activeDiscountSchema.nullable(),
  unit_prices: z.object({ message: unitPriceSchema, photo: unitPriceSchema, gift: unitPriceSchema }),
  /** what a new member gets, two separate gifts: free text messages first, and credits (signup_credits) */
  starter: z.object({ free_messages: z.number().int(), credits: z.number().int() }),
  /** the spec's method names offered for this country and currency by the configured provider */
  methods: z.array(z.enum(PAYMENT_METHODS)),
  /** the built-in test provider is in use (its checkout page says so too) */
  test_mode: z.boolean(),
  /**
   * The provider checkout names before the member pays, with what the bank statement shows (the site's billing
   * descriptor): set for a site on Verotel FlexPay (issue 23, point 6); null or absent: the general provider.
   */
  payment_provider: z
    .object({ name: z.literal('verotel'), billing_descriptor: z.string() })
    .nullable()
    .optional(),
});
export type CreditsResponse = z.infer<typeof creditsResponseSchema>;

/** POST /api/payment.php: buy a bundle with a method; the answer sends the member to the provider's page. */
export const createPaymentSchema = z.object({
  bundle_id: z.number().int().positive(),
  method: z.enum(PAYMENT_METHODS, { message: 'validation.payment_method' }),
  /** a discount code (issue 12): checked and priced by the server, reserved with the payment */
  discount_code: z.string().trim().min(1).max(40).optional(),
  /**
   * The member's express request that the service starts at once, acknowledging that the right of withdrawal then
   * covers only what is unused (issue 23, point 3): checkout sends it ticked; stored with its text version.
   */
  immediate_start: z.literal(true).optional(),
});

export const PAYMENT_STATUSES = [
  'open',
  'pending',
  'authorized',
  'paid',
  'failed',
  'canceled',
  'expired',
  'refunded',
  'charged_back',
] as const;

export const paymentSchema = z.object({
  id: z.number().int(),
  /** the bundle bought (to offer it again with another method) */
  bundle_id: z.number().int(),
  /** oneoff | first (left a mandate) | recurring (a repeat order on a mandate) */
  sequence_type: z.enum(['oneoff', 'first', 'recurring']),
  status: z.enum(PAYMENT_STATUSES),
  credits: z.number().int(),
  amount: z.number().int(),
  currency: z.string(),
  vat: z.number().int(),
  method: z.string(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  /** credits taken back by a refund or chargeback */
  credits_reversed: z.number().int(),
  /** where to pay (while open) */
  checkout_url: z.string().nullable(),
  /** until when the member may withdraw from this purchase (paid, not withdrawn, within the period); else null */
  withdraw_until: z.string().nullable().optional(),
  /** the member's withdrawal from this purchase (payments/withdrawal), or null */
  withdrawal: z
    .object({
      requested_at: z.string(),
      credits: z.number().int(),
      refund: z.number().int(),
      /** refund_pending | refunded | nothing_to_refund */
      status: z.enum(['refund_pending', 'refunded', 'nothing_to_refund']),
      refunded_at: z.string().nullable(),
    })
    .nullable()
    .optional(),
});
export type Payment = z.infer<typeof paymentSchema>;

export const createPaymentResponseSchema = z.object({ payment: paymentSchema });

/** GET /api/transactions.php: the member's payments, newest first. */
export const transactionsResponseSchema = z.object({ payments: z.array(paymentSchema) });
/** GET /api/transaction.php?id=: one of the member's payments. */
export const transactionQuerySchema = z.object({ id: z.coerce.number().int().positive() });

/**
 * GET /api/repeat-order.php: what a repeat order would buy: the bundle of the member's last paid payment that left a
 * mandate (at today's price of the member's country), charged on that mandate; null when there is none.
 */
export const repeatOrderResponseSchema = z.object({
  offer: z
    .object({
      bundle: bundleSchema,
      /** the spec's method name of the payment that created the mandate (e.g. visa, paypal, sdd) */
      method: z.string(),
    })
    .nullable(),
});
export type RepeatOrderResponse = z.infer<typeof repeatOrderResponseSchema>;
/**
 * POST /api/repeat-order.php: charges the offer on the mandate; answers the payment (paid, pending or failed).
 * `immediate_start`: the member's express request to start at once, as at checkout (issue 23, point 3), stored with
 * the payment and its text version; without it a withdrawal refunds the whole price.
 */
export const repeatOrderSchema = z
  .object({ immediate_start: z.literal(true).optional() })
  .optional()
  .default({});
export const repeatOrderCreatedSchema = z.object({ payment: paymentSchema });
