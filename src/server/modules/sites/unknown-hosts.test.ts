import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { buildTestApp, type TestContext, uniqueDomain } from '../../test/test-app';

// A development start (`npm start`) opened as http://127.0.0.1:3000 or from a phone at http://192.168.1.20:3000.
let dev: TestContext;
let defaultDomain: string;

beforeAll(async () => {
  defaultDomain = uniqueDomain();
  dev = await buildTestApp({ NODE_ENV: 'development', DEFAULT_SITE_DOMAIN: defaultDomain });
  await dev.createSite({ domain: defaultDomain });
});

afterAll(async () => {
  await dev?.close();
});

describe('host names that are no site of the network', () => {
  it('in development, get the default site (127.0.0.1, a LAN address, the host header or the domain query)', async () => {
    for (const host of ['127.0.0.1:3000', '192.168.1.20:3000', 'my-laptop.local']) {
      const res = await dev.app.inject({ method: 'GET', url: '/api/companyinfo.php', headers: { host } });
      expect(res.statusCode).toBe(200);
    }
    const settings = await dev.app.inject({ method: 'GET', url: '/api/settings.php?domain=192.168.1.20' });
    expect(settings.statusCode).toBe(200);
    expect(settings.json().settings.domain).toBe(defaultDomain);
  });

  it('in development, a site of its own still gets its own settings', async () => {
    const other = await dev.createSite({ name: 'Other site' });
    const res = await dev.app.inject({ method: 'GET', url: `/api/settings.php?domain=${other.domain}` });
    expect(res.json().settings.domain).toBe(other.domain);
    expect(res.json().settings.name).toBe('Other site');
  });

  it('in production, are refused whatever SERVE_UNKNOWN_HOSTS says', () => {
    const base = { PUBLIC_URL: 'https://www.example.com', PAYMENT_TEST_PROVIDER: 'true' };
    expect(
      loadConfig({ ...base, NODE_ENV: 'production', SERVE_UNKNOWN_HOSTS: 'true' }).serveUnknownHosts,
    ).toBe(false);
    expect(loadConfig({ ...base, NODE_ENV: 'development' }).serveUnknownHosts).toBe(true);
    expect(
      loadConfig({ ...base, NODE_ENV: 'development', SERVE_UNKNOWN_HOSTS: 'false' }).serveUnknownHosts,
    ).toBe(false);
  });
});
