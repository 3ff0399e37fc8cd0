import { describe, expect, it } from 'vitest';
import { directDebitFormSchema, directDebitStartSchema } from './schemas/directdebit';
import {
  checkIban,
  debitDate,
  formatPhone,
  isTargetBusinessDay,
  isValidCreditorId,
  maskIban,
  parseMobile,
} from './sepa';

describe('IBAN', () => {
  it('accepts a valid SEPA IBAN as typed and answers its electronic form', () => {
    expect(checkIban(' nl91 abna 0417 1643 00 ')).toEqual({
      ok: true,
      iban: 'NL91ABNA0417164300',
      country: 'NL',
    });
    expect(checkIban('DE89 3704 0044 0532 0130 00')).toMatchObject({ ok: true, country: 'DE' });
  });
  it('refuses a wrong check digit, garbage, a QR-IBAN and a country outside SEPA', () => {
    expect(checkIban('NL91ABNA0417164301')).toEqual({ ok: false, reason: 'iban_invalid' });
    expect(checkIban('hello')).toEqual({ ok: false, reason: 'iban_invalid' });
    expect(checkIban('')).toEqual({ ok: false, reason: 'iban_invalid' });
    expect(checkIban('CH4431999123000889012')).toEqual({ ok: false, reason: 'iban_invalid' });
    expect(checkIban('BR1800360305000010009795493C1')).toEqual({ ok: false, reason: 'iban_not_sepa' });
  });
  it('masks all but the country and the last four, in groups of four', () => {
    expect(maskIban('NL91ABNA0417164300')).toBe('NL** **** **** **43 00');
    expect(maskIban('de89 3704 0044 0532 0130 00')).toBe('DE** **** **** **** **30 00');
  });
});

describe('creditor identifier', () => {
  it("checks the mod 97 check digits, ignoring the business code (Mollie's is valid)", () => {
    expect(isValidCreditorId('NL08ZZZ502057730000')).toBe(true);
    expect(isValidCreditorId('NL08ABC502057730000')).toBe(true);
    expect(isValidCreditorId('DE98ZZZ09999999999')).toBe(true);
    expect(isValidCreditorId('NL09ZZZ502057730000')).toBe(false);
    expect(isValidCreditorId('NL08')).toBe(false);
  });
});

describe('mobile numbers', () => {
  it('reads national numbers of the member country and international ones; answers E.164', () => {
    expect(parseMobile('06 12345678', 'NL')).toBe('+31612345678');
    expect(parseMobile('0151 12345678', 'DE')).toBe('+4915112345678');
    expect(parseMobile('+32 470 12 34 56', 'NL')).toBe('+32470123456');
    expect(parseMobile('0470 12 34 56', undefined)).toBeUndefined();
    expect(formatPhone('+31612345678')).toBe('+31 6 12345678');
  });
  it('refuses landlines and nonsense (an SMS cannot reach them)', () => {
    expect(parseMobile('020 123 4567', 'NL')).toBeUndefined();
    expect(parseMobile('12', 'NL')).toBeUndefined();
    expect(parseMobile('call me', 'NL')).toBeUndefined();
  });
});

describe('debit date', () => {
  it('counts TARGET2 business days: weekends, New Year, Easter and Christmas are skipped', () => {
    expect(debitDate(new Date('2026-03-02T10:00:00Z'), 2)).toBe('2026-03-04'); // Monday → Wednesday
    expect(debitDate(new Date('2026-03-05T23:30:00Z'), 2)).toBe('2026-03-09'); // Thursday → Monday
    expect(debitDate(new Date('2026-04-02T09:00:00Z'), 2)).toBe('2026-04-08'); // Good Friday, Easter Monday
    expect(debitDate(new Date('2025-12-24T09:00:00Z'), 2)).toBe('2025-12-30'); // 25 and 26 December
    expect(isTargetBusinessDay(new Date('2027-01-01T12:00:00Z'))).toBe(false);
    expect(isTargetBusinessDay(new Date('2026-05-01T12:00:00Z'))).toBe(false);
  });
});

describe('the form schema', () => {
  const valid = {
    bundle_id: 1,
    account_holder: 'Sanne de Vries',
    iban: 'NL91 ABNA 0417 1643 00',
    street: 'Keizersgracht',
    house_number: '12',
    zip: '1015 CS',
    city: 'Amsterdam',
    phone: '06 12345678',
    authorise: true,
  };
  it('takes a complete form, and checks the phone for the member country in the browser', () => {
    expect(directDebitStartSchema.safeParse(valid).success).toBe(true);
    expect(directDebitFormSchema('NL').safeParse(valid).success).toBe(true);
    const de = directDebitFormSchema('DE').safeParse(valid);
    expect(de.success).toBe(false);
    expect(de.error?.issues[0]).toMatchObject({
      path: ['phone'],
      message: 'validation.directdebit.phone_invalid',
    });
  });
  it('takes house numbers with additions and "without number"', () => {
    for (const house_number of ['12', '12A', '12-3', '12 bis', '7/2', 's/n', 'SN', 'snc'])
      expect(directDebitStartSchema.safeParse({ ...valid, house_number }).success, house_number).toBe(true);
    for (const house_number of ['abc', '-', 'A12'])
      expect(directDebitStartSchema.safeParse({ ...valid, house_number }).success, house_number).toBe(false);
  });
  it('names the field and the message key of each mistake', () => {
    const r = directDebitStartSchema.safeParse({
      ...valid,
      iban: 'NL00',
      authorise: false,
      house_number: '-',
    });
    const byField = Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
    expect(byField).toEqual({
      iban: 'validation.directdebit.iban_invalid',
      authorise: 'validation.directdebit.authorise',
      house_number: 'validation.directdebit.house_number_invalid',
    });
  });
});
