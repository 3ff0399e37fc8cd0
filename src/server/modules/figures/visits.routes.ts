import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { visitRequestSchema } from '../../../shared/schemas/admin-figures';
import { recordVisit, SOURCE_KEYS, type Source } from './traffic.repo';

/**
 * POST /api/visit.php: the web app reports a visit that arrived with tracking parameters (a lander or landing page
 * opened from an ad), for the traffic-source report. Counted per site, UTC day and network/ref/sub1–sub3 only: no
 * address, cookie or member is stored. Without a network or ref nothing is counted. Rate-limited per address.
 */
export const visitsRoutes: FastifyPluginAsyncZod<{ rateLimitScale: number }> = async (app, opts) => {
  app.post(
    '/api/visit.php',
    {
      schema: { body: visitRequestSchema, hide: true },
      config: { rateLimit: { max: 30 * opts.rateLimitScale, timeWindow: '10 minutes' } },
    },
    async (req, reply) => {
      const source = Object.fromEntries(SOURCE_KEYS.map((k) => [k, (req.body[k] ?? '').trim()])) as Source;
      if (source.network || source.ref) {
        const { site } = await req.resolveSite();
        await recordVisit(app.db, site.id, source);
      }
      return reply.status(204).send();
    },
  );
};
