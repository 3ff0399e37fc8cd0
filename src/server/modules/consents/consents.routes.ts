import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  consentStateSchema,
  discreetStateSchema,
  discreetUpdateSchema,
  giveConsentSchema,
} from '../../../shared/schemas/consents';
import { consentState, giveConsent, withdrawConsent } from './consents.service';
import { discreetState, setDiscreet } from './discreet.service';

/**
 * The member's consent to process sensitive data (issue 23, point 1) and discreet mode (point 5):
 * GET /api/consent.php (state: version, given, withdrawn, whether the app must ask), POST (agree: the one-time
 * screen), DELETE (withdraw: the account can no longer be used; the app leads on to the deletion flow);
 * GET/PUT /api/discreet.php. Only ever the signed-in member's own.
 */
export const consentsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', async (req, reply) => {
    req.requireAuth();
    reply.header('Cache-Control', 'no-store');
  });

  app.get('/api/consent.php', { schema: { response: { 200: consentStateSchema } } }, async (req) =>
    consentState(app.db, req.requireAuth().user.id),
  );

  app.post(
    '/api/consent.php',
    { schema: { body: giveConsentSchema, response: { 200: consentStateSchema } } },
    async (req) => giveConsent(app.db, req.requireAuth().user.id),
  );

  app.delete('/api/consent.php', { schema: { response: { 200: consentStateSchema } } }, async (req) =>
    withdrawConsent(app.db, req.requireAuth().user.id),
  );

  app.get('/api/discreet.php', { schema: { response: { 200: discreetStateSchema } } }, async (req) =>
    discreetState(app.db, req.requireAuth().user.id),
  );

  app.put(
    '/api/discreet.php',
    { schema: { body: discreetUpdateSchema, response: { 200: discreetStateSchema } } },
    async (req) => setDiscreet(app.db, req.requireAuth().user.id, req.body.discreet),
  );
};
