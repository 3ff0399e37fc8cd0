import { useEffect } from 'react';

/**
 * The path of the page whose head the server wrote (modules/seo/page-heads.ts: <html data-head-path>, elements
 * marked data-head="server"; a shell the service worker kept from another page names that page).
 * While the visitor is still on it, those stay as they are where the page gives nothing of its own; after a
 * navigation inside the app, those the client cannot keep right (canonical, hreflang alternates, JSON-LD, robots,
 * og:locale) are taken away.
 */
const serverPath =
  typeof window === 'undefined'
    ? ''
    : (document.documentElement.dataset.headPath ?? window.location.pathname);
const onServerPage = () => window.location.pathname === serverPath;

const SERVER_ONLY =
  'link[rel="canonical"][data-head="server"], link[rel="alternate"][hreflang][data-head="server"], ' +
  'script[type="application/ld+json"][data-head="server"], meta[name="robots"][data-head="server"], ' +
  'meta[property="og:locale"][data-head="server"]';

/** Removes the server's page-specific elements once the app has moved on to another page. */
export function dropServerHead(): void {
  if (onServerPage()) return;
  for (const el of document.head.querySelectorAll(SERVER_ONLY)) el.remove();
  setMeta('property', 'og:type', 'website');
}

function setMeta(attr: 'name' | 'property', key: string, content: string | undefined): void {
  let el = document.head.querySelector<HTMLMetaElement>(`meta[${attr}="${key}"]`);
  if (content === undefined) {
    if (el?.dataset.head === 'server' && onServerPage()) return;
    el?.remove();
    return;
  }
  if (!el) {
    el = document.createElement('meta');
    el.setAttribute(attr, key);
    document.head.appendChild(el);
  }
  el.content = content;
}

export interface HeadInfo {
  /** Page part of the title: a profile name or a page title; the site name is appended. */
  title?: string | undefined;
  siteName: string;
  description?: string | undefined;
  /** Open-graph image; pass a profile image only when its status is active. */
  image?: { url: string; status: string } | undefined;
  /** Unread messages plus new likes: above 0 it prefixes the title. */
  count?: number;
}

/** The page title rule of the spec, plus open-graph tags. */
export function buildTitle({
  title,
  siteName,
  count = 0,
}: Pick<HeadInfo, 'title' | 'siteName' | 'count'>): string {
  const base = title ? `${title} - ${siteName}` : siteName;
  return count > 0 ? `(${count}) ${base}` : base;
}

/** The app-wide count (unread messages plus new likes) used when a page gives none, and the last page title. */
let appCount = 0;
let lastTitle: { title: string | undefined; siteName: string; count: number | undefined } | undefined;
/** Discreet mode (issue 23): the neutral app name the title shows instead of the page and site (with the count). */
let discreetName: string | null = null;

function titleOf(info: Pick<HeadInfo, 'title' | 'siteName' | 'count'>): string {
  return discreetName === null
    ? buildTitle(info)
    : buildTitle({ title: undefined, siteName: discreetName, count: info.count ?? 0 });
}

/** Discreet mode on (the neutral name) or off (null): the current title follows at once. */
export function setDiscreetTitle(name: string | null): void {
  discreetName = name;
  if (lastTitle)
    document.title = titleOf({
      title: lastTitle.title,
      siteName: lastTitle.siteName,
      count: lastTitle.count ?? appCount,
    });
}

/** Sets the app-wide count of the title prefix (the top bar's polling calls it) and updates the current title. */
export function setTitleCount(count: number): void {
  appCount = count;
  if (lastTitle)
    document.title = titleOf({
      title: lastTitle.title,
      siteName: lastTitle.siteName,
      count: lastTitle.count ?? appCount,
    });
}

export function useHead(info: HeadInfo): void {
  const { title, siteName, description, image, count } = info;
  const imageUrl = image?.status === 'active' ? image.url : undefined;
  useEffect(() => {
    lastTitle = { title, siteName, count };
    document.title = titleOf({ title, siteName, count: count ?? appCount });
    setMeta('name', 'description', description);
    setMeta('property', 'og:title', title ?? siteName);
    setMeta('property', 'og:site_name', siteName);
    setMeta('property', 'og:description', description);
    setMeta('property', 'og:url', window.location.origin + window.location.pathname);
    // Still on the page the server described: its image stays until the page names one (a profile still loading).
    const keepServerImage =
      !imageUrl &&
      onServerPage() &&
      document.head.querySelector('meta[property="og:image"][data-head="server"]');
    const image = keepServerImage
      ? undefined
      : new URL(imageUrl ?? '/og-default.jpg', window.location.origin).toString();
    setMeta('property', 'og:image', image);
    setMeta('name', 'twitter:title', title ?? siteName);
    setMeta('name', 'twitter:description', description);
    setMeta('name', 'twitter:image', image);
    dropServerHead();
  }, [title, siteName, description, imageUrl, count]);
}
