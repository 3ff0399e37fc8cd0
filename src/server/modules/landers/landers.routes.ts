import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LANDER_RULES } from '../../../shared/rules-landers';
import {
  landerMapQuerySchema,
  landerMapResponseSchema,
  landerMapShapesQuerySchema,
  landerMapShapesResponseSchema,
} from '../../../shared/schemas/lander-map';
import { AppError } from '../../lib/app-error';
import { countryOfIp } from '../../lib/geoip';
import { cardOptions, presentProfileCard } from '../member-profile/member-profile.presenter';
import { selectCountry, servedCountries } from '../sites/sites.service';
import { findLocatedShowcaseProfiles } from './landers.repo';
import { membersByArea } from './map-areas';
import { countryMap } from './map-shapes';

/**
 * The map lander's data (/landers/maplanding): the members near the visitor by area, and the shapes of the
 * visitor's country, both drawn here from the world-atlas package (nothing is fetched from elsewhere).
 */
export const landersRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * GET /api/lander-map.php: the public members of the visitor's country (GeoIP, when the site serves it; else
   * the site's country for the language) by area of LANDER_RULES.map.areaKm, each area at the middle of its cell
   * in the map's SVG coordinates. The answer carries no member's coordinates (map-areas.ts). Depends on the
   * visitor's address, so it is private.
   */
  app.get(
    '/api/lander-map.php',
    { schema: { querystring: landerMapQuerySchema, response: { 200: landerMapResponseSchema } } },
    async (req, reply) => {
      const { site } = await req.resolveSite();
      const country = selectCountry(site, countryOfIp(req.ip), undefined, req.locale);
      reply.header('Cache-Control', 'private, max-age=60').header('Vary', 'Cookie, Accept-Language');
      const map = countryMap(country);
      if (!map) return { country, areas: [] };
      const rows = await findLocatedShowcaseProfiles(app.db, {
        niche: site.niche,
        countries: [country],
        viewerId: req.auth?.user.id,
        limit: LANDER_RULES.map.maxMembers,
      });
      const options = cardOptions(site);
      const now = new Date();
      const areas = membersByArea(rows).flatMap((area) => {
        const at = map.project(area.lat, area.lon);
        if (!at) return [];
        const members = area.members
          .slice(0, LANDER_RULES.map.maxPerArea)
          .map((m) => presentProfileCard(m, options, now));
        return [{ key: area.key, x: at.x, y: at.y, members, count: area.members.length }];
      });
      return { country, areas };
    },
  );

  /**
   * GET /api/lander-map-shapes.php?country=: the country (a served one) and its neighbours as SVG paths of one
   * view box, simplified to what shows at that size. The same for everyone: cached a day.
   */
  app.get(
    '/api/lander-map-shapes.php',
    {
      schema: { querystring: landerMapShapesQuerySchema, response: { 200: landerMapShapesResponseSchema } },
    },
    async (req, reply) => {
      const { site } = await req.resolveSite();
      const map = servedCountries(site).includes(req.query.country) ? countryMap(req.query.country) : null;
      if (!map) throw new AppError(404, 'not_found');
      reply.header('Cache-Control', 'public, max-age=86400').header('Vary', 'Host');
      return { country: map.country, width: map.width, height: map.height, shapes: map.shapes };
    },
  );
};
