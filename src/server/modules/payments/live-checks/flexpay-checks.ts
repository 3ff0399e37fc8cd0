import { randomBytes } from 'node:crypto';
import { flexpaySignature, signRequest } from '../providers/flexpay-signature';
import { parseStatusAnswer } from '../providers/flexpay-wire';
import { type CheckResult, errorText, notAsExpected, ok, skipped } from './check-result';

/**
 * Verotel FlexPay's configuration checked before going live (`npm run payments:verify`, docs/payments-verotel.md
 * "Before going live"): the shop ID and signature key as the server reads them, that FlexPay accepts them (a signed
 * order page and a signed sale status request), and that our postback URL has the expected form, is reachable and
 * verifies signatures with the same key (a postback signed with another key is refused with 403; one signed with this
 * key for an order that does not exist is refused with 400 after its signature was accepted: nothing is applied).
 */

export const FLEXPAY_CHECKS: readonly { check: string; what: string }[] = [
  {
    check: 'flexpay.config',
    what: 'VEROTEL_SHOP_ID is a numeric shop ID and VEROTEL_SIGNATURE_KEY looks like one',
  },
  {
    check: 'flexpay.order-page',
    what: 'a signed startorder URL opens the order page (shop ID and key accepted)',
  },
  {
    check: 'flexpay.sale-status',
    what: 'a signed sale status request answers NOTFOUND for a reference never used',
  },
  { check: 'flexpay.postback-url', what: 'https, ends in /api/flexpay-postback.php, not a local address' },
  {
    check: 'flexpay.postback-signature',
    what: 'the postback URL answers; a wrong signature is refused (403), the right one accepted',
  },
  { check: 'flexpay.refund-api', what: 'the Control Center API (refunds) is configured' },
];

export interface FlexpayCheckContext {
  shopId: string;
  signatureKey: string;
  /** the brand's FlexPay host (VEROTEL_FLEXPAY_URL) */
  flexpayUrl: string;
  /** our postback URL as set in the Control Center */
  postbackUrl: string;
  controlCenter: { url: string | undefined; user: string | undefined; password: string | undefined };
  /** production checks refuse local addresses; a test against local fakes allows them */
  allowLocal?: boolean;
  fetchImpl?: typeof fetch;
  timeoutMs?: number;
}

const POSTBACK_PATH = '/api/flexpay-postback.php';
const LOCAL_HOST = /^(localhost|127\.|10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.|0\.0\.0\.0|\[?::1\]?$)/;

/** The configuration's own form (no network). */
export function checkFlexpayConfig(
  c: Pick<FlexpayCheckContext, 'shopId' | 'signatureKey' | 'flexpayUrl' | 'allowLocal'>,
): CheckResult {
  const problems: string[] = [];
  if (!/^[0-9]{1,12}$/.test(c.shopId)) problems.push('VEROTEL_SHOP_ID is not a numeric shop ID');
  if (c.signatureKey.length < 8 || /\s/.test(c.signatureKey))
    problems.push('VEROTEL_SIGNATURE_KEY is shorter than 8 characters or has spaces');
  let url: URL | undefined;
  try {
    url = new URL(c.flexpayUrl);
  } catch {
    problems.push('VEROTEL_FLEXPAY_URL is not a URL');
  }
  if (url && url.protocol !== 'https:' && !c.allowLocal) problems.push('VEROTEL_FLEXPAY_URL is not https');
  return problems.length > 0
    ? notAsExpected('flexpay.config', problems.join('; '))
    : ok('flexpay.config', `shop ${c.shopId}, key of ${c.signatureKey.length} characters, ${url?.origin}`);
}

/** The postback URL's form: https (unless local fakes are allowed), our path, no local address. */
export function checkPostbackUrlFormat(postbackUrl: string, allowLocal = false): CheckResult {
  let url: URL;
  try {
    url = new URL(postbackUrl);
  } catch {
    return notAsExpected('flexpay.postback-url', `${postbackUrl} is not a URL`);
  }
  const problems: string[] = [];
  if (url.protocol !== 'https:' && !allowLocal) problems.push('not https');
  if (url.pathname !== POSTBACK_PATH) problems.push(`the path is ${url.pathname}, not ${POSTBACK_PATH}`);
  if (url.search !== '' || url.hash !== '') problems.push('carries a query or fragment');
  if (!allowLocal && LOCAL_HOST.test(url.hostname)) problems.push('a local address Verotel cannot reach');
  return problems.length > 0
    ? notAsExpected('flexpay.postback-url', `${postbackUrl}: ${problems.join(', ')}`)
    : ok('flexpay.postback-url', postbackUrl);
}

/** Runs every FlexPay check; `onResult` sees each as it is known. */
export async function runFlexpayChecks(
  c: FlexpayCheckContext,
  onResult: (r: CheckResult) => void = () => undefined,
): Promise<CheckResult[]> {
  const results: CheckResult[] = [];
  const add = (r: CheckResult) => {
    results.push(r);
    onResult(r);
  };
  const config = checkFlexpayConfig(c);
  add(config);
  if (config.status !== 'ok') {
    add(skipped('flexpay.order-page', 'the configuration is not usable'));
    add(skipped('flexpay.sale-status', 'the configuration is not usable'));
  } else {
    add(await checkOrderPage(c));
    add(await checkSaleStatus(c));
  }
  const format = checkPostbackUrlFormat(c.postbackUrl, c.allowLocal);
  add(format);
  add(
    format.status === 'ok' && config.status === 'ok'
      ? await checkPostbackSignature(c)
      : skipped('flexpay.postback-signature', 'the postback URL or the configuration is not usable'),
  );
  const cc = c.controlCenter;
  add(
    cc.url && cc.user && cc.password
      ? ok(
          'flexpay.refund-api',
          `${new URL(cc.url).origin} (try it with npm run payments:refund on a test sale)`,
        )
      : skipped(
          'flexpay.refund-api',
          'VEROTEL_CC_API_URL / _USER / _PASSWORD are not all set: refunds and withdrawals of Verotel payments fail until they are, or are made by hand in the Control Center',
          'ask Verotel for the Control Center API document and credentials',
        ),
  );
  return results;
}

const fetchOf = (c: FlexpayCheckContext) => c.fetchImpl ?? fetch;
const timeout = (c: FlexpayCheckContext) => AbortSignal.timeout(c.timeoutMs ?? 15_000);
const unusedReference = () => `amora_verify_${randomBytes(6).toString('hex')}`;

async function checkOrderPage(c: FlexpayCheckContext): Promise<CheckResult> {
  const params = signRequest(c.signatureKey, {
    version: '4',
    shopID: c.shopId,
    type: 'purchase',
    priceAmount: '1.00',
    priceCurrency: 'EUR',
    description: 'payments:verify (not paid)',
    paymentMethod: 'CC',
    referenceID: unusedReference(),
  });
  const url = `${c.flexpayUrl}/startorder?${new URLSearchParams(params)}`;
  try {
    const res = await fetchOf(c)(url, { redirect: 'manual', signal: timeout(c) });
    // A redirect (to the order page) has no body worth reading; an error answer says why.
    const body = res.status < 300 || res.status >= 400 ? await res.text() : '';
    if (res.status >= 400 || /^\s*ERROR/.test(body))
      return notAsExpected(
        'flexpay.order-page',
        `HTTP ${res.status}${body ? `: ${body.trim().slice(0, 120)}` : ''}`,
        'check VEROTEL_SHOP_ID and VEROTEL_SIGNATURE_KEY against the FlexPay options of the website',
      );
    return ok('flexpay.order-page', `HTTP ${res.status} (open ${url.slice(0, 60)}… in a browser to see it)`);
  } catch (error) {
    return notAsExpected('flexpay.order-page', `no answer: ${errorText(error)}`);
  }
}

async function checkSaleStatus(c: FlexpayCheckContext): Promise<CheckResult> {
  const params = signRequest(c.signatureKey, {
    version: '4',
    shopID: c.shopId,
    referenceID: unusedReference(),
  });
  try {
    const res = await fetchOf(c)(`${c.flexpayUrl}/salestatus?${new URLSearchParams(params)}`, {
      signal: timeout(c),
    });
    const answer = parseStatusAnswer(await res.text());
    if (res.status === 200 && answer.response === 'NOTFOUND')
      return ok('flexpay.sale-status', 'response: NOTFOUND for a reference never used (key accepted)');
    return notAsExpected(
      'flexpay.sale-status',
      `HTTP ${res.status}, response: ${answer.response ?? '?'}${answer.error ? ` (${answer.error})` : ''}`,
      'check the signature key; the re-check of lost postbacks relies on this call',
    );
  } catch (error) {
    return notAsExpected('flexpay.sale-status', `no answer: ${errorText(error)}`);
  }
}

async function checkPostbackSignature(c: FlexpayCheckContext): Promise<CheckResult> {
  const params: Record<string, string> = {
    shopID: c.shopId,
    saleID: String(100_000_000 + (randomBytes(3).readUIntBE(0, 3) % 800_000_000)),
    referenceID: unusedReference(),
    priceAmount: '1.00',
    priceCurrency: 'EUR',
    paymentMethod: 'CC',
    type: 'purchase',
  };
  const send = async (signature: string) => {
    const res = await fetchOf(c)(`${c.postbackUrl}?${new URLSearchParams({ ...params, signature })}`, {
      redirect: 'manual',
      signal: timeout(c),
    });
    return { status: res.status, body: (await res.text()).trim() };
  };
  try {
    const forged = await send(flexpaySignature(`${c.signatureKey}-not`, params));
    if (forged.status !== 403 || forged.body !== 'ERROR')
      return notAsExpected(
        'flexpay.postback-signature',
        `a wrongly signed postback got HTTP ${forged.status} "${forged.body.slice(0, 40)}", not 403 ERROR`,
        'is the URL this app, and its version current?',
      );
    const signed = await send(flexpaySignature(c.signatureKey, params));
    // 400: the signature and shop were accepted, and the order is unknown (as intended: nothing is applied).
    if (signed.status === 400 && signed.body === 'ERROR')
      return ok('flexpay.postback-signature', 'reachable; wrong signature refused, this key accepted');
    return notAsExpected(
      'flexpay.postback-signature',
      signed.status === 403
        ? 'a postback signed with this key was refused: the server runs with another VEROTEL_SIGNATURE_KEY or VEROTEL_SHOP_ID'
        : `a postback signed with this key got HTTP ${signed.status} "${signed.body.slice(0, 40)}"`,
    );
  } catch (error) {
    return notAsExpected(
      'flexpay.postback-signature',
      `${c.postbackUrl} did not answer: ${errorText(error)}`,
    );
  }
}
