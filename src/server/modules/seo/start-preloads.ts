import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Locale } from '../../../shared/locales';
import { escapeHtml } from './head-tags';

/**
 * What the web app fetches one after the other before its first paint (src/web/main.tsx): its code, then
 * GET /api/settings.php, then the language's texts, then, once text is on screen, the Inter font. The settings call
 * and the font are named in the head, so the browser fetches them with the code: one round trip fewer before the
 * first paint, and the font is there before the first text (no swap). The text chunks are not: about 50 small
 * requests at once held back the app's own code on HTTP/1.1 (measured: first paint 0.8-1 s later, docs/performance.md).
 */
export interface StartAssets {
  /** The Inter subsets: 'latin' and 'latin-ext' (the other scripts are not languages of the product). */
  fonts: { latin?: string; latinExt?: string };
}

interface ManifestChunk {
  file: string;
  src?: string;
  assets?: string[];
}

/** Reads the build's Vite manifest (build.manifest: <webDistDir>/.vite/manifest.json); null without one. */
export function readStartAssets(webDistDir: string): StartAssets | null {
  let manifest: Record<string, ManifestChunk>;
  try {
    manifest = JSON.parse(readFileSync(path.join(webDistDir, '.vite', 'manifest.json'), 'utf8')) as Record<
      string,
      ManifestChunk
    >;
  } catch {
    return null;
  }
  return startAssetsOf(manifest);
}

export function startAssetsOf(manifest: Record<string, ManifestChunk>): StartAssets {
  const entryAssets = manifest['index.html']?.assets ?? [];
  const font = (subset: string) => {
    const file = entryAssets.find((a) => new RegExp(`/inter-${subset}-wght-normal-[\\w-]+\\.woff2$`).test(a));
    return file ? `/${file}` : undefined;
  };
  return { fonts: { latin: font('latin'), latinExt: font('latin-ext') } };
}

/** Languages whose everyday letters lie outside Inter's latin subset (ą, ę, ł, ś, ż...). */
const LATIN_EXT_LOCALES: readonly Locale[] = ['pl'];

/** The head links for a page in `locale` (the language the app will start in). */
export function startPreloadLinks(assets: StartAssets, locale: Locale): string[] {
  const out: string[] = [];
  const fonts = [assets.fonts.latin, LATIN_EXT_LOCALES.includes(locale) ? assets.fonts.latinExt : undefined];
  for (const href of fonts)
    if (href)
      out.push(`<link rel="preload" as="font" type="font/woff2" href="${escapeHtml(href)}" crossorigin>`);
  return out;
}

/**
 * GET /api/settings.php as the app asks for it first (features/site/api/settings.ts): the page's query without
 * `domain`, then `domain` = the host name, each key once (the last value), in the URL's own encoding.
 */
export function settingsPreloadLink(hostname: string, search: string): string {
  const query: Record<string, string> = {};
  new URLSearchParams(search).forEach((v, k) => {
    if (k !== 'domain') query[k] = v;
  });
  const url = new URL('/api/settings.php', 'http://x');
  for (const [k, v] of Object.entries({ ...query, domain: hostname })) url.searchParams.set(k, v);
  return `<link rel="preload" as="fetch" href="${escapeHtml(url.pathname + url.search)}" crossorigin>`;
}
