import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ageOn } from '../../../shared/dates';
import { countriesForLocale } from '../../../shared/locales';
import { showcaseResponseSchema } from '../../../shared/schemas/members';
import { presentPhotoUrls } from '../photos/photos.presenter';
import { findShowcaseProfiles, type ShowcaseRow } from './members.repo';

const SHOWCASE_SIZE = 12;

/** GET /api/showcase.php: a few public members for the landing page, in the visitor's language area first. */
export const membersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/showcase.php',
    { schema: { response: { 200: showcaseResponseSchema } } },
    async (req, reply) => {
      const { site } = await req.resolveSite();
      const served = site.countries;
      const local = countriesForLocale(req.locale).filter((c) => served.length === 0 || served.includes(c));
      let rows: ShowcaseRow[] = await findShowcaseProfiles(app.db, {
        niche: site.niche,
        countries: local,
        limit: SHOWCASE_SIZE,
      });
      if (rows.length < SHOWCASE_SIZE) {
        const more = await findShowcaseProfiles(app.db, {
          niche: site.niche,
          countries: served,
          limit: SHOWCASE_SIZE * 2,
        });
        const ids = new Set(rows.map((r) => r.id));
        rows = [...rows, ...more.filter((r) => !ids.has(r.id))].slice(0, SHOWCASE_SIZE);
      }
      reply.header('Cache-Control', 'public, max-age=60').header('Vary', 'Cookie, Accept-Language');
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
