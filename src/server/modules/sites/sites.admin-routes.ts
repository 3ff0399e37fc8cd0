import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminCompanyInputSchema,
  adminCompanyResponseSchema,
  adminIdQuerySchema,
  adminSiteInputSchema,
  adminSiteResponseSchema,
  adminSitesResponseSchema,
} from '../../../shared/schemas/admin-sites';
import type { EventBus } from '../../lib/event-bus';
import { announceSitesChanged } from './site-directory';
import { presentAdminCompany, presentAdminSite } from './sites.admin-presenter';
import {
  createCompany,
  createSite,
  listSitesAndCompanies,
  updateCompany,
  updateSite,
} from './sites.admin-service';

/**
 * The staff console's sites and companies (issue 22, point 7; docs/operations.md "Sites and domains"). Admin only.
 * A change is announced on the bus once committed, so /api/settings.php answers the new settings at once on every
 * instance.
 */
export const sitesAdminRoutes: FastifyPluginAsyncZod<{ bus: EventBus }> = async (app, opts) => {
  const admin = { staff: 'admin' } as const;

  app.get(
    '/api/admin/sites.php',
    { config: admin, schema: { response: { 200: adminSitesResponseSchema } } },
    async (_req, reply) => {
      reply.header('Cache-Control', 'no-store');
      const found = await listSitesAndCompanies(app.db);
      return {
        sites: found.sites.map(presentAdminSite),
        companies: found.companies.map(presentAdminCompany),
      };
    },
  );

  app.post(
    '/api/admin/sites.php',
    { config: admin, schema: { body: adminSiteInputSchema, response: { 200: adminSiteResponseSchema } } },
    async (req) => {
      const { staff } = req.requireStaff();
      const site = await createSite(app.db, staff.id, req.body);
      announceSitesChanged(opts.bus, site.id);
      return { site: presentAdminSite(site) };
    },
  );

  app.put(
    '/api/admin/sites.php',
    {
      config: admin,
      schema: {
        querystring: adminIdQuerySchema,
        body: adminSiteInputSchema,
        response: { 200: adminSiteResponseSchema },
      },
    },
    async (req) => {
      const { staff } = req.requireStaff();
      const consoleSite = await app.sites.byDomain(req.hostname ?? '').catch(() => undefined);
      const site = await updateSite(app.db, staff.id, req.query.id, req.body, consoleSite?.site.id ?? null);
      announceSitesChanged(opts.bus, site.id);
      return { site: presentAdminSite(site) };
    },
  );

  app.post(
    '/api/admin/companies.php',
    {
      config: admin,
      schema: { body: adminCompanyInputSchema, response: { 200: adminCompanyResponseSchema } },
    },
    async (req) => {
      const { staff } = req.requireStaff();
      const company = await createCompany(app.db, staff.id, req.body);
      return { company: presentAdminCompany(company) };
    },
  );

  app.put(
    '/api/admin/companies.php',
    {
      config: admin,
      schema: {
        querystring: adminIdQuerySchema,
        body: adminCompanyInputSchema,
        response: { 200: adminCompanyResponseSchema },
      },
    },
    async (req) => {
      const { staff } = req.requireStaff();
      const company = await updateCompany(app.db, staff.id, req.query.id, req.body);
      // The company travels with the cached site rows (company info, mails): reload them everywhere.
      announceSitesChanged(opts.bus, null);
      return { company: presentAdminCompany(company) };
    },
  );
};
