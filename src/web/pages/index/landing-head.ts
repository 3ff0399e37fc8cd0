import type { TFunction } from 'i18next';
import { type Locale, nicheName } from '../../../shared/locales';
import type { PublicSettings } from '../../../shared/schemas/sites';
import type { HeadInfo } from '../../lib/head';

type LandingSettings = Pick<
  PublicSettings,
  'name' | 'index_title' | 'description' | 'domain_language' | 'niche'
>;

/**
 * The landing page's title and description. The site's own index_title and description are written in its domain
 * language, so they are used only when the page is shown in that language; in any other language the page's own
 * headline and subline are, in that language ("Ontmoet singles bij jou in de buurt - Amora").
 */
export function landingHead(settings: LandingSettings, locale: Locale, t: TFunction): HeadInfo {
  if (locale === settings.domain_language)
    return { title: undefined, siteName: settings.index_title, description: settings.description };
  const niche = nicheName(settings.niche);
  return {
    title: t(`landing.${niche}.headline`),
    siteName: settings.name,
    description: t(`landing.${niche}.subline`, { siteName: settings.name }),
  };
}
