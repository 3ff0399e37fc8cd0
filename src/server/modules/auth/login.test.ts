import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { CLIENT, createMember, GOOD_PASSWORD, sessionCookieOf, uniqueEmail } from '../../test/factories';
import { type TestContext, withTestSite } from '../../test/test-app';

let ctx: TestContext;
let domain: string;
withTestSite((c, d) => {
  ctx = c;
  domain = d;
});

/** An address no other test (nor an earlier run on a shared database) used. */
const freshIp = () => `10.${[...randomBytes(3)].join('.')}`;
const login = (email: string, password: string, ip = freshIp(), lang = 'nl') =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/user.php',
    headers: { host: domain, cookie: `i18n_redirected=${lang}`, ...CLIENT },
    remoteAddress: ip,
    payload: { email, password },
  });

describe('login and logout', () => {
  it('logs in with the right password and answers the user; a failure says the spec text', async () => {
    const m = await createMember(ctx, domain);
    const ok = await login(m.email.toUpperCase(), m.password, freshIp());
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user).toMatchObject({ id: m.id, status: 'active' });
    const bad = await login(m.email, 'wrong-password', freshIp());
    expect(bad.statusCode).toBe(401);
    expect(bad.json().error.message).toBe('Login mislukt, probeer opnieuw');
    const nobody = await login(uniqueEmail('nobody'), 'whatever-pass', freshIp());
    expect(nobody.json().error.message).toBe('Login mislukt, probeer opnieuw');
  });

  // The pair lock, the account slow-down and guesses sent at once: login-throttle.test.ts.

  it('locks a client IP that tries many accounts', async () => {
    const ip = freshIp();
    let last = 0;
    for (let i = 0; i < 20; i++) last = (await login(uniqueEmail('spray'), 'guess-123', ip)).statusCode;
    expect(last).toBe(429);
    const m = await createMember(ctx, domain);
    expect((await login(m.email, m.password, ip)).statusCode).toBe(429);
    expect((await login(m.email, m.password, freshIp())).statusCode).toBe(200);
  });

  it('logs out: the session is revoked server-side', async () => {
    const m = await createMember(ctx, domain);
    const out = await ctx.app.inject({
      method: 'GET',
      url: '/api/logout.php',
      headers: { host: domain, cookie: m.cookie, ...CLIENT },
    });
    expect(out.statusCode).toBe(200);
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/user.php',
      headers: { host: domain, cookie: m.cookie },
    });
    expect(me.json().user).toBeNull();
    const put = await ctx.app.inject({
      method: 'PUT',
      url: '/api/user.php',
      headers: { host: domain, cookie: m.cookie, ...CLIENT },
      payload: { language: 'fr' },
    });
    expect(put.statusCode).toBe(403);
    expect(put.json().error.code).toBe('authentication_required');
  });

  it('saves the language of a signed-in member and rejects unknown codes', async () => {
    const m = await createMember(ctx, domain);
    const put = (language: string) =>
      ctx.app.inject({
        method: 'PUT',
        url: '/api/user.php',
        headers: { host: domain, cookie: m.cookie, ...CLIENT },
        payload: { language },
      });
    expect((await put('fi')).statusCode).toBe(200);
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, m.id));
    expect(row!.language).toBe('fi');
    expect((await put('xx')).statusCode).toBe(400);
  });

  it('refuses state-changing calls without the client request-type header (CSRF)', async () => {
    const m = await createMember(ctx, domain);
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/user.php',
      headers: { host: domain, cookie: m.cookie },
      payload: { language: 'fr' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('csrf');
  });

  it('stores a push subscription for the signed-in member', async () => {
    const m = await createMember(ctx, domain);
    const subscription = JSON.stringify({
      endpoint: `https://push.example.org/${m.id}`,
      keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) },
    });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/user.php?push=1',
      headers: { host: domain, cookie: m.cookie, ...CLIENT },
      payload: { subscription },
    });
    expect(res.statusCode).toBe(200);
    const anon = await ctx.app.inject({
      method: 'POST',
      url: '/api/user.php?push=1',
      headers: { host: domain, ...CLIENT },
      payload: { subscription },
    });
    expect(anon.statusCode).toBe(403);
  });
});

describe('sessions', () => {
  it('lists active sessions and logs out everywhere else', async () => {
    const m = await createMember(ctx, domain);
    const second = sessionCookieOf(await login(m.email, m.password, freshIp()));
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/sessions.php',
      headers: { host: domain, cookie: second },
    });
    expect(list.json().sessions.length).toBe(2);
    expect(list.json().sessions.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    const out = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/sessions.php',
      headers: { host: domain, cookie: second, ...CLIENT },
      payload: { all_others: true },
    });
    expect(out.statusCode).toBe(200);
    expect(
      (
        await ctx.app.inject({
          method: 'GET',
          url: '/api/user.php',
          headers: { host: domain, cookie: m.cookie },
        })
      ).json().user,
    ).toBeNull();
    expect(
      (
        await ctx.app.inject({
          method: 'GET',
          url: '/api/user.php',
          headers: { host: domain, cookie: second },
        })
      ).json().user.id,
    ).toBe(m.id);
  });

  it('marks session, account and search profile active on a request after the touch interval', async () => {
    const m = await createMember(ctx, domain);
    const db = ctx.database.db;
    const long = `now() - interval '2 days'`;
    await db.execute(sql.raw(`update sessions set last_seen_at = ${long} where user_id = ${m.id}`));
    await db.execute(sql.raw(`update users set last_active_at = ${long} where id = ${m.id}`));
    await db.execute(sql.raw(`update profiles set last_active_at = ${long} where user_id = ${m.id}`));
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/user.php',
      headers: { host: domain, cookie: m.cookie },
    });
    expect(res.json().user).toMatchObject({ id: m.id });
    const recent = (await db.execute(sql`
      select (select max(last_seen_at) from sessions where user_id = ${m.id}) > now() - interval '1 minute' as s,
             (select last_active_at from users where id = ${m.id}) > now() - interval '1 minute' as u,
             (select last_active_at from profiles where user_id = ${m.id}) > now() - interval '1 minute' as p`)) as unknown as {
      rows: { s: boolean; u: boolean; p: boolean }[];
    };
    expect(recent.rows[0]).toEqual({ s: true, u: true, p: true });
  });

  it('cannot revoke another member session', async () => {
    const a = await createMember(ctx, domain);
    const b = await createMember(ctx, domain);
    const bSessions = await ctx.app.inject({
      method: 'GET',
      url: '/api/sessions.php',
      headers: { host: domain, cookie: b.cookie },
    });
    const id = bSessions.json().sessions[0].id;
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/sessions.php',
      headers: { host: domain, cookie: a.cookie, ...CLIENT },
      payload: { id },
    });
    expect(res.statusCode).toBe(404);
    expect(
      (
        await ctx.app.inject({
          method: 'GET',
          url: '/api/user.php',
          headers: { host: domain, cookie: b.cookie },
        })
      ).json().user.id,
    ).toBe(b.id);
  });
});

describe('password change', () => {
  it('checks the old password and the repeat, and logs out the other sessions', async () => {
    const m = await createMember(ctx, domain);
    const other = sessionCookieOf(await login(m.email, m.password, freshIp()));
    const ip = freshIp();
    const change = (payload: object) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/password.php',
        headers: { host: domain, cookie: `${m.cookie}; i18n_redirected=nl`, ...CLIENT },
        remoteAddress: ip,
        payload,
      });
    const wrongOld = await change({
      old_password: 'not-it-at-all',
      password: 'Fresh-Meadow-77',
      password_confirm: 'Fresh-Meadow-77',
    });
    expect(wrongOld.json().error.fields.old_password).toBe('Controleer je oude wachtwoord.');
    const differ = await change({
      old_password: GOOD_PASSWORD,
      password: 'Fresh-Meadow-77',
      password_confirm: 'Fresh-Meadow-78',
    });
    expect(differ.json().error.fields.password_confirm).toBe('De opgegeven wachtwoorden zijn niet gelijk.');
    const ok = await change({
      old_password: GOOD_PASSWORD,
      password: 'Fresh-Meadow-77',
      password_confirm: 'Fresh-Meadow-77',
    });
    expect(ok.statusCode).toBe(200);
    expect(
      (
        await ctx.app.inject({
          method: 'GET',
          url: '/api/user.php',
          headers: { host: domain, cookie: other },
        })
      ).json().user,
    ).toBeNull();
    expect(
      (
        await ctx.app.inject({
          method: 'GET',
          url: '/api/user.php',
          headers: { host: domain, cookie: m.cookie },
        })
      ).json().user.id,
    ).toBe(m.id);
    expect((await login(m.email, 'Fresh-Meadow-77', freshIp())).statusCode).toBe(200);
  });
});
