import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT, createMember, signupBody, type TestMember } from '../test/factories';
import { buildTestApp, type TestContext } from '../test/test-app';
import { findControlCharacter } from './input-guard';

let ctx: TestContext;
let domain: string;
let member: TestMember;
beforeAll(async () => {
  ctx = await buildTestApp();
  domain = (await ctx.createSite()).domain;
  member = await createMember(ctx, domain);
});
afterAll(async () => {
  await ctx?.close();
});

const NUL = '\u0000';
const EN = 'This field contains characters that are not allowed.';
const DE = 'Dieses Feld enthält Zeichen, die nicht erlaubt sind.';

function expectRefused(res: { statusCode: number; json(): unknown }, field: string, message = EN) {
  expect(res.statusCode).toBe(400);
  expect(res.json()).toEqual({ error: { code: 'validation_failed', message, fields: { [field]: message } } });
}

describe('input guard: control characters are refused at the edge with a translated 400', () => {
  it('login e-mail', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/user.php',
      headers: { host: domain, ...CLIENT },
      payload: { email: `a${NUL}@example.org`, password: 'whatever-password' },
    });
    expectRefused(res, 'email');
  });

  it('search region (query string), in the request language', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/search.php?country=NL&countryregion=%00',
      headers: { host: domain, 'accept-language': 'de-DE' },
    });
    expectRefused(res, 'countryregion', DE);
  });

  it('profile text fields; tab, CR and LF stay allowed', async () => {
    for (const field of ['about', 'city']) {
      const res = await ctx.app.inject({
        method: 'PUT',
        url: '/api/profile.php',
        headers: { host: domain, cookie: member.cookie, ...CLIENT },
        payload: { [field]: `Hello${NUL}there` },
      });
      expectRefused(res, field);
    }
    const ok = await ctx.app.inject({
      method: 'PUT',
      url: '/api/profile.php',
      headers: { host: domain, cookie: member.cookie, ...CLIENT },
      payload: { about: 'Line one\r\nLine\ttwo' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().profile.about).toBe('Line one\r\nLine\ttwo');
  });

  it('tracking values (signup body and search query), also in object keys', async () => {
    const signup = await ctx.app.inject({
      method: 'POST',
      url: '/api/signup.php',
      headers: { host: domain, ...CLIENT },
      payload: signupBody({ tracking: { network: `net${NUL}` } }),
    });
    expectRefused(signup, 'tracking.network');
    const key = await ctx.app.inject({
      method: 'POST',
      url: '/api/signup.php',
      headers: { host: domain, ...CLIENT },
      payload: { ...signupBody(), tracking: { [`x${NUL}`]: 'y' } },
    });
    expectRefused(key, `tracking.x\\u0000`);
    const search = await ctx.app.inject({
      method: 'GET',
      url: '/api/search.php?network=%01abc',
      headers: { host: domain },
    });
    expectRefused(search, 'network');
  });

  it('push subscription fields (object and serialised string)', async () => {
    const keys = { p256dh: `B${'A'.repeat(86)}`, auth: `${NUL}${'A'.repeat(21)}` };
    const asObject = await ctx.app.inject({
      method: 'POST',
      url: '/api/user.php?push=1',
      headers: { host: domain, cookie: member.cookie, ...CLIENT },
      payload: { subscription: { endpoint: `https://push.example.org/${member.id}`, keys } },
    });
    expectRefused(asObject, 'subscription.keys.auth');
    const asString = await ctx.app.inject({
      method: 'POST',
      url: '/api/user.php?push=1',
      headers: { host: domain, cookie: member.cookie, ...CLIENT },
      payload: {
        subscription: JSON.stringify({ endpoint: 'https://push.example.org/@', keys }).replace('@', NUL),
      },
    });
    expectRefused(asString, 'subscription');
    // A control character escaped inside the serialised JSON is refused by the subscription schema (push.test.ts).
  });

  it('DEL, lone surrogates and path parameters are refused too; deep nesting is bounded', async () => {
    const del = await ctx.app.inject({
      method: 'PUT',
      url: '/api/profile.php',
      headers: { host: domain, cookie: member.cookie, ...CLIENT },
      payload: { about: 'x\u007f' },
    });
    expectRefused(del, 'about');
    const surrogate = await ctx.app.inject({
      method: 'PUT',
      url: '/api/profile.php',
      headers: { host: domain, cookie: member.cookie, 'content-type': 'application/json', ...CLIENT },
      payload: '{"about":"x\\ud800y"}',
    });
    expectRefused(surrogate, 'about');
    const media = await ctx.app.inject({
      method: 'GET',
      url: '/media/a%00b-main.jpg',
      headers: { host: domain },
    });
    expect(media.statusCode).toBe(400);
    let deep: unknown = 'x';
    for (let i = 0; i < 100; i++) deep = [deep];
    const nested = await ctx.app.inject({
      method: 'PUT',
      url: '/api/profile.php',
      headers: { host: domain, cookie: member.cookie, ...CLIENT },
      payload: { interests: deep },
    });
    expect(nested.statusCode).toBe(400);
    expect(nested.json().error.code).toBe('validation_failed');
  });
});

describe('findControlCharacter', () => {
  it('walks strings, keys, arrays and objects and names the path', () => {
    expect(findControlCharacter({ a: 'ok\t\r\n', b: [1, true, null, 'fine ü 😀'] })).toBeNull();
    expect(findControlCharacter({ a: { b: ['x', `y${NUL}`] } })).toEqual({
      path: 'a.b.1',
      reason: 'control',
    });
    expect(findControlCharacter(`x\u001b`)).toEqual({ path: '', reason: 'control' });
    expect(findControlCharacter('\ud83d')).toEqual({ path: '', reason: 'control' });
    expect(findControlCharacter(Buffer.from([0]))).toBeNull();
  });
});
