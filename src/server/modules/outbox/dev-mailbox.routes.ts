import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recentMails } from './outbox.repo';

const mailSchema = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  html: z.string(),
  text: z.string(),
  status: z.string(),
  created_at: z.string(),
});

/** Development only (never registered in production): the mails the outbox holds, for the dev mailbox page and tests. */
export const devMailboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/dev/mailbox.php',
    {
      schema: {
        querystring: z.object({ to: z.string().max(254).optional() }),
        response: { 200: z.object({ mails: z.array(mailSchema) }) },
        hide: true,
      },
    },
    async (req) => {
      const rows = await recentMails(app.db, 50, req.query.to?.toLowerCase());
      return {
        mails: rows.map((r) => ({
          id: r.id,
          to: String(r.payload.to ?? ''),
          subject: String(r.payload.subject ?? ''),
          html: String(r.payload.html ?? ''),
          text: String(r.payload.text ?? ''),
          status: r.status,
          created_at: r.createdAt.toISOString(),
        })),
      };
    },
  );
};
