import { and, desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  type AdminExport,
  adminExportListQuerySchema,
  adminExportListSchema,
  adminExportRequestSchema,
  adminExportSchema,
  dataExportFileQuerySchema,
} from '../../../shared/schemas/data-export';
import { type DataExport, dataExports, sites, users } from '../../db/schema';
import type { MediaStorage } from '../../lib/storage';
import { recordStaffAction } from '../staff/staff-audit';
import { exportFileName, presentExport } from './data-export.presenter';
import { exportFile, requestExport } from './data-export.service';

export const STAFF_DOWNLOAD_PATH = '/api/admin/member-export-file.php';

const present = (row: DataExport): AdminExport => ({
  ...presentExport(row, STAFF_DOWNLOAD_PATH),
  requested_by: row.requestedByStaffId === null ? 'member' : 'staff',
});

/**
 * A member's data export for staff (issue 22, point 6), admins only (it holds the member's messages and payments):
 * POST /api/admin/member-export.php asks for one (audited 'member.export.request'; prepared by the same job, no
 * mail to the member); GET lists the member's newest exports; GET /api/admin/member-export-file.php?id= downloads a
 * ready one (audited 'member.export.download').
 */
export const dataExportAdminRoutes: FastifyPluginAsyncZod<{ storage: MediaStorage }> = async (app, opts) => {
  const admin = { staff: 'admin' } as const;

  app.get(
    '/api/admin/member-export.php',
    {
      config: admin,
      schema: { querystring: adminExportListQuerySchema, response: { 200: adminExportListSchema } },
    },
    async (req, reply) => {
      reply.header('Cache-Control', 'no-store');
      const rows = await app.db
        .select()
        .from(dataExports)
        .where(eq(dataExports.userId, req.query.member))
        .orderBy(desc(dataExports.createdAt), desc(dataExports.id))
        .limit(10);
      return { exports: rows.map(present) };
    },
  );

  app.post(
    '/api/admin/member-export.php',
    {
      config: admin,
      schema: { body: adminExportRequestSchema, response: { 200: adminExportSchema } },
    },
    async (req) => {
      const { staff } = req.requireStaff();
      return present(await requestExport(app.db, req.body.member, { requestedByStaffId: staff.id }));
    },
  );

  app.get(
    STAFF_DOWNLOAD_PATH,
    { config: admin, schema: { querystring: dataExportFileQuerySchema, hide: true } },
    async (req, reply) => {
      const { staff } = req.requireStaff();
      const { row, body } = await exportFile(app.db, opts.storage, req.query.id, { staff: true });
      const [site] = await app.db
        .select({ id: sites.id, domain: sites.domain })
        .from(users)
        .innerJoin(sites, eq(sites.id, users.siteId))
        .where(and(eq(users.id, row.userId)));
      await recordStaffAction(app.db, staff.id, {
        action: 'member.export.download',
        targetType: 'member',
        targetId: row.userId,
        after: { export_id: row.id },
        siteId: site?.id ?? null,
      });
      return reply
        .header('Content-Type', 'application/zip')
        .header(
          'Content-Disposition',
          `attachment; filename="${exportFileName(site?.domain ?? 'member', row)}"`,
        )
        .header('Cache-Control', 'private, no-store')
        .header('X-Content-Type-Options', 'nosniff')
        .send(body);
    },
  );
};
