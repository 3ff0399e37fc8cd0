import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ageOn } from '../../../shared/dates';
import { countriesForLocale } from '../../../shared/locales';
import { showcaseResponseSchema } from '../../../shared/schemas/members';
import { GENDERS } from '../../../shared/schemas/profiles';
import { presentPhotoUrls } from '../photos/photos.presenter';
import { findShowcaseProfiles, type ShowcaseRow } from './members.repo';

const SHOWCASE_SIZE = 12;

const showcaseQuerySchema = z.object({
  gender: z.enum(GENDERS).optional(),
  lang: z.string().max(10).optional(),
});

/**
 * GET /api/showcase.php: a few public members for the landing page and the signup matches, in the visitor's
 * language area first; optionally of one gender; never the asking member.
 */
export const membersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/showcase.php',
    { schema: { querystring: showcaseQuerySchema, response: { 200: showcaseResponseSchema } } },
    async (req, reply) => {
      const { site } = await req.resolveSite();
      const filter = { niche: site.niche, gender: req.query.gender, excludeUserId: req.auth?.user.id };
      const served = site.countries;
      const local = countriesForLocale(req.locale).filter((c) => served.length === 0 || served.includes(c));
      let rows: ShowcaseRow[] = await findShowcaseProfiles(app.db, {
        ...filter,
        countries: local,
        limit: SHOWCASE_SIZE,
      });
      if (rows.length < SHOWCASE_SIZE) {
        const more = await findShowcaseProfiles(app.db, {
          ...filter,
          countries: served,
          limit: SHOWCASE_SIZE * 2,
        });
        const ids = new Set(rows.map((r) => r.id));
        rows = [...rows, ...more.filter((r) => !ids.has(r.id))].slice(0, SHOWCASE_SIZE);
      }
      reply
        .header('Cache-Control', req.auth ? 'private, max-age=60' : 'public, max-age=60')
        .header('Vary', 'Cookie, Accept-Language');
      return {
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
    },
  );
};
