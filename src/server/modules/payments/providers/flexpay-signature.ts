import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Verotel FlexPay's signature (FlexPay API, "Calculating the signature"; the official clients' `_signature`): the
 * lower-case hex SHA-256 of the signature key followed by the `key=value` pairs sorted by key (byte order), all
 * joined with ':'. Start-order and status requests sign only the parameters FlexPay defines (below); a postback is
 * verified over every parameter it carries except `signature`. Values are the decoded strings as sent.
 */
export function flexpaySignature(signatureKey: string, params: Readonly<Record<string, string>>): string {
  const pairs = Object.keys(params)
    .filter((k) => k !== 'signature')
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    .map((k) => `${k}=${params[k]}`);
  return createHash('sha256')
    .update([signatureKey, ...pairs].join(':'), 'utf8')
    .digest('hex');
}

/** The parameters FlexPay signs in the requests we make (the official clients' filter). */
const SIGNED_REQUEST_PARAM = new RegExp(
  '^(version|shopID|priceAmount|priceCurrency|paymentMethod|description|referenceID|saleID|custom[123]|' +
    'subscriptionType|period|name|trialAmount|trialPeriod|cancelDiscountPercentage|type|successURL|declineURL|' +
    'precedingSaleID|upgradeOption|mcc|subCreditorName|subCreditorId|subCreditorCountry)$',
);

/** The request's parameters with their signature, empty values left out (as the clients do). */
export function signRequest(
  signatureKey: string,
  params: Readonly<Record<string, string>>,
): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [k, v] of Object.entries(params)) if (v !== '') kept[k] = v;
  const signed: Record<string, string> = {};
  for (const [k, v] of Object.entries(kept)) if (SIGNED_REQUEST_PARAM.test(k)) signed[k] = v;
  return { ...kept, signature: flexpaySignature(signatureKey, signed) };
}

/**
 * Whether a postback's `signature` is FlexPay's for all its other parameters. Compared in constant time; case of the
 * hex digits ignored. The legacy SHA-1 form is not accepted: version 4 sends SHA-256.
 */
export function verifyFlexpaySignature(
  signatureKey: string,
  params: Readonly<Record<string, string>>,
): boolean {
  const given = params.signature;
  if (typeof given !== 'string' || !/^[0-9a-fA-F]{64}$/.test(given)) return false;
  const expected = Buffer.from(flexpaySignature(signatureKey, params), 'hex');
  return timingSafeEqual(expected, Buffer.from(given.toLowerCase(), 'hex'));
}
