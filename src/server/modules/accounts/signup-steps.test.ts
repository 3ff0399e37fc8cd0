import { describe, expect, it } from 'vitest';
import { CLIENT, createMember, type TestMember } from '../../test/factories';
import { type TestContext, withTestSite } from '../../test/test-app';

let ctx: TestContext;
let domain: string;
withTestSite((c, d) => {
  ctx = c;
  domain = d;
});

const pass = (m: Pick<TestMember, 'cookie'>, step: unknown) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/signup-step.php',
    headers: { host: domain, cookie: m.cookie, ...CLIENT },
    payload: { step },
  });

const me = async (m: TestMember) =>
  (
    await ctx.app.inject({ method: 'GET', url: '/api/user.php', headers: { host: domain, cookie: m.cookie } })
  ).json().user;

describe('signup steps are kept on the server', () => {
  it('a new account starts at step 1 (photo); each step passed moves on; after step 4 the steps are done', async () => {
    const m = await createMember(ctx, domain, { confirm: false });
    expect((await me(m)).signup_step).toBe(1);
    const first = await pass(m, 1);
    expect(first.statusCode).toBe(200);
    expect(first.json().user.signup_step).toBe(2);
    // A reload asks the server again: the member continues where they left.
    expect((await me(m)).signup_step).toBe(2);
    expect((await pass(m, 2)).json().user.signup_step).toBe(3);
    expect((await pass(m, 3)).json().user.signup_step).toBe(4);
    expect((await pass(m, 4)).json().user.signup_step).toBeNull();
    expect((await me(m)).signup_step).toBeNull();
  });

  it('a step passed again or out of turn (a second tab, a retry) changes nothing', async () => {
    const m = await createMember(ctx, domain);
    expect((await pass(m, 1)).json().user.signup_step).toBe(2);
    expect((await pass(m, 1)).json().user.signup_step).toBe(2);
    expect((await pass(m, 3)).json().user.signup_step).toBe(2);
    const [a, b] = await Promise.all([pass(m, 2), pass(m, 2)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect((await me(m)).signup_step).toBe(3);
  });

  it('refuses steps that do not exist, and visitors', async () => {
    const m = await createMember(ctx, domain);
    for (const step of [0, 5, 1.5, '1']) expect((await pass(m, step)).statusCode).toBe(400);
    expect((await pass({ cookie: '' }, 1)).statusCode).toBe(403);
    expect((await me(m)).signup_step).toBe(1);
  });
});
