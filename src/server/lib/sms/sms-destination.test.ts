import { describe, expect, it } from 'vitest';
import { checkSmsDestination } from './sms-destination';

const SERVED = ['NL', 'BE', 'DE', 'GB', 'FR', 'ES'];

describe('checkSmsDestination', () => {
  it.each([
    ['+31612345678', 'NL'],
    ['+32470123456', 'BE'],
    ['+4915112345678', 'DE'],
    ['+447400123456', 'GB'],
    ['+33612345678', 'FR'],
  ])('takes the mobile number %s of a served country', (number, country) => {
    expect(checkSmsDestination(number, SERVED)).toEqual({ ok: true, e164: number, country });
  });

  it.each([
    ['+12684641234', 'a mobile of Antigua (+1 268), not the US'],
    ['+4790123456', 'a Norwegian mobile on a site without Norway'],
    ['+441481712345', 'Guernsey (+44 1481), not the UK'],
    ['+79161234567', 'a Russian mobile'],
  ])('refuses %s: %s', (number) => {
    expect(checkSmsDestination(number, SERVED)).toEqual({ ok: false, reason: 'phone_country' });
  });

  it.each([
    ['+31900123456', 'premium rate'],
    ['+448712345678', 'premium rate'],
    ['+33899123456', 'premium rate'],
    ['+34901123456', 'shared cost'],
    ['+31800123456', 'toll free'],
    ['+31880123456', 'UAN'],
    ['+447012345678', 'personal number'],
    ['+447640123456', 'pager'],
    ['+31851234567', 'VoIP'],
    ['+4932123456789', 'fixed line'],
  ])('refuses %s (%s)', (number) => {
    expect(checkSmsDestination(number, SERVED)).toEqual({ ok: false, reason: 'phone_type' });
  });

  it('refuses what is not a valid number at all', () => {
    for (const number of ['', '+31', '+3161234', 'not a number', '+999123456789'])
      expect(checkSmsDestination(number, SERVED)).toEqual({ ok: false, reason: 'phone_invalid' });
  });
});
