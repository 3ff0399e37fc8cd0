import { describe, expect, it } from 'vitest';
import { escapeHtml, jsonForScript, ogLocale, renderHeadTags } from './head-tags';
import { splitShell } from './page-heads';

describe('head tags', () => {
  it('escapes text and attribute values', () => {
    expect(escapeHtml(`a "b" <c> & 'd'`)).toBe('a &quot;b&quot; &lt;c&gt; &amp; &#39;d&#39;');
  });

  it('writes JSON-LD that no value can break out of', () => {
    const json = jsonForScript({ name: '</script><script>alert(1)</script>', amp: 'a & b', ls: '\u2028' });
    expect(json).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(json)).toEqual({
      name: '</script><script>alert(1)</script>',
      amp: 'a & b',
      ls: '\u2028',
    });
  });

  it('og:locale names the language with its first country', () => {
    expect(ogLocale('nl')).toBe('nl_NL');
    expect(ogLocale('nb')).toBe('nb_NO');
    expect(ogLocale('en')).toBe('en_US');
  });

  it('renders no canonical, alternates or JSON-LD when there are none', () => {
    const html = renderHeadTags({
      lang: 'en',
      title: 'T',
      shareTitle: 'T',
      description: 'D',
      siteName: 'S',
      image: 'https://x.test/og-default.jpg',
      ogType: 'website',
    });
    expect(html).not.toContain('canonical');
    expect(html).not.toContain('hreflang');
    expect(html).not.toContain('ld+json');
    expect(html).toContain('<title>T</title>');
  });
});

describe('the built index.html as a template', () => {
  const built = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Amora</title>
    <meta name="description" content="" />
    <meta property="og:type" content="website" />
    <script type="module" crossorigin src="/assets/index-x.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>`;

  it('loses its own title, description and og:type, keeps everything else, and splits at lang and </head>', () => {
    const shell = splitShell(built);
    expect(shell).not.toBeNull();
    const page = `${shell!.beforeLang}nl${shell!.afterLangBeforeHead}<title>X</title>${shell!.rest}`;
    expect(page).toContain('<html lang="nl">');
    expect(page.match(/<title>/g)).toHaveLength(1);
    expect(page).not.toContain('name="description"');
    expect(page).not.toContain('og:type');
    expect(page).toContain('/assets/index-x.js');
    expect(page).toMatch(/<title>X<\/title><\/head>/);
  });

  it('refuses a file without <html lang> or </head>', () => {
    expect(splitShell('<html><head></head></html>')).toBeNull();
    expect(splitShell('<html lang="en"><body></body></html>')).toBeNull();
  });
});
