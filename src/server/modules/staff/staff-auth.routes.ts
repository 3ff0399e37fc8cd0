import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { STAFF_RULES } from '../../../shared/rules';
import {
  staffLoginCodeRequestSchema,
  staffLoginRequestSchema,
  staffLoginResponseSchema,
  staffMeResponseSchema,
  staffOkSchema,
  staffPasswordChangeSchema,
} from '../../../shared/schemas/admin-staff';
import { AppError } from '../../lib/app-error';
import { FAIL_CLOSED } from '../../plugins/rate-limit-store';
import { recordStaffAction } from './staff-audit';
import { changeStaffPassword, finishStaffSignIn, startStaffSignIn } from './staff-auth.service';
import { revokeStaffSession } from './staff-sessions.repo';

const CHALLENGE_COOKIE = STAFF_RULES.cookie.challengeName;
const CHALLENGE_SECONDS = STAFF_RULES.challenge.minutes * 60;

export interface StaffAuthRoutesOptions {
  /** sign-in attempts per client address and minute, per step */
  loginRateLimit: number;
  secureCookies: boolean;
}

/** Sign-in (password, then TOTP code), sign-out, who am I, and changing one's own password. */
export const staffAuthRoutes: FastifyPluginAsyncZod<StaffAuthRoutesOptions> = async (app, opts) => {
  const challengeCookie = {
    path: STAFF_RULES.cookie.path,
    httpOnly: true,
    sameSite: 'strict' as const,
    secure: opts.secureCookies,
  };
  const loginLimit = { rateLimit: { max: opts.loginRateLimit, timeWindow: '1 minute', ...FAIL_CLOSED } };

  app.post(
    '/api/admin/login.php',
    {
      schema: { body: staffLoginRequestSchema, response: { 200: staffLoginResponseSchema } },
      config: { staff: 'public', ...loginLimit },
    },
    async (req, reply) => {
      const ticket = await startStaffSignIn(app.db, req.body.email, req.body.password, req.ip);
      reply.setCookie(CHALLENGE_COOKIE, ticket, { ...challengeCookie, maxAge: CHALLENGE_SECONDS });
      return { totp_required: true as const, expires_in: CHALLENGE_SECONDS };
    },
  );

  app.post(
    '/api/admin/login-code.php',
    {
      schema: { body: staffLoginCodeRequestSchema, response: { 200: staffMeResponseSchema } },
      config: { staff: 'public', ...loginLimit },
    },
    async (req, reply) => {
      const ticket = req.cookies[CHALLENGE_COOKIE];
      if (!ticket || ticket.length > 100) throw new AppError(401, 'staff_challenge_expired');
      const account = await finishStaffSignIn(app.db, ticket, req.body.code, req.ip);
      const signedIn = req.staffAuth;
      await app.db.transaction(async (tx) => {
        // Signing in over an older session of this browser ends it.
        if (signedIn) await revokeStaffSession(tx, signedIn.sessionId);
        await app.staffCookie.start(tx, req, reply, account.id);
        await recordStaffAction(tx, account.id, {
          action: 'staff.sign_in',
          targetType: 'staff',
          targetId: account.id,
        });
      });
      reply.clearCookie(CHALLENGE_COOKIE, challengeCookie);
      return {
        staff: {
          id: account.id,
          email: account.email,
          name: account.name,
          role: account.role as 'moderator' | 'admin',
        },
      };
    },
  );

  // Public: signing out without a (live) session still clears the cookie.
  app.post(
    '/api/admin/logout.php',
    { schema: { response: { 200: staffOkSchema } }, config: { staff: 'public' } },
    async (req, reply) => {
      if (req.staffAuth) await revokeStaffSession(app.db, req.staffAuth.sessionId);
      app.staffCookie.clear(reply);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/admin/me.php',
    { schema: { response: { 200: staffMeResponseSchema } }, config: { staff: 'moderator' } },
    async (req, reply) => {
      reply.header('Cache-Control', 'private, no-store');
      return { staff: req.requireStaff().staff };
    },
  );

  app.post(
    '/api/admin/password.php',
    {
      schema: { body: staffPasswordChangeSchema, response: { 200: staffOkSchema } },
      config: { staff: 'moderator', ...loginLimit },
    },
    async (req) => {
      const { staff, sessionId } = req.requireStaff();
      await changeStaffPassword(
        app.db,
        staff.id,
        sessionId,
        req.body.old_password,
        req.body.password,
        req.ip,
      );
      return { ok: true as const };
    },
  );
};
