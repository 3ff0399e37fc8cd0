import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { photos, profiles, sessions, users } from '../../db/schema';
import { LocalMediaStorage } from '../../lib/storage';
import {
  CLIENT,
  createMember,
  GOOD_PASSWORD,
  lastMailLink,
  sessionCookieOf,
  tokenOf,
  uniqueEmail,
} from '../../test/factories';
import { type TestContext, withTestSite } from '../../test/test-app';
import { purgeDeletedAccounts } from './account-deletion.service';

let ctx: TestContext;
let domain: string;
withTestSite((c, d) => {
  ctx = c;
  domain = d;
});

// Wrong passwords count against the client address: this file's own, so runs on a shared database do not add up.
const clientIp = `10.${[...randomBytes(3)].join('.')}`;
const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  ctx.app.inject({
    method: 'POST',
    url,
    headers: { host: domain, cookie: 'i18n_redirected=nl', ...CLIENT, ...headers },
    remoteAddress: clientIp,
    payload,
  });
const LINK_INVALID = 'Link verlopen of invalide, vraag een nieuwe e-mail aan';
const newPassword = (token: string, password = 'Quiet-Lantern-58') =>
  post('/api/password-reset.php', { token, password, password_confirm: password });
/** Asks for a reset mail and answers the token of its link. */
async function resetToken(email: string): Promise<string> {
  expect((await post('/api/password-reset-mail.php', { email })).statusCode).toBe(200);
  return tokenOf(await lastMailLink(ctx, email));
}
const me = (cookie: string) =>
  ctx.app.inject({ method: 'GET', url: '/api/user.php', headers: { host: domain, cookie } });

describe('password reset', () => {
  it('says when the address is unknown', async () => {
    const res = await post('/api/password-reset-mail.php', { email: uniqueEmail('ghost') });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.fields.email).toBe('E-mailadres niet gevonden');
  });

  it('resets by a single-use link, signs in and logs out the old sessions', async () => {
    const m = await createMember(ctx, domain);
    expect((await post('/api/password-reset-mail.php', { email: m.email })).statusCode).toBe(200);
    const token = tokenOf(await lastMailLink(ctx, m.email));
    const res = await post('/api/password-reset.php', {
      token,
      password: 'Quiet-Lantern-58',
      password_confirm: 'Quiet-Lantern-58',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.id).toBe(m.id);
    expect((await me(m.cookie)).json().user).toBeNull();
    expect((await me(sessionCookieOf(res))).json().user.id).toBe(m.id);
    const reuse = await post('/api/password-reset.php', {
      token,
      password: 'Other-Lantern-59',
      password_confirm: 'Other-Lantern-59',
    });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().error.message).toBe('Link verlopen of invalide, vraag een nieuwe e-mail aan');
  });

  it('refuses an expired link and mismatching passwords', async () => {
    const m = await createMember(ctx, domain);
    await post('/api/password-reset-mail.php', { email: m.email });
    const token = tokenOf(await lastMailLink(ctx, m.email));
    const differ = await post('/api/password-reset.php', {
      token,
      password: 'Quiet-Lantern-58',
      password_confirm: 'Quiet-Lantern-57',
    });
    expect(differ.json().error.fields.password_confirm).toBe('De opgegeven wachtwoorden zijn niet gelijk.');
    await ctx.database.db.execute(
      sql`update auth_tokens set expires_at = now() - interval '1 second' where user_id = ${m.id} and kind = 'password_reset'`,
    );
    const expired = await post('/api/password-reset.php', {
      token,
      password: 'Quiet-Lantern-58',
      password_confirm: 'Quiet-Lantern-58',
    });
    expect(expired.json().error.message).toBe('Link verlopen of invalide, vraag een nieuwe e-mail aan');
  });

  it('a completed reset ends every other reset link and the pending e-mail change', async () => {
    const m = await createMember(ctx, domain);
    const first = await resetToken(m.email);
    const second = await resetToken(m.email);
    const newEmail = uniqueEmail('pending');
    await post('/api/mail-change.php', { email: newEmail, password: GOOD_PASSWORD }, { cookie: m.cookie });
    const mailChange = tokenOf(await lastMailLink(ctx, newEmail));
    expect((await newPassword(second)).statusCode).toBe(200);
    const other = await newPassword(first, 'Other-Lantern-59');
    expect(other.statusCode).toBe(400);
    expect(other.json().error.message).toBe(LINK_INVALID);
    expect((await post('/api/mail-change-confirm.php', { token: mailChange })).statusCode).toBe(400);
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, m.id));
    expect(row!.email).toBe(m.email);
  });

  it('a password change ends the reset links and the pending e-mail change mailed before it', async () => {
    const m = await createMember(ctx, domain);
    const token = await resetToken(m.email);
    const newEmail = uniqueEmail('pending');
    await post('/api/mail-change.php', { email: newEmail, password: GOOD_PASSWORD }, { cookie: m.cookie });
    const mailChange = tokenOf(await lastMailLink(ctx, newEmail));
    const change = await post(
      '/api/password.php',
      { old_password: GOOD_PASSWORD, password: 'Fresh-Meadow-77', password_confirm: 'Fresh-Meadow-77' },
      { cookie: m.cookie },
    );
    expect(change.statusCode).toBe(200);
    const reset = await newPassword(token);
    expect(reset.statusCode).toBe(400);
    expect(reset.json().error.message).toBe(LINK_INVALID);
    expect((await post('/api/mail-change-confirm.php', { token: mailChange })).statusCode).toBe(400);
    // A link asked for after the change works.
    expect((await newPassword(await resetToken(m.email))).statusCode).toBe(200);
  });

  it('sends at most 3 reset mails a day', async () => {
    const m = await createMember(ctx, domain);
    for (let i = 0; i < 3; i++)
      expect((await post('/api/password-reset-mail.php', { email: m.email })).statusCode).toBe(200);
    const fourth = await post('/api/password-reset-mail.php', { email: m.email });
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().error.message).toBe(
      'Te veel wachtwoordherstel mails verstuurd, probeer het morgen nog eens.',
    );
  });
});

describe('e-mail change', () => {
  it('confirms the new address by a link sent to it', async () => {
    const m = await createMember(ctx, domain);
    const newEmail = uniqueEmail('new');
    const bad = await post(
      '/api/mail-change.php',
      { email: 'not-an-address', password: GOOD_PASSWORD },
      { cookie: `${m.cookie}; i18n_redirected=nl` },
    );
    expect(bad.json().error.fields.email).toBe('Nieuw e-mailadres invalide.');
    const wrongPw = await post(
      '/api/mail-change.php',
      { email: newEmail, password: 'not-my-password' },
      { cookie: m.cookie },
    );
    expect(wrongPw.statusCode).toBe(400);
    const ok = await post(
      '/api/mail-change.php',
      { email: newEmail, password: GOOD_PASSWORD },
      { cookie: m.cookie },
    );
    expect(ok.statusCode).toBe(200);
    expect((await me(m.cookie)).json().user.email).toBe(m.email);
    const token = tokenOf(await lastMailLink(ctx, newEmail));
    expect((await post('/api/mail-change-confirm.php', { token })).statusCode).toBe(200);
    expect((await me(m.cookie)).json().user.email).toBe(newEmail);
    expect((await post('/api/mail-change-confirm.php', { token })).statusCode).toBe(400);
  });

  it('a confirmed new address ends the reset links mailed to the old one', async () => {
    const m = await createMember(ctx, domain);
    const reset = await resetToken(m.email);
    const newEmail = uniqueEmail('new');
    await post('/api/mail-change.php', { email: newEmail, password: GOOD_PASSWORD }, { cookie: m.cookie });
    const token = tokenOf(await lastMailLink(ctx, newEmail));
    expect((await post('/api/mail-change-confirm.php', { token })).statusCode).toBe(200);
    expect((await newPassword(reset)).json().error.message).toBe(LINK_INVALID);
  });

  it('two members confirming the same new address at once: one gets it, the other hears it is in use', async () => {
    const a = await createMember(ctx, domain);
    const b = await createMember(ctx, domain);
    const newEmail = uniqueEmail('wanted');
    const tokens: string[] = [];
    for (const m of [a, b]) {
      const res = await post(
        '/api/mail-change.php',
        { email: newEmail, password: GOOD_PASSWORD },
        { cookie: m.cookie },
      );
      expect(res.statusCode).toBe(200);
      tokens.push(tokenOf(await lastMailLink(ctx, newEmail)));
    }
    const confirmBoth = () =>
      Promise.all(
        tokens.map((token) =>
          post('/api/mail-change-confirm.php', { token }, { cookie: 'i18n_redirected=nl' }),
        ),
      );
    let answers: Awaited<ReturnType<typeof confirmBoth>>;
    if (ctx.database.driver === 'pg') {
      // Hold both accounts' rows until both confirmations have checked that the address is free and wait to write
      // it: the race, every time. (PGlite runs one transaction at a time, so there they simply go at once.)
      let pending: ReturnType<typeof confirmBoth> | undefined;
      await ctx.database.db.transaction(async (tx) => {
        await tx.execute(sql`select id from users where id in (${a.id}, ${b.id}) for update`);
        pending = confirmBoth();
        for (let i = 0; i < 100; i++) {
          await tx.execute(sql`select pg_stat_clear_snapshot()`); // activity is read once per transaction otherwise
          const waiting = await tx.execute(sql`
            select count(*)::int as n from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock'
              and query ilike 'update "users" set "email"%'`);
          if (Number((waiting as unknown as { rows: { n: number }[] }).rows[0]?.n) >= 2) break;
          await new Promise((r) => setTimeout(r, 50));
        }
      });
      answers = await pending!;
    } else answers = await confirmBoth();
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const loser = answers.find((r) => r.statusCode === 409)!;
    expect(loser.json().error.code).toBe('email_in_use');
    expect(loser.json().error.fields.email).toBe('Dit e-mailadres heeft al een account op deze site.');
    const owners = await ctx.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, newEmail));
    expect(owners).toHaveLength(1);
  });

  it('refuses an address that is in use', async () => {
    const a = await createMember(ctx, domain);
    const b = await createMember(ctx, domain);
    const res = await post(
      '/api/mail-change.php',
      { email: b.email, password: GOOD_PASSWORD },
      { cookie: `${a.cookie}; i18n_redirected=nl` },
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().error.fields.email).toBe('Dit e-mailadres heeft al een account op deze site.');
  });
});

describe('account deletion', () => {
  it('offers alternatives first', async () => {
    const m = await createMember(ctx, domain);
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/delete-offers.php',
      headers: { host: domain, cookie: m.cookie },
    });
    expect(res.json().offers).toEqual({
      change_email: true,
      privacy_mode: true,
      trial_package: true,
      trial: {
        bundle_id: expect.any(Number),
        credits: 10,
        amount: expect.any(Number),
        currency: expect.any(String),
      },
      discount_percentage: 25,
    });
  });

  it('deletes with a grace period: hidden at once, login and signup say so, the mailed link reactivates', async () => {
    const m = await createMember(ctx, domain);
    const wrong = await post(
      '/api/account-delete.php',
      { reasons: ['found_partner'], password: 'nope-nope-nope' },
      { cookie: m.cookie },
    );
    expect(wrong.statusCode).toBe(400);
    const del = await post(
      '/api/account-delete.php',
      { reasons: ['found_partner', 'other'], comment: 'Thanks!', password: GOOD_PASSWORD },
      { cookie: m.cookie },
    );
    expect(del.statusCode).toBe(200);
    expect((await me(m.cookie)).json().user).toBeNull();
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, m.id));
    expect(row!.status).toBe('deleted');
    expect(row!.purgeAfter!.getTime() - row!.deletedAt!.getTime()).toBe(14 * 86_400_000);
    const showcase = await ctx.app.inject({
      method: 'GET',
      url: '/api/showcase.php',
      headers: { host: domain },
    });
    expect(showcase.json().profiles.map((p: { id: number }) => p.id)).not.toContain(m.id);

    const login = await post(
      '/api/user.php',
      { email: m.email, password: GOOD_PASSWORD },
      { cookie: 'i18n_redirected=en' },
    );
    expect(login.statusCode).toBe(403);
    expect(login.json().error.code).toBe('account_deleted_pending');
    const signup = await post('/api/signup.php', {
      email: m.email,
      name: 'Again',
      password: GOOD_PASSWORD,
      date_of_birth: '1990-01-01',
      language: 'en',
      sensitive_consent: true,
    });
    expect(signup.json().error.code).toBe('account_deleted_pending');

    const token = tokenOf(await lastMailLink(ctx, m.email));
    const back = await post('/api/reactivate.php', { token });
    expect(back.statusCode).toBe(200);
    expect(back.json().user).toMatchObject({ id: m.id, status: 'active' });
    expect((await post('/api/reactivate.php', { token })).statusCode).toBe(400);
  });

  it('purges the account after the grace period: profile, photos, messages, sessions gone; the row is a tombstone', async () => {
    const m = await createMember(ctx, domain);
    const storage = new LocalMediaStorage(`${ctx.dataDir}/media`);
    await storage.put('purge-test/abc-main.jpg', Buffer.from('x'), 'image/jpeg');
    await ctx.database.db
      .insert(photos)
      .values({ userId: m.id, storageKey: 'purge-test/abc', status: 'active', width: 1, height: 1 });
    await post('/api/account-delete.php', { reasons: [], password: GOOD_PASSWORD }, { cookie: m.cookie });
    expect(await purgeDeletedAccounts(ctx.database.db, storage)).toBe(0);
    await ctx.database.db.execute(
      sql`update users set purge_after = now() - interval '1 minute' where id = ${m.id}`,
    );
    expect(await purgeDeletedAccounts(ctx.database.db, storage)).toBeGreaterThanOrEqual(1);
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, m.id));
    expect(row!.email).toBe(`purged-${m.id}@deleted.invalid`);
    expect(row!.passwordHash).toBeNull();
    expect(await ctx.database.db.select().from(profiles).where(eq(profiles.userId, m.id))).toHaveLength(0);
    expect(await ctx.database.db.select().from(photos).where(eq(photos.userId, m.id))).toHaveLength(0);
    expect(await ctx.database.db.select().from(sessions).where(eq(sessions.userId, m.id))).toHaveLength(0);
    expect(await storage.get('purge-test/abc-main.jpg')).toBeUndefined();
    const token = tokenOf(
      await lastMailLink(ctx, `purged-${m.id}@deleted.invalid`).catch(() => 'https://x/?reactivate=none'),
    );
    expect((await post('/api/reactivate.php', { token: token.padEnd(12, 'x') })).statusCode).toBe(400);
  });
});
