import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditLedger, messages, profiles, users } from '../../db/schema';
import {
  CLIENT,
  createMember,
  lastMail,
  lastMailLink,
  sessionCookieOf,
  signupBody,
  uniqueEmail,
} from '../../test/factories';
import { buildTestApp, type TestContext } from '../../test/test-app';

let ctx: TestContext;
let domain: string;
beforeAll(async () => {
  ctx = await buildTestApp();
  domain = (await ctx.createSite({ signupCredits: 15, minAge: 18 })).domain;
});
afterAll(async () => {
  await ctx?.close();
});

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  ctx.app.inject({
    method: 'POST',
    url,
    headers: { host: domain, ...CLIENT, ...headers },
    payload: payload as object,
  });

describe('signup', () => {
  it('creates an unconfirmed account with a disabled profile, signs in and sends the activation mail in the member language', async () => {
    const body = signupBody({ language: 'de' });
    const res = await post('/api/signup.php', body);
    expect(res.statusCode).toBe(200);
    const { user } = res.json();
    expect(user).toMatchObject({
      email: body.email,
      status: 'not_confirmed',
      credits: 0,
      paid_user: false,
      language: 'de',
    });
    expect(user.profile).toMatchObject({ name: body.name, status: 'disabled', main_image: null });
    const cookie = res.cookies.find((c) => c.name === 'auth._token')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    expect(cookie.maxAge).toBe(30 * 86_400);
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/user.php',
      headers: { host: domain, cookie: sessionCookieOf(res) },
    });
    expect(me.json().user.id).toBe(user.id);
    const mail = await lastMail(ctx, body.email);
    expect(mail.subject).toMatch(/E-Mail|Adresse/);
    expect(mail.html).toContain('<a href="https://');
    expect(mail.text).toContain('/api/activate.php?token=');
  });

  it.each([
    [
      'name equal to the e-mail',
      (e: string) => ({ email: e, name: e }),
      'name',
      'Je profielnaam moet anders zijn dan je e-mailadres',
    ],
    [
      'name starting with @',
      () => ({ name: '@sanne' }),
      'name',
      'Je profielnaam mag niet beginnen met een @',
    ],
    [
      'under age',
      () => ({ date_of_birth: new Date(Date.now() - 17 * 365.25 * 86_400_000).toISOString().slice(0, 10) }),
      'date_of_birth',
      'Vul uw geboortedatum in (18+ jaar)',
    ],
    [
      'an impossible date',
      () => ({ date_of_birth: '1990-02-30' }),
      'date_of_birth',
      'Ongeldige geboortedatum.',
    ],
    ['an invalid e-mail', () => ({ email: 'sanne@' }), 'email', 'Ongeldige e-mail'],
  ])('rejects %s with the spec text', async (_label, make, field, text) => {
    const email = uniqueEmail();
    const body = { ...signupBody({ email, language: 'nl' }), ...make(email) };
    const res = await post('/api/signup.php', body, { cookie: 'i18n_redirected=nl' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields[field]).toBe(text);
  });

  it('rejects an empty date of birth, short and common passwords', async () => {
    const noDate = await post(
      '/api/signup.php',
      { ...signupBody(), date_of_birth: '' },
      { cookie: 'i18n_redirected=en' },
    );
    expect(noDate.json().error.fields.date_of_birth).toBe('Enter your date of birth (18+ years)');
    const short = await post('/api/signup.php', signupBody({ password: 'abc123' }));
    expect(short.json().error.fields.password).toMatch(/8 to 128/);
    const common = await post('/api/signup.php', signupBody({ password: 'password123' }));
    expect(common.statusCode).toBe(400);
    expect(common.json().error.fields.password).toMatch(/too common/);
    const long = await post('/api/signup.php', signupBody({ password: `${'x'.repeat(64)}Y1!` }));
    expect(long.statusCode).toBe(200);
  });

  it('says an address is in use on this site, or exists elsewhere in the network', async () => {
    const m = await createMember(ctx, domain, { confirm: false });
    const same = await post('/api/signup.php', signupBody({ email: m.email.toUpperCase() }), {
      cookie: 'i18n_redirected=nl',
    });
    expect(same.statusCode).toBe(409);
    expect(same.json().error.fields.email).toBe('Dit e-mailadres heeft al een account op deze site.');
    const other = await ctx.createSite();
    const elsewhere = await ctx.app.inject({
      method: 'POST',
      url: '/api/signup.php',
      headers: { host: other.domain, cookie: 'i18n_redirected=nl', ...CLIENT },
      payload: signupBody({ email: m.email }),
    });
    expect(elsewhere.json().error.fields.email).toBe('Er bestaat al een account met dit e-mailadres');
  });

  it('creates exactly one account when the same address signs up concurrently', async () => {
    const email = uniqueEmail('race');
    const results = await Promise.all(
      Array.from({ length: 6 }, () => post('/api/signup.php', signupBody({ email }))),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(5);
    const rows = await ctx.database.db.select().from(users).where(eq(users.email, email));
    expect(rows).toHaveLength(1);
  });

  it('stores tracking data on the account', async () => {
    const body = signupBody({ tracking: { network: 'adnet', sub1: 'x', aff_sub2: 'y', cpc: '0.12' } });
    const res = await post('/api/signup.php', body);
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, res.json().user.id));
    expect(row!.tracking).toEqual({ network: 'adnet', sub1: 'x', aff_sub2: 'y', cpc: '0.12' });
  });

  it('follows the signups setting', async () => {
    const site = await ctx.createSite({ signups: 'with_trafficsource' });
    const call = (tracking?: Record<string, string>) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/signup.php',
        headers: { host: site.domain, ...CLIENT },
        payload: signupBody({ tracking }),
      });
    expect((await call()).statusCode).toBe(403);
    expect((await call({ network: 'partner' })).statusCode).toBe(200);
    const closed = await ctx.createSite({ signups: 'none' });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/signup.php',
      headers: { host: closed.domain, ...CLIENT },
      payload: signupBody({ tracking: { network: 'x' } }),
    });
    expect(res.json().error.code).toBe('signups_closed');
  });
});

describe('activation', () => {
  it('activates by the mailed link once: account active, profile visible, signup credits on the ledger, held message delivered', async () => {
    const target = await createMember(ctx, domain);
    const body = signupBody({ signup_message: 'Hi! I loved your profile.', member_id: target.id });
    const res = await post('/api/signup.php', body);
    const id = res.json().user.id as number;
    const held = await ctx.database.db.select().from(messages).where(eq(messages.senderId, id));
    expect(held).toHaveLength(1);
    expect(held[0]!.held).toBe(true);

    const link = new URL(await lastMailLink(ctx, body.email));
    const act = await ctx.app.inject({
      method: 'GET',
      url: link.pathname + link.search,
      headers: { host: domain },
    });
    expect(act.statusCode).toBe(303);
    expect(act.headers.location).toBe('/activate/done');
    const [u] = await ctx.database.db.select().from(users).where(eq(users.id, id));
    expect(u).toMatchObject({ status: 'active', credits: 15 });
    const [p] = await ctx.database.db.select().from(profiles).where(eq(profiles.userId, id));
    expect(p!.status).toBe('active');
    const ledger = await ctx.database.db.select().from(creditLedger).where(eq(creditLedger.userId, id));
    expect(ledger).toMatchObject([{ delta: 15, balanceAfter: 15, reason: 'signup_credits' }]);
    const delivered = await ctx.database.db.select().from(messages).where(eq(messages.senderId, id));
    expect(delivered[0]!.held).toBe(false);

    // The same link again: still 'done' (the account is confirmed), and no second credit grant.
    const again = await ctx.app.inject({
      method: 'GET',
      url: link.pathname + link.search,
      headers: { host: domain },
    });
    expect(again.headers.location).toBe('/activate/done');
    const [u2] = await ctx.database.db.select().from(users).where(eq(users.id, id));
    expect(u2!.credits).toBe(15);
  });

  it('fails for an unknown, malformed or expired token', async () => {
    for (const token of ['', 'short', 'x'.repeat(43)]) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/activate.php?token=${token}`,
        headers: { host: domain },
      });
      expect(res.headers.location).toBe('/activate/error');
    }
    const body = signupBody();
    await post('/api/signup.php', body);
    const link = new URL(await lastMailLink(ctx, body.email));
    await ctx.database.db.execute(
      sql`update auth_tokens set expires_at = now() - interval '1 minute' where kind = 'activation' and user_id = (select id from users where email = ${body.email})`,
    );
    const res = await ctx.app.inject({
      method: 'GET',
      url: link.pathname + link.search,
      headers: { host: domain },
    });
    expect(res.headers.location).toBe('/activate/error');
  });

  it('stores only the hash of a token', async () => {
    const body = signupBody();
    await post('/api/signup.php', body);
    const token = new URL(await lastMailLink(ctx, body.email)).searchParams.get('token')!;
    const found = await ctx.database.db.execute(
      sql`select count(*)::int as n from auth_tokens where token_hash = ${token}`,
    );
    expect((found as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
  });

  it('sends a new mail on request (the old link stops working) and lets the member correct the address', async () => {
    const m = await createMember(ctx, domain, { confirm: false });
    const first = await lastMailLink(ctx, m.email);
    const resend = await post('/api/activation-mail.php', {}, { cookie: m.cookie });
    expect(resend.statusCode).toBe(200);
    const second = await lastMailLink(ctx, m.email);
    expect(second).not.toBe(first);
    const old = new URL(first);
    expect(
      (await ctx.app.inject({ method: 'GET', url: old.pathname + old.search, headers: { host: domain } }))
        .headers.location,
    ).toBe('/activate/error');

    const newEmail = uniqueEmail('fixed');
    const change = await ctx.app.inject({
      method: 'PUT',
      url: '/api/activation-mail.php',
      headers: { host: domain, cookie: m.cookie, ...CLIENT },
      payload: { email: newEmail },
    });
    expect(change.statusCode).toBe(200);
    expect(change.json().user.email).toBe(newEmail);
    const link = new URL(await lastMailLink(ctx, newEmail));
    expect(
      (await ctx.app.inject({ method: 'GET', url: link.pathname + link.search, headers: { host: domain } }))
        .headers.location,
    ).toBe('/activate/done');
    const again = await post('/api/activation-mail.php', {}, { cookie: m.cookie });
    expect(again.json().error.code).toBe('already_confirmed');
  });

  it('asks to sign in for activation mails without a session', async () => {
    const res = await post('/api/activation-mail.php', {});
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('authentication_required');
  });
});
