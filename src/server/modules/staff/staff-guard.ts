import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { STAFF_RULES } from '../../../shared/rules';
import type { StaffRole } from '../../../shared/schemas/admin-staff';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { hashToken, newToken } from '../../lib/tokens';
import { matchedRoute } from '../../plugins/matched-route';
import {
  findActiveStaffSession,
  insertStaffSession,
  type StaffSessionWithAccount,
  touchStaffSession,
} from './staff-sessions.repo';

/**
 * The console's guard (docs/decisions.md, "Staff accounts"). Every route under /api/admin/ must declare who may
 * call it (`config.staff`); registering one without it fails at start-up. On each request the rule of the MATCHED
 * route (never the raw URL) is checked before the handler: no staff session → 401 staff_authentication_required, a
 * role below the route's → 403 staff_forbidden. A member session never counts here, and the staff cookie is
 * scoped to /api/admin, so it never reaches a member route (which reads only the member cookie anyway).
 */
export const ADMIN_PREFIX = '/api/admin/';
export const STAFF_COOKIE = STAFF_RULES.cookie.name;
export type StaffAccess = StaffRole | 'public';
const ACCESS = new Set<string>(['public', 'moderator', 'admin']);
const RANK: Record<StaffRole, number> = { moderator: 1, admin: 2 };

export interface StaffIdentity {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
}

export interface SignedInStaff {
  staff: StaffIdentity;
  sessionId: number;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call an /api/admin/ route: 'public' (sign-in, invitation), 'moderator' or 'admin'. */
    staff?: StaffAccess;
  }
  interface FastifyRequest {
    /** The signed-in staff member of an /api/admin/ request, or null. */
    staffAuth: SignedInStaff | null;
    /** The signed-in staff member; throws 401 staff_authentication_required. */
    requireStaff(): SignedInStaff;
  }
  interface FastifyInstance {
    /** Every console route as registered (method, path, who may call it): the role-matrix test reads it. */
    adminRoutes: AdminRoute[];
    staffCookie: {
      /** Creates a staff session and sets its cookie (a fresh token each sign-in). */
      start(db: Pick<Db, 'insert'>, req: FastifyRequest, reply: FastifyReply, staffId: number): Promise<void>;
      clear(reply: FastifyReply): void;
    };
  }
}

export interface AdminRoute {
  method: string;
  url: string;
  access: StaffAccess;
}

export function isAdminRoute(url: string | undefined): boolean {
  return url?.startsWith(ADMIN_PREFIX) ?? false;
}

export function roleAllows(role: StaffRole, needed: StaffRole): boolean {
  return RANK[role] >= RANK[needed];
}

function identityOf(found: StaffSessionWithAccount): SignedInStaff {
  const a = found.account;
  return {
    staff: { id: a.id, email: a.email, name: a.name, role: a.role as StaffRole },
    sessionId: found.session.id,
  };
}

export interface StaffGuardOptions {
  secureCookies: boolean;
}

export const staffGuardPlugin = fp(async (app: FastifyInstance, opts: StaffGuardOptions) => {
  const adminRoutes: AdminRoute[] = [];
  app.decorate('adminRoutes', adminRoutes);
  app.addHook('onRoute', (route) => {
    if (!isAdminRoute(route.url)) return;
    const access = (route.config as { staff?: unknown } | undefined)?.staff;
    if (typeof access !== 'string' || !ACCESS.has(access))
      throw new Error(
        `${route.method} ${route.url}: console routes must declare config.staff ('public' | 'moderator' | 'admin')`,
      );
    for (const method of Array.isArray(route.method) ? route.method : [route.method])
      adminRoutes.push({ method, url: route.url, access: access as StaffAccess });
  });

  app.decorateRequest('staffAuth', null);
  app.decorateRequest('requireStaff', function (this: FastifyRequest) {
    if (!this.staffAuth) throw new AppError(401, 'staff_authentication_required');
    return this.staffAuth;
  });

  async function readStaffSession(req: FastifyRequest, token: string): Promise<void> {
    const found = await findActiveStaffSession(app.db, hashToken(token));
    if (!found) return;
    req.staffAuth = identityOf(found);
    if (Date.now() - found.session.lastSeenAt.getTime() > STAFF_RULES.session.touchEveryMs)
      await touchStaffSession(app.db, found.session.id);
  }

  // After the member session and CSRF hooks (plugins/session.ts): the CSRF check applies here too.
  app.addHook('onRequest', (req, _reply, done) => {
    const url = matchedRoute(req);
    if (!isAdminRoute(url)) return done();
    // A member's session is never a staff member's: console handlers see no member at all.
    req.auth = null;
    req.sessionEntry = null;
    const access = req.routeOptions.config.staff ?? 'admin';
    const token = req.cookies[STAFF_COOKIE];
    const read = token && token.length <= 100 ? readStaffSession(req, token) : Promise.resolve();
    read.then(() => {
      if (access === 'public') return done();
      const signedIn = req.staffAuth;
      if (!signedIn) return done(new AppError(401, 'staff_authentication_required'));
      if (!roleAllows(signedIn.staff.role, access)) return done(new AppError(403, 'staff_forbidden'));
      done();
    }, done);
  });

  const cookieOptions = {
    path: STAFF_RULES.cookie.path,
    httpOnly: true,
    sameSite: 'strict' as const,
    secure: opts.secureCookies,
  };
  app.decorate('staffCookie', {
    async start(db: Pick<Db, 'insert'>, req: FastifyRequest, reply: FastifyReply, staffId: number) {
      const token = newToken();
      await insertStaffSession(db, {
        staffId,
        tokenHash: hashToken(token),
        userAgent: String(req.headers['user-agent'] ?? '').slice(0, 300),
      });
      // No Max-Age: a browser session cookie; the server ends the session after 12 h or 30 idle minutes anyway.
      reply.setCookie(STAFF_COOKIE, token, cookieOptions);
    },
    clear(reply: FastifyReply) {
      reply.clearCookie(STAFF_COOKIE, cookieOptions);
    },
  });
});
