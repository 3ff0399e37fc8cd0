import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CLIENT, createMember, uniqueEmail } from '../test/factories';
import { buildTestApp, type TestContext, withTestSite } from '../test/test-app';

/** A documentation-range address of its own per test, so limits never collide (Redis keeps them between runs). */
const addr = () => `198.51.${randomBytes(1)[0]}.${1 + (randomBytes(1)[0]! % 250)}`;

/** Spellings of a path that the router may accept for the same route, or refuse, but never check differently. */
const SPELLINGS = (file: string) => [
  `/%61pi/${file}`,
  `/api/${file.replace('.', '%2E')}`,
  `//api/${file}`,
  `/api//${file}`,
  `/x/../api/${file}`,
  `/api/./${file}`,
  `/API/${file}`,
  `/Api/${file}`,
  `/%2561pi/${file}`,
];

describe('one canonical path for every security check', () => {
  let ctx: TestContext;
  let domain: string;
  withTestSite(
    (c, d) => {
      ctx = c;
      domain = d;
    },
    { RATE_LIMIT_SCALE: '1' },
  );

  it('a login without the client header is refused (csrf) or not found, whatever the spelling', async () => {
    const member = await createMember(ctx, domain);
    for (const url of SPELLINGS('user.php')) {
      const res = await ctx.app.inject({
        method: 'POST',
        url,
        headers: { host: domain },
        payload: { email: member.email, password: member.password },
        remoteAddress: addr(),
      });
      expect([403, 404], `${url}: ${res.statusCode}`).toContain(res.statusCode);
      if (res.statusCode === 403) expect(res.json().error.code).toBe('csrf');
      expect(res.cookies.find((c) => c.name === 'auth._token')).toBeUndefined();
    }
  });

  it('the session is read for every spelling the router accepts', async () => {
    const member = await createMember(ctx, domain);
    for (const url of SPELLINGS('user.php')) {
      const res = await ctx.app.inject({
        method: 'GET',
        url,
        headers: { host: domain, cookie: member.cookie },
      });
      if (res.statusCode === 404) continue;
      expect(res.statusCode, url).toBe(200);
      expect(res.json().user?.id, url).toBe(member.id);
    }
  });

  it('an address over the login limit stays limited under another spelling', async () => {
    const ip = addr();
    const login = (url: string) =>
      ctx.app.inject({
        method: 'POST',
        url,
        headers: { host: domain, ...CLIENT },
        payload: { email: uniqueEmail('nobody'), password: 'Wrong-password-1' },
        remoteAddress: ip,
      });
    let limited = false;
    for (let i = 0; i < 40 && !limited; i++) limited = (await login('/api/user.php')).statusCode === 429;
    expect(limited).toBe(true);
    for (const url of SPELLINGS('user.php')) {
      const res = await login(url);
      expect([404, 429], `${url}: ${res.statusCode}`).toContain(res.statusCode);
    }
  });

  it('an address over the general API limit stays limited under another spelling', async () => {
    const ip = addr();
    const get = (url: string) =>
      ctx.app.inject({ method: 'GET', url, headers: { host: domain }, remoteAddress: ip });
    let n = 0;
    while ((await get('/api/interests.php')).statusCode !== 429) expect(++n).toBeLessThan(1300);
    for (const url of SPELLINGS('interests.php')) {
      const res = await get(url);
      expect([404, 429], `${url}: ${res.statusCode}`).toContain(res.statusCode);
    }
  });
});

describe('errors raised before validation are translated', () => {
  let ctx: TestContext;
  let domain: string;
  withTestSite((c, d) => {
    ctx = c;
    domain = d;
  });

  const nl = { cookie: 'i18n_redirected=nl' };

  it('403 csrf, malformed JSON, 413 and 404 speak Dutch with the nl cookie', async () => {
    const csrf = await ctx.app.inject({
      method: 'POST',
      url: '/api/user.php',
      headers: { host: domain, ...nl },
      payload: { email: 'a@b.nl', password: 'x' },
    });
    expect(csrf.statusCode).toBe(403);
    const english = await ctx.app.inject({
      method: 'POST',
      url: '/api/user.php',
      headers: { host: domain },
      payload: { email: 'a@b.nl', password: 'x' },
    });
    expect(csrf.json().error.message).not.toBe(english.json().error.message);

    const malformed = await ctx.app.inject({
      method: 'POST',
      url: '/api/user.php',
      headers: { host: domain, ...nl, ...CLIENT, 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.message).toBe('Het verzoek kon niet worden begrepen.');

    const big = await ctx.app.inject({
      method: 'POST',
      url: '/api/user.php',
      headers: { host: domain, ...nl, ...CLIENT, 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'x'.repeat(1_100_000) }),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().error.message).toMatch(/groot/i);
  });

  it('429 speaks the language of the request', async () => {
    const limited = await buildTestApp({ RATE_LIMIT_SCALE: '1' });
    try {
      const site = await limited.createSite();
      const ip = addr();
      let res = await limited.app.inject({ method: 'GET', url: '/api/interests.php' });
      for (let i = 0; i < 70; i++) {
        res = await limited.app.inject({
          method: 'GET',
          url: '/api/geocode.php?lat=52.37&lon=4.89',
          headers: { host: site.domain, ...nl },
          remoteAddress: ip,
        });
        if (res.statusCode === 429) break;
      }
      expect(res.statusCode).toBe(429);
      expect(res.json().error.message).toMatch(/te veel/i);
    } finally {
      await limited.close();
    }
  });
});

describe('rate limits on search, photos and blocks', () => {
  let ctx: TestContext;
  let domain: string;
  withTestSite(
    (c, d) => {
      ctx = c;
      domain = d;
    },
    { RATE_LIMIT_SCALE: '1' },
  );

  async function untilLimited(send: () => Promise<{ statusCode: number }>, max: number): Promise<number> {
    for (let i = 1; i <= max; i++) if ((await send()).statusCode === 429) return i;
    return -1;
  }

  it('search is limited per member (scraping), with a translated 429', async () => {
    const member = await createMember(ctx, domain);
    const search = () =>
      ctx.app.inject({
        method: 'GET',
        url: '/api/search.php?country=QZ',
        headers: { host: domain, cookie: `${member.cookie}; i18n_redirected=de` },
        remoteAddress: addr(), // another address each time: the member is what is counted
      });
    expect(await untilLimited(search, 130)).toBe(121);
    const over = await search();
    expect(over.json().error.code).toBe('rate_limited');
    expect(over.json().error.message).toMatch(/viele/i);
  });

  it('photo uploads, photo changes and blocks are limited per member', async () => {
    const member = await createMember(ctx, domain);
    const headers = { host: domain, cookie: member.cookie, ...CLIENT };
    const upload = () =>
      ctx.app.inject({ method: 'POST', url: '/api/photos.php', headers, payload: { not: 'multipart' } });
    expect(await untilLimited(upload, 40)).toBe(31);
    const change = () =>
      ctx.app.inject({
        method: 'PUT',
        url: '/api/photos.php',
        headers,
        payload: { id: 999_999_999, main: true },
      });
    expect(await untilLimited(change, 70)).toBe(61);
    const block = () =>
      ctx.app.inject({ method: 'POST', url: '/api/block.php', headers, payload: { id: 999_999_999 } });
    expect(await untilLimited(block, 40)).toBe(31);
  });
});

describe('proxies: the client address is the one the trusted hops report', () => {
  it('with TRUST_PROXY=1 a client cannot pick its own address in X-Forwarded-For', async () => {
    const ctx = await buildTestApp({ RATE_LIMIT_SCALE: '1', TRUST_PROXY: '1' });
    try {
      const site = await ctx.createSite();
      const client = addr();
      const geocode = (claimed: string) =>
        ctx.app.inject({
          method: 'GET',
          url: '/api/geocode.php?lat=52.37&lon=4.89',
          headers: { host: site.domain, 'x-forwarded-for': `${claimed}, ${client}` },
          remoteAddress: '127.0.0.1', // the proxy
        });
      for (let i = 0; i < 60; i++) expect((await geocode(addr())).statusCode).toBe(200);
      // Another made-up left-most entry does not give a fresh allowance: the proxy saw the same client.
      expect((await geocode(addr())).statusCode).toBe(429);
    } finally {
      await ctx.close();
    }
  });
});

describe('headers and docs', () => {
  it('pages: the CSP allows no other host for connections and no inline styles; API answers: a closed policy', async () => {
    const ctx = await buildTestApp();
    try {
      const directives = (csp: unknown) =>
        new Map(
          String(csp)
            .split(';')
            .map((d) => [d.trim().split(' ')[0], d.trim()]),
        );
      const page = directives(
        (await ctx.app.inject({ method: 'GET', url: '/members' })).headers['content-security-policy'],
      );
      expect(page.get('connect-src')).toBe("connect-src 'self'");
      expect(page.get('style-src')).toBe("style-src 'self'");
      expect(page.get('script-src')).toBe("script-src 'self'");
      const apiRes = await ctx.app.inject({ method: 'GET', url: '/api/interests.php' });
      const api = directives(apiRes.headers['content-security-policy']);
      expect(api.get('default-src')).toBe("default-src 'none'");
      expect(api.get('frame-ancestors')).toBe("frame-ancestors 'none'");
      expect(apiRes.headers['x-content-type-options']).toBe('nosniff');
      expect((await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(200);
    } finally {
      await ctx.close();
    }
  });

  it('production does not serve /api/docs unless an operator turns it on', async () => {
    const prod = await buildTestApp({ NODE_ENV: 'production', PAYMENT_TEST_PROVIDER: 'true' });
    const on = await buildTestApp({
      NODE_ENV: 'production',
      API_DOCS: 'true',
      PAYMENT_TEST_PROVIDER: 'true',
    });
    try {
      expect((await prod.app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(404);
      expect((await prod.app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBe(404);
      expect((await on.app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(200);
    } finally {
      await prod.close();
      await on.close();
    }
  }, 60_000); // two apps of their own (PGlite migrations): slow on a loaded machine
});

describe('logout by link', () => {
  let ctx: TestContext;
  let domain: string;
  withTestSite((c, d) => {
    ctx = c;
    domain = d;
  });

  it('a cross-site link or image (no client header) does not log the member out', async () => {
    const member = await createMember(ctx, domain);
    const byLink = await ctx.app.inject({
      method: 'GET',
      url: '/api/logout.php',
      headers: { host: domain, cookie: member.cookie },
    });
    expect(byLink.statusCode).toBe(403);
    expect(byLink.json().error.code).toBe('csrf');
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/user.php',
      headers: { host: domain, cookie: member.cookie },
    });
    expect(me.json().user.id).toBe(member.id);

    const byClient = await ctx.app.inject({
      method: 'GET',
      url: '/api/logout.php',
      headers: { host: domain, cookie: member.cookie, ...CLIENT },
    });
    expect(byClient.statusCode).toBe(200);
    const after = await ctx.app.inject({
      method: 'GET',
      url: '/api/user.php',
      headers: { host: domain, cookie: member.cookie },
    });
    expect(after.json().user).toBeNull();
  });
});
