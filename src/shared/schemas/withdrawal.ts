import { z } from 'zod';
import { paymentSchema } from './payments';

/**
 * The withdrawal function (issue 23, point 3): GET /api/withdrawal.php?payment_id= says what withdrawing from a
 * purchase would give back (computed by the server); POST /api/withdrawal.php { payment_id } withdraws. Amounts are
 * integer minor units of `currency`.
 */

export const withdrawalQuerySchema = z.object({ payment_id: z.coerce.number().int().positive() });
export const withdrawalBodySchema = z.object({ payment_id: z.number().int().positive() });

export const WITHDRAWAL_REFUSALS = ['period_over', 'not_paid', 'withdrawn'] as const;
export type WithdrawalRefusal = (typeof WITHDRAWAL_REFUSALS)[number];

export const withdrawalQuoteSchema = z.object({
  payment_id: z.number().int(),
  /** null: the member may withdraw now; else why not */
  refusal: z.enum(WITHDRAWAL_REFUSALS).nullable(),
  /** the end of the withdrawal period (null for a payment that was never paid) */
  until: z.string().nullable(),
  /** what the purchase cost and gave */
  amount: z.number().int(),
  currency: z.string(),
  credits: z.number().int(),
  /** the purchase's credits not spent yet (spending counts against the oldest credits first): taken back */
  credits_unspent: z.number().int(),
  /** the purchase's credits already used (or taken back before) */
  credits_used: z.number().int(),
  /** what comes back to the member's payment method */
  refund: z.number().int(),
  /** whether the member asked at checkout for the service to start at once (else the whole price comes back) */
  immediate_start: z.boolean(),
  /** the member is premium by this purchase only: premium ends with the withdrawal */
  premium_ends: z.boolean(),
});
export type WithdrawalQuote = z.infer<typeof withdrawalQuoteSchema>;

export const withdrawalResponseSchema = z.object({ payment: paymentSchema });
