import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isServedPath } from '../../shared/built-routes';
import { DEFAULT_LOCALE } from '../../shared/locales';
import { translate } from '../i18n/translate';

/**
 * Serves the built web app (history mode: every app route gets index.html; an unknown path, or one of a screen not
 * built yet, gets it with status 404 so the app shows its 404 page). API and media paths always answer JSON errors (media: modules/media).
 */
export interface SpaOptions {
  webDistDir: string;
  /** index.html with the page's head written in (modules/seo/page-heads.ts); null sends the file as it is. */
  pageHtml?: (req: FastifyRequest, pathname: string, status: number) => Promise<string | null>;
}

export const spaPlugin = fp(async (app: FastifyInstance, opts: SpaOptions) => {
  const hasWeb = existsSync(path.join(opts.webDistDir, 'index.html'));

  const sendApp = async (req: FastifyRequest, reply: FastifyReply, pathname: string, status: number) => {
    reply.header('Cache-Control', 'no-cache');
    const html = opts.pageHtml ? await opts.pageHtml(req, pathname, status) : null;
    if (html === null) return reply.status(status).sendFile('index.html', opts.webDistDir);
    // The head depends on the language cookie.
    reply.header('Vary', 'Cookie');
    return reply.status(status).type('text/html; charset=utf-8').send(html);
  };

  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: opts.webDistDir,
      prefix: '/',
      index: false,
      wildcard: true,
      // The build writes .br and .gz beside each asset (scripts/precompress-assets.ts); the best one the client
      // accepts is sent as it is, with Vary: Accept-Encoding.
      preCompressed: true,
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('Cache-Control', 'public, max-age=31536000, immutable');
        } else {
          res.header('Cache-Control', 'no-cache');
        }
      },
    });
  }

  if (hasWeb) {
    app.get('/', { schema: { hide: true } }, (req, reply) => sendApp(req, reply, '/', 200));
  }

  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0] ?? '/';
    const wantsApp =
      hasWeb &&
      (req.method === 'GET' || req.method === 'HEAD') &&
      !url.startsWith('/api/') &&
      !url.startsWith('/media/') &&
      !path.extname(url);
    if (wantsApp) return sendApp(req, reply, url, isServedPath(url) ? 200 : 404);
    return reply.status(404).send({
      error: { code: 'not_found', message: translate(req.locale ?? DEFAULT_LOCALE, 'errors.not_found') },
    });
  });
});
