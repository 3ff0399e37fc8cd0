import { randomBytes } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profiles, type Site, sites } from '../../db/schema';
import { DEMO_COMPANIES, DEMO_SITES, demoSiteDomain, ensureDemoSites } from '../../demo/demo-sites';
import { createMember, type TestMember } from '../../test/factories';
import { buildTestApp, type TestContext } from '../../test/test-app';
import { siteOrigin } from '../accounts/account-mail';
import { refreshSearchable } from '../members/searchable';

/**
 * Issue 20, point 4: several sites of other niches on one instance, side by side with the first, each with its own
 * settings, languages, countries and company, sharing one member base in which a member's niche decides where they
 * are shown; point 3: each niche's search, signup and interest defaults as the API answers them.
 */
let ctx: TestContext;
let general: Site;
let gayDomain: string;
let bdsmDomain: string;
const made: number[] = [];

beforeAll(async () => {
  ctx = await buildTestApp();
  general = await ctx.createSite({ countries: ['NL', 'DE', 'ZZ'] });
  expect(await ensureDemoSites(ctx.database.db, general.domain)).toBe(DEMO_SITES.length);
  // Created once: a second start finds them.
  expect(await ensureDemoSites(ctx.database.db, general.domain)).toBe(0);
  gayDomain = demoSiteDomain(7, general.domain);
  bdsmDomain = demoSiteDomain(3, general.domain);
  // The test area (a user-assigned country code) served by the gay site too.
  await ctx.database.db
    .update(sites)
    .set({ countries: ['GB', 'DE', 'ZZ'] })
    .where(eq(sites.domain, gayDomain));
});
afterAll(async () => {
  if (ctx && made.length > 0)
    await ctx.database.db
      .update(profiles)
      .set({ status: 'disabled', searchable: false })
      .where(inArray(profiles.userId, made));
  await ctx?.close();
});

const get = (domain: string, url: string, cookie?: string) =>
  ctx.app.inject({ method: 'GET', url, headers: { host: domain, ...(cookie ? { cookie } : {}) } });

/** A confirmed member who signed up on `domain`, listed as a man of 30 in a region of the test country. */
async function listedMan(domain: string, region: string): Promise<TestMember> {
  const m = await createMember(ctx, domain, { date_of_birth: '1995-03-10' });
  made.push(m.id);
  await ctx.database.db
    .update(profiles)
    .set({ country: 'ZZ', region, gender: 'male', sexuality: 'gay', seekingGender: 'male' })
    .where(eq(profiles.userId, m.id));
  await refreshSearchable(ctx.database.db, m.id);
  return m;
}

async function searchIds(domain: string, region: string): Promise<number[]> {
  const res = await get(domain, `/api/search.php?country=ZZ&countryregion=${region}&gender=any&min_age=18`);
  expect(res.statusCode).toBe(200);
  const body = res.json() as { profiles: { id: number }[] };
  return body.profiles.map((p) => p.id);
}

describe('several sites on one instance', () => {
  it('each host gets its own settings, languages, countries and company block', async () => {
    const first = (await get(general.domain, '/api/settings.php')).json().settings;
    const gay = (await get(gayDomain, '/api/settings.php')).json().settings;
    expect(first.niche).toBe(1);
    expect(gay).toMatchObject({
      niche: 7,
      name: 'Amora Men',
      domain: gayDomain,
      countries: ['GB', 'DE', 'ZZ'],
    });
    expect(gay.languages).toEqual(['en', 'nl', 'de', 'da', 'sv']);
    expect(first.languages).toHaveLength(11);
    const bdsm = (await get(bdsmDomain, '/api/settings.php')).json();
    expect(bdsm.domain_language).toBe('de');
    expect(bdsm.settings.languages).toEqual(['en', 'nl', 'de']);

    const company = async (domain: string) => (await get(domain, '/api/companyinfo.php')).json().companyinfo;
    expect((await company(gayDomain)).name).toBe(DEMO_COMPANIES[0].name);
    expect((await company(demoSiteDomain(4, general.domain))).name).toBe(DEMO_COMPANIES[1].name);
    expect((await company(general.domain)).name).not.toBe(DEMO_COMPANIES[0].name);
  });

  it("a member's niche decides where they are shown: signed up on the gay site, listed there and not on the first", async () => {
    const region = `r${randomBytes(5).toString('hex')}`;
    const onGay = await listedMan(gayDomain, region);
    const onGeneral = await listedMan(general.domain, region);
    const [row] = await ctx.database.db.select().from(profiles).where(eq(profiles.userId, onGay.id));
    expect(row?.niche).toBe(7);
    expect(await searchIds(gayDomain, region)).toEqual([onGay.id]);
    expect(await searchIds(general.domain, region)).toEqual([onGeneral.id]);
    // Nor on a site of a third niche.
    expect(await searchIds(bdsmDomain, region)).toEqual([]);
  });

  it("a visitor's search starts from the niche (men on the gay site), the first site's from nobody in particular", async () => {
    const gay = (await get(gayDomain, '/api/search.php')).json();
    expect(gay.filters).toMatchObject({ gender: 'male', min_age: 18, max_age: 99 });
    const gilf = (await get(demoSiteDomain(5, general.domain), '/api/search.php')).json();
    expect(gilf.filters).toMatchObject({ gender: 'female', min_age: 60, max_age: 99 });
    const first = (await get(general.domain, '/api/search.php')).json();
    expect(first.filters).toMatchObject({ gender: null, min_age: 18, max_age: 99 });
  });

  it("a member's own default ages keep within the niche's (a 30-year-old on the gilf site looks for 60+)", async () => {
    const gilfDomain = demoSiteDomain(5, general.domain);
    const m = await createMember(ctx, gilfDomain, { date_of_birth: '1995-03-10' });
    made.push(m.id);
    const res = (await get(gilfDomain, '/api/search.php', m.cookie)).json();
    expect(res.defaults).toMatchObject({ min_age: 60, max_age: 99 });
    expect(res.filters).toMatchObject({ min_age: 60 });
  });

  it('the bdsm site offers its own interests first; the first site its usual order', async () => {
    const values = async (domain: string) =>
      ((await get(domain, '/api/interests.php?lang=en')).json().interests as { value: string }[]).map(
        (i) => i.value,
      );
    const bdsm = await values(bdsmDomain);
    expect(bdsm.slice(0, 2)).toEqual(['bondage', 'sadomasochism']);
    const first = await values(general.domain);
    expect(first.slice(0, 3)).toEqual(['relationship', 'kissing', 'travelling']);
    expect([...bdsm].sort()).toEqual([...first].sort());
  });
});

describe('links in the mails of a demo niche site', () => {
  it('keep the public URL’s scheme and port on a sub-domain of the default site, https elsewhere', () => {
    const base = { publicUrl: 'http://localhost:3000', defaultSiteDomain: 'localhost' };
    expect(siteOrigin({ domain: 'gay.localhost' }, base)).toBe('http://gay.localhost:3000');
    expect(siteOrigin({ domain: 'localhost' }, base)).toBe('http://localhost:3000');
    expect(siteOrigin({ domain: 'amora-men.example' }, base)).toBe('https://amora-men.example');
    expect(siteOrigin({ domain: 'notlocalhost' }, base)).toBe('https://notlocalhost');
  });
});
