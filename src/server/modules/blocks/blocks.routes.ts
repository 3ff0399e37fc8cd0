import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okSchema } from '../../../shared/schemas/accounts';
import {
  blockedListResponseSchema,
  blockRequestSchema,
  unblockRequestSchema,
} from '../../../shared/schemas/member-profile';
import { blockMember, listBlocked, unblockMember } from './blocks.service';

/**
 * /api/block.php — POST { id } blocks a member, DELETE { id } or { handle } unblocks, GET lists the blocks of the
 * signed-in member (cards only of members the member may still see). Every call needs a session.
 */
export const blocksRoutes: FastifyPluginAsyncZod = async (app) => {
  // Before any body is read or validated: a visitor without a session gets 403 authentication_required.
  app.addHook('onRequest', async (req) => {
    req.requireAuth();
  });

  app.get(
    '/api/block.php',
    { schema: { response: { 200: blockedListResponseSchema } } },
    async (req, reply) => {
      const { user } = req.requireAuth();
      const { site } = await req.resolveSite();
      reply.header('Cache-Control', 'no-store');
      return { blocked: await listBlocked(app.db, user.id, site, req.locale) };
    },
  );

  app.post(
    '/api/block.php',
    { schema: { body: blockRequestSchema, response: { 200: okSchema } } },
    async (req) => {
      await blockMember(app.db, req.requireAuth(), req.body.id);
      // The blocked member's cached session carries "has blocks" (plugins/session.ts); the blocker's own is
      // dropped as for every state-changing request.
      req.memberChanged(req.body.id);
      return { ok: true as const };
    },
  );

  app.delete(
    '/api/block.php',
    { schema: { body: unblockRequestSchema, response: { 200: okSchema } } },
    async (req) => {
      const { user } = req.requireAuth();
      for (const id of await unblockMember(app.db, user.id, req.body)) req.memberChanged(id);
      return { ok: true as const };
    },
  );
};
