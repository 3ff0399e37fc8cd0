import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  camsQuerySchema,
  camsResponseSchema,
  resellConsentResponseSchema,
  resellConsentSchema,
} from '../../../shared/schemas/cams';
import { cardOptions, presentProfileCard } from '../member-profile/member-profile.presenter';
import { findCamsPage, findResellConsent, setResellConsent } from './cams.repo';

export const CAMS_PAGE_SIZE = 24;

/**
 * The cam section for signed-in members (docs/decisions.md "Cam section"):
 * - GET /api/cams.php?page=: the site's cam and resell profiles and the network's resell candidates, each card
 *   marked with its kind; never the viewer, nor members blocked either way.
 * - GET / PUT /api/resell-consent.php: the member's consent to appear as 'resell' on partner sites of the network
 *   (off by default; effective only while the member's site has member_resell on). Withdrawing takes effect at
 *   once: the partner sites' lists read the consent on every request.
 */
export const camsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', async (req) => {
    req.requireAuth();
  });

  app.get(
    '/api/cams.php',
    { schema: { querystring: camsQuerySchema, response: { 200: camsResponseSchema } } },
    async (req, reply) => {
      const { user } = req.requireAuth();
      const { site } = await req.resolveSite();
      const offset = (req.query.page - 1) * CAMS_PAGE_SIZE;
      const rows = await findCamsPage(app.db, site, user.id, { limit: CAMS_PAGE_SIZE + 1, offset });
      const options = cardOptions(site);
      reply.header('Cache-Control', 'private, no-store');
      return {
        profiles: rows
          .slice(0, CAMS_PAGE_SIZE)
          .map((row) => ({ ...presentProfileCard(row, options), kind: row.kind })),
        more: rows.length > CAMS_PAGE_SIZE,
      };
    },
  );

  const consentOf = async (userId: number) => {
    const found = await findResellConsent(app.db, userId);
    return { consent: found?.consent ?? false, available: found?.available ?? false };
  };

  app.get(
    '/api/resell-consent.php',
    { schema: { response: { 200: resellConsentResponseSchema } } },
    async (req, reply) => {
      const { user } = req.requireAuth();
      reply.header('Cache-Control', 'no-store');
      return consentOf(user.id);
    },
  );

  app.put(
    '/api/resell-consent.php',
    { schema: { body: resellConsentSchema, response: { 200: resellConsentResponseSchema } } },
    async (req, reply) => {
      const { user } = req.requireAuth();
      await setResellConsent(app.db, user.id, req.body.consent);
      reply.header('Cache-Control', 'no-store');
      return consentOf(user.id);
    },
  );
};
