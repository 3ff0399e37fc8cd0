import { timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isLocale, type Locale } from '../../../shared/locales';
import {
  notificationPreferenceChangeSchema,
  notificationPreferencesSchema,
  pageHiddenSchema,
} from '../../../shared/schemas/notifications';
import { translate } from '../../i18n/translate';
import { AppError } from '../../lib/app-error';
import { disableMailForAddress, markHidden, turnOffByUnsubscribe } from './notifications.repo';
import { ChannelNotOffered, changePreference, preferencesOf, turnMailBackOn } from './notifications.service';
import { ensureUnsubscribeKey, readUnsubscribeToken } from './unsubscribe-token';

export interface NotificationsRoutesOptions {
  /** MAIL_EVENTS_SECRET: the shared secret of the bounce and complaint webhook; unset: the webhook is off */
  mailEventsSecret: string | undefined;
}

const tokenQuery = z.object({ token: z.string().min(1).max(200) });

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

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const PAGE_CSS = `body{font-family:system-ui,Arial,sans-serif;background:#fff5f3;margin:0;color:#2b2130}
main{max-width:30rem;margin:3rem auto;background:#fff;border-radius:1rem;padding:1.75rem;box-shadow:0 4px 20px #0001}
h1{font-size:1.4rem;margin:0 0 1rem}
button{background:#f0645a;color:#fff;border:0;border-radius:2rem;padding:.8rem 1.5rem;font-size:1rem;cursor:pointer}
a{color:#b8433b}`;

function page(locale: Locale, title: string, body: string): string {
  return `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title><link rel="stylesheet" href="/unsubscribe.css"></head>
<body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
}

/** Constant-time check of the webhook's bearer secret. */
function secretMatches(header: string | undefined, secret: string): boolean {
  const given = Buffer.from(header?.startsWith('Bearer ') ? header.slice(7) : '');
  const expected = Buffer.from(secret);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Notifications (issue 13; docs/notifications.md): the member's preferences (GET/PUT /api/notifications.php, POST
 * /api/notifications-mail.php), the page-hidden beacon (POST /api/page-hidden.php), the one-click unsubscribe of
 * RFC 8058 (POST /api/unsubscribe.php?token=…, and the page /unsubscribe?token=… that mail footers link to) and the
 * mail provider's bounce and complaint webhook (POST /api/mail-events.php with a shared secret).
 */
export const notificationsRoutes: FastifyPluginAsyncZod<NotificationsRoutesOptions> = async (app, opts) => {
  let keyPromise: Promise<Buffer> | undefined;
  const unsubscribeKey = () => {
    keyPromise ??= ensureUnsubscribeKey(app.db);
    return keyPromise;
  };
  // Mail clients send the one-click POST form-encoded (List-Unsubscribe=One-Click).
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

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

  // RFC 8058 one-click: the mail client POSTs without cookies or our request header; the signed token is the proof.
  app.post(
    '/api/unsubscribe.php',
    { config: { crossSite: true }, schema: { querystring: tokenQuery } },
    async (req, reply) => {
      const found = readUnsubscribeToken(await unsubscribeKey(), req.query.token);
      if (!found) throw new AppError(404, 'unsubscribe_link_invalid');
      await turnOffByUnsubscribe(app.db, found.userId, found.type);
      req.memberChanged(found.userId);
      const wantsHtml = (req.headers.accept ?? '').includes('text/html');
      if (!wantsHtml) return reply.send({ ok: true });
      const locale = await memberLocale(found.userId);
      const title = translate(locale, 'unsubscribe.done_title');
      return reply
        .type('text/html; charset=utf-8')
        .header('Cache-Control', 'no-store')
        .send(
          page(
            locale,
            title,
            `<p>${escapeHtml(translate(locale, 'unsubscribe.done', { type: typeName(locale, found.type) }))}</p>
<p><a href="/notifications">${escapeHtml(translate(locale, 'unsubscribe.preferences'))}</a></p>`,
          ),
        );
    },
  );

  // The page a footer link opens: asks before it turns anything off (link scanners only GET).
  app.get('/unsubscribe', { schema: { querystring: tokenQuery } }, async (req, reply) => {
    const found = readUnsubscribeToken(await unsubscribeKey(), req.query.token);
    reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-store');
    if (!found) {
      const locale = req.locale as Locale;
      return reply
        .status(404)
        .send(
          page(
            locale,
            translate(locale, 'unsubscribe.invalid_title'),
            `<p>${escapeHtml(translate(locale, 'unsubscribe.invalid'))}</p><p><a href="/notifications">${escapeHtml(translate(locale, 'unsubscribe.preferences'))}</a></p>`,
          ),
        );
    }
    const locale = await memberLocale(found.userId);
    const action = `/api/unsubscribe.php?token=${encodeURIComponent(req.query.token)}`;
    return reply.send(
      page(
        locale,
        translate(locale, 'unsubscribe.title'),
        `<p>${escapeHtml(translate(locale, 'unsubscribe.question', { type: typeName(locale, found.type) }))}</p>
<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">${escapeHtml(translate(locale, 'unsubscribe.button'))}</button></form>
<p><a href="/notifications">${escapeHtml(translate(locale, 'unsubscribe.preferences'))}</a></p>`,
      ),
    );
  });

  app.get('/unsubscribe.css', async (_req, reply) =>
    reply.type('text/css').header('Cache-Control', 'public, max-age=3600').send(PAGE_CSS),
  );

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

  async function memberLocale(userId: number): Promise<Locale> {
    const result = await app.db.execute(sql`select language from users where id = ${userId}`);
    const language = (result as unknown as { rows: { language: string }[] }).rows[0]?.language ?? 'en';
    return isLocale(language) ? language : 'en';
  }
};

const typeName = (locale: Locale, type: string) => translate(locale, `unsubscribe.types.${type}`);
