import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { complaintRequestSchema, complaintResponseSchema } from '../../../shared/schemas/reports';
import { submitComplaint } from './complaints.service';

/** POST /api/complaint.php: the /complaints form, for visitors and members alike; rate-limited per address. */
export const complaintsRoutes: FastifyPluginAsyncZod<{ perHour: number }> = async (app, opts) => {
  app.post(
    '/api/complaint.php',
    {
      schema: { body: complaintRequestSchema, response: { 200: complaintResponseSchema } },
      config: { rateLimit: { max: opts.perHour, timeWindow: '1 hour' } },
    },
    async (req) => {
      const { site } = await req.resolveSite();
      const id = await submitComplaint(
        app.db,
        site,
        { memberId: req.auth?.user.id ?? null, locale: req.locale },
        req.body,
      );
      return { ok: true as const, id };
    },
  );
};
