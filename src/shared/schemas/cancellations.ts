import { z } from 'zod';
import { CANCEL_RULES } from '../rules';
import { emailSchema } from './accounts';

/**
 * The cancel button (issue 23, point 4; BGB §312k): POST /api/cancel.php takes the identification the law allows (name,
 * e-mail address, which contract, a reason if any, when it should take effect) without a password; a visitor confirms
 * it with the link mailed to the address (GET / POST /api/cancel-confirm.php), a member signed in with that address
 * cancels at once. Field messages are keys of the shared validation namespace.
 */

export const CANCEL_CONTRACTS = CANCEL_RULES.contracts;
export type CancelContract = (typeof CANCEL_CONTRACTS)[number];

/** YYYY-MM-DD of a UTC day `days` after `from`. */
export function utcDay(from: Date, days = 0): string {
  return new Date(from.getTime() + days * 86_400_000).toISOString().slice(0, 10);
}

/** Whether a chosen day is allowed: from today (UTC) up to CANCEL_RULES.maxDaysAhead ahead. */
export function cancelDateAllowed(day: string, now: Date): boolean {
  return day >= utcDay(now) && day <= utcDay(now, CANCEL_RULES.maxDaysAhead);
}

export const cancelRequestSchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(2, 'validation.cancel.name_length')
      .max(CANCEL_RULES.nameMax, 'validation.cancel.name_length')
      .refine((v) => !/\p{Cc}/u.test(v), 'validation.control_characters'),
    email: emailSchema,
    contract: z.enum(CANCEL_CONTRACTS),
    reason: z.string().trim().max(CANCEL_RULES.reasonMax, 'validation.cancel.reason_length').default(''),
    /** next_possible: as soon as possible (these contracts have no notice period: at once); date: from `date` on */
    effective: z.enum(['next_possible', 'date']),
    date: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.cancel.date_invalid')
      .optional(),
  })
  .superRefine((v, ctx) => {
    if (v.effective !== 'date') return;
    if (!v.date || Number.isNaN(Date.parse(`${v.date}T00:00:00Z`)) || !cancelDateAllowed(v.date, new Date()))
      ctx.addIssue({ code: 'custom', path: ['date'], message: 'validation.cancel.date_invalid' });
  });
export type CancelRequest = z.infer<typeof cancelRequestSchema>;

/**
 * The answer to the "cancel now" button. `cancelled`: signed in with that address, done at once (a confirmation mail
 * is on its way); `confirm_by_email`: if the address belongs to an account, a mail with the confirmation link was
 * sent (the same answer for an address nobody uses: nothing tells the two apart).
 */
export const cancelResponseSchema = z.object({
  state: z.enum(['cancelled', 'confirm_by_email']),
  received_at: z.string(),
  /** when it takes effect (`cancelled` only) */
  effective_at: z.string().nullable(),
});
export type CancelResponse = z.infer<typeof cancelResponseSchema>;

export const cancelTokenSchema = z.object({ token: z.string().min(20).max(100) });

/** A cancellation as its confirmation link shows it (GET) and confirms it (POST). */
export const cancellationSchema = z.object({
  contract: z.enum(CANCEL_CONTRACTS),
  status: z.enum(['pending', 'confirmed']),
  received_at: z.string(),
  /** the chosen day, or null for the next possible date */
  requested_date: z.string().nullable(),
  confirmed_at: z.string().nullable(),
  effective_at: z.string().nullable(),
  /** how many stored payment authorisations it stopped (confirmed only) */
  mandates_stopped: z.number().int().nullable(),
});
export type Cancellation = z.infer<typeof cancellationSchema>;
