import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';
import type { SiteDirectory } from '../modules/sites/site-directory';
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

export const sitePlugin = fp(async (app: FastifyInstance, opts: { directory: SiteDirectory }) => {
  app.decorate('sites', opts.directory);
  app.decorateRequest('resolveSite', async function (this: FastifyRequest, domain?: string) {
    const found = await app.sites.byDomain(domain ?? this.hostname ?? '');
    if (!found) throw new AppError(404, 'unknown_domain');
    return found;
  });
});
