import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminBundleInputSchema,
  adminBundleResponseSchema,
  adminCatalogueOrderSchema,
  adminCatalogueResponseSchema,
} from '../../../shared/schemas/admin-catalogue';
import { adminIdQuerySchema } from '../../../shared/schemas/admin-sites';
import {
  createBundle,
  listCatalogue,
  pricingCountries,
  reorderBundles,
  updateBundle,
} from './catalogue.admin-service';

/**
 * The staff console's catalogue (issue 22, point 7): credit bundles (premium packages) with their prices per country.
 * Admin only. The member side reads the same rows uncached (payments.service), so a change counts at once everywhere.
 */
export const catalogueAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = { staff: 'admin' } as const;

  app.get(
    '/api/admin/catalogue.php',
    { config: admin, schema: { response: { 200: adminCatalogueResponseSchema } } },
    async (_req, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { bundles: await listCatalogue(app.db), countries: pricingCountries() };
    },
  );

  app.post(
    '/api/admin/catalogue.php',
    { config: admin, schema: { body: adminBundleInputSchema, response: { 200: adminBundleResponseSchema } } },
    async (req) => {
      const { staff } = req.requireStaff();
      return { bundle: await createBundle(app.db, staff.id, req.body) };
    },
  );

  app.put(
    '/api/admin/catalogue.php',
    {
      config: admin,
      schema: {
        querystring: adminIdQuerySchema,
        body: adminBundleInputSchema,
        response: { 200: adminBundleResponseSchema },
      },
    },
    async (req) => {
      const { staff } = req.requireStaff();
      return { bundle: await updateBundle(app.db, staff.id, req.query.id, req.body) };
    },
  );

  app.put(
    '/api/admin/catalogue-order.php',
    {
      config: admin,
      schema: { body: adminCatalogueOrderSchema, response: { 200: adminCatalogueResponseSchema } },
    },
    async (req) => {
      const { staff } = req.requireStaff();
      return { bundles: await reorderBundles(app.db, staff.id, req.body.ids), countries: pricingCountries() };
    },
  );
};
