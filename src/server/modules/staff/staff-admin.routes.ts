import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  auditQuerySchema,
  auditResponseSchema,
  staffInviteRequestSchema,
  staffInviteResponseSchema,
  staffInvitesResponseSchema,
  staffInviteWithdrawSchema,
  staffListResponseSchema,
  staffOkSchema,
  staffUpdateRequestSchema,
  staffUpdateResponseSchema,
} from '../../../shared/schemas/admin-staff';
import type { LinkBase } from '../accounts/account-mail';
import { readAuditLog } from './staff-audit.repo';
import { inviteStaff, listInvites, withdrawInvite } from './staff-invites.service';
import { changeStaff, staffList } from './staff-manage.service';

/** Staff management (admins): the staff list, role and status changes, invitations; and the audit log. */
export const staffAdminRoutes: FastifyPluginAsyncZod<{ links: LinkBase }> = async (app, opts) => {
  app.get(
    '/api/admin/staff.php',
    { schema: { response: { 200: staffListResponseSchema } }, config: { staff: 'admin' } },
    async () => ({ staff: await staffList(app.db) }),
  );

  app.patch(
    '/api/admin/staff.php',
    {
      schema: { body: staffUpdateRequestSchema, response: { 200: staffUpdateResponseSchema } },
      config: { staff: 'admin' },
    },
    async (req) => {
      const { staff } = req.requireStaff();
      const { id, role, status } = req.body;
      return { staff: await changeStaff(app.db, staff.id, id, { role, status }) };
    },
  );

  app.get(
    '/api/admin/staff-invites.php',
    { schema: { response: { 200: staffInvitesResponseSchema } }, config: { staff: 'admin' } },
    async () => ({ invites: await listInvites(app.db) }),
  );

  app.post(
    '/api/admin/staff-invites.php',
    {
      schema: { body: staffInviteRequestSchema, response: { 200: staffInviteResponseSchema } },
      config: { staff: 'admin' },
    },
    async (req) => {
      const { staff } = req.requireStaff();
      const { site } = await req.resolveSite();
      const invite = await inviteStaff(app.db, staff, req.body, {
        site,
        links: opts.links,
        language: req.locale,
      });
      return { invite };
    },
  );

  app.delete(
    '/api/admin/staff-invites.php',
    {
      schema: { body: staffInviteWithdrawSchema, response: { 200: staffOkSchema } },
      config: { staff: 'admin' },
    },
    async (req) => {
      await withdrawInvite(app.db, req.requireStaff().staff.id, req.body.id);
      return { ok: true as const };
    },
  );

  // Admins read every entry; a moderator reads only their own actions (whatever the filter asks).
  app.get(
    '/api/admin/audit.php',
    {
      schema: { querystring: auditQuerySchema, response: { 200: auditResponseSchema } },
      config: { staff: 'moderator' },
    },
    async (req, reply) => {
      const { staff } = req.requireStaff();
      reply.header('Cache-Control', 'private, no-store');
      return readAuditLog(app.db, req.query, staff.role === 'admin' ? undefined : staff.id);
    },
  );
};
