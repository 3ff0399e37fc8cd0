import { sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isLocale, type Locale } from '../../../shared/locales';
import type { NotificationType } from '../../../shared/rules';
import { translate } from '../../i18n/translate';
import { AppError } from '../../lib/app-error';
import { savePreference, turnOffByUnsubscribe } from './notifications.repo';
import { ensureUnsubscribeKey, readUnsubscribeToken, UNSUBSCRIBE_PATH } from './unsubscribe-token';

const tokenQuery = z.object({ token: z.string().min(1).max(200) });

/** The field the page's own button sends: only that type's e-mail goes off (see the POST below). */
const PAGE_FIELD = 'unsubscribe';
const PAGE_VALUE = 'type';

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const PAGE_CSS = `body{font-family:system-ui,Arial,sans-serif;background:#fff5f3;margin:0;padding:0 1rem;color:#2b2130}
main{max-width:30rem;margin:3rem auto;background:#fff;border-radius:1rem;padding:1.75rem;box-shadow:0 4px 20px #0001}
h1{font-size:1.4rem;margin:0 0 1rem}
button{background:#b8433b;color:#fff;border:0;border-radius:2rem;padding:.8rem 1.5rem;font-size:1rem;cursor:pointer}
a{color:#b8433b}`;

function page(locale: Locale, title: string, body: string): string {
  return `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title><link rel="stylesheet" href="/unsubscribe.css"></head>
<body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
}

/**
 * The fields of a small multipart/form-data body (RFC 7578), which RFC 8058 says one-click POSTs SHOULD use: only
 * plain fields (no files), by name.
 */
export function multipartFields(body: string, contentType: string): Record<string, string> {
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (!boundary) return {};
  const fields: Record<string, string> = {};
  for (const part of body.split(`--${boundary}`)) {
    const split = part.indexOf('\r\n\r\n');
    if (split < 0) continue;
    const head = part.slice(0, split);
    const name = /content-disposition:\s*form-data;[^\r\n]*\bname="([^"]*)"/i.exec(head)?.[1];
    if (name !== undefined) fields[name] = part.slice(split + 4).replace(/\r\n$/, '');
  }
  return fields;
}

/**
 * Unsubscribing from notification mails without logging in (docs/notifications.md "E-mail"). Every notification
 * mail links `/unsubscribe?token=…`, in its text and HTML parts and in its List-Unsubscribe header:
 * - GET shows a page in the member's language that says which e-mails it turns off and asks first (link scanners
 *   and previews only GET: looking changes nothing);
 * - POST from that page's button turns off that type's e-mail;
 * - POST from the mail client (RFC 8058 one-click: `List-Unsubscribe=One-Click`, form-encoded or multipart, without
 *   cookies or our request header) turns that type off and records `listunsubscribe`, which stops notification
 *   mail until the member turns it back on.
 * Mails sent before this page was linked carry `/api/unsubscribe.php?token=…`: its POST is the one-click, its GET
 * leads to the page.
 */
export const unsubscribeRoutes: FastifyPluginAsyncZod = async (app) => {
  let keyPromise: Promise<Buffer> | undefined;
  const unsubscribeKey = () => {
    keyPromise ??= ensureUnsubscribeKey(app.db);
    return keyPromise;
  };
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  app.addContentTypeParser('multipart/form-data', { parseAs: 'string', bodyLimit: 4096 }, (req, body, done) =>
    done(null, multipartFields(String(body), String(req.headers['content-type']))),
  );

  async function memberLocale(userId: number): Promise<Locale> {
    const result = await app.db.execute(sql`select language from users where id = ${userId}`);
    const language = (result as unknown as { rows: { language: string }[] }).rows[0]?.language ?? 'en';
    return isLocale(language) ? language : 'en';
  }

  const typeName = (locale: Locale, type: NotificationType) => translate(locale, `unsubscribe.types.${type}`);
  const preferencesLink = (locale: Locale) =>
    `<p><a href="/notifications">${escapeHtml(translate(locale, 'unsubscribe.preferences'))}</a></p>`;

  /** The one-click POST (from the mail client, or the page's button). */
  async function unsubscribe(
    req: FastifyRequest<{ Querystring: { token: string } }>,
    reply: FastifyReply,
  ): Promise<FastifyReply> {
    const found = readUnsubscribeToken(await unsubscribeKey(), req.query.token);
    if (!found) throw new AppError(404, 'unsubscribe_link_invalid');
    const body = (req.body ?? {}) as Record<string, unknown>;
    const fromPage = body[PAGE_FIELD] === PAGE_VALUE && body['List-Unsubscribe'] === undefined;
    if (fromPage) await savePreference(app.db, found.userId, found.type, 'email', false);
    else await turnOffByUnsubscribe(app.db, found.userId, found.type);
    req.memberChanged(found.userId);
    reply.header('Cache-Control', 'no-store');
    const wantsHtml = fromPage || (req.headers.accept ?? '').includes('text/html');
    if (!wantsHtml) return reply.send({ ok: true });
    const locale = await memberLocale(found.userId);
    return reply
      .type('text/html; charset=utf-8')
      .send(
        page(
          locale,
          translate(locale, 'unsubscribe.done_title'),
          `<p>${escapeHtml(translate(locale, 'unsubscribe.done', { type: typeName(locale, found.type) }))}</p>${preferencesLink(locale)}`,
        ),
      );
  }

  // The mail's link: asks before it turns anything off.
  app.get(UNSUBSCRIBE_PATH, { schema: { querystring: tokenQuery } }, async (req, reply) => {
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
            `<p>${escapeHtml(translate(locale, 'unsubscribe.invalid'))}</p>${preferencesLink(locale)}`,
          ),
        );
    }
    const locale = await memberLocale(found.userId);
    const action = `${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(req.query.token)}`;
    return reply.send(
      page(
        locale,
        translate(locale, 'unsubscribe.title'),
        `<p>${escapeHtml(translate(locale, 'unsubscribe.question', { type: typeName(locale, found.type) }))}</p>
<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="${PAGE_FIELD}" value="${PAGE_VALUE}"><button type="submit">${escapeHtml(translate(locale, 'unsubscribe.button'))}</button></form>
${preferencesLink(locale)}`,
      ),
    );
  });

  // RFC 8058 one-click: the mail client POSTs without cookies or our request header; the signed token is the proof.
  app.post(
    UNSUBSCRIBE_PATH,
    { config: { crossSite: true }, schema: { querystring: tokenQuery } },
    unsubscribe,
  );
  app.post(
    '/api/unsubscribe.php',
    { config: { crossSite: true }, schema: { querystring: tokenQuery } },
    unsubscribe,
  );
  // The body link of mails sent before the page was linked: to the page (a GET never unsubscribes).
  app.get('/api/unsubscribe.php', { schema: { querystring: tokenQuery } }, async (req, reply) =>
    reply
      .header('Cache-Control', 'no-store')
      .redirect(`${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(req.query.token)}`, 303),
  );

  app.get('/unsubscribe.css', async (_req, reply) =>
    reply.type('text/css').header('Cache-Control', 'public, max-age=3600').send(PAGE_CSS),
  );
};
