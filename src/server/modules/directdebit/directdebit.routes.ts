import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  directDebitConfirmedSchema,
  directDebitConfirmSchema,
  directDebitOfferSchema,
  directDebitQuerySchema,
  directDebitRequestQuerySchema,
  directDebitRequestResponseSchema,
  directDebitResendSchema,
  directDebitStartSchema,
} from '../../../shared/schemas/directdebit';
import { AppError } from '../../lib/app-error';
import type { PaymentProvider } from '../payments/providers/provider';
import { confirmDirectDebit } from './directdebit.confirm';
import { type DirectDebitMember, directDebitOffer } from './directdebit.offer';
import { readRequest, resendCode, startDirectDebit } from './directdebit.service';

export interface DirectDebitRoutesOptions {
  provider: PaymentProvider;
  publicUrl: string;
  /** an SMS gateway is configured, or (outside production) the dev mailbox shows the codes */
  smsAvailable: boolean;
  /** RATE_LIMIT_SCALE */
  rateLimitScale: number;
}

/** Rate limits per signed-in member (the session is read before the limit is counted). */
const perMember = (req: FastifyRequest) => (req.auth ? `dd:m:${req.auth.user.id}` : `dd:ip:${req.ip}`);

/**
 * Direct debit with an SMS code (spec: /directdebit; docs/api.md "Direct debit"):
 * GET /api/directdebit.php (the offer), POST /api/directdebit.php (the form; sends the code),
 * POST /api/directdebit-resend.php (a new code), POST /api/directdebit-confirm.php (the code: mandate and payment).
 */
export const directDebitRoutes: FastifyPluginAsyncZod<DirectDebitRoutesOptions> = async (app, opts) => {
  const { provider } = opts;
  const limit = (max: number) => ({
    rateLimit: { max: max * opts.rateLimitScale, timeWindow: '10 minutes', keyGenerator: perMember },
  });

  /** The signed-in, confirmed member and the request's site; no answer of these calls is cached. */
  async function context(req: FastifyRequest, reply: FastifyReply) {
    const { user, profile } = req.requireAuth();
    if (user.status !== 'active') throw new AppError(403, 'email_not_confirmed');
    reply.header('Cache-Control', 'no-store');
    const where = await req.resolveSite();
    const member: DirectDebitMember = {
      id: user.id,
      name: profile.name,
      email: user.email,
      country: profile.country,
      language: user.language,
      signupDate: user.signupDate,
      paidUser: user.paidUser,
      uiLocale: req.locale,
    };
    return { member, where };
  }

  app.get(
    '/api/directdebit.php',
    { schema: { querystring: directDebitQuerySchema, response: { 200: directDebitOfferSchema } } },
    async (req, reply) => {
      const { member, where } = await context(req, reply);
      return directDebitOffer(app.db, provider, member, where, req.query, opts, new Date());
    },
  );

  app.post(
    '/api/directdebit.php',
    {
      config: limit(10),
      schema: { body: directDebitStartSchema, response: { 200: directDebitRequestResponseSchema } },
    },
    async (req, reply) => {
      const { member, where } = await context(req, reply);
      return {
        request: await startDirectDebit(app.db, provider, member, where, req.body, opts, new Date()),
      };
    },
  );

  app.get(
    '/api/directdebit-request.php',
    {
      config: limit(120),
      schema: {
        querystring: directDebitRequestQuerySchema,
        response: { 200: directDebitRequestResponseSchema },
      },
    },
    async (req, reply) => {
      const { member, where } = await context(req, reply);
      return { request: await readRequest(app.db, member, where, req.query.request) };
    },
  );

  app.post(
    '/api/directdebit-resend.php',
    {
      config: limit(10),
      schema: { body: directDebitResendSchema, response: { 200: directDebitRequestResponseSchema } },
    },
    async (req, reply) => {
      const { member, where } = await context(req, reply);
      return { request: await resendCode(app.db, member, where, req.body.request, new Date()) };
    },
  );

  app.post(
    '/api/directdebit-confirm.php',
    {
      config: limit(30),
      schema: { body: directDebitConfirmSchema, response: { 200: directDebitConfirmedSchema } },
    },
    async (req, reply) => {
      const { member, where } = await context(req, reply);
      try {
        const confirmed = await confirmDirectDebit(
          app.db,
          provider,
          member,
          where,
          req.body,
          { publicUrl: opts.publicUrl },
          new Date(),
        );
        // The member's cached session holds credits and paid_user; open tabs refetch the user.
        req.memberChanged(member.id);
        app.live.publish([member.id], { type: 'user.changed' });
        return confirmed;
      } catch (err) {
        // Why the provider refused or failed, for the operator (messages are masked by the log serializers).
        if (err instanceof AppError && err.cause) req.log.warn({ err: err.cause }, 'direct debit: provider');
        throw err;
      }
    },
  );
};
