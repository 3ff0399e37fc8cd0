import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Locale } from '../../../shared/locales';
import { INTERESTS } from '../../../shared/rules';
import { interestsResponseSchema } from '../../../shared/schemas/sites';
import { translate } from '../../i18n/translate';
import { jsonBytes, sendJsonBytes } from '../../lib/json-response';
import { INTEREST_ICONS } from './interest-icons';

/** The answer per language, made once: it only changes with a deploy. */
const bytesByLocale = new Map<Locale, Buffer>();

function interestsBytes(locale: Locale): Buffer {
  let bytes = bytesByLocale.get(locale);
  if (!bytes) {
    bytes = jsonBytes(interestsResponseSchema, {
      interests: INTERESTS.map((value) => ({
        value,
        label: translate(locale, `interests.${value}`),
        icon: INTEREST_ICONS[value],
      })),
    });
    bytesByLocale.set(locale, bytes);
  }
  return bytes;
}

export const interestsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/interests.php',
    { schema: { response: { 200: interestsResponseSchema } } },
    async (req, reply) => {
      reply.header('Cache-Control', 'public, max-age=3600').header('Vary', 'Cookie, Accept-Language');
      return sendJsonBytes(reply, interestsBytes(req.locale));
    },
  );
};
