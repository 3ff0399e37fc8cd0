import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../../config';
import type { Db } from '../../../db/client';
import { flexpayRoutes } from '../flexpay.routes';
import { createFlexpayFake } from './flexpay-fake';
import { createFlexpayProvider } from './flexpay-provider';
import type { PaymentProvider } from './provider';

/** The FlexPay provider with the keys its postbacks are verified with. */
export interface FlexpaySetup {
  provider: PaymentProvider;
  shopId: string;
  signatureKey: string;
}

const FAKE_PREFIX = '/dev/flexpay';
const FAKE_PAGE_CSP = [
  "default-src 'none'",
  "style-src 'unsafe-inline'",
  "form-action 'self' http: https:",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * Verotel FlexPay for the sites that choose it (sites.payment_provider = 'verotel'), with its postback route:
 * live with VEROTEL_SHOP_ID / VEROTEL_SIGNATURE_KEY; outside production without them, the local fake mounted at
 * /dev/flexpay (its order page, sale status and Control Center refund answer in-process, and its postbacks reach
 * /api/flexpay-postback.php through app.inject); in production without them, none: such sites take no payments
 * (503 payment_provider_unavailable) and the start log says so. Tests pass their own setup (`override`).
 */
export async function registerFlexpay(
  app: FastifyInstance,
  config: AppConfig,
  db: Db,
  override?: FlexpaySetup,
): Promise<PaymentProvider | undefined> {
  let setup: FlexpaySetup | undefined = override;
  const v = config.verotel;
  if (!setup && v.mode === 'live') {
    setup = {
      shopId: v.shopId,
      signatureKey: v.signatureKey,
      provider: createFlexpayProvider({
        db,
        shopId: v.shopId,
        signatureKey: v.signatureKey,
        flexpayUrl: v.flexpayUrl,
        controlCenter: v.controlCenter,
      }),
    };
  }
  if (!setup && v.mode === 'fake' && !config.isProduction) setup = await mountFake(app, config, db);
  if (!setup) {
    app.log.warn(
      'Verotel FlexPay is not configured: sites whose payment provider is verotel take no payments',
    );
    return undefined;
  }
  await app.register(flexpayRoutes, setup);
  return setup.provider;
}

/** The development stand-in: the fake's pages under /dev/flexpay, everything in-process. */
async function mountFake(app: FastifyInstance, config: AppConfig, db: Db): Promise<FlexpaySetup> {
  const fake = createFlexpayFake({
    postbackUrl: '/api/flexpay-postback.php',
    baseUrl: FAKE_PREFIX,
    deliver: async (url) => {
      const res = await app.inject({ method: 'GET', url });
      return { status: res.statusCode, body: res.body };
    },
  });
  // The adapter's calls to the fake (sale status, refunds) answered in-process, as a fetch would be.
  const fetchImpl: typeof fetch = async (input, init) => {
    const url = new URL(String(input));
    const auth = new Headers(init?.headers).get('authorization') ?? undefined;
    const a = await fake.handle(
      init?.method ?? 'GET',
      `${url.pathname.slice(FAKE_PREFIX.length)}${url.search}`,
      typeof init?.body === 'string' ? init.body : '',
      auth,
    );
    return new Response(a.body, { status: a.status, headers: { 'content-type': a.contentType } });
  };
  const provider = createFlexpayProvider({
    db,
    shopId: fake.shopId,
    signatureKey: fake.signatureKey,
    flexpayUrl: `${config.publicUrl}${FAKE_PREFIX}`,
    controlCenter: { url: `${config.publicUrl}${FAKE_PREFIX}/cc`, ...fake.controlCenter },
    fetchImpl,
  });
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_req, body, done) => done(null, String(body)),
    );
    scope.route({
      method: ['GET', 'POST'],
      url: `${FAKE_PREFIX}/*`,
      config: { crossSite: true },
      handler: async (req, reply) => {
        const path = req.url.slice(FAKE_PREFIX.length);
        const a = await fake.handle(req.method, path, typeof req.body === 'string' ? req.body : '');
        reply.code(a.status).type(a.contentType).header('Cache-Control', 'no-store');
        // The order page stands in for Verotel's own page (its own policy): its form posts here and FlexPay then
        // sends the buyer back to the member's site, another host (the app's form-action 'self' would stop that
        // redirect). Nothing runs on it.
        if (a.contentType.startsWith('text/html')) reply.header('Content-Security-Policy', FAKE_PAGE_CSP);
        if (a.location) reply.header('location', a.location);
        return reply.send(a.body);
      },
    });
  });
  return { provider, shopId: fake.shopId, signatureKey: fake.signatureKey };
}
