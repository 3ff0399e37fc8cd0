import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  type DataExportStatus,
  dataExportFileQuerySchema,
  dataExportRequestSchema,
  dataExportStatusSchema,
} from '../../../shared/schemas/data-export';
import type { MediaStorage } from '../../lib/storage';
import { exportFileName, presentExport } from './data-export.presenter';
import { lastCountingRequest, latestMemberExport } from './data-export.repo';
import { type DataExportSettings, exportFile, nextRequestAt, requestExport } from './data-export.service';

export const MEMBER_DOWNLOAD_PATH = '/api/data-export-file.php';

/**
 * The member's own data export (issue 23, point 2), only ever with the member's session:
 * GET /api/data-export.php the newest export's state; POST asks for a new one (prepared by the data-export job, mailed
 * when ready); GET /api/data-export-file.php?id= downloads a ready one (404 for anyone else's).
 */
export const dataExportRoutes: FastifyPluginAsyncZod<{
  storage: MediaStorage;
  settings: DataExportSettings;
}> = async (app, opts) => {
  app.addHook('onRequest', async (req) => {
    req.requireAuth();
  });

  const status = async (memberId: number): Promise<DataExportStatus> => {
    const [latest, counting] = await Promise.all([
      latestMemberExport(app.db, memberId),
      lastCountingRequest(app.db, memberId),
    ]);
    return {
      export: latest ? presentExport(latest, MEMBER_DOWNLOAD_PATH) : null,
      next_request_at: nextRequestAt(counting, opts.settings.intervalHours)?.toISOString() ?? null,
    };
  };

  app.get(
    '/api/data-export.php',
    { schema: { response: { 200: dataExportStatusSchema } } },
    async (req, reply) => {
      reply.header('Cache-Control', 'no-store');
      return status(req.requireAuth().user.id);
    },
  );

  app.post(
    '/api/data-export.php',
    {
      schema: { body: dataExportRequestSchema, response: { 200: dataExportStatusSchema } },
      // The interval setting limits exports; this only stops a client hammering the call (per member).
      config: {
        rateLimit: {
          max: 10,
          timeWindow: '1 hour',
          keyGenerator: (req: FastifyRequest) => `export:m:${req.auth?.user.id ?? req.ip}`,
        },
      },
    },
    async (req, reply) => {
      const { user } = req.requireAuth();
      await requestExport(app.db, user.id, { intervalHours: opts.settings.intervalHours });
      reply.header('Cache-Control', 'no-store');
      return status(user.id);
    },
  );

  app.get(
    MEMBER_DOWNLOAD_PATH,
    { schema: { querystring: dataExportFileQuerySchema } },
    async (req, reply) => {
      const { user } = req.requireAuth();
      const { row, body } = await exportFile(app.db, opts.storage, req.query.id, { memberId: user.id });
      const { site } = await req.resolveSite();
      return reply
        .header('Content-Type', 'application/zip')
        .header('Content-Disposition', `attachment; filename="${exportFileName(site.domain, row)}"`)
        .header('Cache-Control', 'private, no-store')
        .header('X-Content-Type-Options', 'nosniff')
        .send(body);
    },
  );
};
