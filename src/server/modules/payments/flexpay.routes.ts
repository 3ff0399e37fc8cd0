import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { handleFlexpayPostback } from './flexpay-postback';
import { type PaymentProvider, ProviderUnavailableError } from './providers/provider';

export interface FlexpayRoutesOptions {
  provider: PaymentProvider;
  shopId: string;
  signatureKey: string;
}

/**
 * GET /api/flexpay-postback.php: Verotel FlexPay's postback URL (set it in the Control Center's website details).
 * FlexPay sends the parameters in the query; a form-encoded POST is read the same way. No session, no request-type
 * header (a provider's call). The answer is the text FlexPay expects: `OK`, or `ERROR` with nothing applied.
 */
export const flexpayRoutes: FastifyPluginAsyncZod<FlexpayRoutesOptions> = async (app, opts) => {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  const handler = async (params: Record<string, string>, req: FastifyRequest, reply: FastifyReply) => {
    reply.type('text/plain; charset=utf-8').header('Cache-Control', 'no-store');
    try {
      const result = await handleFlexpayPostback(app.db, opts.provider, opts, params);
      if (result.answer !== 'OK') {
        // Never the signature, the key or the buyer's data: which sale, and why.
        req.log.warn(
          { saleID: params.saleID, event: params.event ?? 'purchase', reason: result.reason },
          'FlexPay postback refused',
        );
        return reply
          .code(result.reason === 'signature' || result.reason === 'shop' ? 403 : 400)
          .send('ERROR');
      }
      if (result.applied) {
        req.memberChanged(result.applied.userId);
        app.live.publish([result.applied.userId], { type: 'user.changed' });
      }
      return reply.send('OK');
    } catch (err) {
      if (err instanceof ProviderUnavailableError) return reply.code(503).send('ERROR');
      throw err;
    }
  };
  const flat = (v: unknown): Record<string, string> => {
    const out: Record<string, string> = {};
    if (v && typeof v === 'object')
      for (const [k, x] of Object.entries(v)) if (typeof x === 'string') out[k] = x;
    return out;
  };
  app.get('/api/flexpay-postback.php', { config: { crossSite: true } }, (req, reply) =>
    handler(flat(req.query), req, reply),
  );
  app.post('/api/flexpay-postback.php', { config: { crossSite: true } }, (req, reply) =>
    handler(flat(req.body), req, reply),
  );
};
