import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MODERATION_RULES } from '../../../shared/rules';
import {
  adminAppealDecisionResponseSchema,
  adminAppealDecisionSchema,
  adminAppealsResponseSchema,
  adminReportActionResponseSchema,
  adminReportActionSchema,
  adminReportsQuerySchema,
  adminReportsResponseSchema,
  transparencyQuerySchema,
} from '../../../shared/schemas/admin-reports';
import { decideAppeal } from '../decisions/appeal-decision';
import { listOpenAppeals } from './appeals-queue';
import { handleReport } from './reports-actions';
import { listOpenReports } from './reports-queue';
import { transparencyCsv } from './transparency';

/**
 * The console's notices, appeals and transparency export (issue 22, points 4 and 5):
 *   GET/POST /api/admin/reports.php   the one queue of reports and complaints; an action on one (moderator)
 *   GET/POST /api/admin/appeals.php   open appeals; uphold or reverse, by another staff member (moderator)
 *   GET /api/admin/transparency.csv   the period's counts as CSV (admin)
 */
export const reportsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const moderator = { staff: 'moderator' } as const;

  app.get(
    '/api/admin/reports.php',
    {
      config: moderator,
      schema: { querystring: adminReportsQuerySchema, response: { 200: adminReportsResponseSchema } },
    },
    async (req, reply) => {
      reply.header('Cache-Control', 'no-store');
      const { rows, total } = await listOpenReports(app.db, req.query.page);
      return { reports: rows, total, page: req.query.page, page_size: MODERATION_RULES.queuePageSize };
    },
  );

  app.post(
    '/api/admin/reports.php',
    {
      config: moderator,
      schema: { body: adminReportActionSchema, response: { 200: adminReportActionResponseSchema } },
    },
    async (req) => {
      const { staff } = req.requireStaff();
      const result = await handleReport(app.db, staff, req.body);
      if (result.memberId !== null) {
        if (result.revokedSessionIds.length > 0)
          app.sessionCache.revoked(result.memberId, result.revokedSessionIds);
        else app.sessionCache.invalidateMember(result.memberId);
      }
      return { ok: true as const, decision: result.decisionId };
    },
  );

  app.get(
    '/api/admin/appeals.php',
    { config: moderator, schema: { response: { 200: adminAppealsResponseSchema } } },
    async (req, reply) => {
      reply.header('Cache-Control', 'no-store');
      const { staff } = req.requireStaff();
      return { appeals: await listOpenAppeals(app.db, staff.id) };
    },
  );

  app.post(
    '/api/admin/appeals.php',
    {
      config: moderator,
      schema: { body: adminAppealDecisionSchema, response: { 200: adminAppealDecisionResponseSchema } },
    },
    async (req) => {
      const { staff } = req.requireStaff();
      const { memberId } = await decideAppeal(app.db, staff, req.body.id, req.body.outcome, req.body.note);
      if (memberId !== null) app.sessionCache.invalidateMember(memberId);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/admin/transparency.csv',
    { config: { staff: 'admin' }, schema: { querystring: transparencyQuerySchema } },
    async (req, reply) => {
      const { from, to } = req.query;
      reply
        .header('Cache-Control', 'no-store')
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="transparency-${from}-${to}.csv"`);
      return transparencyCsv(app.db, from, to);
    },
  );
};
