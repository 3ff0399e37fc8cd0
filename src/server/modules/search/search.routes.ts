import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ageOn } from '../../../shared/dates';
import type { ProfileCard } from '../../../shared/schemas/members';
import { searchQuerySchema, searchResponseSchema } from '../../../shared/schemas/search';
import { AppError } from '../../lib/app-error';
import { presentPhotoUrls } from '../photos/photos.presenter';
import type { SearchRow } from './search.repo';
import { loggedOutSearchAllowed, searchMembers } from './search.service';

/**
 * The search state of the web URL may carry the visitor's tracking parameters (network, ref, sub1…): `network`
 * tells whether the visitor has a traffic source; any other extra key is accepted and dropped.
 */
const searchRouteQuerySchema = searchQuerySchema.safeExtend({
  network: z.string().max(200).optional(),
});

function toCard(cdnPrefix: string, row: SearchRow, now: Date): ProfileCard {
  return {
    id: row.id,
    name: row.name,
    age: ageOn(row.birthDate, now),
    city: row.city,
    country: row.country,
    fictional: row.fictional,
    main_image: row.storageKey
      ? presentPhotoUrls(cdnPrefix, row.storageKey, row.photoStatus ?? 'active')
      : null,
  };
}

/**
 * GET /api/search.php: the member search of the site's niche. Signed-out visitors may search unless the site's
 * logged_out_search settings say otherwise (403 authentication_required: the web app shows login/signup).
 */
export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/search.php',
    { schema: { querystring: searchRouteQuerySchema, response: { 200: searchResponseSchema } } },
    async (req, reply) => {
      const { site } = await req.resolveSite();
      if (!req.auth && !loggedOutSearchAllowed(site, Boolean(req.query.network))) {
        throw new AppError(403, 'authentication_required');
      }
      const now = new Date();
      const { network: _network, ...query } = req.query;
      const found = await searchMembers(app.db, {
        niche: site.niche,
        viewerId: req.auth?.user.id,
        query,
        now,
      });
      reply
        .header('Cache-Control', req.auth ? 'private, max-age=30' : 'public, max-age=30')
        .header('Vary', 'Cookie');
      return {
        profiles: found.rows.map((r) => toCard(site.cdnPrefix, r, now)),
        numResults: found.numResults,
        page: found.page,
        pages: found.pages,
        similar: found.similar.map((r) => toCard(site.cdnPrefix, r, now)),
      };
    },
  );
};
