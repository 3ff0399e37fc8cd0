import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_RULES } from '../../../shared/rules';
import { loginThrottle } from '../../db/schema';
import { loginThrottleCleanupJob } from '../../jobs/scheduler';
import * as passwords from '../../lib/passwords';
import { CLIENT, createMember, uniqueEmail } from '../../test/factories';
import { type TestContext, withTestSite } from '../../test/test-app';
import { accountKey, cleanLoginThrottle, clientOf, ipKey, pairKey } from './login-throttle';

// Counts how many attempts reach the password check (a wrapper: the checks themselves run as in production).
vi.mock('../../lib/passwords', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../lib/passwords')>();
  return {
    ...real,
    verifyPassword: vi.fn(real.verifyPassword),
    burnPasswordCheck: vi.fn(real.burnPasswordCheck),
  };
});
const checks = () =>
  vi.mocked(passwords.verifyPassword).mock.calls.length +
  vi.mocked(passwords.burnPasswordCheck).mock.calls.length;

const R = ACCOUNT_RULES.login;
let ctx: TestContext;
let domain: string;
withTestSite((c, d) => {
  ctx = c;
  domain = d;
});
beforeEach(() => {
  vi.mocked(passwords.verifyPassword).mockClear();
  vi.mocked(passwords.burnPasswordCheck).mockClear();
});

/** An address no other test (nor an earlier run on a shared database) used. */
const freshIp = () => `10.${[...randomBytes(3)].join('.')}`;
const login = (email: string, password: string, ip: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/user.php',
    headers: { host: domain, cookie: 'i18n_redirected=nl', ...CLIENT },
    remoteAddress: ip,
    payload: { email, password },
  });
/** Moves a counter's clock back, as if `seconds` had passed. */
const age = (key: string, seconds: number) =>
  ctx.database.db.execute(sql`
    update login_throttle set window_started_at = window_started_at - make_interval(secs => ${seconds}),
      locked_until = locked_until - make_interval(secs => ${seconds})
    where key = ${key}`);

describe('guesses sent at once', () => {
  it('lets at most the pair limit of 25 parallel guesses from one address reach the password check', async () => {
    const m = await createMember(ctx, domain);
    const ip = freshIp();
    const before = checks();
    const answers = await Promise.all(
      Array.from({ length: 25 }, (_, i) => login(m.email, i === 19 ? m.password : `wrong-guess-${i}`, ip)),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(checks() - before).toBeLessThanOrEqual(R.pairMaxFailures);
    expect(statuses.filter((s) => s !== 429).length).toBeLessThanOrEqual(R.pairMaxFailures);
    expect(statuses[19]).toBe(429);
    expect(statuses).not.toContain(200);
    expect(answers.find((a) => a.statusCode === 429)!.json().error.message).toBe(
      'Te veel foute pogingen, account voor 15 min geblokkeerd.',
    );
  });

  it('lets at most the free account failures through when 25 addresses guess at once', async () => {
    const m = await createMember(ctx, domain);
    const before = checks();
    const answers = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        login(m.email, i === 19 ? m.password : `wrong-guess-${i}`, freshIp()),
      ),
    );
    expect(checks() - before).toBeLessThanOrEqual(R.accountFreeFailures);
    expect(answers.filter((a) => a.statusCode !== 429).length).toBeLessThanOrEqual(R.accountFreeFailures);
    expect(answers[19]!.statusCode).toBe(429);
  });
});

describe('a stranger cannot lock the member out', () => {
  it('locks the account only for the address that guessed (the pair), for 15 minutes', async () => {
    const m = await createMember(ctx, domain);
    const stranger = freshIp();
    for (let i = 0; i < R.pairMaxFailures - 1; i++)
      expect((await login(m.email, 'nope-nope', stranger)).statusCode).toBe(401);
    const last = await login(m.email, 'nope-nope', stranger);
    expect(last.statusCode).toBe(429);
    expect(last.json().error.message).toBe('Te veel foute pogingen, account voor 15 min geblokkeerd.');
    // The stranger is refused before the password is looked at, even with the right one.
    const before = checks();
    expect((await login(m.email, m.password, stranger)).statusCode).toBe(429);
    expect(checks()).toBe(before);
    // The member, from their own address, signs in at once.
    expect((await login(m.email, m.password, freshIp())).statusCode).toBe(200);
  });

  it('only slows the account down when many addresses guess, and the member gets in after the slow-down', async () => {
    const m = await createMember(ctx, domain);
    // A distributed guesser: one guess from each of many addresses.
    let reached = 0;
    for (let i = 0; i < R.accountFreeFailures + 5; i++) {
      const before = checks();
      await login(m.email, `guess-${i}`, freshIp());
      reached += checks() - before;
    }
    expect(reached).toBe(R.accountFreeFailures);
    // The member is asked to wait the slow-down (not the 15-minute lock) ...
    const own = freshIp();
    const wait = await login(m.email, m.password, own);
    expect(wait.statusCode).toBe(429);
    expect(wait.json().error.message).toBe('Te veel foute pogingen, account voor 1 min geblokkeerd.');
    // ... and gets in once it is over.
    await age(accountKey(m.email), R.accountSlowSeconds);
    expect((await login(m.email, m.password, own)).statusCode).toBe(200);
    // The guesser still gets one guess a slot: of two at once, one reaches the password check.
    const before = checks();
    const guesses = await Promise.all([
      login(m.email, 'one-more-guess', freshIp()),
      login(m.email, 'and-another', freshIp()),
    ]);
    expect(guesses.map((g) => g.statusCode)).toEqual([429, 429]);
    expect(checks() - before).toBe(1);
  });

  it('does not extend a lock by attempts during it; after it the member gets in and the count starts again', async () => {
    const m = await createMember(ctx, domain);
    const ip = freshIp();
    const key = pairKey(m.email, ip);
    for (let i = 0; i < R.pairMaxFailures; i++) await login(m.email, 'nope-nope', ip);
    const read = async () =>
      (await ctx.database.db.select().from(loginThrottle).where(sql`${loginThrottle.key} = ${key}`))[0]!;
    const before = await read();
    for (let i = 0; i < 5; i++) expect((await login(m.email, 'still-wrong', ip)).statusCode).toBe(429);
    expect((await read()).lockedUntil!.getTime()).toBe(before.lockedUntil!.getTime());
    expect((await read()).failures).toBe(R.pairMaxFailures);
    // 50 seconds left: the message counts down.
    await ctx.database.db.execute(
      sql`update login_throttle set locked_until = now() + interval '50 seconds' where key = ${key}`,
    );
    expect((await login(m.email, m.password, ip)).json().error.message).toContain('1 min');
    await age(key, 60);
    expect((await login(m.email, m.password, ip)).statusCode).toBe(200);
    expect((await login(m.email, 'wrong-again', ip)).statusCode).toBe(401);
  });

  it('counts an IPv6 client by its /64 network', async () => {
    expect(clientOf('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(clientOf('2001:0db8:0001:0002:abcd:0:0:ffff')).toBe('2001:db8:1:2::/64');
    expect(clientOf('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(clientOf('192.0.2.7')).toBe('192.0.2.7');
    const m = await createMember(ctx, domain);
    const net = `2001:db8:${randomBytes(2).toString('hex')}:${randomBytes(2).toString('hex')}`;
    for (let i = 0; i < R.pairMaxFailures; i++) await login(m.email, 'nope-nope', `${net}::${i + 1}`);
    expect((await login(m.email, m.password, `${net}:ffff:ffff:ffff:ffff`)).statusCode).toBe(429);
    expect((await login(m.email, m.password, freshIp())).statusCode).toBe(200);
  });
});

describe('cleanup', () => {
  it('deletes the counters whose window and lock are over, and keeps the others', async () => {
    const tag = randomBytes(5).toString('hex');
    const key = (name: string) => `ip:cleanup-${tag}-${name}`;
    const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000);
    await ctx.database.db.insert(loginThrottle).values([
      { key: key('old-window'), failures: 3, windowStartedAt: ago(R.windowMinutes + 1) },
      { key: key('old-lock'), failures: 5, windowStartedAt: ago(60), lockedUntil: ago(R.windowMinutes + 1) },
      { key: key('in-window'), failures: 3, windowStartedAt: ago(R.windowMinutes - 1) },
      { key: key('locked'), failures: 5, windowStartedAt: ago(60), lockedUntil: ago(-5) },
      // an account slow-down whose last slot ended recently: its count still holds
      { key: key('slowed'), failures: 12, windowStartedAt: ago(60), lockedUntil: ago(2) },
    ]);
    expect(await cleanLoginThrottle(ctx.database.db)).toBeGreaterThanOrEqual(2);
    const left = await ctx.database.db
      .select({ key: loginThrottle.key })
      .from(loginThrottle)
      .where(sql`${loginThrottle.key} like ${`ip:cleanup-${tag}-%`}`);
    expect(left.map((r) => r.key).sort()).toEqual([key('in-window'), key('locked'), key('slowed')].sort());
    const job = loginThrottleCleanupJob(ctx.database.db);
    expect(job.everyMs).toBe(R.cleanupEveryMinutes * 60_000);
    await job.run();
  });

  it('a pair counter of a real attempt is gone once its time is over', async () => {
    const email = uniqueEmail('gone');
    const ip = freshIp();
    await login(email, 'nope-nope', ip);
    await age(pairKey(email, ip), R.windowMinutes * 60 + 1);
    await age(ipKey(ip), R.windowMinutes * 60 + 1);
    await cleanLoginThrottle(ctx.database.db);
    const rows = await ctx.database.db
      .select()
      .from(loginThrottle)
      .where(sql`${loginThrottle.key} in (${pairKey(email, ip)}, ${ipKey(ip)})`);
    expect(rows).toHaveLength(0);
  });
});
