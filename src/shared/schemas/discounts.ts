import { z } from 'zod';
import { PAYMENT_METHODS } from '../rules';

/**
 * Discount codes (issue 12). GET /api/discountcode.php?code=… looks a code up for the signed-in member (with
 * bundle_id, and method when chosen, it also prices that bundle); ?welcome=true answers the member's welcome code.
 * Refusals: 404 code_not_found ('Code niet gevonden'), 409 code_used ('Code reeds gebruikt'), 410 code_expired,
 * 403 code_wrong_country, 400 code_minimum_order, 400 code_method_not_allowed.
 */
export const discountQuerySchema = z.object({
  code: z.string().trim().min(1).max(40).optional(),
  welcome: z.enum(['true']).optional(),
  bundle_id: z.coerce.number().int().positive().optional(),
  method: z.enum(PAYMENT_METHODS).optional(),
});

/** The spec's fields of a discount code. Amounts in integer minor units. */
export const discountCodeSchema = z.object({
  code: z.string(),
  country: z.string().nullable(),
  user_id: z.number().int().nullable(),
  /** when the code ends for this member (its own end, or the welcome / time-bonus window), or null */
  expires: z.string().nullable(),
  value_percentage: z.number().int(),
  percentage: z.number().int(),
  currency: z.string().nullable(),
  minimum_order_value: z.number().int(),
  status: z.string(),
  /** single | once_per_user | multiple */
  validity: z.string(),
  expired: z.boolean(),
  /** the spec's method names the code allows; empty: all */
  paymentmethods: z.array(z.string()),
});
export type DiscountCodeInfo = z.infer<typeof discountCodeSchema>;

export const discountPriceSchema = z.object({
  list_amount: z.number().int(),
  discount: z.number().int(),
  amount: z.number().int(),
  currency: z.string(),
  /** one message at this price (minor units, rounded up as in credits.php); null: messages cost no credits */
  per_message: z.number().int().nullable(),
});

export const discountResponseSchema = z.object({
  discount_code: discountCodeSchema.nullable(),
  /** with bundle_id: that bundle's price with the code */
  price: discountPriceSchema.nullable(),
});
export type DiscountResponse = z.infer<typeof discountResponseSchema>;

/** GET /api/time-bonus.php: the 4-hour bonus after signup, for members who have not paid. */
export const timeBonusResponseSchema = z.object({
  visible: z.boolean(),
  code: z.string().nullable(),
  percentage: z.number().int(),
  /** when it ends (ISO), and the seconds left when answered */
  ends_at: z.string().nullable(),
  seconds_left: z.number().int(),
});
export type TimeBonusResponse = z.infer<typeof timeBonusResponseSchema>;
