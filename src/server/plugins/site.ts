import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';
import { normalizeDomain, type SiteDirectory } from '../modules/sites/site-directory';
import type { SiteWithCompany } from '../modules/sites/sites.repo';

declare module 'fastify' {
  interface FastifyInstance {
    sites: SiteDirectory;
  }
  interface FastifyRequest {
    /** The site of the request's host; throws 404 unknown_domain for a host that is not in the network. */
    resolveSite(domain?: string): Promise<SiteWithCompany>;
  }
}

/** Host names already told to the operator (one log line per host, not per request). */
const MAX_HOSTS_TOLD = 1_000;

export const sitePlugin = fp(async (app: FastifyInstance, opts: { directory: SiteDirectory }) => {
  app.decorate('sites', opts.directory);
  const told = new Set<string>();
  app.decorateRequest('resolveSite', async function (this: FastifyRequest, domain?: string) {
    const host = domain ?? this.hostname ?? '';
    const found = await app.sites.byDomain(host);
    if (!found) {
      const key = normalizeDomain(host);
      if (key && !told.has(key) && told.size < MAX_HOSTS_TOLD) {
        told.add(key);
        this.log.warn(
          { host: key },
          'a request for a host name that is no site of the network: add a row to sites for it (docs/operations.md, "Sites and domains")',
        );
      }
      throw new AppError(404, 'unknown_domain');
    }
    return found;
  });
});
