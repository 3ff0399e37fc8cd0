import { describe, expect, it } from 'vitest';
import { CLIENT, createMember, type TestMember } from '../../test/factories';
import { type TestContext, withTestSite } from '../../test/test-app';

let ctx: TestContext;
let domain: string;
withTestSite((c, d) => {
  ctx = c;
  domain = d;
});

const put = (m: TestMember, payload: object, language = 'en') =>
  ctx.app.inject({
    method: 'PUT',
    url: '/api/profile.php',
    headers: { host: domain, cookie: m.cookie, 'accept-language': language, ...CLIENT },
    payload,
  });

const EN = 'This orientation does not go with the gender you chose. Choose another one.';
const NL = 'Deze geaardheid past niet bij het geslacht dat je koos. Kies een andere.';

function expectContradiction(res: { statusCode: number; json(): unknown }, message = EN) {
  expect(res.statusCode).toBe(400);
  expect(res.json()).toEqual({
    error: { code: 'validation_failed', message, fields: { sexuality: message } },
  });
}

describe('orientation contradictions are refused', () => {
  it('in the signup step (account not confirmed yet): man + lesbian and woman + gay, translated', async () => {
    const m = await createMember(ctx, domain, { confirm: false });
    expectContradiction(await put(m, { gender: 'male', sexuality: 'lesbian', country: 'NL' }));
    expectContradiction(await put(m, { gender: 'female', sexuality: 'gay', country: 'NL' }, 'nl'), NL);
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/profile.php',
      headers: { host: domain, cookie: m.cookie },
    });
    expect(me.json().profile).toMatchObject({ gender: null, sexuality: null });
    const ok = await put(m, { gender: 'male', sexuality: 'gay', country: 'NL' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().profile).toMatchObject({ gender: 'male', sexuality: 'gay' });
  });

  it('on a profile edit that sends one of the two, against the stored other', async () => {
    const m = await createMember(ctx, domain);
    expect((await put(m, { gender: 'male', sexuality: 'hetero' })).statusCode).toBe(200);
    expectContradiction(await put(m, { sexuality: 'lesbian' }));
    expect((await put(m, { sexuality: 'gay' })).statusCode).toBe(200);
    expectContradiction(await put(m, { gender: 'female' }));
    // Both at once is a change that fits; clearing the orientation frees the gender.
    expect((await put(m, { gender: 'female', sexuality: 'lesbian' })).statusCode).toBe(200);
    expect((await put(m, { sexuality: null })).statusCode).toBe(200);
    const last = await put(m, { gender: 'male' });
    expect(last.statusCode).toBe(200);
    expect(last.json().profile).toMatchObject({ gender: 'male', sexuality: null });
  });

  it('when a gender and an orientation that each fit are sent at the same time, one is refused', async () => {
    for (let round = 0; round < 3; round++) {
      const m = await createMember(ctx, domain);
      expect((await put(m, { gender: 'female', sexuality: 'hetero' })).statusCode).toBe(200);
      const [a, b] = await Promise.all([put(m, { gender: 'male' }), put(m, { sexuality: 'lesbian' })]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 400]);
      const me = await ctx.app.inject({
        method: 'GET',
        url: '/api/profile.php',
        headers: { host: domain, cookie: m.cookie },
      });
      const { gender, sexuality } = me.json().profile;
      expect([
        ['male', 'hetero'],
        ['female', 'lesbian'],
      ]).toContainEqual([gender, sexuality]);
    }
  });
});
