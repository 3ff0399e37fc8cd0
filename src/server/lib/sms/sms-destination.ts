// The full ('max') metadata: only it tells number types apart (premium rate, shared cost, UAN, ...); the web's
// smaller 'mobile' metadata (shared/sepa.ts) only knows whether a number can be a mobile one.
import { type NumberType, parsePhoneNumberWithError } from 'libphonenumber-js/max';

/**
 * Where an SMS may go (SMS cost money: every code sent is paid for, and premium-rate or far-away numbers are a way
 * to make a site pay an attacker). Only numbers of the countries the site serves, and only numbers that are mobile
 * (or that the numbering plan cannot tell from a fixed line): premium-rate, shared-cost, toll-free, personal,
 * UAN, voicemail, pager, VoIP, fixed-line and unknown numbers are refused.
 */
const SMS_TYPES: ReadonlySet<NumberType> = new Set<NumberType>(['MOBILE', 'FIXED_LINE_OR_MOBILE']);

export type SmsDestination =
  | { ok: true; e164: string; country: string }
  | { ok: false; reason: 'phone_invalid' | 'phone_country' | 'phone_type' };

/** Checks an E.164 number (or one written the international way) against the site's countries. */
export function checkSmsDestination(number: string, countries: readonly string[]): SmsDestination {
  let parsed: ReturnType<typeof parsePhoneNumberWithError>;
  try {
    parsed = parsePhoneNumberWithError(number);
  } catch {
    return { ok: false, reason: 'phone_invalid' };
  }
  if (!parsed.isValid() || !parsed.country) return { ok: false, reason: 'phone_invalid' };
  // The region the number belongs to (+1 268 is Antigua, not the US; +44 1481 is Guernsey, not the UK).
  if (!countries.includes(parsed.country)) return { ok: false, reason: 'phone_country' };
  const type = parsed.getType();
  if (!type || !SMS_TYPES.has(type)) return { ok: false, reason: 'phone_type' };
  return { ok: true, e164: parsed.number, country: parsed.country };
}
