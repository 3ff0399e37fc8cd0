import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { isLocale } from '../../../shared/locales';
import type { Db } from '../../db/client';
import { type LinkBase, siteOrigin } from '../accounts/account-mail';
import { escapeHtml, renderHeadTags } from './head-tags';
import { buildHeadTags, classifyPath, pageLocale, siteLanguage } from './page-meta';
import { findPublicMember } from './seo.repo';
import { readStartAssets, type StartAssets, settingsPreloadLink, startPreloadLinks } from './start-preloads';

/**
 * The built index.html split around what the server writes: its own <title>, description and og:type are taken
 * out (the server writes them per page), the <html lang> and the end of <head> are where the page's go.
 */
export interface ShellTemplate {
  beforeLang: string;
  afterLangBeforeHead: string;
  rest: string;
}

export function splitShell(html: string): ShellTemplate | null {
  const cleaned = html
    .replace(/<title>[\s\S]*?<\/title>\s*/i, '')
    .replace(/<meta\s+name="description"[^>]*>\s*/i, '')
    .replace(/<meta\s+property="og:type"[^>]*>\s*/i, '');
  const lang = /<html\b[^>]*?\blang="([^"]*)"/i.exec(cleaned);
  const headEnd = cleaned.search(/<\/head>/i);
  if (!lang || headEnd < 0) return null;
  const langValueAt = lang.index + lang[0].length - 1 - (lang[1]?.length ?? 0);
  if (langValueAt > headEnd) return null;
  return {
    beforeLang: cleaned.slice(0, langValueAt),
    afterLangBeforeHead: cleaned.slice(langValueAt + (lang[1]?.length ?? 0), headEnd),
    rest: cleaned.slice(headEnd),
  };
}

/** How long a rendered page is kept: members' pages briefly (a member hidden now must drop out soon). */
const PAGE_TTL_MS = 30_000;
const MEMBER_PAGE_TTL_MS = 10_000;
const MAX_ENTRIES = 5_000;

/**
 * Writes each page's head (title, description, canonical, hreflang, Open Graph, Twitter, JSON-LD) into the HTML
 * the server sends, so link previews and search engines see the page without JavaScript. Rendered pages are kept
 * per site, path, language and status for a short time; the template is read again when the build changes.
 */
export class PageHeads {
  private cache = new Map<string, { html: string; expires: number }>();
  private template:
    | { shell: ShellTemplate | null; assets: StartAssets | null; mtimeMs: number; checkedAt: number }
    | undefined;

  constructor(
    private readonly db: Db,
    private readonly links: LinkBase,
    private readonly webDistDir: string,
  ) {}

  /** The page's HTML, or null when it cannot be made (no build, unknown host): then index.html goes as it is. */
  async html(req: FastifyRequest, pathname: string, status: number): Promise<string | null> {
    const shell = this.shell();
    if (!shell) return null;
    const found = await req.resolveSite().catch(() => undefined);
    if (!found) return null;
    const { site } = found;
    const route = classifyPath(pathname);
    const locale = pageLocale(
      route,
      (req.query as Record<string, unknown> | undefined)?.lang,
      req.localeCookie,
      site,
    );
    const key = `${site.id}|${status}|${locale}|${pathname}`;
    const now = Date.now();
    const hit = this.cache.get(key);
    if (hit && hit.expires > now) return this.withStartPreloads(hit.html, req, site);

    const member =
      route.kind === 'member' && site.loggedOutSearch !== 'none'
        ? await findPublicMember(this.db, route.id)
        : undefined;
    const tags = buildHeadTags({
      site,
      origin: siteOrigin(site, this.links),
      route,
      locale,
      member,
      notFound: status === 404,
    });
    // data-head-path: the page this head describes (a shell cached by the service worker may be shown on another).
    // The manifest in the page's language (modules/app-manifest: browsers fetch it without cookies).
    const head = shell.afterLangBeforeHead.replace(
      'href="/manifest.webmanifest"',
      `href="/manifest.webmanifest?lang=${locale}"`,
    );
    const html = `${shell.beforeLang}${locale}" data-head-path="${escapeHtml(pathname)}${head}  ${renderHeadTags(tags)}\n  ${shell.rest}`;
    if (this.cache.size >= MAX_ENTRIES) this.cache.clear();
    this.cache.set(key, {
      html,
      expires: now + (route.kind === 'member' ? MEMBER_PAGE_TTL_MS : PAGE_TTL_MS),
    });
    return this.withStartPreloads(html, req, site);
  }

  /**
   * What the app fetches before its first paint, named in the head (start-preloads.ts): the settings call of this
   * address and the font (latin-ext too when the app starts in Polish: src/web/main.tsx takes ?lang, else the
   * cookie, else the site's language). Per request: the settings address carries the query.
   */
  private withStartPreloads(html: string, req: FastifyRequest, site: { domainLanguage: string }): string {
    const assets = this.template?.assets;
    if (!assets) return html;
    const query = req.url.indexOf('?');
    const asked = (req.query as Record<string, unknown> | undefined)?.lang;
    const startLocale = isLocale(asked) ? asked : (req.localeCookie ?? siteLanguage(site));
    const links = [
      settingsPreloadLink(req.hostname, query < 0 ? '' : req.url.slice(query)),
      ...startPreloadLinks(assets, startLocale),
    ];
    const headEnd = html.search(/<\/head>/i);
    if (headEnd < 0) return html;
    return `${html.slice(0, headEnd)}  ${links.join('\n    ')}\n  ${html.slice(headEnd)}`;
  }

  /** The split index.html, checked against the file at most once a second (a new build replaces it). */
  private shell(): ShellTemplate | null {
    const now = Date.now();
    if (this.template && now - this.template.checkedAt < 1_000) return this.template.shell;
    const file = path.join(this.webDistDir, 'index.html');
    let mtimeMs: number;
    try {
      mtimeMs = statSync(file).mtimeMs;
    } catch {
      this.template = { shell: null, assets: null, mtimeMs: 0, checkedAt: now };
      return null;
    }
    if (this.template && this.template.mtimeMs === mtimeMs) {
      this.template.checkedAt = now;
      return this.template.shell;
    }
    const shell = splitShell(readFileSync(file, 'utf8'));
    this.template = { shell, assets: readStartAssets(this.webDistDir), mtimeMs, checkedAt: now };
    this.cache.clear();
    return shell;
  }
}
