import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { RULES } from '../../../shared/rules';
import {
  companyInfoResponseSchema,
  settingsQuerySchema,
  settingsResponseSchema,
} from '../../../shared/schemas/sites';
import type { Site } from '../../db/schema';
import { countryOfIp } from '../../lib/geoip';
import { BytesByOwner, jsonBytes, sendJsonBytes } from '../../lib/json-response';
import { presentCompany, presentSettings, siteLanguage } from './sites.presenter';
import { selectCountry } from './sites.service';

const settingsBytes = new BytesByOwner<Site>();

export const sitesRoutes: FastifyPluginAsyncZod<{
  pushPublicKey: string | null;
  secureCookies: boolean;
}> = async (app, opts) => {
  app.get(
    '/api/settings.php',
    { schema: { querystring: settingsQuerySchema, response: { 200: settingsResponseSchema } } },
    async (req, reply) => {
      const { site } = await req.resolveSite(req.query.domain);
      const domainLanguage = siteLanguage(site);
      if (!req.localeCookie) {
        // First visit: the domain's language becomes the visitor's language.
        reply.setCookie(RULES.cookies.locale.name, domainLanguage, {
          path: '/',
          maxAge: RULES.cookies.locale.maxAgeDays * 86_400,
          sameSite: RULES.cookies.locale.sameSite,
          secure: opts.secureCookies,
          httpOnly: false,
        });
        req.locale = domainLanguage;
      }
      const geoipCountry = countryOfIp(req.ip);
      const selectedCountry = selectCountry(site, geoipCountry, req.query.country, req.locale);
      reply.header('Cache-Control', 'private, no-store');
      // Every page load asks this: the answer depends only on these four values, so its bytes are kept with the
      // cached site row (and dropped when the site directory reloads it).
      const locale = req.locale;
      const bytes = settingsBytes.get(site, `${locale}|${geoipCountry}|${selectedCountry}`, () =>
        jsonBytes(settingsResponseSchema, {
          settings: presentSettings(site, {
            locale,
            geoipCountry,
            selectedCountry,
            pushPublicKey: opts.pushPublicKey,
          }),
          domain_language: domainLanguage,
        }),
      );
      return sendJsonBytes(reply, bytes);
    },
  );

  app.get(
    '/api/companyinfo.php',
    { schema: { response: { 200: companyInfoResponseSchema } } },
    async (req, reply) => {
      const { company } = await req.resolveSite();
      reply.header('Cache-Control', 'public, max-age=300');
      return { companyinfo: presentCompany(company) };
    },
  );
};
