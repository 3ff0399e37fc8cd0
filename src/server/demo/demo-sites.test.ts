import { describe, expect, it } from 'vitest';
import { EXPLICIT_INTERESTS } from '../../shared/interests';
import { COUNTRIES } from '../../shared/locales';
import { nicheRules } from '../../shared/niche-defaults';
import { seekingGenders } from '../../shared/seeking';
import { DEMO_COUNTRIES, demoPeople } from './demo-people';
import { allDemoPeople, DEMO_MIN_PER_COUNTRY, DEMO_SITES, demoCoverage, demoSiteDomain } from './demo-sites';

describe('the demo network (issue 20, points 3 and 4)', () => {
  it('keeps the 120 members of before first, and is the same list on every run', () => {
    expect(allDemoPeople.slice(0, demoPeople.length)).toEqual(demoPeople);
    expect(allDemoPeople.length).toBeGreaterThan(demoPeople.length);
  });

  it('covers every country of every demo site with enough members of its niche', () => {
    expect(demoCoverage()).toHaveLength(7);
    for (const { niche, countries } of demoCoverage()) {
      for (const country of countries) {
        const n = allDemoPeople.filter((p) => p.niche === niche && p.country === country).length;
        expect(n, `niche ${niche} in ${country}`).toBeGreaterThanOrEqual(DEMO_MIN_PER_COUNTRY);
      }
    }
    expect(demoCoverage()[0]?.countries).toEqual(COUNTRIES);
  });

  it("gives each niche members who fit it: men seeking men on gay, women seeking women on she, curves on bbw, the niche's ages", () => {
    for (const p of allDemoPeople) {
      const seeks = seekingGenders(p);
      if (p.niche === 7) expect([p.gender, seeks.includes('male')]).toEqual(['male', true]);
      if (p.niche === 2) expect([p.gender, seeks.includes('female')]).toEqual(['female', true]);
      if (p.niche === 4) expect(['curvy', 'large']).toContain(p.bodyType);
      const ages = nicheRules(p.niche).ages;
      if (ages) {
        expect(p.age).toBeGreaterThanOrEqual(ages.min);
        expect(p.age).toBeLessThanOrEqual(ages.max);
      }
      // Tasteful: never an explicit interest; a real city of the country.
      for (const i of p.interests) expect(EXPLICIT_INTERESTS as readonly string[]).not.toContain(i);
      expect(DEMO_COUNTRIES[p.country]?.cities).toContain(p.city);
    }
  });

  it('names are unique within a country', () => {
    const seen = new Set<string>();
    for (const p of allDemoPeople) {
      const key = `${p.country}|${p.name}`;
      expect(seen.has(key), key).toBe(false);
      seen.add(key);
    }
  });

  it('has one site per other niche on <niche>.<domain>, serving its own countries in languages spoken there', () => {
    expect(DEMO_SITES.map((s) => s.niche)).toEqual([2, 3, 4, 5, 6, 7]);
    expect(demoSiteDomain(7, 'localhost')).toBe('gay.localhost');
    expect(demoSiteDomain(4, 'localhost')).toBe('bbw.localhost');
    for (const s of DEMO_SITES) {
      expect(s.languages).toContain(s.domainLanguage);
      for (const c of s.countries) expect(COUNTRIES).toContain(c);
    }
  });
});
