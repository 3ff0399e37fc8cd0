import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settingsResponseSchema } from '../../../shared/schemas/sites';
import { buildTestApp, type TestContext, uniqueDomain } from '../../test/test-app';
import { normalizeDomain } from './site-directory';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

describe('GET /api/settings.php', () => {
  it('answers the settings of the forced domain and sets the language cookie on a first visit', async () => {
    const site = await ctx.createSite({ domainLanguage: 'de', niche: 3, name: 'Fesselnd' });
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/settings.php?domain=${site.domain}&network=abc`,
    });
    expect(res.statusCode).toBe(200);
    const body = settingsResponseSchema.parse(res.json());
    expect(body.domain_language).toBe('de');
    expect(body.settings.name).toBe('Fesselnd');
    expect(body.settings.niche).toBe(3);
    expect(body.settings.push_public_key).toBe('test-public-key');
    const cookie = res.cookies.find((c) => c.name === 'i18n_redirected');
    expect(cookie?.value).toBe('de');
    expect(cookie?.maxAge).toBe(365 * 86_400);
    expect(cookie?.sameSite).toBe('Lax');
    // Texts follow the language just chosen.
    expect(body.settings.fictional_singular).not.toBe('fictional profile');
  });

  it('keeps an existing valid language cookie and answers in that language', async () => {
    const site = await ctx.createSite({ domainLanguage: 'de' });
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/settings.php?domain=${site.domain}`,
      cookies: { i18n_redirected: 'en' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.cookies.find((c) => c.name === 'i18n_redirected')).toBeUndefined();
    expect(res.json().settings.fictional_singular).toBe('fictional profile');
  });

  it('replaces a language cookie that is not a known locale code', async () => {
    const site = await ctx.createSite({ domainLanguage: 'nl' });
    for (const bad of ['xx', 'EN', '../../etc', '<script>', '']) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/settings.php?domain=${site.domain}`,
        headers: { cookie: `i18n_redirected=${encodeURIComponent(bad)}` },
      });
      expect(res.statusCode).toBe(200);
      expect(res.cookies.find((c) => c.name === 'i18n_redirected')?.value).toBe('nl');
    }
  });

  it('resolves the site from the Host header when no domain is forced, ignoring port and case', async () => {
    const site = await ctx.createSite();
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/settings.php',
      headers: { host: `${site.domain.toUpperCase()}:8080` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().settings.domain).toBe(site.domain);
  });

  it('answers 404 unknown_domain, translated, for a domain outside the network', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/settings.php?domain=${uniqueDomain()}`,
      cookies: { i18n_redirected: 'nl' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'unknown_domain', message: expect.any(String) } });
    expect(res.json().error.message).not.toBe('This domain is not part of our network.');
  });

  it("ignores a country that is no two-letter code: the route's query comes along (the search's country=any)", async () => {
    const site = await ctx.createSite();
    for (const country of ['any', 'NLD', '']) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/settings.php?domain=${site.domain}&country=${country}&gender=any`,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().settings.geoip_selected_country).toMatch(/^[A-Z]{2}$/);
    }
  });

  it('rejects a malformed query with a clear validation error and keeps serving', async () => {
    const site = await ctx.createSite();
    const long = 'x'.repeat(600);
    for (const url of [
      `/api/settings.php?domain=${site.domain}&ref=${long}`,
      `/api/settings.php?domain=${'a'.repeat(300)}`,
    ]) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('validation_failed');
      expect(res.json().error.message.length).toBeGreaterThan(5);
    }
    const bad = await ctx.app.inject({ method: 'GET', url: `/api/settings.php?domain=%ZZ` });
    expect(bad.statusCode).toBeGreaterThanOrEqual(400);
    expect(bad.statusCode).toBeLessThan(500);
    const ok = await ctx.app.inject({ method: 'GET', url: `/api/settings.php?domain=${site.domain}` });
    expect(ok.statusCode).toBe(200);
  });

  it('detects the GeoIP country and picks the selected country among the site countries', async () => {
    const site = await ctx.createSite({ countries: ['NL', 'BE', 'DE'] });
    const fromUs = await ctx.app.inject({
      method: 'GET',
      url: `/api/settings.php?domain=${site.domain}`,
      remoteAddress: '8.8.8.8',
      cookies: { i18n_redirected: 'de' },
    });
    expect(fromUs.json().settings.geoip_country).toBe('US');
    // US is not served: the first served country where German is spoken.
    expect(fromUs.json().settings.geoip_selected_country).toBe('DE');
    const local = await ctx.app.inject({
      method: 'GET',
      url: `/api/settings.php?domain=${site.domain}`,
      remoteAddress: '127.0.0.1',
    });
    expect(local.json().settings.geoip_country).toBeNull();
    const forced = await ctx.app.inject({
      method: 'GET',
      url: `/api/settings.php?domain=${site.domain}&country=be`,
    });
    expect(forced.json().settings.geoip_selected_country).toBe('BE');
  });
});

describe('GET /api/companyinfo.php', () => {
  it('answers the company of the site', async () => {
    const site = await ctx.createSite();
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/companyinfo.php',
      headers: { host: site.domain },
    });
    expect(res.statusCode).toBe(200);
    const info = res.json().companyinfo;
    expect(info).toMatchObject({
      name: 'Amora Media B.V.',
      city: 'Amsterdam',
      country: 'NL',
      delete_discount: 25,
    });
    expect(Array.isArray(info.tradenames)).toBe(true);
    expect(new Date(info.added).getTime()).not.toBeNaN();
  });

  it('answers 404 for an unknown host', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/companyinfo.php',
      headers: { host: uniqueDomain() },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('unknown_domain');
  });
});

describe('unknown API paths and bodies', () => {
  it('answers JSON 404 for an unknown API path', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/nope.php' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('not_found');
  });
});

describe('normalizeDomain', () => {
  it('lower-cases, drops port and trailing dot, rejects junk', () => {
    expect(normalizeDomain('Example.COM:443')).toBe('example.com');
    expect(normalizeDomain('example.com.')).toBe('example.com');
    expect(normalizeDomain('[::1]:3000')).toBe('');
    expect(normalizeDomain('exa mple.com')).toBe('');
    expect(normalizeDomain('')).toBe('');
  });
});
