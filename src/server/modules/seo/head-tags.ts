import { countriesForLocale, type Locale } from '../../../shared/locales';

/** What the server writes into the head of a page it sends (title, description, links, Open Graph, Twitter). */
export interface HeadTags {
  lang: Locale;
  /** The document title, as the client's own rule makes it ("Page - Site", or the site's title alone). */
  title: string;
  /** og:title and twitter:title: the page part alone (or the site's title). */
  shareTitle: string;
  description: string;
  siteName: string;
  /** Absolute URL of the preview image. */
  image: string;
  ogType: 'website' | 'profile';
  /** Absolute URL; absent for pages that have no address of their own worth naming (the app's private screens). */
  canonical?: string | undefined;
  /** hreflang alternates, absolute URLs, 'x-default' among them. */
  alternates?: readonly { hreflang: string; href: string }[] | undefined;
  /** e.g. 'noindex' */
  robots?: string | undefined;
  /** JSON-LD object, written as application/ld+json. */
  jsonLd?: Record<string, unknown> | undefined;
  /**
   * The page's largest image (its LCP element, e.g. a member's photo), preloaded at high priority: the browser
   * fetches it with the app's code instead of after the app has rendered. The URL the page's <img> uses.
   */
  preloadImage?: string | undefined;
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes text for an HTML text node or a double-quoted attribute value. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

/**
 * JSON for a <script type="application/ld+json"> element: `<`, `>` and `&` as \u escapes so no value can close
 * the element or open a comment, and the two line separators JavaScript once rejected.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** og:locale: the language with its first country ('nl_NL', 'en_US', 'nb_NO'). */
export function ogLocale(locale: Locale): string {
  const country = countriesForLocale(locale)[0];
  return country ? `${locale}_${country}` : locale;
}

/** Marks every element the server wrote, so the client can drop those it cannot keep right after navigation. */
const MARK = 'data-head="server"';

const meta = (attr: 'name' | 'property', key: string, content: string) =>
  `<meta ${attr}="${key}" content="${escapeHtml(content)}" ${MARK}>`;

/** The head elements, every value escaped. */
export function renderHeadTags(h: HeadTags): string {
  const out: string[] = [`<title>${escapeHtml(h.title)}</title>`, meta('name', 'description', h.description)];
  if (h.robots) out.push(meta('name', 'robots', h.robots));
  if (h.canonical) out.push(`<link rel="canonical" href="${escapeHtml(h.canonical)}" ${MARK}>`);
  for (const a of h.alternates ?? [])
    out.push(
      `<link rel="alternate" hreflang="${escapeHtml(a.hreflang)}" href="${escapeHtml(a.href)}" ${MARK}>`,
    );
  out.push(
    meta('property', 'og:type', h.ogType),
    meta('property', 'og:site_name', h.siteName),
    meta('property', 'og:title', h.shareTitle),
    meta('property', 'og:description', h.description),
    meta('property', 'og:image', h.image),
    meta('property', 'og:locale', ogLocale(h.lang)),
  );
  if (h.canonical) out.push(meta('property', 'og:url', h.canonical));
  out.push(
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', h.shareTitle),
    meta('name', 'twitter:description', h.description),
    meta('name', 'twitter:image', h.image),
  );
  if (h.jsonLd) out.push(`<script type="application/ld+json" ${MARK}>${jsonForScript(h.jsonLd)}</script>`);
  if (h.preloadImage)
    out.push(
      `<link rel="preload" as="image" href="${escapeHtml(h.preloadImage)}" fetchpriority="high" ${MARK}>`,
    );
  return out.join('\n    ');
}
