import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  figuresQuerySchema,
  figuresResponseSchema,
  trafficResponseSchema,
} from '../../../shared/schemas/admin-figures';
import { toCsv } from './csv';
import { dailyFigures, siteDomain, trafficFigures } from './figures.service';

export const TRAFFIC_CSV_HEADER = [
  'network',
  'ref',
  'sub1',
  'sub2',
  'sub3',
  'visits',
  'signups',
  'confirmations',
  'first_purchases',
] as const;

/**
 * Figures (issue 22, point 9), for admins only (revenue and traffic sources are the business's, not moderation's):
 * GET /api/admin/figures.php the dashboard per site and day; GET /api/admin/traffic.php the traffic-source report;
 * GET /api/admin/traffic.csv the same as CSV. Read-only: nothing to audit.
 */
export const figuresAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = { staff: 'admin' } as const;

  app.get(
    '/api/admin/figures.php',
    { config: admin, schema: { querystring: figuresQuerySchema, response: { 200: figuresResponseSchema } } },
    async (req, reply) => {
      reply.header('Cache-Control', 'no-store');
      return dailyFigures(app.db, req.query);
    },
  );

  app.get(
    '/api/admin/traffic.php',
    { config: admin, schema: { querystring: figuresQuerySchema, response: { 200: trafficResponseSchema } } },
    async (req, reply) => {
      reply.header('Cache-Control', 'no-store');
      return trafficFigures(app.db, req.query);
    },
  );

  app.get(
    '/api/admin/traffic.csv',
    { config: admin, schema: { querystring: figuresQuerySchema, hide: true } },
    async (req, reply) => {
      const report = await trafficFigures(app.db, req.query);
      const domain = (await siteDomain(app.db, req.query.site)).replace(/[^a-z0-9.-]/gi, '');
      const csv = toCsv(
        TRAFFIC_CSV_HEADER,
        report.rows.map((r) => TRAFFIC_CSV_HEADER.map((k) => r[k])),
      );
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header(
          'Content-Disposition',
          `attachment; filename="traffic-${domain}-${report.period.from}-${report.period.to}.csv"`,
        )
        .header('Cache-Control', 'private, no-store')
        .send(`\uFEFF${csv}`);
    },
  );
};
