import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminContractsResponseSchema } from '../../../shared/schemas/admin-contracts';
import {
  adminMemberResponseSchema,
  creditAdjustmentResponseSchema,
  creditAdjustmentSchema,
  memberEraseResponseSchema,
  memberEraseSchema,
  memberIdQuerySchema,
  memberRefundResponseSchema,
  memberRefundSchema,
  memberSearchQuerySchema,
  memberSearchResponseSchema,
  memberSessionsEndResponseSchema,
  memberSessionsEndSchema,
} from '../../../shared/schemas/admin-members';
import { users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { MediaStorage } from '../../lib/storage';
import { loadMemberContracts } from './member-contracts.repo';
import { refundMemberPayment } from './member-refund.service';
import { presentListItem, presentMember } from './members-admin.presenter';
import { loadMemberDetail, searchMembers } from './members-admin.repo';
import { adjustCredits, endMemberSessions, eraseMember } from './members-admin.service';

/**
 * Members in the staff console (issue 22, point 6; docs/api.md "Staff console"). Moderators search, view members
 * and end their sessions; credit adjustments, refunds and erasure are for admins. Every change is audited in its
 * own transaction (members-admin.service.ts, member-refund.service.ts); what follows a commit here is telling the
 * member's tabs and the session caches.
 */
export const membersAdminRoutes: FastifyPluginAsyncZod<{ storage: MediaStorage }> = async (app, opts) => {
  const moderator = { staff: 'moderator' } as const;
  const admin = { staff: 'admin' } as const;

  app.get(
    '/api/admin/members.php',
    {
      config: moderator,
      schema: { querystring: memberSearchQuerySchema, response: { 200: memberSearchResponseSchema } },
    },
    async (req, reply) => {
      reply.header('Cache-Control', 'no-store');
      const found = await searchMembers(app.db, req.query);
      return { members: found.rows.map(presentListItem), page: req.query.page, has_more: found.hasMore };
    },
  );

  app.get(
    '/api/admin/member.php',
    {
      config: moderator,
      schema: { querystring: memberIdQuerySchema, response: { 200: adminMemberResponseSchema } },
    },
    async (req, reply) => {
      reply.header('Cache-Control', 'no-store');
      const detail = await loadMemberDetail(app.db, req.query.id);
      if (!detail) throw new AppError(404, 'not_found');
      return presentMember(detail);
    },
  );

  // The member's cancellations (cancel button) and withdrawals with their refunds' state (issue 23).
  app.get(
    '/api/admin/member-contracts.php',
    {
      config: moderator,
      schema: { querystring: memberIdQuerySchema, response: { 200: adminContractsResponseSchema } },
    },
    async (req, reply) => {
      reply.header('Cache-Control', 'no-store');
      const [found] = await app.db.select({ id: users.id }).from(users).where(eq(users.id, req.query.id));
      if (!found) throw new AppError(404, 'not_found');
      return loadMemberContracts(app.db, req.query.id);
    },
  );

  app.post(
    '/api/admin/member-credits.php',
    {
      config: admin,
      schema: { body: creditAdjustmentSchema, response: { 200: creditAdjustmentResponseSchema } },
    },
    async (req) => {
      const { staff } = req.requireStaff();
      const result = await adjustCredits(app.db, staff, req.body);
      if (result.applied) {
        // The member's cached session holds the balance; open tabs show the new one at once.
        req.memberChanged(req.body.member);
        app.live.publish([req.body.member], { type: 'credits.changed', credits: result.credits });
      }
      return result;
    },
  );

  app.post(
    '/api/admin/member-refund.php',
    { config: admin, schema: { body: memberRefundSchema, response: { 200: memberRefundResponseSchema } } },
    async (req) => {
      const { staff } = req.requireStaff();
      const result = await refundMemberPayment(app.db, app.paymentProviders, staff, req.body);
      if (result.refundedNow) {
        req.memberChanged(req.body.member);
        app.live.publish([req.body.member], { type: 'user.changed' });
      }
      return { payment: result.payment, refunded_now: result.refundedNow };
    },
  );

  app.delete(
    '/api/admin/member-sessions.php',
    {
      config: moderator,
      schema: { body: memberSessionsEndSchema, response: { 200: memberSessionsEndResponseSchema } },
    },
    async (req) => {
      const { staff } = req.requireStaff();
      const body = req.body;
      const ended = await endMemberSessions(app.db, staff, {
        member: body.member,
        ...('session' in body ? { session: body.session } : {}),
      });
      // Signed out at once: cached sessions dropped and live sockets closed, on every instance.
      app.sessionCache.revoked(body.member, ended);
      return { ended: ended.length };
    },
  );

  app.delete(
    '/api/admin/member.php',
    { config: admin, schema: { body: memberEraseSchema, response: { 200: memberEraseResponseSchema } } },
    async (req) => {
      const { staff } = req.requireStaff();
      const result = await eraseMember(app.db, opts.storage, staff, req.body);
      app.sessionCache.revoked(req.body.member, result.endedSessions);
      if (result.erasedNow) req.memberChanged(req.body.member);
      return { erased_now: result.erasedNow };
    },
  );
};
