import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { reportRequestSchema, reportResponseSchema } from '../../../shared/schemas/reports';
import { reportMember } from './reports.service';

/** POST /api/report.php: a member reports another for moderation, optionally blocking in the same step. */
export const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', async (req) => {
    req.requireAuth();
  });

  app.post(
    '/api/report.php',
    { schema: { body: reportRequestSchema, response: { 200: reportResponseSchema } } },
    async (req) => {
      const auth = req.requireAuth();
      const { blocked, conversationId } = await reportMember(app.db, auth, req.body);
      if (blocked) {
        // As POST /api/block.php: the blocked member's cached session carries "has blocks".
        req.memberChanged(req.body.member);
        if (conversationId !== null)
          app.live.publish([auth.user.id], { type: 'conversation.removed', conversation_id: conversationId });
      }
      return { ok: true as const, blocked };
    },
  );
};
