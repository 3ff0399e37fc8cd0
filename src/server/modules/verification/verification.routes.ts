import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { VERIFICATION_RULES } from '../../../shared/rules-verification';
import {
  verificationAttemptSchema,
  verificationSelfieSchema,
  verificationStatusSchema,
} from '../../../shared/schemas/verification';
import type { MediaStorage } from '../../lib/storage';
import { startVerification, submitSelfie, verificationStatus } from './verification.service';
import type { VerificationRunner } from './verification-runner';

/**
 * The member's photo verification (issue 21, point 1): GET the state (badge, attempts left, latest attempt), POST a
 * new challenge (a pose chosen by the server), POST the selfie for it (checked behind the request; GET again to see
 * the outcome). Needs a session; the selfie is never shown to other members.
 */
export const verificationRoutes: FastifyPluginAsyncZod<{
  storage: MediaStorage;
  runner: VerificationRunner;
}> = async (app, opts) => {
  app.addHook('onRequest', async (req) => {
    req.requireAuth();
  });

  app.get(
    '/api/verification.php',
    { schema: { response: { 200: verificationStatusSchema } } },
    async (req, reply) => {
      const { user } = req.requireAuth();
      reply.header('Cache-Control', 'no-store');
      return verificationStatus(app.db, user.id);
    },
  );

  app.post(
    '/api/verification.php',
    { schema: { response: { 200: verificationAttemptSchema } } },
    async (req) => {
      const { user } = req.requireAuth();
      return startVerification(app.db, user.id);
    },
  );

  app.post(
    '/api/verification-selfie.php',
    {
      bodyLimit: Math.ceil((VERIFICATION_RULES.maxSelfieBytes * 4) / 3) + 4096,
      schema: { body: verificationSelfieSchema, response: { 200: verificationAttemptSchema } },
    },
    async (req) => {
      const { user } = req.requireAuth();
      const attempt = await submitSelfie(app.db, opts.storage, user.id, req.body);
      opts.runner.kick();
      return attempt;
    },
  );
};
