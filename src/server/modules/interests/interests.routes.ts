import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Locale } from '../../../shared/locales';
import { orderInterestsForNiche } from '../../../shared/niche-defaults';
import { INTERESTS } from '../../../shared/rules';
import { interestsResponseSchema } from '../../../shared/schemas/sites';
import { translate } from '../../i18n/translate';
import { jsonBytes, sendJsonBytes } from '../../lib/json-response';
import { INTEREST_ICONS } from './interest-icons';

/** The answer per language and niche, made once: it only changes with a deploy. */
const bytesByKey = new Map<string, Buffer>();

/** Every interest, the niche's leading ones first (src/shared/rules-niches.ts: bdsm leads with its own). */
function interestsBytes(locale: Locale, niche: number): Buffer {
  const key = `${locale}|${niche}`;
  let bytes = bytesByKey.get(key);
  if (!bytes) {
    bytes = jsonBytes(interestsResponseSchema, {
      interests: orderInterestsForNiche(INTERESTS, niche).map((value) => ({
        value,
        label: translate(locale, `interests.${value}`),
        icon: INTEREST_ICONS[value],
      })),
    });
    bytesByKey.set(key, bytes);
  }
  return bytes;
}

export const interestsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/interests.php',
    { schema: { response: { 200: interestsResponseSchema } } },
    async (req, reply) => {
      const { site } = await req.resolveSite();
      reply.header('Cache-Control', 'public, max-age=3600').header('Vary', 'Cookie, Accept-Language');
      return sendJsonBytes(reply, interestsBytes(req.locale, site.niche));
    },
  );
};
