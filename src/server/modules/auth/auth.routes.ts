import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  languageUpdateSchema,
  loginRequestSchema,
  okSchema,
  passwordChangeSchema,
  sessionRevokeSchema,
  sessionsResponseSchema,
  userResponseSchema,
} from '../../../shared/schemas/accounts';
import { users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { jsonBytes, sendJsonBytes } from '../../lib/json-response';
import { FAIL_CLOSED } from '../../plugins/rate-limit-store';
import { SESSION_COOKIE } from '../../plugins/session';
import { presentCurrentUser } from '../accounts/accounts.presenter';
import { findMainPhoto, findUserWithProfile } from '../accounts/accounts.repo';
import { changePassword } from '../accounts/password.service';
import { assertMaySignIn } from '../decisions/restrictions';
import { storePushSubscription } from '../push/push.service';
import { authenticate } from './auth.service';
import { listActiveSessions, revokeAllSessions, revokeSession, type SessionWithUser } from './sessions.repo';

async function userBody(req: FastifyRequest, id: number, read?: Pick<SessionWithUser, 'user' | 'profile'>) {
  const [found, mainPhoto, { site }] = await Promise.all([
    read ?? findUserWithProfile(req.server.db, id),
    read ? req.authMainPhoto() : findMainPhoto(req.server.db, id),
    req.resolveSite(),
  ]);
  if (!found) return { user: null };
  return { user: presentCurrentUser(found.user, found.profile, mainPhoto, site) };
}

/** The current member as the user call answers it (read now: after a change), or null when signed out. */
export async function currentUserBody(req: FastifyRequest, userId?: number) {
  const id = userId ?? req.auth?.user.id;
  return id ? userBody(req, id) : { user: null };
}

/** GET user.php: the signed-in member as read with this request's session (plugins/session.ts), or null. */
function sessionUserBody(req: FastifyRequest) {
  return req.auth ? userBody(req, req.auth.user.id, req.auth) : { user: null };
}

/**
 * Ends the request's own session (logout, or a sign-in over it): revoked in the database, then announced, so its
 * cached lookups and live sockets end on every instance.
 */
async function endOwnSession(req: FastifyRequest): Promise<void> {
  if (!req.auth) return;
  const { session, user } = req.auth;
  if (await revokeSession(req.server.db, session.id, user.id))
    req.server.sessionCache.revoked(user.id, [session.id]);
}

/** Signs a member in on this response: revokes a session cookie the browser still had, starts a fresh one. */
export async function signIn(req: FastifyRequest, reply: FastifyReply, userId: number): Promise<void> {
  // A suspended or banned member gets no session (modules/decisions): 403 with the way to the statement.
  await assertMaySignIn(req.server.db, userId);
  await endOwnSession(req);
  await req.server.sessionCookie.start(req.server.db, req, reply, userId);
}

const SIGNED_OUT_BYTES = jsonBytes(userResponseSchema, { user: null });

export const authRoutes: FastifyPluginAsyncZod<{ loginRateLimit: number }> = async (app, opts) => {
  // POST /api/user.php: log in; POST /api/user.php?push=1: store a push subscription.
  app.post(
    '/api/user.php',
    {
      schema: {
        querystring: z.object({ push: z.string().optional() }),
        body: z.unknown(),
        response: { 200: userResponseSchema.or(okSchema) },
      },
      config: { rateLimit: { max: opts.loginRateLimit, timeWindow: '1 minute', ...FAIL_CLOSED } },
    },
    async (req, reply) => {
      if (req.query.push === '1') {
        const auth = req.requireAuth();
        await storePushSubscription(app.db, auth.user.id, req.body);
        return { ok: true as const };
      }
      const { email, password } = loginRequestSchema.parse(req.body);
      const userId = await authenticate(app.db, email, password, req.ip);
      await signIn(req, reply, userId);
      return currentUserBody(req, userId);
    },
  );

  // Asked on every page load: answered from bytes made once per cached session (signed in) or once (signed out).
  app.get('/api/user.php', { schema: { response: { 200: userResponseSchema } } }, async (req, reply) => {
    reply.header('Cache-Control', 'private, no-store');
    const entry = req.sessionEntry;
    if (!entry) {
      if (req.cookies[SESSION_COOKIE]) app.sessionCookie.clear(reply);
      return sendJsonBytes(reply, SIGNED_OUT_BYTES);
    }
    const { site } = await req.resolveSite();
    if (entry.userBytes?.site !== site) {
      entry.userBytes = { site, bytes: jsonBytes(userResponseSchema, await sessionUserBody(req)) };
    }
    return sendJsonBytes(reply, entry.userBytes.bytes);
  });

  // PUT /api/user.php: the language chosen in the UI.
  app.put(
    '/api/user.php',
    { schema: { body: languageUpdateSchema, response: { 200: okSchema } } },
    async (req) => {
      const auth = req.requireAuth();
      await app.db.update(users).set({ language: req.body.language }).where(eq(users.id, auth.user.id));
      return { ok: true as const };
    },
  );

  // GET as the spec has it, but it changes state: it needs the client's request-type header (plugins/session.ts),
  // so a cross-site link or image cannot log a member out.
  app.get(
    '/api/logout.php',
    { schema: { response: { 200: okSchema } }, config: { changesState: true } },
    async (req, reply) => {
      await endOwnSession(req);
      app.sessionCookie.clear(reply);
      return { ok: true as const };
    },
  );

  app.get('/api/sessions.php', { schema: { response: { 200: sessionsResponseSchema } } }, async (req) => {
    const auth = req.requireAuth();
    const rows = await listActiveSessions(app.db, auth.user.id);
    return {
      sessions: rows.map((s) => ({
        id: s.id,
        current: s.id === auth.session.id,
        user_agent: s.userAgent,
        country: s.country,
        created_at: s.createdAt.toISOString(),
        last_seen_at: s.lastSeenAt.toISOString(),
      })),
    };
  });

  // DELETE /api/sessions.php: { id } logs one session out, { all_others: true } logs out everywhere else.
  app.delete(
    '/api/sessions.php',
    { schema: { body: sessionRevokeSchema, response: { 200: okSchema } } },
    async (req) => {
      const auth = req.requireAuth();
      let revoked: number[];
      if ('all_others' in req.body) revoked = await revokeAllSessions(app.db, auth.user.id, auth.session.id);
      else if (await revokeSession(app.db, req.body.id, auth.user.id)) revoked = [req.body.id];
      else throw new AppError(404, 'not_found');
      app.sessionCache.revoked(auth.user.id, revoked);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/password.php',
    { schema: { body: passwordChangeSchema, response: { 200: okSchema } } },
    async (req) => {
      const auth = req.requireAuth();
      const { site } = await req.resolveSite();
      const revoked = await changePassword(
        app.db,
        auth.user.id,
        auth.session.id,
        req.body.old_password,
        req.body.password,
        site,
        req.ip,
      );
      // The other sessions end everywhere; this one stays (docs/decisions.md).
      app.sessionCache.revoked(auth.user.id, revoked);
      return { ok: true as const };
    },
  );
};
