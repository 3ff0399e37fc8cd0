import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Site } from '../../db/schema';
import { buildTestApp, type TestContext } from '../../test/test-app';
import type { WebAppManifest } from './app-manifest';

let ctx: TestContext;
/** A Dutch general site offering Dutch and English, and a German BDSM site offering German and French. */
let nl: Site;
let de: Site;

beforeAll(async () => {
  ctx = await buildTestApp();
  nl = await ctx.createSite({ name: 'Liefdesnet', domainLanguage: 'nl', niche: 1, languages: ['nl', 'en'] });
  de = await ctx.createSite({ name: 'Fesselnd', domainLanguage: 'de', niche: 3, languages: ['de', 'fr'] });
});

afterAll(async () => {
  await ctx?.close();
});

async function manifest(site: Site, url: string, headers: Record<string, string> = {}) {
  const res = await ctx.app.inject({ method: 'GET', url, headers: { host: site.domain, ...headers } });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toContain('application/manifest+json');
  expect(res.headers['cache-control']).toBe('no-cache');
  return { body: res.json<WebAppManifest>(), vary: String(res.headers.vary) };
}

const shortcutNames = (m: WebAppManifest) => m.shortcuts?.map((s) => s.name);

describe('GET /manifest.webmanifest per site and language', () => {
  it("names the site, wears its niche's colour and lists the shortcuts in the site's language", async () => {
    const { body, vary } = await manifest(nl, '/manifest.webmanifest');
    expect(body).toMatchObject({
      name: 'Liefdesnet',
      short_name: 'Liefdesnet',
      lang: 'nl',
      start_url: '/members',
      scope: '/',
      display: 'standalone',
      theme_color: '#cc3f37',
    });
    expect(body.description).toContain('Liefdesnet');
    expect(shortcutNames(body)).toEqual(['Berichten', 'Likes', 'Zoeken']);
    expect(body.shortcuts?.map((s) => s.url)).toEqual(['/chats', '/likes', '/members']);
    expect(body.icons.filter((i) => i.purpose === 'maskable').map((i) => i.sizes)).toEqual([
      '192x192',
      '512x512',
    ]);
    expect(vary).toContain('Accept-Language');

    const other = (await manifest(de, '/manifest.webmanifest')).body;
    expect(other).toMatchObject({ name: 'Fesselnd', lang: 'de', theme_color: '#a3123a' });
    expect(shortcutNames(other)).toEqual(['Nachrichten', 'Likes', 'Suchen']);
  });

  it("speaks the visitor's language (?lang, cookie, Accept-Language) when the site offers it", async () => {
    const en = (await manifest(nl, '/manifest.webmanifest?lang=en')).body;
    expect(en.lang).toBe('en');
    expect(shortcutNames(en)).toEqual(['Messages', 'Likes', 'Search']);
    expect(en.description).toContain('Liefdesnet');

    const fr = (await manifest(de, '/manifest.webmanifest', { 'accept-language': 'fr-FR,fr;q=0.9' })).body;
    expect(fr.lang).toBe('fr');
    expect(shortcutNames(fr)).toEqual(['Messages', 'Likes', 'Recherche']);

    const byCookie = (await manifest(nl, '/manifest.webmanifest', { cookie: 'i18n_redirected=en' })).body;
    expect(byCookie.lang).toBe('en');
  });

  it("takes the first accepted language the site offers, else the site's own", async () => {
    const asked = (await manifest(de, '/manifest.webmanifest?lang=nl', { 'accept-language': 'pl' })).body;
    expect(asked.lang).toBe('de');
    expect(shortcutNames(asked)).toEqual(['Nachrichten', 'Likes', 'Suchen']);
    const second = (
      await manifest(de, '/manifest.webmanifest', { 'accept-language': 'pl, fr;q=0.8, de;q=0.5' })
    ).body;
    expect(second.lang).toBe('fr');
  });
});

describe('GET /manifest-discreet.webmanifest', () => {
  it('is the neutral app in the language: no site name, colour, description or shortcuts', async () => {
    for (const [site, url, name] of [
      [nl, '/manifest-discreet.webmanifest', 'Notities'],
      [nl, '/manifest-discreet.webmanifest?lang=en', 'Notes'],
      [de, '/manifest-discreet.webmanifest', 'Notizen'],
      [de, '/manifest-discreet.webmanifest?lang=fr', 'Mémos'],
    ] as const) {
      const { body } = await manifest(site, url);
      expect(body.name).toBe(name);
      expect(body.short_name).toBe(name);
      expect(body.theme_color).toBe('#e9edf2');
      expect(body.shortcuts).toBeUndefined();
      expect(body.description).toBeUndefined();
      expect(JSON.stringify(body)).not.toContain(site.name);
      expect(body.icons.every((i) => i.src.startsWith('/icons/discreet-'))).toBe(true);
      // Another id than the site's app: installing both keeps two apps apart.
      expect(body.id).not.toBe('/members');
    }
  });
});
