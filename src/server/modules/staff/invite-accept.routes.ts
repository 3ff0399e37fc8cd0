import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  inviteAcceptRequestSchema,
  inviteAcceptResponseSchema,
  inviteConfirmRequestSchema,
  inviteLookupQuerySchema,
  inviteLookupResponseSchema,
  type StaffRole,
  staffMeResponseSchema,
} from '../../../shared/schemas/admin-staff';
import { AppError } from '../../lib/app-error';
import { FAIL_CLOSED } from '../../plugins/rate-limit-store';
import { findStaffById } from './staff-accounts.repo';
import { confirmInviteAcceptance, findOpenInvite, startInviteAcceptance } from './staff-invites.service';

/**
 * Accepting an invitation (public: the link's token is the proof): GET shows what it is for, POST sets name and
 * password and answers the TOTP secret to enrol, PUT finishes with one valid code and signs the new staff member in.
 */
export const inviteAcceptRoutes: FastifyPluginAsyncZod<{ rateLimit: number }> = async (app, opts) => {
  const limit = { rateLimit: { max: opts.rateLimit, timeWindow: '1 minute', ...FAIL_CLOSED } };

  app.get(
    '/api/admin/invite.php',
    {
      schema: { querystring: inviteLookupQuerySchema, response: { 200: inviteLookupResponseSchema } },
      config: { staff: 'public', ...limit },
    },
    async (req, reply) => {
      reply.header('Cache-Control', 'private, no-store');
      const invite = await findOpenInvite(app.db, req.query.token);
      return {
        email: invite.email,
        name: invite.name,
        role: invite.role as StaffRole,
        expires_at: invite.expiresAt.toISOString(),
      };
    },
  );

  app.post(
    '/api/admin/invite.php',
    {
      schema: { body: inviteAcceptRequestSchema, response: { 200: inviteAcceptResponseSchema } },
      config: { staff: 'public', ...limit },
    },
    async (req, reply) => {
      reply.header('Cache-Control', 'private, no-store');
      const { otpauthUri, secret } = await startInviteAcceptance(
        app.db,
        req.body.token,
        req.body.name,
        req.body.password,
      );
      return { otpauth_uri: otpauthUri, secret };
    },
  );

  app.put(
    '/api/admin/invite.php',
    {
      schema: { body: inviteConfirmRequestSchema, response: { 200: staffMeResponseSchema } },
      config: { staff: 'public', ...limit },
    },
    async (req, reply) => {
      const staffId = await confirmInviteAcceptance(app.db, req.body.token, req.body.code, req.ip);
      const account = await findStaffById(app.db, staffId);
      if (!account) throw new AppError(404, 'staff_invite_invalid');
      await app.staffCookie.start(app.db, req, reply, account.id);
      return {
        staff: { id: account.id, email: account.email, name: account.name, role: account.role as StaffRole },
      };
    },
  );
};
