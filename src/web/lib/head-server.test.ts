// @vitest-environment happy-dom
import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useHead } from './head';
import { queryLocale } from './i18n';

/** The head as the server writes it for a member page (modules/seo), on the path the app starts on. */
function serverHead(): void {
  document.head.innerHTML = [
    '<title>Maak kennis met Eva - Amora</title>',
    '<meta name="description" content="Eva (34) zit op Amora." data-head="server">',
    '<link rel="canonical" href="https://amora.example/" data-head="server">',
    '<link rel="alternate" hreflang="de" href="https://amora.example/?lang=de" data-head="server">',
    '<meta property="og:type" content="profile" data-head="server">',
    '<meta property="og:image" content="https://amora.example/media/eva-main.jpg" data-head="server">',
    '<meta property="og:locale" content="nl_NL" data-head="server">',
    '<meta name="robots" content="noindex" data-head="server">',
    '<script type="application/ld+json" data-head="server">{}</script>',
  ].join('');
}

const q = (selector: string) => document.head.querySelector(selector);

afterEach(() => window.history.replaceState(null, '', '/'));

describe('the server-written head in the client', () => {
  it('stays on the page the server described where the page names nothing of its own', () => {
    serverHead();
    renderHook(() => useHead({ title: undefined, siteName: 'Amora' }));
    expect(q('link[rel="canonical"]')).not.toBeNull();
    expect(q('link[rel="alternate"]')).not.toBeNull();
    expect(q('meta[name="description"]')?.getAttribute('content')).toBe('Eva (34) zit op Amora.');
    expect(q('meta[property="og:image"]')?.getAttribute('content')).toContain('eva-main.jpg');
    expect(document.title).toBe('Amora');
  });

  it('after a navigation: the title follows, the tags the client cannot keep right are gone', () => {
    serverHead();
    window.history.pushState(null, '', '/pages/faq');
    renderHook(() => useHead({ title: 'FAQ', siteName: 'Amora', description: 'Answers' }));
    expect(document.title).toBe('FAQ - Amora');
    for (const s of [
      'link[rel="canonical"]',
      'link[rel="alternate"]',
      'script[type="application/ld+json"]',
      'meta[name="robots"]',
      'meta[property="og:locale"]',
    ])
      expect(q(s)).toBeNull();
    expect(q('meta[property="og:type"]')?.getAttribute('content')).toBe('website');
    expect(q('meta[property="og:image"]')?.getAttribute('content')).toMatch(/\/og-default\.jpg$/);
    expect(q('meta[name="twitter:title"]')?.getAttribute('content')).toBe('FAQ');
    expect(q('meta[name="description"]')?.getAttribute('content')).toBe('Answers');
  });
});

describe('?lang= in the address', () => {
  it('names a known language only', () => {
    expect(queryLocale('?lang=de')).toBe('de');
    expect(queryLocale('?network=x&lang=sv')).toBe('sv');
    expect(queryLocale('?lang=xx')).toBeUndefined();
    expect(queryLocale('')).toBeUndefined();
  });
});
