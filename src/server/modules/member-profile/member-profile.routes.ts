import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { memberResponseSchema } from '../../../shared/schemas/member-profile';
import { viewMember } from './member-profile.service';

const memberQuerySchema = z.object({
  id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});

/**
 * GET /api/member.php?id= — another member's public profile and up to six similar members. Logged-out visitors
 * may look too (unless the site's logged_out_search is 'none'); what each viewer sees is decided by
 * member-profile.policy.
 */
export const memberProfileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/member.php',
    { schema: { querystring: memberQuerySchema, response: { 200: memberResponseSchema } } },
    async (req, reply) => {
      const { site } = await req.resolveSite();
      const result = await viewMember(app.db, { memberId: req.query.id, viewer: req.auth, site });
      // The answer depends on the viewer, blocks and conversations: never cached.
      reply.header('Cache-Control', 'no-store');
      return result;
    },
  );
};
