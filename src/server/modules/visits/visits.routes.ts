import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { visitorsQuerySchema, visitorsResponseSchema } from '../../../shared/schemas/visits';
import { listVisitors } from './visits.service';

/**
 * GET /api/visitors.php?page= — who viewed the signed-in member (issue 21, point 3; visits.service says what free and
 * premium members see). The visits themselves are recorded by GET /api/member.php (member-profile.service).
 */
export const profileVisitsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', async (req) => {
    req.requireAuth();
  });

  app.get(
    '/api/visitors.php',
    { schema: { querystring: visitorsQuerySchema, response: { 200: visitorsResponseSchema } } },
    async (req, reply) => {
      const { user, profile } = req.requireAuth();
      const { site } = await req.resolveSite();
      reply.header('Cache-Control', 'no-store');
      const viewer = { id: user.id, paidUser: user.paidUser, leaveVisits: profile.leaveVisits };
      return listVisitors(app.db, viewer, req.query.page, site);
    },
  );
};
