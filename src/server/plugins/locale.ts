import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../shared/locales';
import { RULES } from '../../shared/rules';

declare module 'fastify' {
  interface FastifyRequest {
    /** The request's UI locale: a valid locale cookie, else `?lang`, else Accept-Language, else en. */
    locale: Locale;
    /** The locale cookie, only when it holds a known locale code. */
    localeCookie: Locale | undefined;
  }
}

/** The known locales an Accept-Language header names, in its order (no and nn read as nb). */
export function acceptLanguageLocales(header: string | undefined): Locale[] {
  if (!header) return [];
  const out: Locale[] = [];
  for (const part of header.split(',')) {
    const tag = part.split(';')[0]?.trim().toLowerCase() ?? '';
    const base = tag === 'no' || tag.startsWith('nn') ? 'nb' : tag.slice(0, 2);
    if (isLocale(base) && !out.includes(base)) out.push(base);
  }
  return out;
}

function fromAcceptLanguage(header: string | undefined): Locale | undefined {
  return acceptLanguageLocales(header)[0];
}

export function resolveLocale(req: FastifyRequest): Locale {
  if (req.localeCookie) return req.localeCookie;
  const q = (req.query as Record<string, unknown> | undefined)?.lang;
  if (isLocale(q)) return q;
  return fromAcceptLanguage(req.headers['accept-language']) ?? DEFAULT_LOCALE;
}

export const localePlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('locale', DEFAULT_LOCALE);
  app.decorateRequest('localeCookie', undefined);
  // First of all hooks (after the cookies are read): errors raised before validation (csrf 403, rate limit 429,
  // malformed JSON, 413) are answered in the request's language too.
  app.addHook('onRequest', (req, _reply, done) => {
    const raw = req.cookies[RULES.cookies.locale.name];
    req.localeCookie = isLocale(raw) ? raw : undefined;
    req.locale = resolveLocale(req);
    done();
  });
});
