import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { STAFF_RULES } from '../../../shared/rules';
import { staffAuditLog } from '../../db/schema';
import { CLIENT, lastMail } from '../../test/factories';
import { signInStaffAs, uniqueStaffEmail } from '../../test/staff';
import type { TestContext } from '../../test/test-app';
import { withTestSite } from '../../test/test-app';
import { totpCode } from './totp';

let ctx: TestContext;
let domain: string;
withTestSite((c, d) => {
  ctx = c;
  domain = d;
});

function call(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  headers: Record<string, string>,
  payload?: unknown,
) {
  return ctx.app.inject({
    method,
    url,
    headers: { host: domain, ...headers },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

const NEW_PASSWORD = 'Orchard-Signal-Window-12';

describe('staff invitations', () => {
  it('runs end to end: invite, e-mail, name + password, TOTP enrolment, signed in with the invited role', async () => {
    const { staff: admin, headers } = await signInStaffAs(ctx.app, 'admin');
    const email = uniqueStaffEmail('invited');
    const invited = await call('POST', '/api/admin/staff-invites.php', headers, {
      email: email.toUpperCase(),
      role: 'moderator',
      name: 'Nina Invited',
    });
    expect(invited.statusCode).toBe(200);
    expect(invited.json().invite).toMatchObject({ email, role: 'moderator', state: 'open' });

    const mail = await lastMail(ctx, email);
    const link = mail.text.match(/https?:\/\/\S+\/admin\/invite\?token=\S+/)?.[0];
    expect(link).toBeDefined();
    const token = new URL(link ?? '').searchParams.get('token') ?? '';

    const lookup = await call('GET', `/api/admin/invite.php?token=${token}`, {});
    expect(lookup.json()).toMatchObject({ email, name: 'Nina Invited', role: 'moderator' });
    expect((await call('GET', '/api/admin/invite.php?token=x'.padEnd(60, 'x'), {})).statusCode).toBe(404);

    const short = await call('POST', '/api/admin/invite.php', CLIENT, {
      token,
      name: 'Nina',
      password: 'short',
      password_confirm: 'short',
    });
    expect(short.statusCode).toBe(400);
    const accepted = await call('POST', '/api/admin/invite.php', CLIENT, {
      token,
      name: 'Nina Moderator',
      password: NEW_PASSWORD,
      password_confirm: NEW_PASSWORD,
    });
    expect(accepted.statusCode).toBe(200);
    const { otpauth_uri, secret } = accepted.json() as { otpauth_uri: string; secret: string };
    expect(otpauth_uri).toContain(`secret=${secret}`);

    const wrong = await call('PUT', '/api/admin/invite.php', CLIENT, { token, code: '000000' });
    if ((await totpCode(secret)) !== '000000') expect(wrong.json().error.code).toBe('staff_code_invalid');
    const code = await totpCode(secret);
    const done = await call('PUT', '/api/admin/invite.php', CLIENT, { token, code });
    expect(done.statusCode).toBe(200);
    expect(done.json().staff).toMatchObject({ email, name: 'Nina Moderator', role: 'moderator' });
    const cookie = done.cookies.find((c) => c.name === STAFF_RULES.cookie.name);
    const me = await call('GET', '/api/admin/me.php', {
      ...CLIENT,
      cookie: `${cookie?.name}=${cookie?.value}`,
    });
    expect(me.json().staff.role).toBe('moderator');
    const newId = me.json().staff.id as number;

    // the link is used up; the enrolment code cannot sign in again
    expect((await call('PUT', '/api/admin/invite.php', CLIENT, { token, code })).statusCode).toBe(404);
    expect((await call('GET', `/api/admin/invite.php?token=${token}`, {})).statusCode).toBe(404);
    const step1 = await call('POST', '/api/admin/login.php', CLIENT, { email, password: NEW_PASSWORD });
    const challenge = step1.cookies.find((c) => c.name === STAFF_RULES.cookie.challengeName);
    const reuse = await call(
      'POST',
      '/api/admin/login-code.php',
      { ...CLIENT, cookie: `${challenge?.name}=${challenge?.value}` },
      { code },
    );
    expect(reuse.json().error.code).toBe('staff_code_used');

    // the admin sees the invitation used, the new account in the list, and both steps in the audit log
    const invites = await call('GET', '/api/admin/staff-invites.php', headers);
    expect(invites.json().invites.find((i: { email: string }) => i.email === email)?.state).toBe('used');
    const list = await call('GET', '/api/admin/staff.php', headers);
    expect(list.json().staff.find((s: { id: number }) => s.id === newId)).toMatchObject({
      invited_by: admin.id,
      status: 'active',
    });
    const inviteRows = await ctx.database.db
      .select()
      .from(staffAuditLog)
      .where(eq(staffAuditLog.staffId, admin.id));
    expect(inviteRows.map((r) => r.action)).toContain('staff.invite');
    const acceptRows = await ctx.database.db
      .select()
      .from(staffAuditLog)
      .where(eq(staffAuditLog.staffId, newId));
    expect(acceptRows.map((r) => r.action)).toContain('staff.invite.accept');
  });

  it('refuses an address that is staff already, and withdraws an open invitation', async () => {
    const { staff: admin, headers } = await signInStaffAs(ctx.app, 'admin');
    const taken = await call('POST', '/api/admin/staff-invites.php', headers, {
      email: admin.email,
      role: 'admin',
      name: 'Someone',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.code).toBe('staff_email_taken');

    const email = uniqueStaffEmail('withdrawn');
    const invited = await call('POST', '/api/admin/staff-invites.php', headers, {
      email,
      role: 'admin',
      name: 'Will Drawn',
    });
    const token = new URL(
      (await lastMail(ctx, email)).text.match(/https?:\/\/\S+\/admin\/invite\?token=\S+/)?.[0] ?? 'http://x',
    ).searchParams.get('token');
    const id = invited.json().invite.id as number;
    expect((await call('DELETE', '/api/admin/staff-invites.php', headers, { id })).statusCode).toBe(200);
    expect((await call('GET', `/api/admin/invite.php?token=${token}`, {})).statusCode).toBe(404);
    expect((await call('DELETE', '/api/admin/staff-invites.php', headers, { id })).statusCode).toBe(404);
  });

  it('lets an admin change a role and disable an account (its sessions end), never their own', async () => {
    const { staff: admin, headers } = await signInStaffAs(ctx.app, 'admin');
    const { staff: mod, headers: modHeaders } = await signInStaffAs(ctx.app, 'moderator');
    const self = await call('PATCH', '/api/admin/staff.php', headers, { id: admin.id, role: 'moderator' });
    expect(self.json().error.code).toBe('staff_self_change');
    const nothing = await call('PATCH', '/api/admin/staff.php', headers, { id: mod.id });
    expect(nothing.statusCode).toBe(400);

    const promoted = await call('PATCH', '/api/admin/staff.php', headers, { id: mod.id, role: 'admin' });
    expect(promoted.json().staff.role).toBe('admin');
    // the role counts from the next request on
    expect((await call('GET', '/api/admin/staff.php', modHeaders)).statusCode).toBe(200);
    const disabled = await call('PATCH', '/api/admin/staff.php', headers, { id: mod.id, status: 'disabled' });
    expect(disabled.json().staff.status).toBe('disabled');
    expect((await call('GET', '/api/admin/me.php', modHeaders)).statusCode).toBe(401);
    const login = await call('POST', '/api/admin/login.php', CLIENT, {
      email: mod.email,
      password: mod.password,
    });
    expect(login.json().error.code).toBe('staff_login_failed');

    const rows = await ctx.database.db
      .select()
      .from(staffAuditLog)
      .where(eq(staffAuditLog.targetId, String(mod.id)));
    const byAction = Object.fromEntries(rows.filter((r) => r.staffId === admin.id).map((r) => [r.action, r]));
    expect(byAction['staff.role.change']).toMatchObject({
      before: { role: 'moderator' },
      after: { role: 'admin' },
    });
    expect(byAction['staff.disable']).toMatchObject({
      before: { status: 'active' },
      after: { status: 'disabled', sessions_ended: 1 },
    });
  });
});
