import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ACCOUNT_RULES, RULES } from '../../shared/rules';
import type { Db } from '../db/client';
import type { Photo } from '../db/schema';
import { AppError } from '../lib/app-error';
import { type EventBus, LocalEventBus } from '../lib/event-bus';
import { countryOfIp } from '../lib/geoip';
import { hashToken, newToken } from '../lib/tokens';
import { findMainPhoto } from '../modules/accounts/accounts.repo';
import { type CachedSession, SessionCache } from '../modules/auth/session-cache';
import {
  findActiveSession,
  insertSession,
  type SessionWithUser,
  touchSession,
} from '../modules/auth/sessions.repo';
import { changesState, isApiRoute, isCrossSiteRoute, isMediaRoute, matchedRoute } from './matched-route';

export const SESSION_COOKIE = `${RULES.cookies.auth.prefix}_token`;
const MAX_AGE_S = RULES.cookies.auth.maxAgeDays * 86_400;
const REQUEST_TYPE_HEADER = RULES.http.requestTypeHeader.toLowerCase();

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in member of this request, or null. */
    auth: SessionWithUser | null;
    /** The signed-in member; throws 403 authentication_required (the client logs out quietly). */
    requireAuth(): SessionWithUser;
    /** The signed-in member's main photo, read once per cached session (GET user.php on every page). */
    authMainPhoto(): Promise<Photo | undefined>;
    /**
     * Announces that this request changed a member's sessions, account or profile, so that every instance drops
     * its cached sessions of that member before the answer leaves. The signed-in member of a state-changing request
     * is announced without asking; call this for changes to anybody else (a link opened signed out, a block).
     */
    memberChanged(userId: number): void;
    /**
     * For a state-changing request that knows exactly how it changed its own member's account row (a chat message:
     * the credits). The member is still announced as changed, but this instance keeps the cached session updated
     * by `update` instead of reading it again on the next request (SessionCache.invalidateMemberKeeping).
     */
    keepSession(update: (found: SessionWithUser) => SessionWithUser): void;
    /** The cache entry behind `auth` (internal to this plugin). */
    sessionEntry: CachedSession | null;
    changedMembers: number[] | null;
    sessionUpdate: ((found: SessionWithUser) => SessionWithUser) | null;
  }
  interface FastifyInstance {
    sessionCache: SessionCache;
  }
}

export interface SessionPluginOptions {
  secureCookies: boolean;
  /** Where cache invalidations are announced (default: this process only). */
  bus?: EventBus;
  /** Lifetime of a cached session lookup (default 0: no cache). */
  cacheTtlMs?: number;
}

export const sessionPlugin = fp(async (app: FastifyInstance, opts: SessionPluginOptions) => {
  const cache = new SessionCache(opts.cacheTtlMs ?? 0, opts.bus ?? new LocalEventBus());
  app.decorate('sessionCache', cache);
  app.addHook('onClose', async () => cache.close());
  app.decorateRequest('auth', null);
  app.decorateRequest('sessionEntry', null);
  app.decorateRequest('changedMembers', null);
  app.decorateRequest('sessionUpdate', null);
  app.decorateRequest('requireAuth', function (this: FastifyRequest) {
    if (!this.auth) throw new AppError(403, 'authentication_required');
    return this.auth;
  });
  app.decorateRequest('memberChanged', function (this: FastifyRequest, userId: number) {
    if (this.changedMembers) this.changedMembers.push(userId);
    else this.changedMembers = [userId];
  });
  app.decorateRequest(
    'keepSession',
    function (this: FastifyRequest, update: (found: SessionWithUser) => SessionWithUser) {
      this.sessionUpdate = update;
    },
  );
  app.decorateRequest('authMainPhoto', async function (this: FastifyRequest) {
    const entry = this.sessionEntry;
    if (!entry) return undefined;
    if (entry.mainPhoto === undefined)
      entry.mainPhoto = (await findMainPhoto(app.db, entry.found.user.id)) ?? null;
    return entry.mainPhoto ?? undefined;
  });

  /** Reads the session of a token into the request (from the cache, or the database and then the cache). */
  async function readSession(req: FastifyRequest, token: string): Promise<void> {
    const tokenHash = hashToken(token);
    let entry = cache.get(tokenHash);
    if (!entry) {
      const markedAt = cache.mark();
      const found = await findActiveSession(app.db, tokenHash);
      if (!found || found.user.status === 'deleted') return;
      entry = cache.set(tokenHash, found, markedAt);
    } else if (entry.found.session.expiresAt.getTime() <= Date.now()) {
      return;
    }
    req.sessionEntry = entry;
    req.auth = entry.found;
    const session = entry.found.session;
    if (Date.now() - session.lastSeenAt.getTime() > ACCOUNT_RULES.session.touchEveryMs) {
      session.lastSeenAt = new Date();
      await touchSession(app.db, session.id);
    }
  }

  // The hooks below run on every request: callback style, so the common cases (no session cookie, a safe method)
  // cost no promise.
  app.addHook('onRequest', (req, _reply, done) => {
    // Sessions matter to the API and to photos (private photos are served only to viewers allowed to see them).
    if (!isApiRoute(req) && !isMediaRoute(req)) return done();
    const token = req.cookies[SESSION_COOKIE];
    if (!token || token.length > 100) return done();
    readSession(req, token).then(() => done(), done);
  });

  // CSRF: every state-changing call must carry the client's request-type header (a cross-site form, link or image
  // cannot set it). Keyed on the matched route and method, so no spelling of a URL walks past it.
  app.addHook('onRequest', (req, _reply, done) => {
    if (!changesState(req) || !matchedRoute(req) || isCrossSiteRoute(req)) return done();
    done(
      req.headers[REQUEST_TYPE_HEADER] === RULES.http.requestTypeValue
        ? undefined
        : new AppError(403, 'csrf'),
    );
  });

  // Before the answer leaves: drop cached sessions of every member this request changed, on every instance, each
  // member announced once. The request's own member's entry is kept, updated, when the route said exactly what it
  // changed (keepSession) and nothing more (memberChanged of the own id).
  app.addHook('onSend', (req, _reply, payload, done) => {
    const own = req.auth && changesState(req) ? req.auth.user.id : undefined;
    if (own !== undefined) {
      if (req.sessionUpdate && req.sessionEntry && !req.changedMembers?.includes(own))
        cache.invalidateMemberKeeping(req.sessionEntry, req.sessionUpdate);
      else cache.invalidateMember(own);
    }
    if (req.changedMembers)
      for (const id of new Set(req.changedMembers)) if (id !== own) cache.invalidateMember(id);
    done(null, payload);
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
