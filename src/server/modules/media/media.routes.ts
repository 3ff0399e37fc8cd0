import type { FastifyPluginAsync } from 'fastify';
import { assertSafeKey, type MediaStorage } from '../../lib/storage';
import { decideMediaAccess } from './media.service';

/**
 * GET /media/<key>: photo files, each checked against the viewer before it is sent. A photo everyone may see is
 * cacheable by shared caches; any other answer is private to the viewer. Refusals are 404, so nothing tells a
 * stranger that a private photo exists.
 */
export const mediaRoutes: FastifyPluginAsync<{ storage: MediaStorage }> = async (app, opts) => {
  app.get<{ Params: { '*': string } }>('/media/*', { schema: { hide: true } }, async (req, reply) => {
    const key = req.params['*'];
    try {
      assertSafeKey(key);
    } catch {
      return reply.callNotFound();
    }
    const viewer = req.auth ? { id: req.auth.user.id, premium: req.auth.user.paidUser } : null;
    const decision = await decideMediaAccess(app.db, key, viewer);
    if (!decision.serve) return reply.callNotFound();
    const body = await opts.storage.get(key);
    if (!body) return reply.callNotFound();
    return reply
      .header('Content-Type', 'image/jpeg')
      .header('Cache-Control', decision.public ? 'public, max-age=3600' : 'private, max-age=300')
      .header('Vary', 'Cookie')
      .header('X-Content-Type-Options', 'nosniff')
      .send(body);
  });
};
