import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { isLocale, type Locale } from '../../../shared/locales';
import type { Site } from '../../db/schema';
import { acceptLanguageLocales } from '../../plugins/locale';
import { siteLanguage, siteLocales } from '../seo/page-meta';
import { buildManifest, MANIFEST_PATHS, type ManifestVariant } from './app-manifest';

/**
 * The manifest's language: `?lang=` (the page names its language in the link, as browsers fetch manifests without
 * cookies), else the locale cookie, else Accept-Language's languages in order: the first the site offers; else the site's own.
 */
export function manifestLocale(
  req: FastifyRequest,
  site: Pick<Site, 'languages' | 'domainLanguage'>,
): Locale {
  const offered = siteLocales(site);
  const asked = (req.query as Record<string, unknown> | undefined)?.lang;
  const wanted = [
    ...(isLocale(asked) ? [asked] : []),
    ...(req.localeCookie ? [req.localeCookie] : []),
    ...acceptLanguageLocales(req.headers['accept-language']),
  ];
  return wanted.find((l) => offered.includes(l)) ?? siteLanguage(site);
}

/** GET /manifest.webmanifest and /manifest-discreet.webmanifest, written per site (the request's host) and language. */
export const appManifestRoutes: FastifyPluginAsync = async (app) => {
  for (const variant of Object.keys(MANIFEST_PATHS) as ManifestVariant[]) {
    app.get(MANIFEST_PATHS[variant], { schema: { hide: true } }, async (req, reply) => {
      const { site } = await req.resolveSite();
      reply
        .header('Cache-Control', 'no-cache')
        .header('Vary', 'Accept-Language, Cookie')
        .type('application/manifest+json; charset=utf-8');
      return JSON.stringify(buildManifest(site, manifestLocale(req, site), variant));
    });
  }
};
