import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ageOn } from '../../../shared/dates';
import { countriesForLocale } from '../../../shared/locales';
import { showcaseResponseSchema } from '../../../shared/schemas/members';
import { GENDERS } from '../../../shared/schemas/profiles';
import { jsonBytes, sendJsonBytes } from '../../lib/json-response';
import { presentPhotoUrls } from '../photos/photos.presenter';
import { createListingCache, dropListingCache } from '../search/search.cache';
import { findShowcaseProfiles, type ShowcaseRow } from './members.repo';

const SHOWCASE_SIZE = 12;

const showcaseQuerySchema = z.object({
  gender: z.enum(GENDERS).optional(),
  lang: z.string().max(10).optional(),
});

/**
 * GET /api/showcase.php: a few public members for the landing page and the signup matches, in the visitor's
 * language area first, only of the countries the site serves; optionally of one gender. For a signed-in member
 * never the member, nor members blocked either way (answered private, not stored: a block shows at once); signed
 * out the answer is the same for everyone (publicly cacheable, no block lookups), kept as bytes for
 * SEARCH_CACHE_SECONDS and dropped with the search caches when who is listed or what a card shows changes
 * (search.cache.ts).
 */
export const membersRoutes: FastifyPluginAsyncZod<{ cacheSeconds: number }> = async (app, opts) => {
  // The signed-out answer, as bytes per site, language and gender (the landing page of every visitor asks it).
  const signedOut = createListingCache<Buffer>(opts.cacheSeconds, 2_000);
  app.addHook('onClose', async () => dropListingCache(signedOut));

  app.get(
    '/api/showcase.php',
    { schema: { querystring: showcaseQuerySchema, response: { 200: showcaseResponseSchema } } },
    async (req, reply) => {
      const { site } = await req.resolveSite();
      reply
        .header('Cache-Control', req.auth ? 'private, no-store' : 'public, max-age=60')
        .header('Vary', 'Cookie, Accept-Language');
      const key = `${site.id}|${req.locale}|${req.query.gender ?? ''}`;
      const cached = req.auth ? undefined : signedOut?.get(key);
      if (cached) return sendJsonBytes(reply, cached);

      const filter = { niche: site.niche, gender: req.query.gender, viewerId: req.auth?.user.id };
      const served = site.countries;
      const local = countriesForLocale(req.locale).filter((c) => served.length === 0 || served.includes(c));
      // No local country among the served ones: straight to the served countries (an empty list means "any").
      let rows: ShowcaseRow[] =
        local.length === 0
          ? []
          : await findShowcaseProfiles(app.db, { ...filter, countries: local, limit: SHOWCASE_SIZE });
      if (rows.length < SHOWCASE_SIZE) {
        const more = await findShowcaseProfiles(app.db, {
          ...filter,
          countries: served,
          limit: SHOWCASE_SIZE * 2,
        });
        const ids = new Set(rows.map((r) => r.id));
        rows = [...rows, ...more.filter((r) => !ids.has(r.id))].slice(0, SHOWCASE_SIZE);
      }
      const body = {
        profiles: rows.map((r) => ({
          id: r.id,
          name: r.name,
          age: ageOn(r.birthDate),
          city: r.city,
          country: r.country,
          fictional: r.fictional,
          main_image: r.storageKey
            ? presentPhotoUrls(site.cdnPrefix, r.storageKey, r.photoStatus ?? 'active')
            : null,
        })),
      };
      if (req.auth || !signedOut) return body;
      const bytes = jsonBytes(showcaseResponseSchema, body);
      signedOut.set(key, bytes);
      return sendJsonBytes(reply, bytes);
    },
  );
};
