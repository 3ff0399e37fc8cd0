import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  appealRequestSchema,
  appealResponseSchema,
  restrictionQuerySchema,
  restrictionResponseSchema,
} from '../../../shared/schemas/moderation';
import { users } from '../../db/schema';
import type { LinkBase } from '../accounts/account-mail';
import { fileAppeal } from './appeals.service';
import { setDecisionLinks } from './decision-mail';
import { memberOfToken, restrictionNow, statementsOf } from './restrictions';

/**
 * The ban page's calls (no session: a suspended or banned member cannot sign in). The token comes from the login
 * refusal (403 account_restricted, `restriction`) or from a statement-of-reasons mail.
 *   GET /api/restriction.php?t=…  the restriction in force and the member's decisions (statements of reasons)
 *   POST /api/appeal.php          an appeal against one of them, with the member's statement
 */
export const decisionsRoutes: FastifyPluginAsyncZod<{ links: LinkBase; appealRateLimit: number }> = async (
  app,
  opts,
) => {
  setDecisionLinks(opts.links);

  app.get(
    '/api/restriction.php',
    { schema: { querystring: restrictionQuerySchema, response: { 200: restrictionResponseSchema } } },
    async (req, reply) => {
      reply.header('Cache-Control', 'private, no-store');
      const memberId = await memberOfToken(app.db, req.query.t);
      const [user] = await app.db
        .select({ bannedAt: users.bannedAt, suspendedUntil: users.suspendedUntil })
        .from(users)
        .where(eq(users.id, memberId));
      const now = user ? restrictionNow(user) : null;
      return {
        restricted: now?.kind ?? null,
        until: now?.until?.toISOString() ?? null,
        decisions: await statementsOf(app.db, memberId),
      };
    },
  );

  app.post(
    '/api/appeal.php',
    {
      schema: { body: appealRequestSchema, response: { 200: appealResponseSchema } },
      config: { rateLimit: { max: opts.appealRateLimit, timeWindow: '1 hour' } },
    },
    async (req) => {
      await fileAppeal(app.db, req.body);
      return { ok: true as const };
    },
  );
};
