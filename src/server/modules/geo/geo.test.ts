import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUNTRIES } from '../../../shared/locales';
import { orderInterestsForNiche } from '../../../shared/niche-defaults';
import { INTERESTS } from '../../../shared/rules';
import { buildTestApp, type TestContext } from '../../test/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

describe('GET /api/regions.php', () => {
  it('lists real regions for every country of the locale-country map with the country region label', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/regions.php',
      cookies: { i18n_redirected: 'en' },
    });
    expect(res.statusCode).toBe(200);
    const { regions } = res.json();
    expect(Object.keys(regions).sort()).toEqual([...COUNTRIES].sort());
    for (const c of COUNTRIES) {
      expect(regions[c].regions.length, c).toBeGreaterThan(2);
      const codes = regions[c].regions.map((r: { code: string }) => r.code);
      expect(new Set(codes).size, `${c} codes unique`).toBe(codes.length);
    }
    expect(regions.CH.label).toBe('canton');
    expect(regions.CH.label_text).toBe('Canton');
    expect(regions.PL.label).toBe('voivodeship');
    expect(regions.PL.regions.map((r: { code: string }) => r.code)).toContain('MZ');
    expect(regions.NL.regions.map((r: { name: string }) => r.name)).toContain('Utrecht');
    expect(regions.US.label_text).toBe('State');
  });

  it('translates the region labels', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/regions.php',
      cookies: { i18n_redirected: 'nl' },
    });
    expect(res.json().regions.NL.label_text).toBe('Provincie');
  });
});

describe('GET /api/interests.php', () => {
  it('lists every interest of the spec with an icon and a translated label', async () => {
    // Every interest of the spec, in the site's niche's order (interests.routes.ts, rules-niches.ts).
    const { domain } = await ctx.createSite({ niche: 1 });
    const en = (
      await ctx.app.inject({
        method: 'GET',
        url: '/api/interests.php',
        headers: { host: domain },
        cookies: { i18n_redirected: 'en' },
      })
    ).json();
    const values = en.interests.map((i: { value: string }) => i.value);
    expect(values).toEqual(orderInterestsForNiche([...INTERESTS], 1));
    expect([...values].sort()).toEqual([...INTERESTS].sort());
    for (const i of en.interests) {
      expect(i.icon).toMatch(/^[a-z0-9-]+$/);
      expect(i.label.length).toBeGreaterThan(1);
    }
    const de = (
      await ctx.app.inject({
        method: 'GET',
        url: '/api/interests.php',
        headers: { host: domain, 'accept-language': 'de-DE,de;q=0.9' },
      })
    ).json();
    const travel = de.interests.find((i: { value: string }) => i.value === 'travelling');
    expect(travel.label).toBe('Reisen');
  });
});
