import { z } from 'zod';

/** One recorded consent: the version of the text agreed to, when, and when withdrawn (null: it stands). */
export const consentRecordSchema = z.object({
  version: z.number().int().positive(),
  given_at: z.string(),
  withdrawn_at: z.string().nullable(),
});
export type ConsentRecord = z.infer<typeof consentRecordSchema>;

/**
 * GET /api/consent.php (and the answer of POST/DELETE): the member's consent to process sensitive data. `required`:
 * no standing consent of the current text version, so the app asks once (the one-time screen) before anything else.
 */
export const consentStateSchema = z.object({
  sensitive_data: consentRecordSchema.nullable(),
  current_version: z.number().int().positive(),
  required: z.boolean(),
});
export type ConsentState = z.infer<typeof consentStateSchema>;

/** POST /api/consent.php: the member ticks the consent (the one-time screen for accounts from before it was asked). */
export const giveConsentSchema = z.object({
  sensitive_data: z.literal(true, { error: 'validation.consent_required' }),
});
export type GiveConsent = z.infer<typeof giveConsentSchema>;

/** GET/PUT /api/discreet.php: discreet mode; `chosen` false while the member follows the site's default. */
export const discreetStateSchema = z.object({
  discreet: z.boolean(),
  chosen: z.boolean(),
  site_default: z.boolean(),
  /** what the member's payments show on a bank statement (the site's billing descriptor) */
  billing_descriptor: z.string(),
});
export type DiscreetState = z.infer<typeof discreetStateSchema>;

export const discreetUpdateSchema = z.object({ discreet: z.boolean() });
