import { describe, expect, it } from 'vitest';
import { CLIENT, createMember } from '../../test/factories';
import { signInStaff } from '../../test/staff';
import type { TestContext } from '../../test/test-app';
import { withTestSite } from '../../test/test-app';
import type { StaffAccess } from './staff-guard';

/**
 * The role matrix of the console (issue 22, Security): EVERY route under /api/admin/ and who may call it. A route
 * missing here, or declaring another rule than the one here, fails this test: add yours when you add a route.
 * 'public' only for signing in and accepting an invitation.
 */
const ROLE_MATRIX: Record<string, StaffAccess> = {
  // staff sign-in and own account (staff/staff-auth.routes.ts)
  'POST /api/admin/login.php': 'public',
  'POST /api/admin/login-code.php': 'public',
  'POST /api/admin/logout.php': 'public',
  'GET /api/admin/me.php': 'moderator',
  'POST /api/admin/password.php': 'moderator',
  // staff management, invitations, audit log (staff/staff-admin.routes.ts, staff/invite-accept.routes.ts)
  'GET /api/admin/staff.php': 'admin',
  'PATCH /api/admin/staff.php': 'admin',
  'GET /api/admin/staff-invites.php': 'admin',
  'POST /api/admin/staff-invites.php': 'admin',
  'DELETE /api/admin/staff-invites.php': 'admin',
  'GET /api/admin/invite.php': 'public',
  'POST /api/admin/invite.php': 'public',
  'PUT /api/admin/invite.php': 'public',
  'GET /api/admin/audit.php': 'moderator',
  // photo moderation (photos/photos.admin-routes.ts)
  'GET /api/admin/photos.php': 'moderator',
  'POST /api/admin/photos.php': 'moderator',
  'GET /api/admin/photo-image.php': 'moderator',
  // photo verification's review queue (verification/verification.admin-routes.ts)
  'GET /api/admin/verifications.php': 'moderator',
  'POST /api/admin/verifications.php': 'moderator',
  'GET /api/admin/verification-image.php': 'moderator',
  // notices, decisions, appeals (reports.admin-routes.ts)
  'GET /api/admin/reports.php': 'moderator',
  'POST /api/admin/reports.php': 'moderator',
  'GET /api/admin/appeals.php': 'moderator',
  'POST /api/admin/appeals.php': 'moderator',
  'GET /api/admin/transparency.csv': 'admin',
  // sites, companies, catalogue and discount codes (sites/sites.admin-routes.ts, payments/catalogue.admin-routes.ts,
  // discounts/discounts.admin-routes.ts)
  'GET /api/admin/sites.php': 'admin',
  'POST /api/admin/sites.php': 'admin',
  'PUT /api/admin/sites.php': 'admin',
  'POST /api/admin/companies.php': 'admin',
  'PUT /api/admin/companies.php': 'admin',
  'GET /api/admin/catalogue.php': 'admin',
  'POST /api/admin/catalogue.php': 'admin',
  'PUT /api/admin/catalogue.php': 'admin',
  'PUT /api/admin/catalogue-order.php': 'admin',
  'GET /api/admin/discounts.php': 'admin',
  'POST /api/admin/discounts.php': 'admin',
  'PUT /api/admin/discounts.php': 'admin',
  'GET /api/admin/discount-uses.php': 'admin',
  // members (members-admin/members-admin.admin-routes.ts)
  'GET /api/admin/members.php': 'moderator',
  'GET /api/admin/member.php': 'moderator',
  'DELETE /api/admin/member.php': 'admin',
  'POST /api/admin/member-credits.php': 'admin',
  'POST /api/admin/member-refund.php': 'admin',
  'DELETE /api/admin/member-sessions.php': 'moderator',
  'GET /api/admin/member-contracts.php': 'moderator',
  // fictional, cam and resell profiles (profiles-admin/profiles-admin.admin-routes.ts)
  'GET /api/admin/profiles.php': 'moderator',
  'POST /api/admin/profiles.php': 'moderator',
  'PUT /api/admin/profiles.php': 'moderator',
  'GET /api/admin/profile.php': 'moderator',
  'POST /api/admin/profile-photos.php': 'moderator',
  'DELETE /api/admin/profile-photos.php': 'moderator',
  'GET /api/admin/site-cams.php': 'moderator',
  'PUT /api/admin/site-cams.php': 'admin',
  // members' data exports (data-export/data-export.admin-routes.ts)
  'GET /api/admin/member-export.php': 'admin',
  'POST /api/admin/member-export.php': 'admin',
  'GET /api/admin/member-export-file.php': 'admin',
  // figures and the traffic-source report (figures/figures.admin-routes.ts)
  'GET /api/admin/figures.php': 'admin',
  'GET /api/admin/traffic.php': 'admin',
  'GET /api/admin/traffic.csv': 'admin',
};

let ctx: TestContext;
let domain: string;
withTestSite((c, d) => {
  ctx = c;
  domain = d;
});

/** A concrete URL for a route pattern (`:id` → 1). */
const concrete = (url: string) => url.replace(/:[A-Za-z_]+/g, '1');

function call(method: string, url: string, headers: Record<string, string>) {
  const hasBody = method !== 'GET' && method !== 'DELETE';
  return ctx.app.inject({
    method: method as 'GET',
    url: concrete(url),
    headers,
    ...(hasBody ? { payload: {} } : {}),
  });
}

const routes = () => ctx.app.adminRoutes.filter((r) => r.method !== 'HEAD');
const guarded = () => routes().filter((r) => r.access !== 'public');

describe('console role matrix', () => {
  it('lists every /api/admin/ route with the rule the route declares, and nothing else', () => {
    const registered = Object.fromEntries(routes().map((r) => [`${r.method} ${r.url}`, r.access]));
    const missing = Object.keys(registered).filter((k) => !(k in ROLE_MATRIX));
    expect(missing, 'routes missing from ROLE_MATRIX').toEqual([]);
    const stale = Object.keys(ROLE_MATRIX).filter((k) => !(k in registered));
    expect(stale, 'ROLE_MATRIX entries with no route').toEqual([]);
    expect(registered).toEqual(ROLE_MATRIX);
  });

  it('refuses every guarded route without a staff session (401), also with a member session', async () => {
    const member = await createMember(ctx, domain);
    for (const r of guarded()) {
      const anonymous = await call(r.method, r.url, { ...CLIENT });
      expect(anonymous.statusCode, `${r.method} ${r.url} without session`).toBe(401);
      expect(anonymous.json().error.code).toBe('staff_authentication_required');
      const asMember = await call(r.method, r.url, { ...CLIENT, host: domain, cookie: member.cookie });
      expect(asMember.statusCode, `${r.method} ${r.url} as a member`).toBe(401);
    }
  });

  it('refuses a moderator every admin-only route (403) and lets each role through where allowed', async () => {
    const moderator = await signInStaff(ctx.app, 'moderator');
    const admin = await signInStaff(ctx.app, 'admin');
    for (const r of guarded()) {
      const asModerator = await call(r.method, r.url, moderator);
      if (r.access === 'admin') {
        expect(asModerator.statusCode, `${r.method} ${r.url} as moderator`).toBe(403);
        expect(asModerator.json().error.code).toBe('staff_forbidden');
      } else {
        expect([401, 403], `${r.method} ${r.url} as moderator`).not.toContain(asModerator.statusCode);
      }
      const asAdmin = await call(r.method, r.url, admin);
      expect([401, 403], `${r.method} ${r.url} as admin`).not.toContain(asAdmin.statusCode);
    }
  });

  it('needs the request-type header on state-changing console calls (CSRF)', async () => {
    const admin = await signInStaff(ctx.app, 'admin');
    const { cookie } = admin as { cookie: string };
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/password.php',
      headers: { cookie },
      payload: {},
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('csrf');
    const out = await ctx.app.inject({ method: 'POST', url: '/api/admin/logout.php', headers: { cookie } });
    expect(out.json().error.code).toBe('csrf');
    // the session survived the refused logout
    const me = await ctx.app.inject({ method: 'GET', url: '/api/admin/me.php', headers: admin });
    expect(me.statusCode).toBe(200);
  });

  it('keys the guard on the matched route: percent-encoded and odd spellings do not walk past it', async () => {
    const member = await createMember(ctx, domain);
    const moderator = await signInStaff(ctx.app, 'moderator');
    for (const url of ['/%61pi/admin/me.php', '/api/%61dmin/me.php', '/api/admin/%6De.php']) {
      const res = await ctx.app.inject({
        method: 'GET',
        url,
        headers: { host: domain, cookie: member.cookie },
      });
      expect([401, 404], url).toContain(res.statusCode);
      expect(res.statusCode, url).not.toBe(200);
    }
    for (const r of guarded().filter((x) => x.access === 'admin')) {
      const url = concrete(r.url).replace('/api/', '/%61pi/');
      const res = await call(r.method, url, moderator);
      expect([403, 404], `${r.method} ${url}`).toContain(res.statusCode);
    }
  });

  it('never lets a staff cookie act as a member', async () => {
    const admin = await signInStaff(ctx.app, 'admin');
    const user = await ctx.app.inject({
      method: 'GET',
      url: '/api/user.php',
      headers: { ...admin, host: domain },
    });
    expect(user.statusCode).toBe(200);
    expect(user.json().user).toBeNull();
    const settings = await ctx.app.inject({
      method: 'POST',
      url: '/api/password.php',
      headers: { ...admin, host: domain },
      payload: { old_password: 'x', password: 'Another-Pass-123', password_confirm: 'Another-Pass-123' },
    });
    expect(settings.statusCode).toBe(403);
    expect(settings.json().error.code).toBe('authentication_required');
  });
});
