/**
 * Business constants of the EU consumer and data-protection duties (issue 23): explicit consents, discreet mode, the
 * withdrawal function and the cancel button.
 */

/**
 * Explicit consents (issue 23, GDPR Art. 9). `sensitiveDataVersion` is the version of the consent text members agree
 * to (the `consent.sensitive_data` texts of the auth/settings namespaces): bump it whenever that text changes, and
 * every member is asked again once (a standing consent of an older version no longer counts).
 */
export const CONSENT_RULES = {
  kinds: ['sensitive_data'] as const,
  sensitiveDataVersion: 1,
} as const;
export type ConsentKind = (typeof CONSENT_RULES.kinds)[number];

/**
 * Discreet mode (issue 23, point 5): on by default in these niches (2 she, 3 bdsm, 7 gay: what the site is about
 * reveals orientation or sex life), unless the site's discreet_default says otherwise; the member chooses in settings.
 */
export const DISCREET_RULES = {
  defaultOnNiches: [2, 3, 7] as readonly number[],
  /** most characters of a site's billing descriptor (card statements show about 22) */
  billingDescriptorMax: 22,
} as const;

/** Whether discreet mode is on for a member: their own choice, else the site's default, else by the site's niche. */
export function discreetOn(
  memberChoice: boolean | null | undefined,
  site: { discreetDefault: boolean | null; niche: number },
): boolean {
  if (typeof memberChoice === 'boolean') return memberChoice;
  if (typeof site.discreetDefault === 'boolean') return site.discreetDefault;
  return DISCREET_RULES.defaultOnNiches.includes(site.niche);
}

/**
 * The withdrawal function (issue 23, point 3; Consumer Rights Directive Art. 9 and 11a). `days`: the statutory
 * withdrawal period, counted from when the purchase was paid; a site's `refund_days` may lengthen it, never shorten it
 * (docs/payments.md "Withdrawal"). `immediateStartVersion` names the checkout text by which the member asks for the
 * service to start at once (web `payments` namespace, `checkout.immediate_start`): bump it whenever that text changes.
 */
export const WITHDRAWAL_RULES = {
  days: 14,
  immediateStartVersion: '2026-06-19',
  /** a refund the provider did not take is tried again after this many minutes (then longer, up to a day) */
  refundRetryMinutes: 5,
} as const;

/**
 * The cancel button (issue 23, point 4; BGB §312k; modules/cancellations). A visitor's cancellation is confirmed by a
 * link mailed to the address (`linkHours`); `perHour` limits the form per client address, `mailsPerDay` the
 * confirmation mails one member receives (beyond it the form answers the same and sends nothing more).
 */
export const CANCEL_RULES = {
  contracts: ['all', 'repeat_order', 'direct_debit'] as const,
  linkHours: 72,
  perHour: 10,
  mailsPerDay: 3,
  nameMax: 200,
  reasonMax: 2000,
  /** how far ahead a chosen date may be */
  maxDaysAhead: 366,
} as const;
