import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { outbox } from '../../db/schema';
import { notFound } from '../../lib/app-error';
import { recentMails } from './outbox.repo';

const mailSchema = z.object({
  id: z.number().int(),
  /** mail, or sms (the direct-debit code: `to` is the phone number, `subject` and `text` the message) */
  channel: z.enum(['mail', 'sms']),
  to: z.string(),
  subject: z.string(),
  html: z.string(),
  text: z.string(),
  status: z.string(),
  created_at: z.string(),
});

/**
 * The policy of a mail's HTML shown on its own: mails style their elements inline (mail clients ignore stylesheets),
 * which the app's own policy refuses, so this document gets a policy of its own: inline styles and images, nothing
 * that runs, and `sandbox` makes it an opaque origin even when opened directly. Only the app itself may frame it.
 */
export const DEV_MAIL_CSP = [
  "default-src 'none'",
  "style-src 'unsafe-inline'",
  'img-src http: https: data:',
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'self'",
  'sandbox',
].join('; ');

/**
 * Development only (never registered in production): the mails and SMS the outbox holds, for the dev mailbox page and
 * tests.
 */
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
          channel: r.channel === 'sms' ? ('sms' as const) : ('mail' as const),
          to: String(r.payload.to ?? ''),
          subject: String((r.channel === 'sms' ? r.payload.text : r.payload.subject) ?? ''),
          html: String(r.payload.html ?? ''),
          text: String(r.payload.text ?? ''),
          status: r.status,
          created_at: r.createdAt.toISOString(),
        })),
      };
    },
  );

  // The HTML of one mail as a document of its own, for the sandboxed frame of the dev mailbox page.
  app.get(
    '/api/dev/mail-html.php',
    {
      schema: {
        querystring: z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) }),
        hide: true,
      },
    },
    async (req, reply) => {
      const [row] = await app.db
        .select({ payload: outbox.payload })
        .from(outbox)
        .where(and(eq(outbox.id, req.query.id), eq(outbox.channel, 'mail')))
        .limit(1);
      if (!row) throw notFound();
      return (
        reply
          // Instead of the API's closed policy (frame-ancestors 'none'): the dev mailbox page frames this.
          .header('Content-Security-Policy', DEV_MAIL_CSP)
          .header('Cache-Control', 'no-store')
          .type('text/html; charset=utf-8')
          .send(String(row.payload.html ?? ''))
      );
    },
  );
};
