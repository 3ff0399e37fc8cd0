import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { CountryRegions } from '../../../shared/schemas/sites';
import { regionsResponseSchema } from '../../../shared/schemas/sites';
import { translate } from '../../i18n/translate';
import { REGION_LABELS, regionsByCountry } from './regions';

export const geoRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/regions.php',
    { schema: { response: { 200: regionsResponseSchema } } },
    async (req, reply) => {
      const regions: Record<string, CountryRegions> = {};
      for (const [country, list] of regionsByCountry()) {
        const label = REGION_LABELS[country] ?? 'region';
        regions[country] = {
          label,
          label_text: translate(req.locale, `region_labels.${label}`),
          regions: list,
        };
      }
      reply.header('Cache-Control', 'public, max-age=86400').header('Vary', 'Cookie, Accept-Language');
      return { regions };
    },
  );
};
