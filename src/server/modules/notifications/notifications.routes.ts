import { timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  notificationPreferenceChangeSchema,
  notificationPreferencesSchema,
  pageHiddenSchema,
} from '../../../shared/schemas/notifications';
import { AppError } from '../../lib/app-error';
import { disableMailForAddress, markHidden } from './notifications.repo';
import { ChannelNotOffered, changePreference, preferencesOf, turnMailBackOn } from './notifications.service';
import { unsubscribeRoutes } from './unsubscribe.routes';

export interface NotificationsRoutesOptions {
  /** MAIL_EVENTS_SECRET: the shared secret of the bounce and complaint webhook; unset: the webhook is off */
  mailEventsSecret: string | undefined;
}

/** The mail provider's report: a generic JSON shape (docs/notifications.md "Bounces and complaints"). */
const mailEventsSchema = z.object({
  events: z
    .array(
      z.object({
        type: z.enum(['bounce', 'complaint']),
        email: z.string().email().max(254),
        /** a bounce counts only when permanent (hard); soft bounces are retried by the mail server */
        permanent: z.boolean().default(true),
      }),
    )
    .min(1)
    .max(500),
});

/** Constant-time check of the webhook's bearer secret. */
function secretMatches(header: string | undefined, secret: string): boolean {
  const given = Buffer.from(header?.startsWith('Bearer ') ? header.slice(7) : '');
  const expected = Buffer.from(secret);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Notifications (issue 13; docs/notifications.md): the member's preferences (GET/PUT /api/notifications.php, POST
 * /api/notifications-mail.php), the page-hidden beacon (POST /api/page-hidden.php), unsubscribing without a login
 * (unsubscribe.routes.ts: the page /unsubscribe?token=… and the one-click POST of RFC 8058) and the mail provider's
 * bounce and complaint webhook (POST /api/mail-events.php with a shared secret).
 */
export const notificationsRoutes: FastifyPluginAsyncZod<NotificationsRoutesOptions> = async (app, opts) => {
  await app.register(unsubscribeRoutes);

  app.get(
    '/api/notifications.php',
    { schema: { response: { 200: notificationPreferencesSchema } } },
    async (req, reply) => {
      reply.header('Cache-Control', 'no-store');
      return preferencesOf(app.db, req.requireAuth().user.id);
    },
  );

  app.put(
    '/api/notifications.php',
    {
      schema: { body: notificationPreferenceChangeSchema, response: { 200: notificationPreferencesSchema } },
    },
    async (req) => {
      try {
        return await changePreference(app.db, req.requireAuth().user.id, req.body);
      } catch (err) {
        if (err instanceof ChannelNotOffered) throw new AppError(400, 'notification_channel_not_offered');
        throw err;
      }
    },
  );

  app.post(
    '/api/notifications-mail.php',
    { schema: { body: pageHiddenSchema, response: { 200: notificationPreferencesSchema } } },
    async (req) => {
      const { user } = req.requireAuth();
      const answer = await turnMailBackOn(app.db, user.id);
      req.memberChanged(user.id);
      return answer;
    },
  );

  // The spec's beacon: the member stopped looking. Without a session there is nothing to record.
  app.post('/api/page-hidden.php', { schema: { body: pageHiddenSchema } }, async (req, reply) => {
    if (req.auth) await markHidden(app.db, req.auth.user.id);
    return reply.status(204).send();
  });

  app.post(
    '/api/mail-events.php',
    { config: { crossSite: true }, schema: { body: mailEventsSchema } },
    async (req, reply) => {
      const secret = opts.mailEventsSecret;
      if (!secret) throw new AppError(404, 'not_found');
      if (!secretMatches(req.headers.authorization, secret))
        throw new AppError(401, 'mail_events_unauthorized');
      let applied = 0;
      for (const event of req.body.events) {
        if (event.type === 'bounce' && !event.permanent) continue;
        const userId = await disableMailForAddress(
          app.db,
          event.email,
          event.type === 'complaint' ? 'fbl' : 'bounce',
        );
        if (userId !== null) {
          applied += 1;
          req.memberChanged(userId);
        }
      }
      return reply.send({ ok: true, applied });
    },
  );
};
