import { z } from 'zod';
import { RULES } from '../rules';
import { checkIban, parseMobile } from '../sepa';
import { bundleSchema, paymentSchema } from './payments';

/**
 * Direct debit with an SMS code (spec: the direct-debit form with fields otp, account_holder, iban, street,
 * house_number, zip, city and phone; 'Code ongeldig' for a wrong code; the authorisation checkbox must be ticked).
 * docs/api.md "Direct debit". Field messages are keys of the shared validation namespace (validation.directdebit.*).
 *
 * - GET  /api/directdebit.php?bundle_id=&discount_code=  what the member would authorise (price, creditor, limit)
 * - POST /api/directdebit.php           the form: checks it, prices the bundle, sends the SMS code
 * - POST /api/directdebit-resend.php    a new code for the same request (limited, with a wait)
 * - POST /api/directdebit-confirm.php   the code (and the IBAN again: it is never stored): mandate and payment
 */

const text = (max: number, message = 'validation.required') =>
  z.string({ error: message }).trim().min(1, message).max(max, message);

/** The form's fields (the IBAN in any spacing or case; the phone national for the member's country, or +…). */
export const directDebitDetailsSchema = z.object({
  account_holder: z
    .string({ error: 'validation.directdebit.account_holder' })
    .trim()
    .min(2, 'validation.directdebit.account_holder')
    .max(70, 'validation.directdebit.account_holder')
    .regex(/^[^<>{}[\]\\|^~`@$%*=#_"]+$/, 'validation.directdebit.account_holder'),
  iban: z
    .string({ error: 'validation.directdebit.iban_invalid' })
    .max(50, 'validation.directdebit.iban_invalid')
    .superRefine((value, ctx) => {
      const checked = checkIban(value);
      if (!checked.ok) ctx.addIssue({ code: 'custom', message: `validation.directdebit.${checked.reason}` });
    }),
  street: text(70),
  // A number with any addition (12, 12A, 12-3, 12 bis), or "without number" as Spain and Italy write it.
  house_number: text(10).regex(
    /^(\d[\p{L}\d \-/]*|s\/?n|snc)$/iu,
    'validation.directdebit.house_number_invalid',
  ),
  zip: text(10).regex(/^[\p{L}\d][\p{L}\d -]*$/u, 'validation.directdebit.zip_invalid'),
  city: text(50),
  phone: z
    .string({ error: 'validation.directdebit.phone_invalid' })
    .trim()
    .min(1, 'validation.directdebit.phone_invalid')
    .max(30, 'validation.directdebit.phone_invalid'),
});
export type DirectDebitDetails = z.infer<typeof directDebitDetailsSchema>;

const order = {
  bundle_id: z.number().int().positive(),
  /** a discount code, priced by the server as at checkout */
  discount_code: z.string().trim().min(1).max(40).optional(),
};

/** POST /api/directdebit.php */
export const directDebitStartSchema = directDebitDetailsSchema.extend({
  ...order,
  /** the authorisation checkbox: must be ticked */
  authorise: z.literal(true, { error: 'validation.directdebit.authorise' }),
});
export type DirectDebitStart = z.infer<typeof directDebitStartSchema>;

/**
 * The form's schema in the browser: the server's, with the phone checked for the member's country as the server
 * checks it (a mobile number: the code goes by SMS).
 */
export function directDebitFormSchema(country: string | undefined) {
  return directDebitStartSchema.superRefine((v, ctx) => {
    if (v.phone.trim() && !parseMobile(v.phone, country))
      ctx.addIssue({ code: 'custom', path: ['phone'], message: 'validation.directdebit.phone_invalid' });
  });
}

const codePattern = new RegExp(`^\\d{${RULES.directDebit.codeDigits}}$`);

/** The reference of a pending request: a random token only its member's browser holds. */
const requestRef = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'validation.directdebit.request');

/** POST /api/directdebit-resend.php */
export const directDebitResendSchema = z.object({ request: requestRef });
/** GET /api/directdebit-request.php?request=…: the request again (whether its code's SMS arrived). */
export const directDebitRequestQuerySchema = z.object({ request: requestRef });

/** POST /api/directdebit-confirm.php: the code, and the IBAN again (the server keeps only a masked form). */
export const directDebitConfirmSchema = z.object({
  request: requestRef,
  otp: z
    .string({ error: 'validation.directdebit.otp_format' })
    .trim()
    .regex(codePattern, 'validation.directdebit.otp_format'),
  iban: z.string().max(50, 'validation.directdebit.iban_invalid'),
  /** the express request to start at once (issue 23, point 3), as at checkout: stored with the payment */
  immediate_start: z.literal(true).optional(),
});

/** GET /api/directdebit.php */
export const directDebitQuerySchema = z.object({
  bundle_id: z.coerce.number().int().positive(),
  discount_code: z.string().trim().min(1).max(40).optional(),
});

export const creditorSchema = z.object({
  /** who collects (Mollie collects for the company: "Stichting Mollie Payments") */
  name: z.string(),
  /** the SEPA creditor identifier */
  id: z.string(),
  /** on whose behalf: the company's name */
  on_behalf_of: z.string(),
});

export const directDebitPriceSchema = z.object({
  list_amount: z.number().int(),
  discount: z.number().int(),
  amount: z.number().int(),
  currency: z.string(),
  discount_code: z.string().nullable(),
});

/**
 * Why direct debit is refused for the member now: blocked (an earlier direct debit was charged back) or the limit of
 * the window would be passed (`available` is what is left; `next_at` when the oldest debit leaves the window).
 */
export const directDebitRefusalSchema = z
  .object({
    reason: z.enum(['blocked', 'limit']),
    limit: z.number().int(),
    available: z.number().int(),
    currency: z.string(),
    next_at: z.string().nullable(),
    /** the cheapest listed bundle that would fit, if any */
    cheaper_bundle_id: z.number().int().nullable(),
  })
  .nullable();
export type DirectDebitRefusal = z.infer<typeof directDebitRefusalSchema>;

export const directDebitOfferSchema = z.object({
  bundle: bundleSchema,
  price: directDebitPriceSchema,
  creditor: creditorSchema,
  /** the expected debit date if confirmed now (YYYY-MM-DD) */
  debit_date: z.string(),
  /** the day by which the credits arrive if confirmed now (YYYY-MM-DD; RULES.directDebit.creditsAfterBusinessDays) */
  credits_date: z.string(),
  /** false: direct debit is switched off (no SMS gateway, or the site's limit is 0) */
  available: z.boolean(),
  refusal: directDebitRefusalSchema,
});
export type DirectDebitOffer = z.infer<typeof directDebitOfferSchema>;

export const directDebitRequestSchema = z.object({
  /** keep it: the resend and confirm calls name the request with it */
  id: z.string(),
  masked_iban: z.string(),
  /** the number the code was sent to, written internationally */
  phone: z.string(),
  account_holder: z.string(),
  price: directDebitPriceSchema,
  credits: z.number().int(),
  bundle_id: z.number().int(),
  mandate_reference: z.string(),
  creditor: creditorSchema,
  /** when the current code stops working (ISO) */
  expires_at: z.string(),
  /** when a new code may be asked for (ISO), or null when no more codes are sent for this request */
  resend_at: z.string().nullable(),
  attempts_left: z.number().int(),
  sends_left: z.number().int(),
  /**
   * The current code's SMS: queued (not yet with the gateway), sent, delivered; failed (the gateway or the network
   * could not deliver it: a resend or another method is offered); unavailable (no code can be sent now: another
   * method is offered). GET /api/directdebit-request.php reads it again while the member waits.
   */
  sms: z.enum(['queued', 'sent', 'delivered', 'failed', 'unavailable']),
});
export type DirectDebitRequest = z.infer<typeof directDebitRequestSchema>;
export const directDebitRequestResponseSchema = z.object({ request: directDebitRequestSchema });

export const directDebitConfirmedSchema = z.object({
  payment: paymentSchema,
  mandate: z.object({
    reference: z.string(),
    masked_iban: z.string(),
    /** YYYY-MM-DD: the announced debit date (the SEPA pre-notification, also mailed) */
    debit_date: z.string(),
    /** YYYY-MM-DD: the day by which the credits arrive (also mailed) */
    credits_date: z.string(),
    creditor: creditorSchema,
  }),
});
export type DirectDebitConfirmed = z.infer<typeof directDebitConfirmedSchema>;
