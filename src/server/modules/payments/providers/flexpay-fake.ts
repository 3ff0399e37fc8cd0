import { randomInt } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { flexpaySignature, signRequest, verifyFlexpaySignature } from './flexpay-signature';
import { FLEXPAY_CURRENCIES, formatFlexpayAmount, parseFlexpayAmount } from './flexpay-wire';

/**
 * A local Verotel FlexPay (test support and the embedded default's stand-in; never used in production): the order
 * page behind `startorder` (version 4 purchase), signed postbacks, the sale status service and a Control Center
 * refund. It behaves as FlexPay's documentation says: a start order with a wrong signature, version, shop, amount,
 * currency or a reused referenceID is refused; only an approved sale gets a postback ("OK data"), sent in the
 * background, and FlexPay expects the answer `OK` (for a card sale anything else refunds it at once, followed by a
 * credit postback); a declined or cancelled order page sends the buyer to the declineURL and no postback; refunds
 * and chargebacks send `event=credit` / `event=chargeback` postbacks with their transactionID and parentID.
 */

export type FlexpayOutcome = 'approve' | 'decline' | 'cancel';

export interface FakeOrder {
  referenceId: string;
  orderId: string;
  params: Record<string, string>;
  amountMinor: number;
  currency: string;
  saleId: string | null;
  result: 'APPROVED' | 'DECLINED' | null;
  creditedMinor: number;
  chargedBackMinor: number;
}

export interface FakePostback {
  params: Record<string, string>;
  status: number;
  answer: string;
}

export interface FakeAnswer {
  status: number;
  contentType: string;
  body: string;
  location?: string;
}

export interface FlexpayFakeOptions {
  shopId?: string;
  signatureKey?: string;
  /** where postbacks go (the website's postback URL in the Control Center) */
  postbackUrl: string;
  /** how a postback is delivered; by default an HTTP GET with the parameters in the query, as FlexPay sends it */
  deliver?: (url: string) => Promise<{ status: number; body: string }>;
  /** where the order page's form posts (the fake's own base URL) */
  baseUrl?: string;
}

const CC_USER = 'cc-api-user';
const CC_PASSWORD = 'cc-api-password';

async function deliverByFetch(url: string): Promise<{ status: number; body: string }> {
  const res = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  return { status: res.status, body: await res.text() };
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function createFlexpayFake(opts: FlexpayFakeOptions) {
  const shopId = opts.shopId ?? '123456';
  const signatureKey = opts.signatureKey ?? 'fake-flexpay-signature-key';
  const deliver = opts.deliver ?? deliverByFetch;
  const orders = new Map<string, FakeOrder>();
  const postbacks: FakePostback[] = [];
  let baseUrl = opts.baseUrl ?? '';
  const text = (status: number, body: string): FakeAnswer => ({ status, contentType: 'text/plain', body });

  async function postback(params: Record<string, string>): Promise<FakePostback> {
    const signed = { ...params, signature: flexpaySignature(signatureKey, params) };
    const url = `${opts.postbackUrl}?${new URLSearchParams(signed)}`;
    let got = { status: 0, body: '' };
    try {
      got = await deliver(url);
    } catch {
      // unreachable: recorded as status 0
    }
    const record = { params: signed, status: got.status, answer: got.body };
    postbacks.push(record);
    return record;
  }

  function startOrder(query: URLSearchParams): FakeAnswer {
    const params = Object.fromEntries(query);
    const { signature, ...rest } = params;
    const expected = signRequest(signatureKey, rest).signature;
    if (!signature || signature.toLowerCase() !== expected) return text(400, 'ERROR - invalid signature');
    if (params.version !== '4' || params.type !== 'purchase')
      return text(400, 'ERROR - unsupported version or type');
    if (params.shopID !== shopId) return text(400, 'ERROR - unknown shopID');
    const amountMinor = parseFlexpayAmount(params.priceAmount);
    if (amountMinor === null || amountMinor <= 0 || !/^\d+\.\d{2}$/.test(params.priceAmount ?? ''))
      return text(400, 'ERROR - priceAmount must be nnn.nn');
    if (!FLEXPAY_CURRENCIES.has(params.priceCurrency ?? ''))
      return text(400, 'ERROR - unsupported priceCurrency');
    if (!params.description || params.description.length > 100)
      return text(400, 'ERROR - invalid description');
    if (params.paymentMethod && !['CC', 'DDEU', 'YOURSAFE_DIRECT'].includes(params.paymentMethod))
      return text(400, 'ERROR - invalid paymentMethod');
    const ref = params.referenceID ?? `noref-${orders.size + 1}`;
    const existing = orders.get(ref);
    if (existing?.result) return text(400, 'ERROR - referenceID already used');
    const order: FakeOrder = existing ?? {
      referenceId: ref,
      orderId: String(randomInt(10_000_000, 99_999_999)),
      params,
      amountMinor,
      currency: params.priceCurrency as string,
      saleId: null,
      result: null,
      creditedMinor: 0,
      chargedBackMinor: 0,
    };
    orders.set(ref, order);
    return { status: 200, contentType: 'text/html; charset=utf-8', body: orderPage(order) };
  }

  function orderPage(o: FakeOrder): string {
    const button = (outcome: FlexpayOutcome, label: string) =>
      `<button name="outcome" value="${outcome}" data-testid="flexpay-${outcome}">${label}</button>`;
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>Verotel order page (local fake)</title></head><body style="font-family:sans-serif;max-width:30rem;margin:2rem auto;padding:0 1rem">
<h1>Verotel order page</h1><p><strong>Local fake for development and tests: no money moves.</strong></p>
<p>${escapeHtml(o.params.description ?? '')}</p><p data-testid="flexpay-amount">${escapeHtml(o.params.priceAmount ?? '')} ${escapeHtml(o.currency)}</p>
<form method="post" action="${escapeHtml(baseUrl)}/order/${o.orderId}">
${button('approve', 'Pay (card approved)')} ${button('decline', 'Card declined')} ${button('cancel', 'Cancel')}
</form></body></html>`;
  }

  /** The buyer's choice on the order page: an approved sale's postback, then the way back. */
  async function decide(
    ref: string,
    outcome: FlexpayOutcome,
  ): Promise<{ location: string; postback?: FakePostback }> {
    const o = orders.get(ref);
    if (!o || o.result) throw new Error(`no open FlexPay order ${ref}`);
    const back =
      (o.params.successURL && outcome === 'approve' ? o.params.successURL : o.params.declineURL) ?? '/';
    if (outcome !== 'approve') {
      if (outcome === 'decline') o.result = 'DECLINED';
      return { location: back };
    }
    o.result = 'APPROVED';
    o.saleId = String(randomInt(100_000_000, 999_999_999));
    const params: Record<string, string> = {
      shopID: shopId,
      saleID: o.saleId,
      referenceID: o.referenceId,
      priceAmount: o.params.priceAmount as string,
      priceCurrency: o.currency,
      paymentMethod: o.params.paymentMethod || 'CC',
      transactionID: String(randomInt(100_000_000, 999_999_999)),
      type: 'purchase',
    };
    if (o.params.custom1) params.custom1 = o.params.custom1;
    const pb = await postback(params);
    // FlexPay: a card sale whose postback is not answered `OK` is refunded automatically.
    if (pb.answer.trim() !== 'OK') await reverse(o, 'credit', o.amountMinor);
    return { location: back, postback: pb };
  }

  async function reverse(o: FakeOrder, event: 'credit' | 'chargeback', amountMinor: number) {
    if (event === 'credit') o.creditedMinor += amountMinor;
    else o.chargedBackMinor += amountMinor;
    return postback({
      event,
      shopID: shopId,
      saleID: o.saleId as string,
      referenceID: o.referenceId,
      transactionID: String(randomInt(100_000_000, 999_999_999)),
      parentID: o.saleId as string,
      amount: formatFlexpayAmount(amountMinor),
      currency: o.currency,
    });
  }

  function saleStatus(query: URLSearchParams): FakeAnswer {
    const params = Object.fromEntries(query);
    if (!verifyFlexpaySignature(signatureKey, params))
      return text(200, 'response: ERROR\nerror: invalid signature');
    const o = [...orders.values()].find(
      (x) => x.referenceId === params.referenceID || (params.saleID && x.saleId === params.saleID),
    );
    if (!o?.result) return text(200, 'response: NOTFOUND');
    const lines = [
      'response: FOUND',
      `saleID: ${o.saleId ?? ''}`,
      `referenceID: ${o.referenceId}`,
      `shopID: ${shopId}`,
      `saleResult: ${o.result}`,
      `priceAmount: ${o.params.priceAmount}`,
      `priceCurrency: ${o.currency}`,
      `paymentMethod: ${o.params.paymentMethod || 'CC'}`,
    ];
    return text(200, lines.join('\n'));
  }

  async function ccRefund(saleId: string, auth: string | undefined, body: string): Promise<FakeAnswer> {
    const json = (status: number, v: unknown): FakeAnswer => ({
      status,
      contentType: 'application/json',
      body: JSON.stringify(v),
    });
    if (auth !== `Basic ${Buffer.from(`${CC_USER}:${CC_PASSWORD}`).toString('base64')}`)
      return json(401, { message: 'unauthorized' });
    const o = [...orders.values()].find((x) => x.saleId === saleId);
    if (!o) return json(404, { message: 'sale not found' });
    const amount = parseFlexpayAmount((JSON.parse(body || '{}') as { amount?: string }).amount);
    const left = o.amountMinor - o.creditedMinor - o.chargedBackMinor;
    if (amount === null || amount <= 0 || amount > left)
      return json(422, { message: 'invalid refund amount' });
    const pb = await reverse(o, 'credit', amount);
    return json(200, { transactionID: pb.params.transactionID, status: 'refunded' });
  }

  /** One request to the fake, whatever carries it (its own HTTP server, or the development routes). */
  async function handle(
    method: string,
    pathAndQuery: string,
    body: string,
    auth?: string,
  ): Promise<FakeAnswer> {
    const url = new URL(pathAndQuery, 'http://fake');
    const orderMatch = /^\/order\/(\d+)$/.exec(url.pathname);
    const refundMatch = /^\/cc\/sale\/(\d+)\/refund$/.exec(url.pathname);
    if (method === 'GET' && url.pathname === '/startorder') return startOrder(url.searchParams);
    if (method === 'GET' && url.pathname === '/salestatus') return saleStatus(url.searchParams);
    if (method === 'POST' && orderMatch) {
      const o = [...orders.values()].find((x) => x.orderId === orderMatch[1]);
      const outcome = new URLSearchParams(body).get('outcome') as FlexpayOutcome | null;
      if (!o || o.result || !outcome || !['approve', 'decline', 'cancel'].includes(outcome))
        return text(409, 'ERROR - this order is closed');
      const { location } = await decide(o.referenceId, outcome);
      return { status: 303, contentType: 'text/plain', body: '', location };
    }
    if (method === 'POST' && refundMatch?.[1]) return ccRefund(refundMatch[1], auth, body);
    return text(404, 'not found');
  }

  return {
    shopId,
    signatureKey,
    controlCenter: { user: CC_USER, password: CC_PASSWORD },
    orders,
    postbacks,
    handle,
    decide,
    setBaseUrl(url: string) {
      baseUrl = url;
    },
    /** a chargeback of the whole sale (or `amountMinor`), with its postback */
    chargeback(ref: string, amountMinor?: number) {
      const o = orders.get(ref);
      if (!o?.saleId) throw new Error(`no sale for ${ref}`);
      return reverse(o, 'chargeback', amountMinor ?? o.amountMinor);
    },
    /** sends a recorded postback again, unchanged (a replay) */
    replay(p: FakePostback) {
      const { signature: _s, ...params } = p.params;
      return postback(params);
    },
  };
}

export type FlexpayFake = ReturnType<typeof createFlexpayFake>;

/** The fake on its own HTTP server on 127.0.0.1 (tests): `url` is its FlexPay base, `${url}/cc` the Control Center. */
export async function startFlexpayFake(
  opts: FlexpayFakeOptions,
): Promise<FlexpayFake & { url: string; close(): Promise<void> }> {
  const fake = createFlexpayFake(opts);
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      fake
        .handle(
          req.method ?? 'GET',
          req.url ?? '/',
          Buffer.concat(chunks).toString('utf8'),
          req.headers.authorization,
        )
        .then((a) => {
          res.writeHead(a.status, {
            'content-type': a.contentType,
            ...(a.location ? { location: a.location } : {}),
          });
          res.end(a.body);
        })
        .catch(() => {
          res.writeHead(500).end();
        });
    });
  });
  // Longer than a slow test's pause between two calls: a client reusing a connection the server has just closed
  // gets ECONNRESET (undici does not retry it).
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.setBaseUrl(url);
  return Object.assign(fake, {
    url,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
