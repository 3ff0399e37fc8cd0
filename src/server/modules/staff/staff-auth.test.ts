import { randomInt } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_RULES, STAFF_RULES } from '../../../shared/rules';
import { staffSessions } from '../../db/schema';
import { CLIENT } from '../../test/factories';
import { cookieOf, createStaff, signInAs, staffPasswordStep, type TestStaff } from '../../test/staff';
import type { TestContext } from '../../test/test-app';
import { withTestSite } from '../../test/test-app';
import { totpCode } from './totp';

let ctx: TestContext;
withTestSite((c) => {
  ctx = c;
});

/** A client address of its own: failures counted in a shared database must not lock other tests (or runs). */
const uniqueIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

function post(url: string, payload: unknown, headers: Record<string, string> = {}, remoteAddress?: string) {
  return ctx.app.inject({
    method: 'POST',
    url,
    headers: { ...CLIENT, ...headers },
    payload: payload as Record<string, unknown>,
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}

const me = (headers: Record<string, string>) =>
  ctx.app.inject({ method: 'GET', url: '/api/admin/me.php', headers });

/** A code of another time step than the current one (a step already taken by a sign-in at `now`). */
const codeAt = (s: TestStaff, offsetSteps: number) =>
  totpCode(s.totpSecret, Date.now() + offsetSteps * STAFF_RULES.totp.periodSeconds * 1000);

describe('staff sign-in', () => {
  it('takes a password, then a TOTP code, and sets a strict cookie scoped to /api/admin', async () => {
    const staff = await createStaff(ctx.app, 'moderator');
    const step1 = await post('/api/admin/login.php', {
      email: staff.email.toUpperCase(),
      password: staff.password,
    });
    expect(step1.statusCode).toBe(200);
    expect(step1.json()).toEqual({ totp_required: true, expires_in: STAFF_RULES.challenge.minutes * 60 });
    // step 1 alone is no session
    expect(step1.cookies.find((c) => c.name === STAFF_RULES.cookie.name)).toBeUndefined();
    const challenge = cookieOf(step1, STAFF_RULES.cookie.challengeName);
    expect((await me({ ...CLIENT, cookie: challenge })).statusCode).toBe(401);

    const step2 = await post(
      '/api/admin/login-code.php',
      { code: await totpCode(staff.totpSecret) },
      { cookie: challenge },
    );
    expect(step2.statusCode).toBe(200);
    expect(step2.json().staff).toEqual({
      id: staff.id,
      email: staff.email,
      name: staff.name,
      role: 'moderator',
    });
    const cookie = step2.cookies.find((c) => c.name === STAFF_RULES.cookie.name);
    expect(cookie).toMatchObject({ path: '/api/admin', httpOnly: true, sameSite: 'Strict' });
    const who = await me({ ...CLIENT, cookie: `${cookie?.name}=${cookie?.value}` });
    expect(who.json().staff.email).toBe(staff.email);

    // the ticket was single use
    const again = await post(
      '/api/admin/login-code.php',
      { code: await codeAt(staff, 1) },
      { cookie: challenge },
    );
    expect(again.json().error.code).toBe('staff_challenge_expired');
  });

  it('refuses a wrong password, a wrong code, and the second step without the first', async () => {
    const staff = await createStaff(ctx.app, 'admin');
    const ip = uniqueIp();
    const wrong = await post(
      '/api/admin/login.php',
      { email: staff.email, password: 'Not-The-Password-1' },
      {},
      ip,
    );
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.code).toBe('staff_login_failed');
    const unknown = await post(
      '/api/admin/login.php',
      { email: 'nobody@example.org', password: 'x' },
      {},
      ip,
    );
    expect(unknown.json().error.code).toBe('staff_login_failed');
    const noTicket = await post('/api/admin/login-code.php', { code: '123456' }, {}, ip);
    expect(noTicket.json().error.code).toBe('staff_challenge_expired');

    const challenge = await staffPasswordStep(ctx.app, staff);
    const current = await totpCode(staff.totpSecret);
    const badCode = current === '000000' ? '111111' : '000000';
    const bad = await post('/api/admin/login-code.php', { code: badCode }, { cookie: challenge }, ip);
    expect(bad.statusCode).toBe(401);
    expect(bad.json().error.code).toBe('staff_code_invalid');
    const malformed = await post('/api/admin/login-code.php', { code: '12ab' }, { cookie: challenge }, ip);
    expect(malformed.statusCode).toBe(400);
  });

  it('accepts each code once: a reused code is refused, also when sent twice at the same moment', async () => {
    const staff = await createStaff(ctx.app, 'moderator');
    const code = await totpCode(staff.totpSecret);
    const first = await post(
      '/api/admin/login-code.php',
      { code },
      { cookie: await staffPasswordStep(ctx.app, staff) },
    );
    expect(first.statusCode).toBe(200);
    const challenge = await staffPasswordStep(ctx.app, staff);
    const reused = await post('/api/admin/login-code.php', { code }, { cookie: challenge });
    expect(reused.statusCode).toBe(401);
    expect(reused.json().error.code).toBe('staff_code_used');
    // an older step than the one taken is refused as well
    const older = await post(
      '/api/admin/login-code.php',
      { code: await codeAt(staff, -1) },
      { cookie: challenge },
    );
    expect(older.json().error.code).toBe('staff_code_used');

    // the next step's code (within the ±1 window), sent on two tickets at once: exactly one session
    const other = await createStaff(ctx.app, 'moderator');
    const [a, b] = await Promise.all([staffPasswordStep(ctx.app, other), staffPasswordStep(ctx.app, other)]);
    const next = await codeAt(other, 1);
    const answers = await Promise.all([
      post('/api/admin/login-code.php', { code: next }, { cookie: a }),
      post('/api/admin/login-code.php', { code: next }, { cookie: b }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 401]);
  });

  it('locks after the failures member logins allow, counted atomically for attempts sent at once', async () => {
    const staff = await createStaff(ctx.app, 'admin');
    const ip = uniqueIp();
    const attempts = ACCOUNT_RULES.login.pairMaxFailures + 3;
    const answers = await Promise.all(
      Array.from({ length: attempts }, () =>
        post('/api/admin/login.php', { email: staff.email, password: 'Wrong-Password-99' }, {}, ip),
      ),
    );
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(ACCOUNT_RULES.login.pairMaxFailures - 1);
    expect(codes.filter((c) => c === 429)).toHaveLength(attempts - (ACCOUNT_RULES.login.pairMaxFailures - 1));
    const right = await post(
      '/api/admin/login.php',
      { email: staff.email, password: staff.password },
      {},
      ip,
    );
    expect(right.statusCode).toBe(429);
    expect(right.json().error.code).toBe('login_locked');
    // another address is not locked out by this one
    expect(
      (await post('/api/admin/login.php', { email: staff.email, password: staff.password })).statusCode,
    ).toBe(200);
  });

  it('ends a session after the idle limit and after the absolute limit; requests keep it alive', async () => {
    const staff = await createStaff(ctx.app, 'moderator');
    const headers = await signInAs(ctx.app, staff, -1);
    const db = ctx.database.db;
    const ofStaff = eq(staffSessions.staffId, staff.id);
    // used two minutes ago: a request moves last_seen_at on
    await db.update(staffSessions).set({ lastSeenAt: sql`now() - interval '2 minutes'` }).where(ofStaff);
    expect((await me(headers)).statusCode).toBe(200);
    const [touched] = await db.select().from(staffSessions).where(ofStaff);
    expect(Date.now() - (touched?.lastSeenAt.getTime() ?? 0)).toBeLessThan(60_000);

    const idle = STAFF_RULES.session.idleMinutes + 1;
    await db
      .update(staffSessions)
      .set({ lastSeenAt: sql`now() - make_interval(mins => ${idle})` })
      .where(ofStaff);
    expect((await me(headers)).json().error.code).toBe('staff_authentication_required');

    const fresh = await signInAs(ctx.app, staff, 0);
    const [session] = await db
      .select()
      .from(staffSessions)
      .where(eq(staffSessions.staffId, staff.id))
      .orderBy(sql`${staffSessions.id} desc`)
      .limit(1);
    const hours = (session!.expiresAt.getTime() - session!.createdAt.getTime()) / 3_600_000;
    expect(hours).toBeCloseTo(STAFF_RULES.session.absoluteHours, 1);
    await db
      .update(staffSessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(staffSessions.id, session!.id));
    expect((await me(fresh)).statusCode).toBe(401);
  });

  it('signs out, and a password change ends the other sessions', async () => {
    const staff = await createStaff(ctx.app, 'moderator');
    const first = await signInAs(ctx.app, staff, -1);
    const out = await post('/api/admin/logout.php', undefined, first);
    expect(out.statusCode).toBe(200);
    expect((await me(first)).statusCode).toBe(401);

    // two sessions (codes of two different steps)
    const a = await signInAs(ctx.app, staff, 0);
    const b = await signInAs(ctx.app, staff, 1);
    const wrongOld = await post(
      '/api/admin/password.php',
      { old_password: 'nope', password: 'New-Console-Pass-55', password_confirm: 'New-Console-Pass-55' },
      a,
    );
    expect(wrongOld.statusCode).toBe(400);
    const changed = await post(
      '/api/admin/password.php',
      {
        old_password: staff.password,
        password: 'New-Console-Pass-55',
        password_confirm: 'New-Console-Pass-55',
      },
      a,
    );
    expect(changed.statusCode).toBe(200);
    expect((await me(a)).statusCode).toBe(200);
    expect((await me(b)).statusCode).toBe(401);
    const oldPassword = await post(
      '/api/admin/login.php',
      { email: staff.email, password: staff.password },
      {},
      uniqueIp(),
    );
    expect(oldPassword.statusCode).toBe(401);
    expect(
      (await post('/api/admin/login.php', { email: staff.email, password: 'New-Console-Pass-55' }))
        .statusCode,
    ).toBe(200);
  });
});
