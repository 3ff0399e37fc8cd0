import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { geocodeQuerySchema, geocodeResultSchema } from '../../../shared/schemas/member-profile';
import { reverseGeocode } from './geocode';

export interface GeocodeRoutesOptions {
  /** requests per minute and client address (60 by default) */
  rateLimitMax?: number;
}

/**
 * GET /api/geocode.php?lat&lon — the nearest city of a served country within 50 km as { country, region, city },
 * or false. Offline (no third party sees the position); no session needed; rate-limited.
 */
export const geocodeRoutes: FastifyPluginAsyncZod<GeocodeRoutesOptions> = async (app, opts) => {
  app.get(
    '/api/geocode.php',
    {
      config: { rateLimit: { max: opts.rateLimitMax ?? 60, timeWindow: '1 minute' } },
      schema: { querystring: geocodeQuerySchema, response: { 200: geocodeResultSchema } },
    },
    async (req, reply) => {
      reply.header('Cache-Control', 'no-store');
      return reverseGeocode(req.query.lat, req.query.lon);
    },
  );
};
