import { type BuiltLanderType, isBuiltLanderType } from '../../../shared/built-routes';
import { ageOn } from '../../../shared/dates';
import { isLocale, LOCALES, type Locale, landingSlug, nicheName, slugLocale } from '../../../shared/locales';
import { INFO_PAGES, type InfoPageKey, matchesRoute, ROUTES, type RouteName } from '../../../shared/routes';
import type { Site } from '../../db/schema';
import { translate } from '../../i18n/translate';
import { photoUrl } from '../photos/photos.presenter';
import type { HeadTags } from './head-tags';
import type { PublicMember } from './seo.repo';

/** The pages the server describes in the HTML it sends; every other path is 'other' (the site's own tags). */
export type PageRoute =
  | { kind: 'landing' }
  | { kind: 'tinderswipe' }
  | { kind: 'lander'; type: BuiltLanderType; slug: string | undefined }
  | { kind: 'info'; page: InfoPageKey; path: string }
  | { kind: 'member'; id: number; variant: MemberVariant; slug: string | undefined }
  | { kind: 'other' };

export type MemberVariant = 'profile' | 'landing' | 'landing2' | 'landing3';

const MEMBER_ROUTES: readonly (readonly [RouteName, MemberVariant])[] = [
  ['members-id', 'profile'],
  ['members-id-landing', 'landing'],
  ['members-id-landing2-slug', 'landing2'],
  ['members-id-landing3-slug', 'landing3'],
];

/** Which page a path is (the same route table the web router is built from). */
export function classifyPath(pathname: string): PageRoute {
  if (pathname === '/' || pathname === '') return { kind: 'landing' };
  if (matchesRoute('landers-tinderswipe', pathname)) return { kind: 'tinderswipe' };
  const lander = matchesRoute('landers-type-slug', pathname);
  if (lander) {
    return isBuiltLanderType(lander.type)
      ? { kind: 'lander', type: lander.type, slug: lander.slug }
      : { kind: 'other' };
  }
  for (const [name, page] of Object.entries(INFO_PAGES) as [RouteName, InfoPageKey][]) {
    if (matchesRoute(name, pathname)) return { kind: 'info', page, path: ROUTES[name] };
  }
  for (const [name, variant] of MEMBER_ROUTES) {
    const m = matchesRoute(name, pathname);
    if (m && /^\d{1,15}$/.test(m.id ?? ''))
      return { kind: 'member', id: Number(m.id), variant, slug: m.slug };
  }
  return { kind: 'other' };
}

/** The languages a site offers (sites.languages), in the product's order; every locale when it names none. */
export function siteLocales(site: Pick<Site, 'languages'>): readonly Locale[] {
  const offered = LOCALES.filter((l) => site.languages.includes(l));
  return offered.length > 0 ? offered : LOCALES;
}

/** The language a site speaks without being told otherwise (its domain language; English for an unknown code). */
export function siteLanguage(site: Pick<Site, 'domainLanguage'>): Locale {
  return isLocale(site.domainLanguage) ? site.domainLanguage : 'en';
}

const slugOf = (route: PageRoute) =>
  route.kind === 'lander' || route.kind === 'member' ? route.slug : undefined;

/**
 * The page's language, by the client's rules: a slug that names a language (landers, member landings 2 and 3),
 * else `?lang=`, else the locale cookie, else the site's domain language.
 */
export function pageLocale(
  route: PageRoute,
  lang: unknown,
  cookie: Locale | undefined,
  site: Pick<Site, 'domainLanguage'>,
): Locale {
  const slug = slugOf(route);
  const named = slug && !slug.includes('auto') ? slugLocale(slug) : undefined;
  if (named) return named;
  if (isLocale(lang)) return lang;
  return cookie ?? siteLanguage(site);
}

/** Routes whose language is part of the path (`/landers/gallery/nl`); the others name it with `?lang=`. */
const hasSlug = (route: PageRoute) =>
  route.kind === 'lander' ||
  (route.kind === 'member' && (route.variant === 'landing2' || route.variant === 'landing3'));

function basePath(route: PageRoute): string | undefined {
  switch (route.kind) {
    case 'landing':
      return '/';
    case 'tinderswipe':
      return ROUTES['landers-tinderswipe'];
    case 'lander':
      return `/landers/${route.type}`;
    case 'info':
      return route.path;
    case 'member':
      return route.variant === 'profile' ? `/members/${route.id}` : `/members/${route.id}/${route.variant}`;
    default:
      return undefined;
  }
}

/** The address of the page in one language: with the language's slug, or with ?lang= unless it is the site's. */
export function localizedUrl(
  origin: string,
  route: PageRoute,
  site: Site,
  locale: Locale,
): string | undefined {
  const base = basePath(route);
  if (base === undefined) return undefined;
  if (hasSlug(route)) return `${origin}${base}/${landingSlug(site.niche, locale)}`;
  return locale === siteLanguage(site) ? `${origin}${base}` : `${origin}${base}?lang=${locale}`;
}

export interface PageInput {
  site: Site;
  /** e.g. https://example.com (no trailing slash) */
  origin: string;
  route: PageRoute;
  locale: Locale;
  /** The member of a member page when a visitor may see them; undefined gives the neutral page. */
  member?: PublicMember | undefined;
  /** The path is no page of the app (answered 404). */
  notFound?: boolean;
  now?: Date;
}

/** The head of a page, in its language, from the server's texts (meta.*) and the site's settings. */
export function buildHeadTags(input: PageInput): HeadTags {
  const { site, origin, route, locale } = input;
  const t = (key: string, vars: Record<string, string | number> = {}) =>
    translate(locale, `meta.${key}`, { siteName: site.name, ...vars });
  const withSite = (page: string) => `${page} - ${site.name}`;
  const base = {
    lang: locale,
    siteName: site.name,
    image: `${origin}/og-default.jpg`,
    ogType: 'website' as const,
    canonical: localizedUrl(origin, route, site, locale),
    alternates: alternatesFor(origin, route, site),
  };

  switch (route.kind) {
    case 'landing': {
      const jsonLd = {
        '@context': 'https://schema.org',
        '@type': 'Organization',
        name: site.name,
        url: `${origin}/`,
        logo: `${origin}/icons/icon-512.png`,
      };
      if (locale === siteLanguage(site))
        return {
          ...base,
          title: site.indexTitle,
          shareTitle: site.indexTitle,
          description: site.description,
          jsonLd,
        };
      const niche = nicheName(site.niche);
      const headline = t(`landing.${niche}.title`);
      return {
        ...base,
        title: withSite(headline),
        shareTitle: headline,
        description: t(`landing.${niche}.description`),
        jsonLd,
      };
    }
    case 'tinderswipe':
    case 'lander': {
      const key = route.kind === 'lander' ? route.type : 'tinderswipe';
      const title = t(`landers.${key}.title`);
      return {
        ...base,
        title: withSite(title),
        shareTitle: title,
        description: t(`landers.${key}.description`),
      };
    }
    case 'info': {
      const title = t(`pages.${route.page}.title`);
      return {
        ...base,
        title: withSite(title),
        shareTitle: title,
        description: t(`pages.${route.page}.description`),
      };
    }
    case 'member':
      return memberTags(input, base, t, withSite);
    default:
      return {
        ...base,
        canonical: undefined,
        alternates: undefined,
        title: site.name,
        shareTitle: site.name,
        description: site.description,
        robots: input.notFound ? 'noindex' : undefined,
      };
  }
}

type BaseTags = Omit<HeadTags, 'title' | 'shareTitle' | 'description'>;

/**
 * A member page: the member's name, age and public main photo when a visitor may see them; else the neutral page
 * (the same for a hidden, blocked, deleted or unknown member, so the tags tell nothing about which). Never indexed:
 * a profile says things about a person (docs/operations.md "Link previews and search engines").
 */
function memberTags(
  input: PageInput,
  base: BaseTags,
  t: (key: string, vars?: Record<string, string | number>) => string,
  withSite: (page: string) => string,
): HeadTags {
  const { member, route, site, origin } = input;
  if (!member || route.kind !== 'member') {
    const title = t('member.unavailable_title');
    return {
      ...base,
      title: withSite(title),
      shareTitle: title,
      description: t('member.unavailable_description'),
      robots: 'noindex',
    };
  }
  const shareTitle = route.variant === 'profile' ? member.name : t('member.title', { name: member.name });
  // The URL the page's <img> shows (the API's `filename`: photos.presenter), which is the preview image too.
  const photo = member.storageKey ? photoUrl(site.cdnPrefix, member.storageKey, 'main') : undefined;
  const image = photo ? new URL(photo, `${origin}/`).toString() : base.image;
  return {
    ...base,
    ogType: 'profile',
    image,
    preloadImage: photo,
    title: withSite(shareTitle),
    shareTitle,
    description: t('member.description', { name: member.name, age: ageOn(member.birthDate, input.now) }),
    robots: 'noindex',
  };
}

/** One alternate per language the site offers, plus x-default (the address without a language: the visitor's own or the site's). */
function alternatesFor(origin: string, route: PageRoute, site: Site): HeadTags['alternates'] {
  const base = basePath(route);
  if (base === undefined) return undefined;
  const list = siteLocales(site).map((l) => ({
    hreflang: l,
    href: localizedUrl(origin, route, site, l) ?? '',
  }));
  return [...list, { hreflang: 'x-default', href: `${origin}${base}` }];
}
