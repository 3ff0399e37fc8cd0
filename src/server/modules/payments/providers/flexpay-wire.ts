import { ProviderUnavailableError } from './provider';

/**
 * Verotel FlexPay on the wire: amounts, the sale status call and the Control Center refund call. Amounts are
 * integer minor units inside our code and `nnn.nn` strings at FlexPay (priceAmount, amount).
 */

/** FlexPay's sale currencies (purchase.html: USD EUR GBP AUD CAD CHF DKK NOK SEK), all with 2 decimals. */
export const FLEXPAY_CURRENCIES: ReadonlySet<string> = new Set([
  'USD',
  'EUR',
  'GBP',
  'AUD',
  'CAD',
  'CHF',
  'DKK',
  'NOK',
  'SEK',
]);

/** 995 → '9.95'. */
export function formatFlexpayAmount(minor: number): string {
  if (!Number.isSafeInteger(minor) || minor < 0)
    throw new Error(`invalid amount in minor units: ${String(minor)}`);
  const digits = String(minor).padStart(3, '0');
  return `${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/** '9.95' → 995 ('9.9' and '9' too); anything else (signs, exponents, more decimals) → null. */
export function parseFlexpayAmount(value: string | undefined): number | null {
  if (value === undefined || !/^(0|[1-9]\d{0,8})(\.\d{1,2})?$/.test(value)) return null;
  const [whole = '0', fraction = ''] = value.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** FlexPay's answer to a sale status request: `key: value` lines (response FOUND / NOTFOUND / ERROR, saleResult, …). */
export function parseStatusAnswer(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of text.split(/\r?\n/)) {
    const at = line.indexOf(':');
    if (at <= 0) continue;
    out[line.slice(0, at).trim()] = line.slice(at + 1).trim();
  }
  return out;
}

/** fetch with a time limit; network errors, timeouts, 5xx and 429 are ProviderUnavailableError. */
export async function callFlexpay(
  url: string,
  init: RequestInit,
  timeoutMs: number,
  fetchImpl: typeof fetch = fetch,
): Promise<Response> {
  let res: Response;
  try {
    res = await fetchImpl(url, { ...init, signal: AbortSignal.timeout(timeoutMs), redirect: 'error' });
  } catch (err) {
    throw new ProviderUnavailableError(`Verotel did not answer (${(err as Error).name})`);
  }
  if (res.status >= 500 || res.status === 429) {
    await res.body?.cancel();
    throw new ProviderUnavailableError(`Verotel answered ${res.status}`);
  }
  return res;
}
