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

  it('reads the Inter latin subsets from the manifest and preloads latin, latin-ext too for Polish', () => {
    expect(assets.fonts).toEqual({
      latin: '/assets/inter-latin-wght-normal-l1.woff2',
      latinExt: '/assets/inter-latin-ext-wght-normal-le1.woff2',
    });
    expect(startPreloadLinks(assets, 'en')).toEqual([
      '<link rel="preload" as="font" type="font/woff2" href="/assets/inter-latin-wght-normal-l1.woff2" crossorigin>',
    ]);
    expect(startPreloadLinks(assets, 'pl')).toHaveLength(2);
    // No text chunks: dozens of small requests at once held back the app's code (docs/performance.md).
    expect(startPreloadLinks(assets, 'en').join('')).not.toContain('modulepreload');
    expect(startPreloadLinks(startAssetsOf({}), 'en')).toEqual([]);
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
