import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminDiscountInputSchema,
  adminDiscountResponseSchema,
  adminDiscountStatusSchema,
  adminDiscountsQuerySchema,
  adminDiscountsResponseSchema,
  adminDiscountUsesResponseSchema,
} from '../../../shared/schemas/admin-discounts';
import { adminIdQuerySchema } from '../../../shared/schemas/admin-sites';
import { createCode, listCodes, setCodeStatus, usesOfCode } from './discounts.admin-service';

/** The staff console's discount codes (issue 22, point 7): list, create, disable or enable, and their use. Admin only. */
export const discountsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = { staff: 'admin' } as const;

  app.get(
    '/api/admin/discounts.php',
    {
      config: admin,
      schema: { querystring: adminDiscountsQuerySchema, response: { 200: adminDiscountsResponseSchema } },
    },
    async (req, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { codes: await listCodes(app.db, req.query) };
    },
  );

  app.post(
    '/api/admin/discounts.php',
    {
      config: admin,
      schema: { body: adminDiscountInputSchema, response: { 200: adminDiscountResponseSchema } },
    },
    async (req) => {
      const { staff } = req.requireStaff();
      return { code: await createCode(app.db, staff.id, req.body) };
    },
  );

  app.put(
    '/api/admin/discounts.php',
    {
      config: admin,
      schema: {
        querystring: adminIdQuerySchema,
        body: adminDiscountStatusSchema,
        response: { 200: adminDiscountResponseSchema },
      },
    },
    async (req) => {
      const { staff } = req.requireStaff();
      return { code: await setCodeStatus(app.db, staff.id, req.query.id, req.body.status) };
    },
  );

  app.get(
    '/api/admin/discount-uses.php',
    {
      config: admin,
      schema: { querystring: adminIdQuerySchema, response: { 200: adminDiscountUsesResponseSchema } },
    },
    async (req, reply) => {
      reply.header('Cache-Control', 'no-store');
      return usesOfCode(app.db, req.query.id);
    },
  );
};
