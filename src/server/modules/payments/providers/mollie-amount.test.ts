import { describe, expect, it } from 'vitest';
import { fromMollieAmount, MOLLIE_CURRENCY_DECIMALS, toMollieAmount } from './mollie-amount';

describe('toMollieAmount', () => {
  it('writes minor units as a two-decimal string', () => {
    expect(toMollieAmount(1000, 'EUR')).toEqual({ currency: 'EUR', value: '10.00' });
    expect(toMollieAmount(1050, 'GBP')).toEqual({ currency: 'GBP', value: '10.50' });
    expect(toMollieAmount(1, 'USD')).toEqual({ currency: 'USD', value: '0.01' });
    expect(toMollieAmount(10, 'CHF')).toEqual({ currency: 'CHF', value: '0.10' });
    expect(toMollieAmount(0, 'EUR')).toEqual({ currency: 'EUR', value: '0.00' });
    expect(toMollieAmount(999, 'PLN')).toEqual({ currency: 'PLN', value: '9.99' });
  });

  it('is exact where floating point is not (0.29 * 100, large amounts)', () => {
    expect(toMollieAmount(29, 'EUR').value).toBe('0.29');
    expect(toMollieAmount(1_000_000_005, 'SEK').value).toBe('10000000.05');
    expect(toMollieAmount(Number.MAX_SAFE_INTEGER, 'NOK').value).toBe('90071992547409.91');
  });

  it('handles every currency we use', () => {
    for (const currency of ['EUR', 'GBP', 'USD', 'CAD', 'AUD', 'NZD', 'PLN', 'DKK', 'SEK', 'NOK', 'CHF']) {
      expect(MOLLIE_CURRENCY_DECIMALS[currency]).toBe(2);
      expect(toMollieAmount(12345, currency)).toEqual({ currency, value: '123.45' });
    }
  });

  it('rejects non-integer, negative, unsafe amounts and unknown currencies', () => {
    expect(() => toMollieAmount(10.5, 'EUR')).toThrow(/invalid amount/);
    expect(() => toMollieAmount(-1, 'EUR')).toThrow(/invalid amount/);
    expect(() => toMollieAmount(Number.NaN, 'EUR')).toThrow(/invalid amount/);
    expect(() => toMollieAmount(Number.POSITIVE_INFINITY, 'EUR')).toThrow(/invalid amount/);
    expect(() => toMollieAmount(2 ** 53, 'EUR')).toThrow(/invalid amount/);
    expect(() => toMollieAmount(100, 'JPY')).toThrow(/unsupported currency/);
    expect(() => toMollieAmount(100, 'eur')).toThrow(/unsupported currency/);
    expect(() => toMollieAmount(100, 'toString')).toThrow(/unsupported currency/);
  });
});

describe('fromMollieAmount', () => {
  it('reads Mollie values into minor units', () => {
    expect(fromMollieAmount({ currency: 'EUR', value: '10.00' })).toEqual({
      amountMinor: 1000,
      currency: 'EUR',
    });
    expect(fromMollieAmount({ currency: 'DKK', value: '0.01' })).toEqual({ amountMinor: 1, currency: 'DKK' });
    expect(fromMollieAmount({ currency: 'AUD', value: '0.00' })).toEqual({ amountMinor: 0, currency: 'AUD' });
    expect(fromMollieAmount({ currency: 'NZD', value: '1234.56' })).toEqual({
      amountMinor: 123456,
      currency: 'NZD',
    });
  });

  it('round-trips', () => {
    for (const minor of [0, 1, 9, 10, 99, 100, 101, 29, 57, 1999, 123456789]) {
      expect(fromMollieAmount(toMollieAmount(minor, 'CAD'))).toEqual({ amountMinor: minor, currency: 'CAD' });
    }
  });

  it('rejects malformed values', () => {
    for (const value of [
      '10',
      '10.0',
      '10.000',
      '.50',
      '10.',
      '-1.00',
      '+1.00',
      '01.00',
      '1e3',
      ' 1.00',
      '1.00 ',
      '1,00',
      '0x10.00',
      '',
      '１.00',
    ]) {
      expect(() => fromMollieAmount({ currency: 'EUR', value }), value).toThrow(
        /invalid Mollie amount value/,
      );
    }
    expect(() => fromMollieAmount({ currency: 'EUR', value: 10 })).toThrow(/invalid Mollie amount value/);
    expect(() => fromMollieAmount({ currency: 'EUR' })).toThrow(/invalid Mollie amount value/);
    expect(() => fromMollieAmount({ currency: 'XXX', value: '1.00' })).toThrow(/unsupported currency/);
    expect(() => fromMollieAmount({ value: '1.00' })).toThrow(/no currency/);
    expect(() => fromMollieAmount(null)).toThrow(/not an object/);
    expect(() => fromMollieAmount('10.00')).toThrow(/not an object/);
  });

  it('rejects values beyond the safe integer range', () => {
    expect(() => fromMollieAmount({ currency: 'EUR', value: '90071992547409.92' })).toThrow(/out of range/);
  });
});
