import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okSchema } from '../../../shared/schemas/accounts';
import {
  likeRequestSchema,
  likeResponseSchema,
  likesQuerySchema,
  likesResponseSchema,
} from '../../../shared/schemas/likes';
import { autoLikeResponseSchema } from '../../../shared/schemas/matching';
import type { SessionWithUser } from '../auth/sessions.repo';
import { autoLike, likeMember, listLikes, unlikeMember } from './likes.service';

/**
 * /api/like.php — POST { id } likes a member, DELETE { id } takes the like back; GET /api/likes.php lists the
 * received, given and matched likes with the counts. Every call needs a session. A like changes nothing that
 * sessions cache (docs/decisions.md "Session cache"): the liker's own entry is kept as it is (`keepSession`, so the
 * next like needs no session read), and the liked member's cached session holds nothing about likes.
 */
const unchanged = (found: SessionWithUser) => found;

export const likesRoutes: FastifyPluginAsyncZod = async (app) => {
  // Before any body is read or validated: a visitor without a session gets 403 authentication_required.
  app.addHook('onRequest', async (req) => {
    req.requireAuth();
  });

  app.post(
    '/api/like.php',
    { schema: { body: likeRequestSchema, response: { 200: likeResponseSchema } } },
    async (req) => {
      const { site } = await req.resolveSite();
      const auth = req.requireAuth();
      const liked = await likeMember(app.db, auth, req.body.id, site);
      req.keepSession(unchanged);
      // The liked member's open tabs reload their likes (and show the match when it is one).
      app.live.publish([req.body.id], { type: 'like.new', member_id: auth.user.id, match: liked.match });
      return liked;
    },
  );

  app.delete(
    '/api/like.php',
    { schema: { body: likeRequestSchema, response: { 200: okSchema } } },
    async (req) => {
      await unlikeMember(app.db, req.requireAuth().user.id, req.body.id);
      req.keepSession(unchanged);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/likes.php',
    { schema: { querystring: likesQuerySchema, response: { 200: likesResponseSchema } } },
    async (req, reply) => {
      const { user } = req.requireAuth();
      const { site } = await req.resolveSite();
      reply.header('Cache-Control', 'no-store');
      return listLikes(app.db, user.id, req.query, site);
    },
  );

  // Marks the announced like, without the request-type header: like clearing like_new, announcing a like early is
  // harmless if a cross-site request triggers it (docs/decisions.md "Likes").
  app.get(
    '/api/auto-like.php',
    { schema: { response: { 200: autoLikeResponseSchema } } },
    async (req, reply) => {
      const { user } = req.requireAuth();
      const { site } = await req.resolveSite();
      reply.header('Cache-Control', 'no-store');
      return autoLike(app.db, user.id, site);
    },
  );
};
