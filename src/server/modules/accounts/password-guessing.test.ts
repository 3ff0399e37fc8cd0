import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_RULES } from '../../../shared/rules';
import { users } from '../../db/schema';
import { CLIENT, createMember, GOOD_PASSWORD, type TestMember, uniqueEmail } from '../../test/factories';
import { type TestContext, withTestSite } from '../../test/test-app';

let ctx: TestContext;
let domain: string;
withTestSite((c, d) => {
  ctx = c;
  domain = d;
});

const LIMIT = ACCOUNT_RULES.login.pairMaxFailures;
const LOCKED = 'Te veel foute pogingen, account voor 15 min geblokkeerd.';
const freshIp = () => `10.${[...randomBytes(3)].join('.')}`;
const post = (m: TestMember, url: string, payload: object, ip: string) =>
  ctx.app.inject({
    method: 'POST',
    url,
    headers: { host: domain, cookie: `${m.cookie}; i18n_redirected=nl`, ...CLIENT },
    remoteAddress: ip,
    payload,
  });
const login = (email: string, password: string, ip: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/user.php',
    headers: { host: domain, cookie: 'i18n_redirected=nl', ...CLIENT },
    remoteAddress: ip,
    payload: { email, password },
  });

/** The three forms that ask for the current password, with a wrong and a right one. */
const forms: [string, string, (password: string) => object][] = [
  [
    'password change',
    '/api/password.php',
    (password) => ({
      old_password: password,
      password: 'Fresh-Meadow-77',
      password_confirm: 'Fresh-Meadow-77',
    }),
  ],
  ['e-mail change', '/api/mail-change.php', (password) => ({ email: uniqueEmail('moved'), password })],
  ['account deletion', '/api/account-delete.php', (password) => ({ reasons: ['other'], password })],
];

describe.each(forms)('the current password of the %s form', (_name, url, body) => {
  it('counts wrong passwords like failed logins and refuses with the lock once locked', async () => {
    const m = await createMember(ctx, domain);
    const ip = freshIp();
    for (let i = 0; i < LIMIT - 1; i++) {
      const wrong = await post(m, url, body(`wrong-password-${i}`), ip);
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().error.code).toBe('wrong_password');
    }
    const last = await post(m, url, body('wrong-password-last'), ip);
    expect(last.statusCode).toBe(429);
    expect(last.json().error).toMatchObject({ code: 'login_locked', message: LOCKED });
    // Locked: even the right password is refused now, here and at login from the same address.
    const right = await post(m, url, body(GOOD_PASSWORD), ip);
    expect(right.statusCode).toBe(429);
    expect(right.json().error.code).toBe('login_locked');
    expect((await login(m.email, GOOD_PASSWORD, ip)).statusCode).toBe(429);
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, m.id));
    expect(row!.status).toBe('active');
  });

  it('shares the counters with login: failed logins and wrong current passwords add up', async () => {
    const m = await createMember(ctx, domain);
    const ip = freshIp();
    for (let i = 0; i < LIMIT - 1; i++)
      expect((await login(m.email, `wrong-login-${i}`, ip)).statusCode).toBe(401);
    const last = await post(m, url, body('wrong-password'), ip);
    expect(last.statusCode).toBe(429);
    expect(last.json().error.message).toBe(LOCKED);
    // From another address the member can still do it.
    expect((await post(m, url, body(GOOD_PASSWORD), freshIp())).statusCode).toBe(200);
  });
});
