import { electronicFormatIBAN, isSEPACountry, validateIBAN } from 'ibantools';
import { isSupportedCountry, parsePhoneNumberFromString } from 'libphonenumber-js/mobile';

/**
 * SEPA direct debit helpers shared by the form and the server (docs/payments.md "Direct debit"): the IBAN check
 * (ibantools), the masked IBAN that is all we ever keep or show, the creditor identifier's check digits, mobile
 * numbers (libphonenumber-js with its `mobile` metadata: an SMS can only reach a mobile) and the debit date.
 */

export type IbanCheck =
  | { ok: true; iban: string; country: string }
  | { ok: false; reason: 'iban_invalid' | 'iban_not_sepa' };

/** An IBAN as typed (spaces, lower case) checked: valid and of a SEPA country; answered in its electronic form. */
export function checkIban(input: string): IbanCheck {
  const iban = electronicFormatIBAN(input) ?? '';
  // QR-IBANs (Swiss QR bills) cannot be debited.
  if (!iban || !validateIBAN(iban, { allowQRIBAN: false }).valid)
    return { ok: false, reason: 'iban_invalid' };
  const country = iban.slice(0, 2);
  if (!isSEPACountry(country)) return { ok: false, reason: 'iban_not_sepa' };
  return { ok: true, iban, country };
}

/**
 * The only form of an IBAN that is kept or shown: the country and the last four characters, the rest masked, in
 * groups of four (NL91ABNA0417164300 → NL** **** **** **43 00).
 */
export function maskIban(input: string): string {
  const iban = electronicFormatIBAN(input) ?? input.replace(/\s+/g, '').toUpperCase();
  const keepFrom = Math.max(2, iban.length - 4);
  const masked = [...iban].map((c, i) => (i < 2 || i >= keepFrom ? c : '*')).join('');
  return masked.replace(/(.{4})(?=.)/g, '$1 ');
}

/** ISO 7064 MOD 97-10 of letters and digits (A = 10 … Z = 35), as IBANs and creditor identifiers use it. */
function mod97(text: string): number {
  let rest = 0;
  for (const c of text) {
    const value = /[0-9]/.test(c) ? c : String(c.charCodeAt(0) - 55);
    for (const d of value) rest = (rest * 10 + Number(d)) % 97;
  }
  return rest;
}

/**
 * A SEPA creditor identifier (EPC262-08): country, two check digits, a three-character business code that the
 * check ignores, and the national identifier (e.g. NL08ZZZ502057730000, Mollie's).
 */
export function isValidCreditorId(input: string): boolean {
  const id = input.replace(/\s+/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{3}[A-Z0-9]{1,28}$/.test(id)) return false;
  return mod97(`${id.slice(7)}${id.slice(0, 4)}`) === 1;
}

/** A mobile number typed in any common way (national for `country`, or international) → E.164, or undefined. */
export function parseMobile(input: string, country: string | undefined): string | undefined {
  const defaultCountry = country && isSupportedCountry(country) ? country : undefined;
  const parsed = parsePhoneNumberFromString(input.trim(), defaultCountry ? { defaultCountry } : {});
  if (!parsed?.isValid()) return undefined;
  const type = parsed.getType();
  if (type !== 'MOBILE' && type !== 'FIXED_LINE_OR_MOBILE') return undefined;
  return parsed.number;
}

/** An E.164 number written the international way (+31 6 12345678), for showing where the code went. */
export function formatPhone(e164: string): string {
  return parsePhoneNumberFromString(e164)?.formatInternational() ?? e164;
}

/** Easter Sunday of a year (the anonymous Gregorian computus), as a UTC date. */
function easter(year: number): Date {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return new Date(Date.UTC(year, month - 1, day));
}

const DAY_MS = 86_400_000;

/** A TARGET2 business day (SEPA settles on those): not a weekend, New Year, Good Friday, Easter Monday, 1 May, 25/26 Dec. */
export function isTargetBusinessDay(date: Date): boolean {
  const weekday = date.getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  const md = `${date.getUTCMonth() + 1}-${date.getUTCDate()}`;
  if (md === '1-1' || md === '5-1' || md === '12-25' || md === '12-26') return false;
  const e = easter(date.getUTCFullYear()).getTime();
  const day = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
  return day !== e - 2 * DAY_MS && day !== e + DAY_MS;
}

/**
 * The day (YYYY-MM-DD) by which a direct debit's credits arrive: `businessDays` TARGET2 business days after its debit
 * date (YYYY-MM-DD), when the provider has marked it paid.
 */
export function creditsDate(debitDay: string, businessDays: number): string {
  return debitDate(new Date(`${debitDay}T00:00:00Z`), businessDays);
}

/** The date (YYYY-MM-DD, UTC) `businessDays` TARGET2 business days after `from`. */
export function debitDate(from: Date, businessDays: number): string {
  let day = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate()));
  let left = businessDays;
  while (left > 0) {
    day = new Date(day.getTime() + DAY_MS);
    if (isTargetBusinessDay(day)) left -= 1;
  }
  return day.toISOString().slice(0, 10);
}
