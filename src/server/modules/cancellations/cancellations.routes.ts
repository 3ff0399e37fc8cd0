import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  cancellationSchema,
  cancelRequestSchema,
  cancelResponseSchema,
  cancelTokenSchema,
} from '../../../shared/schemas/cancellations';
import type { LinkBase } from '../accounts/account-mail';
import type { PaymentProvider } from '../payments/providers/provider';
import {
  confirmByToken,
  presentCancellation,
  requestCancellation,
  revokeDueMandates,
  showByToken,
} from './cancellations.service';

export interface CancellationsRoutesOptions {
  provider: PaymentProvider;
  links: LinkBase;
  /** cancellations per client address and hour (CANCEL_RULES.perHour, scaled) */
  perHour: number;
}

/**
 * The cancel button (issue 23, point 4): POST /api/cancel.php (signed in or not, no password), GET and POST
 * /api/cancel-confirm.php (the mailed link's page and its one button). Rate-limited per client address.
 */
export const cancellationsRoutes: FastifyPluginAsyncZod<CancellationsRoutesOptions> = async (app, opts) => {
  /** The provider revokes the stopped mandates now; what fails is left to the job (mandate-revocations). */
  const revokeNow = async (userId: number) => {
    try {
      await revokeDueMandates(app.db, opts.provider, { userId, log: (m) => app.log.warn(m) });
    } catch (err) {
      app.log.warn({ err }, 'cancellations: revocation left to the job');
    }
  };

  app.post(
    '/api/cancel.php',
    {
      schema: { body: cancelRequestSchema, response: { 200: cancelResponseSchema } },
      config: { rateLimit: { max: opts.perHour, timeWindow: '1 hour' } },
    },
    async (req, reply) => {
      const { site } = await req.resolveSite();
      reply.header('Cache-Control', 'no-store');
      const signedIn = req.auth ? { id: req.auth.user.id, email: req.auth.user.email } : null;
      const { response, cancellation } = await requestCancellation(
        app.db,
        site,
        { signedIn, locale: req.locale },
        req.body,
        { links: opts.links },
      );
      if (cancellation?.status === 'confirmed') await revokeNow(cancellation.userId);
      return response;
    },
  );

  const tokenLimit = { rateLimit: { max: opts.perHour * 3, timeWindow: '1 hour' } };

  app.get(
    '/api/cancel-confirm.php',
    { schema: { querystring: cancelTokenSchema, response: { 200: cancellationSchema } }, config: tokenLimit },
    async (req, reply) => {
      reply.header('Cache-Control', 'no-store');
      return showByToken(app.db, req.query.token);
    },
  );

  app.post(
    '/api/cancel-confirm.php',
    { schema: { body: cancelTokenSchema, response: { 200: cancellationSchema } }, config: tokenLimit },
    async (req, reply) => {
      reply.header('Cache-Control', 'no-store');
      const row = await confirmByToken(app.db, req.body.token);
      await revokeNow(row.userId);
      return presentCancellation(row);
    },
  );
};
