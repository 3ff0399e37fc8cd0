import { describe, expect, it } from 'vitest';
import { settingsPreloadLink, startAssetsOf, startPreloadLinks } from './start-preloads';

/** A Vite manifest in miniature: the entry with its fonts, locale chunks of three languages, a console text. */
const MANIFEST = {
  'index.html': {
    file: 'assets/index-abc.js',
    assets: [
      'assets/bootstrap-icons-x1.woff2',
      'assets/inter-cyrillic-wght-normal-c1.woff2',
      'assets/inter-latin-ext-wght-normal-le1.woff2',
      'assets/inter-latin-wght-normal-l1.woff2',
    ],
  },
  'locales/en/common.json': { file: 'assets/common-en1.js', src: 'locales/en/common.json' },
  'locales/en/pages.json': { file: 'assets/pages-en2.js', src: 'locales/en/pages.json' },
  '../shared/i18n/en/validation.json': {
    file: 'assets/validation-en3.js',
    src: '../shared/i18n/en/validation.json',
  },
  'locales/nl/common.json': { file: 'assets/common-nl1.js', src: 'locales/nl/common.json' },
  'locales/pl/common.json': { file: 'assets/common-pl1.js', src: 'locales/pl/common.json' },
  'lib/locale-loaders/en.ts': {
    file: 'assets/en-loader1.js',
    src: 'lib/locale-loaders/en.ts',
    isDynamicEntry: true,
  },
  'admin/locales/en/console.json': { file: 'assets/console-en.js', src: 'admin/locales/en/console.json' },
  '_http-1.js': { file: 'assets/http-1.js' },
};

describe('start preloads', () => {
  const assets = startAssetsOf(MANIFEST);

  it("reads each language's text chunks (not the console's) and the Inter latin subsets from the manifest", () => {
    expect(assets.localeChunks.get('en')).toEqual([
      '/assets/common-en1.js',
      '/assets/en-loader1.js',
      '/assets/pages-en2.js',
      '/assets/validation-en3.js',
    ]);
    expect(assets.localeChunks.get('nl')).toEqual(['/assets/common-nl1.js']);
    expect([...assets.localeChunks.values()].flat()).not.toContain('/assets/console-en.js');
    expect(assets.fonts).toEqual({
      latin: '/assets/inter-latin-wght-normal-l1.woff2',
      latinExt: '/assets/inter-latin-ext-wght-normal-le1.woff2',
    });
  });

  it('names the font, the texts of the language and of the fallback language (nl) once', () => {
    const en = startPreloadLinks(assets, 'en');
    expect(en[0]).toBe(
      '<link rel="preload" as="font" type="font/woff2" href="/assets/inter-latin-wght-normal-l1.woff2" crossorigin>',
    );
    expect(en).toContain('<link rel="modulepreload" href="/assets/common-en1.js" crossorigin>');
    expect(en).toContain('<link rel="modulepreload" href="/assets/common-nl1.js" crossorigin>');
    expect(en).toHaveLength(1 + 4 + 1);
    expect(startPreloadLinks(assets, 'nl')).toHaveLength(1 + 1);
    // Polish needs the latin-ext letters too.
    const pl = startPreloadLinks(assets, 'pl');
    expect(pl.filter((l) => l.includes('as="font"'))).toHaveLength(2);
    expect(pl).toContain('<link rel="modulepreload" href="/assets/common-pl1.js" crossorigin>');
  });

  it('asks for the settings as the app does: the query without domain, then the host name', () => {
    expect(settingsPreloadLink('localhost', '')).toBe(
      '<link rel="preload" as="fetch" href="/api/settings.php?domain=localhost" crossorigin>',
    );
    expect(
      settingsPreloadLink('amora.example', '?network=ads&domain=evil.example&sub1=a%20b&network=x'),
    ).toBe(
      '<link rel="preload" as="fetch" href="/api/settings.php?network=x&amp;sub1=a+b&amp;domain=amora.example" crossorigin>',
    );
  });
});
