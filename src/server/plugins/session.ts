import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ACCOUNT_RULES, RULES } from '../../shared/rules';
import type { Db } from '../db/client';
import { AppError } from '../lib/app-error';
import { countryOfIp } from '../lib/geoip';
import { hashToken, newToken } from '../lib/tokens';
import {
  findActiveSession,
  insertSession,
  type SessionWithUser,
  touchSession,
} from '../modules/auth/sessions.repo';

export const SESSION_COOKIE = `${RULES.cookies.auth.prefix}_token`;
const MAX_AGE_S = RULES.cookies.auth.maxAgeDays * 86_400;

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in member of this request, or null. */
    auth: SessionWithUser | null;
    /** The signed-in member; throws 403 authentication_required (the client logs out quietly). */
    requireAuth(): SessionWithUser;
  }
}

export const sessionPlugin = fp(async (app: FastifyInstance, opts: { secureCookies: boolean }) => {
  app.decorateRequest('auth', null);
  app.decorateRequest('requireAuth', function (this: FastifyRequest) {
    if (!this.auth) throw new AppError(403, 'authentication_required');
    return this.auth;
  });

  app.addHook('onRequest', async (req) => {
    // Sessions matter to the API and to photos (private photos are served only to viewers allowed to see them).
    if (!req.url.startsWith('/api/') && !req.url.startsWith('/media/')) return;
    const token = req.cookies[SESSION_COOKIE];
    if (!token || token.length > 100) return;
    const found = await findActiveSession(app.db, hashToken(token));
    if (!found || found.user.status === 'deleted') return;
    req.auth = found;
    if (Date.now() - found.session.lastSeenAt.getTime() > ACCOUNT_RULES.session.touchEveryMs) {
      await touchSession(app.db, found.session.id);
    }
  });

  // CSRF: every state-changing API call must carry the client's request-type header (a cross-site form cannot set it).
  app.addHook('onRequest', async (req) => {
    if (!req.url.startsWith('/api/') || ['GET', 'HEAD', 'OPTIONS'].includes(req.method)) return;
    if (req.headers[RULES.http.requestTypeHeader.toLowerCase()] !== RULES.http.requestTypeValue) {
      throw new AppError(403, 'csrf');
    }
  });

  app.decorate('sessionCookie', {
    /** Creates a session for a member and sets the cookie (a fresh token on every login). */
    async start(
      db: Pick<Db, 'insert'>,
      req: FastifyRequest,
      reply: FastifyReply,
      userId: number,
    ): Promise<void> {
      const token = newToken();
      await insertSession(db, {
        userId,
        tokenHash: hashToken(token),
        userAgent: String(req.headers['user-agent'] ?? '').slice(0, 300),
        country: countryOfIp(req.ip),
        expiresAt: new Date(Date.now() + MAX_AGE_S * 1000),
      });
      reply.setCookie(SESSION_COOKIE, token, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: opts.secureCookies,
        maxAge: MAX_AGE_S,
      });
    },
    clear(reply: FastifyReply): void {
      reply.clearCookie(SESSION_COOKIE, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: opts.secureCookies,
      });
    },
  });
});

declare module 'fastify' {
  interface FastifyInstance {
    sessionCookie: {
      start(db: Pick<Db, 'insert'>, req: FastifyRequest, reply: FastifyReply, userId: number): Promise<void>;
      clear(reply: FastifyReply): void;
    };
  }
}
