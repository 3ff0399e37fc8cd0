import type { FastifyPluginAsync } from 'fastify';
import { BUILT_LANDER_TYPES } from '../../../shared/built-routes';
import { INFO_PAGES, type InfoPageKey, ROUTES, type RouteName } from '../../../shared/routes';
import type { Site } from '../../db/schema';
import { type LinkBase, siteOrigin } from '../accounts/account-mail';
import { escapeHtml } from './head-tags';
import { localizedUrl, type PageRoute, siteLocales } from './page-meta';

/**
 * What crawlers are kept out of: the API, the staff console and every screen of a signed-in member (search, chats,
 * likes, payments, settings) or of an account flow (tokens in the address). `$` ends a pattern, `*` is any text
 * (both understood by the big crawlers). Member profiles are not listed here: link previews of a shared profile
 * need them, and the page itself says noindex (page-meta.ts).
 */
export const ROBOTS_DISALLOW: readonly string[] = [
  '/api/',
  '/admin',
  '/members$',
  '/members?',
  '/members/*/chat',
  '/members/*/signup',
  '/likes',
  '/chats',
  '/credits',
  '/premium',
  '/profile',
  '/notifications',
  '/transactions',
  '/directdebit',
  '/match-finder',
  '/swipe-game',
  '/cams',
  '/complete-signup',
  '/signup-matches',
  '/reset-password',
  '/mail-change',
  '/activate',
  '/account-deleted',
  '/lang-config',
  '/cancel?',
  '/dev/',
];

export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    ...ROBOTS_DISALLOW.map((p) => `Disallow: ${p}`),
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}

/** The public pages of every site: the landing, the landers and the info pages (member pages never: see docs). */
export function sitemapRoutes(): PageRoute[] {
  return [
    { kind: 'landing' },
    { kind: 'tinderswipe' },
    ...BUILT_LANDER_TYPES.map((type): PageRoute => ({ kind: 'lander', type, slug: undefined })),
    ...(Object.entries(INFO_PAGES) as [RouteName, InfoPageKey][]).map(
      ([name, page]): PageRoute => ({ kind: 'info', page, path: ROUTES[name] }),
    ),
  ];
}

/** sitemap.xml: each public page in each language the site offers, every entry naming its other languages (xhtml:link). */
export function sitemapXml(origin: string, site: Site): string {
  const out = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
  ];
  for (const route of sitemapRoutes()) {
    const urls = siteLocales(site).map((l) => [l, localizedUrl(origin, route, site, l) ?? ''] as const);
    const links = urls
      .map(([l, href]) => `<xhtml:link rel="alternate" hreflang="${l}" href="${escapeHtml(href)}"/>`)
      .join('');
    for (const [, href] of urls) out.push(`<url><loc>${escapeHtml(href)}</loc>${links}</url>`);
  }
  out.push('</urlset>', '');
  return out.join('\n');
}

const CACHE_TTL_MS = 300_000;

/** GET /robots.txt and GET /sitemap.xml, per site (the request's host). */
export const seoRoutes: FastifyPluginAsync<{ links: LinkBase }> = async (app, opts) => {
  const sitemaps = new Map<number, { xml: string; expires: number }>();

  app.get('/robots.txt', { schema: { hide: true } }, async (req, reply) => {
    const { site } = await req.resolveSite();
    reply.header('Cache-Control', 'public, max-age=3600').type('text/plain; charset=utf-8');
    return robotsTxt(siteOrigin(site, opts.links));
  });

  app.get('/sitemap.xml', { schema: { hide: true } }, async (req, reply) => {
    const { site } = await req.resolveSite();
    const now = Date.now();
    let hit = sitemaps.get(site.id);
    if (!hit || hit.expires <= now) {
      if (sitemaps.size > 1_000) sitemaps.clear();
      hit = { xml: sitemapXml(siteOrigin(site, opts.links), site), expires: now + CACHE_TTL_MS };
      sitemaps.set(site.id, hit);
    }
    reply.header('Cache-Control', 'public, max-age=3600').type('application/xml; charset=utf-8');
    return hit.xml;
  });
};
