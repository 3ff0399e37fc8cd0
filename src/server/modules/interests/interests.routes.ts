import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { INTERESTS } from '../../../shared/rules';
import { interestsResponseSchema } from '../../../shared/schemas/sites';
import { translate } from '../../i18n/translate';
import { INTEREST_ICONS } from './interest-icons';

export const interestsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/interests.php',
    { schema: { response: { 200: interestsResponseSchema } } },
    async (req, reply) => {
      reply.header('Cache-Control', 'public, max-age=3600').header('Vary', 'Cookie, Accept-Language');
      return {
        interests: INTERESTS.map((value) => ({
          value,
          label: translate(req.locale, `interests.${value}`),
          icon: INTEREST_ICONS[value],
        })),
      };
    },
  );
};
