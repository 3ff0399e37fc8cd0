import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCALES } from '../../../shared/locales';
import type { Site } from '../../db/schema';
import { createMember } from '../../test/factories';
import { buildTestApp, type TestContext } from '../../test/test-app';
import { addPhoto, setProfile } from '../member-profile/member-profile.fixtures';

// The built index.html in miniature, with what the real one carries in its head.
const SHELL = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Amora</title>
    <meta name="description" content="" />
    <meta property="og:type" content="website" />
    <link rel="manifest" href="/manifest.webmanifest" />
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>
`;

let webDir: string;
let ctx: TestContext;
/** Dutch general site, and a German BDSM site on another host. */
let nl: Site;
let de: Site;

beforeAll(async () => {
  webDir = await mkdtemp(path.join(os.tmpdir(), 'amora-seo-'));
  await writeFile(path.join(webDir, 'index.html'), SHELL);
  // The build's manifest: the start preloads (start-preloads.ts) come from it.
  await mkdir(path.join(webDir, '.vite'));
  await writeFile(
    path.join(webDir, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index-abc.js', assets: ['assets/inter-latin-wght-normal-l1.woff2'] },
      'locales/de/common.json': { file: 'assets/common-de1.js', src: 'locales/de/common.json' },
      'locales/nl/common.json': { file: 'assets/common-nl1.js', src: 'locales/nl/common.json' },
    }),
  );
  ctx = await buildTestApp({ WEB_DIST_DIR: webDir });
  nl = await ctx.createSite({
    name: 'Liefde & "Co" <script>',
    indexTitle: 'Liefde & Co: daten in Nederland',
    description: 'Ontmoet singles bij jou in de buurt.',
    domainLanguage: 'nl',
    niche: 1,
  });
  de = await ctx.createSite({ name: 'Fesselnd', domainLanguage: 'de', niche: 3 });
});

afterAll(async () => {
  await ctx?.close();
  await rm(webDir, { recursive: true, force: true });
});

async function page(site: Site, url: string, cookie?: string) {
  const res = await ctx.app.inject({
    method: 'GET',
    url,
    headers: { host: site.domain, ...(cookie ? { cookie } : {}) },
  });
  return { status: res.statusCode, html: res.body, type: String(res.headers['content-type']) };
}

const decode = (s: string) =>
  s
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');

/** The head as a crawler reads it (no JavaScript): attribute values decoded. */
function head(html: string) {
  const metas = new Map<string, string>();
  for (const m of html.matchAll(/<meta (?:name|property)="([^"]+)" content="([^"]*)"/g))
    metas.set(m[1]!, decode(m[2]!));
  const alternates = new Map<string, string>();
  for (const m of html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]*)"/g))
    alternates.set(m[1]!, decode(m[2]!));
  const titles = [...html.matchAll(/<title>([^<]*)<\/title>/g)].map((m) => decode(m[1]!));
  return {
    lang: /<html lang="([^"]*)"/.exec(html)?.[1],
    titles,
    title: titles[0],
    meta: (key: string) => metas.get(key),
    canonical: decode(/<link rel="canonical" href="([^"]*)"/.exec(html)?.[1] ?? ''),
    alternates,
    jsonLd: /<script type="application\/ld\+json"[^>]*>([^<]*)<\/script>/.exec(html)?.[1],
  };
}

function expectShareTags(h: ReturnType<typeof head>, canonical: string) {
  expect(h.titles).toHaveLength(1);
  expect(h.meta('description')).toBeTruthy();
  expect(h.canonical).toBe(canonical);
  expect(h.meta('og:url')).toBe(canonical);
  expect(h.meta('og:title')).toBeTruthy();
  expect(h.meta('og:description')).toBe(h.meta('description'));
  expect(h.meta('og:image')).toMatch(/^https:\/\//);
  expect(h.meta('twitter:card')).toBe('summary_large_image');
  expect(h.meta('twitter:title')).toBe(h.meta('og:title'));
  expect([...h.alternates.keys()].sort()).toEqual([...LOCALES, 'x-default'].sort());
}

describe('the head of public pages, without JavaScript', () => {
  it('a lander in the language its slug names, with the addresses of the other languages', async () => {
    const r = await page(nl, '/landers/gallery/de?network=abc');
    expect(r.status).toBe(200);
    expect(r.type).toContain('text/html');
    const h = head(r.html);
    const origin = `https://${nl.domain}`;
    expectShareTags(h, `${origin}/landers/gallery/de`);
    expect(h.lang).toBe('de');
    expect(r.html).toContain('<html lang="de" data-head-path="/landers/gallery/de">');
    expect(h.title).toBe(`Wer fällt dir ins Auge? - ${nl.name}`);
    expect(h.meta('og:locale')).toBe('de_DE');
    expect(h.alternates.get('nl')).toBe(`${origin}/landers/gallery/nl`);
    expect(h.alternates.get('en')).toBe(`${origin}/landers/gallery/eng`);
    expect(h.alternates.get('x-default')).toBe(`${origin}/landers/gallery`);
    // the shell's own title and description are replaced, its scripts kept
    expect(r.html).not.toContain('<title>Amora</title>');
    expect(r.html).toContain('/assets/index-abc.js');
  });

  it('an info page: the site language by default, ?lang= and the language cookie choose another', async () => {
    const origin = `https://${nl.domain}`;
    const plain = head((await page(nl, '/pages/terms')).html);
    expectShareTags(plain, `${origin}/pages/terms`);
    expect(plain.lang).toBe('nl');
    expect(plain.title).toBe(`Algemene voorwaarden - ${nl.name}`);
    expect(plain.meta('description')).toContain(nl.name);
    expect(plain.alternates.get('fr')).toBe(`${origin}/pages/terms?lang=fr`);
    expect(plain.alternates.get('nl')).toBe(`${origin}/pages/terms`);

    const fr = head((await page(nl, '/pages/terms?lang=fr')).html);
    expect(fr.lang).toBe('fr');
    expect(fr.canonical).toBe(`${origin}/pages/terms?lang=fr`);

    const cookie = head((await page(nl, '/pages/faq', 'i18n_redirected=sv')).html);
    expect(cookie.lang).toBe('sv');
    expect(cookie.canonical).toBe(`${origin}/pages/faq?lang=sv`);
    // the cached Dutch page is not given to the Swedish visitor, nor the other way round
    expect(head((await page(nl, '/pages/faq')).html).lang).toBe('nl');
  });

  it('the landing: the site title in its language, the organisation as JSON-LD, every value escaped', async () => {
    const r = await page(nl, '/');
    const h = head(r.html);
    const origin = `https://${nl.domain}`;
    expectShareTags(h, `${origin}/`);
    expect(h.title).toBe(nl.indexTitle);
    expect(h.meta('og:site_name')).toBe(nl.name);
    expect(r.html).not.toContain('<script>');
    expect(r.html).not.toContain('"Co"');
    const ld = JSON.parse(h.jsonLd ?? '{}');
    expect(ld).toMatchObject({ '@type': 'Organization', name: nl.name, url: `${origin}/` });
    expect(ld.logo).toMatch(/^https:\/\/.+\.png$/);
    expect(h.jsonLd).not.toContain('<');
    // in another language the landing's own headline in that language
    expect(head((await page(nl, '/?lang=en')).html).title).toBe(`Meet singles near you - ${nl.name}`);
  });

  it("a visible member's page: name, age and the public main photo; a quote or a script in the name stays text", async () => {
    const m = await createMember(ctx, nl.domain);
    const name = `Eva "<script>alert(1)</script>`;
    await setProfile(ctx.database.db, m.id, { name, status: 'active', birthDate: '1990-01-01' });
    const main = await addPhoto(ctx.database.db, m.id, { isMain: true });
    const other = await addPhoto(ctx.database.db, m.id, {});

    const r = await page(nl, `/members/${m.id}/landing`);
    const h = head(r.html);
    expectShareTags(h, `https://${nl.domain}/members/${m.id}/landing`);
    expect(h.meta('og:title')).toBe(`Maak kennis met ${name}`);
    expect(h.title).toBe(`Maak kennis met ${name} - ${nl.name}`);
    expect(h.meta('description')).toContain(name);
    expect(h.meta('og:type')).toBe('profile');
    expect(h.meta('og:image')).toContain(`${main.storageKey}-main.jpg`);
    // The photo the page shows is fetched at once, with the app's code (its largest paint).
    expect(r.html).toContain(
      `<link rel="preload" as="image" href="/media/${main.storageKey}-main.jpg" fetchpriority="high" data-head="server">`,
    );
    // The installed app's manifest in the page's language (modules/app-manifest).
    expect(r.html).toContain('<link rel="manifest" href="/manifest.webmanifest?lang=nl" />');
    expect(r.html).not.toContain(other.storageKey);
    expect(r.html).not.toContain('<script>alert');
    expect(r.html).not.toContain(m.email);
    expect(r.html).not.toContain('Amsterdam');
    expect(h.meta('robots')).toBe('noindex');

    const profile = head((await page(nl, `/members/${m.id}`)).html);
    expect(profile.meta('og:title')).toBe(name);
  });

  it('a private or pending main photo is never the preview image', async () => {
    const m = await createMember(ctx, nl.domain);
    await setProfile(ctx.database.db, m.id, { status: 'active' });
    const priv = await addPhoto(ctx.database.db, m.id, { isMain: true, isPrivate: true });
    const h = head((await page(nl, `/members/${m.id}/landing2/eng`)).html);
    expect(h.meta('og:title')).toContain(m.name);
    expect(h.meta('og:image')).toBe(`https://${nl.domain}/og-default.jpg`);
    expect(h.canonical).toBe(`https://${nl.domain}/members/${m.id}/landing2/eng`);
    expect(h.lang).toBe('en');
    expect(head((await page(nl, `/members/${m.id}/landing`)).html).meta('og:image')).not.toContain(
      priv.storageKey,
    );
  });

  it('a hidden, blocked or unknown member gets the neutral page: none of the member’s data', async () => {
    const hidden = await createMember(ctx, nl.domain);
    await setProfile(ctx.database.db, hidden.id, { status: 'active', invisible: true });
    const hiddenPhoto = await addPhoto(ctx.database.db, hidden.id, { isMain: true });
    const disabled = await createMember(ctx, nl.domain);
    await setProfile(ctx.database.db, disabled.id, { status: 'disabled' });

    const unknown = head((await page(nl, '/members/999999999/landing')).html);
    for (const [member, photo] of [
      [hidden, hiddenPhoto.storageKey],
      [disabled, undefined],
    ] as const) {
      const r = await page(nl, `/members/${member.id}/landing`);
      const h = head(r.html);
      expect(r.html).not.toContain(member.name);
      if (photo) expect(r.html).not.toContain(photo);
      expect(h.meta('og:title')).toBe('Dit profiel is niet beschikbaar');
      expect(h.meta('og:title')).toBe(unknown.meta('og:title'));
      expect(h.meta('description')).toBe(unknown.meta('description'));
      expect(h.meta('og:image')).toBe(`https://${nl.domain}/og-default.jpg`);
      expect(h.meta('og:type')).toBe('website');
      expect(h.meta('robots')).toBe('noindex');
    }
  });

  it("no member data on a site whose visitors may not view profiles (logged_out_search 'none')", async () => {
    const closed = await ctx.createSite({ loggedOutSearch: 'none', domainLanguage: 'en' });
    const m = await createMember(ctx, closed.domain);
    await setProfile(ctx.database.db, m.id, { status: 'active' });
    const r = await page(closed, `/members/${m.id}/landing`);
    expect(r.html).not.toContain(m.name);
    expect(head(r.html).meta('og:title')).toBe('This profile is not available');
  });

  it('the page varies with the language cookie, compressed or not', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/pages/privacy',
      headers: { host: nl.domain, 'accept-encoding': 'gzip' },
    });
    const vary = String(res.headers.vary).toLowerCase();
    expect(vary).toContain('cookie');
    expect(vary).toContain('accept-encoding');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('a private screen gets the site tags without canonical; an unknown path is noindex', async () => {
    const chats = head((await page(de, '/chats')).html);
    expect(chats.title).toBe('Fesselnd');
    expect(chats.canonical).toBe('');
    expect(chats.alternates.size).toBe(0);
    const missing = await page(de, '/no-such-page');
    expect(missing.status).toBe(404);
    expect(head(missing.html).meta('robots')).toBe('noindex');
  });
});

describe('robots.txt and sitemap.xml per site', () => {
  it("robots.txt keeps crawlers out of the API, the console and members' private areas and names the site's sitemap", async () => {
    for (const site of [nl, de]) {
      const res = await ctx.app.inject({ method: 'GET', url: '/robots.txt', headers: { host: site.domain } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/plain');
      const lines = res.body.split('\n');
      for (const p of ['/api/', '/admin', '/chats', '/likes', '/credits', '/profile', '/members$'])
        expect(lines).toContain(`Disallow: ${p}`);
      expect(lines).toContain(`Sitemap: https://${site.domain}/sitemap.xml`);
      expect(lines).not.toContain('Disallow: /');
    }
  });

  it('the sitemap lists the public pages of its own site in every language, no member pages', async () => {
    const get = (site: Site) =>
      ctx.app.inject({ method: 'GET', url: '/sitemap.xml', headers: { host: site.domain } });
    const a = await get(nl);
    expect(a.statusCode).toBe(200);
    expect(a.headers['content-type']).toContain('application/xml');
    const locs = [...a.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    const o = `https://${nl.domain}`;
    expect(locs).toEqual(
      expect.arrayContaining([
        `${o}/`,
        `${o}/?lang=de`,
        `${o}/landers/tinderswipe?lang=fi`,
        `${o}/landers/gallery/eng`,
        `${o}/landers/alonetonight/nb`,
        `${o}/pages/terms`,
        `${o}/pages/privacy?lang=pl`,
        `${o}/complaints?lang=en`,
      ]),
    );
    expect(new Set(locs).size).toBe(locs.length);
    expect(locs.every((l) => l.startsWith(`${o}/`))).toBe(true);
    expect(a.body).not.toContain('/members/');
    expect(a.body).toContain(`<xhtml:link rel="alternate" hreflang="sv" href="${o}/pages/faq?lang=sv"/>`);

    // the other host: its own address and its niche's slugs, German without ?lang
    const b = await get(de);
    const od = `https://${de.domain}`;
    expect(b.body).toContain(`<loc>${od}/landers/gallery/bdsm-de</loc>`);
    expect(b.body).toContain(`<loc>${od}/pages/faq</loc>`);
    expect(b.body).toContain(`<loc>${od}/pages/faq?lang=nl</loc>`);
    expect(b.body).not.toContain(nl.domain);
  });

  it('a site offering some languages names only those, in the sitemap and in the alternates', async () => {
    const two = await ctx.createSite({ domainLanguage: 'de', languages: ['de', 'en'] });
    const xml = (await ctx.app.inject({ method: 'GET', url: '/sitemap.xml', headers: { host: two.domain } }))
      .body;
    const hreflangs = new Set([...xml.matchAll(/hreflang="([^"]+)"/g)].map((m) => m[1]));
    expect([...hreflangs].sort()).toEqual(['de', 'en']);
    expect(xml).not.toContain('?lang=fr');
    const h = head((await page(two, '/pages/faq')).html);
    expect([...h.alternates.keys()].sort()).toEqual(['de', 'en', 'x-default']);
  });
});

describe('what the app fetches first, named in the head', () => {
  it('the settings call of the address and the font', async () => {
    const r = await page(de, '/landers/tinderswipe?network=ads');
    const head = r.html.slice(0, r.html.indexOf('</head>'));
    expect(head).toContain(
      `<link rel="preload" as="fetch" href="/api/settings.php?network=ads&amp;domain=${de.domain}" crossorigin>`,
    );
    expect(head).toContain('href="/assets/inter-latin-wght-normal-l1.woff2" crossorigin>');
    expect(head).not.toContain('common-de1.js');
    // Per request: the same page (cached) without a query asks for the settings without one.
    const again = await page(de, '/landers/tinderswipe', 'i18n_redirected=nl');
    expect(again.html).toContain(`href="/api/settings.php?domain=${de.domain}"`);
    expect(again.html).not.toContain('network=ads');
  });
});
