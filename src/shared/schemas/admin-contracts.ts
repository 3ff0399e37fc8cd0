import { z } from 'zod';

/**
 * A member's contract events in the staff console (issue 23, points 3 and 4): the cancellations declared with the
 * cancel button and the withdrawals from purchases, with the state of their refunds. GET
 * /api/admin/member-contracts.php?id= (moderators and admins).
 */
export const adminCancellationSchema = z.object({
  id: z.number().int(),
  /** all | repeat_order | direct_debit */
  contract: z.string(),
  /** session (confirmed signed in) | email (confirmed by the mailed link) */
  via: z.string(),
  /** pending (the mailed link not followed yet) | confirmed */
  status: z.string(),
  /** the name typed on the form */
  name: z.string(),
  reason: z.string().nullable(),
  /** the day asked for (YYYY-MM-DD); null: the next possible date */
  requested_date: z.string().nullable(),
  received_at: z.string(),
  confirmed_at: z.string().nullable(),
  effective_at: z.string().nullable(),
  /** the confirmation link's end (pending ones by e-mail) */
  link_expires_at: z.string().nullable(),
  /** the mandates it stopped: their method, when, and whether the provider has revoked them yet */
  mandates: z.array(
    z.object({ method: z.string(), effective_at: z.string(), revoked_at: z.string().nullable() }),
  ),
});
export type AdminCancellation = z.infer<typeof adminCancellationSchema>;

export const adminWithdrawalSchema = z.object({
  id: z.number().int(),
  payment_id: z.number().int(),
  requested_at: z.string(),
  /** refund_pending | refunded | nothing_to_refund | refund_failed (failed after it was made: retried) */
  status: z.string(),
  credits_taken: z.number().int(),
  refund_minor: z.number().int(),
  currency: z.string(),
  /** the purchase carried the express request to start at once (pro-rata refund) */
  immediate_start: z.boolean(),
  refunded_at: z.string().nullable(),
  attempts: z.number().int(),
  /** the next try of an owed refund; null when nothing is owed */
  next_attempt_at: z.string().nullable(),
});
export type AdminWithdrawal = z.infer<typeof adminWithdrawalSchema>;

export const adminContractsResponseSchema = z.object({
  cancellations: z.array(adminCancellationSchema),
  withdrawals: z.array(adminWithdrawalSchema),
});
export type AdminContractsResponse = z.infer<typeof adminContractsResponseSchema>;
