import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  matchFinderQuerySchema,
  matchFinderResponseSchema,
  matchPreferencesResponseSchema,
  matchPreferencesSchema,
  swipeDeckResponseSchema,
  swipeRequestSchema,
  swipeResponseSchema,
} from '../../../shared/schemas/matching';
import { preferencesOf, rankedMatches, savePreferences } from './matching.service';
import { swipe, swipeDeck } from './swipe.service';

/**
 * Matching (issue 9): GET/PUT /api/match-preferences.php (what the member looks for), GET /api/match-finder.php
 * (the best-fitting members, best first; also the signup matches) and GET/POST /api/swipe-game.php (the deck and a
 * like or pass, 4 likes a UTC day). Every call needs a session; answers are never cached.
 */
export const matchingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', async (req, reply) => {
    req.requireAuth();
    reply.header('Cache-Control', 'no-store');
  });

  app.get(
    '/api/match-preferences.php',
    { schema: { response: { 200: matchPreferencesResponseSchema } } },
    async (req) => preferencesOf(app.db, req.requireAuth().profile),
  );

  app.put(
    '/api/match-preferences.php',
    { schema: { body: matchPreferencesSchema, response: { 200: matchPreferencesResponseSchema } } },
    async (req) => savePreferences(app.db, req.requireAuth().profile, req.body),
  );

  app.get(
    '/api/match-finder.php',
    { schema: { querystring: matchFinderQuerySchema, response: { 200: matchFinderResponseSchema } } },
    async (req) => {
      const { site } = await req.resolveSite();
      return rankedMatches(app.db, req.requireAuth().profile, req.query.page, site);
    },
  );

  app.get('/api/swipe-game.php', { schema: { response: { 200: swipeDeckResponseSchema } } }, async (req) => {
    const { site } = await req.resolveSite();
    return swipeDeck(app.db, req.requireAuth(), site);
  });

  app.post(
    '/api/swipe-game.php',
    { schema: { body: swipeRequestSchema, response: { 200: swipeResponseSchema } } },
    async (req) => {
      const { site } = await req.resolveSite();
      return swipe(app.db, req.requireAuth(), req.body, site);
    },
  );
};
