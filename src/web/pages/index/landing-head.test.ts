import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import type { Locale } from '../../../shared/locales';
import { buildTitle } from '../../lib/head';
import en from '../../locales/en/common.json';
import nl from '../../locales/nl/common.json';
import { landingHead } from './landing-head';

const SITE = {
  name: 'Amora',
  index_title: 'Amora – meet singles near you',
  description: 'Amora is the friendly place to meet single adults near you.',
  domain_language: 'en' as Locale,
  niche: 1,
};

async function titleIn(locale: Locale, site = SITE) {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng: locale,
    resources: { en: { common: en }, nl: { common: nl } },
    defaultNS: 'common',
  });
  const head = landingHead(site, locale, i18n.t);
  return { title: buildTitle(head), description: head.description };
}

describe('landingHead', () => {
  it("uses the site's own title and description in the site's language", async () => {
    expect(await titleIn('en')).toEqual({ title: SITE.index_title, description: SITE.description });
  });

  it('follows the locale in any other language: the tab title of an English site shown in Dutch is Dutch', async () => {
    const { title, description } = await titleIn('nl');
    expect(title).toBe(`${nl.landing.general.headline} - Amora`);
    expect(title).not.toContain('meet singles');
    expect(description).toBe(nl.landing.general.subline.replace('{{siteName}}', 'Amora'));
  });

  it("speaks of the site's niche, and the other way round a Dutch site shown in English is English", async () => {
    const gay = await titleIn('nl', { ...SITE, niche: 7 });
    expect(gay.title).toBe(`${nl.landing.gay.headline} - Amora`);
    const dutchSite = await titleIn('en', {
      ...SITE,
      domain_language: 'nl',
      index_title: 'Amora – ontmoet singles',
    });
    expect(dutchSite.title).toBe(`${en.landing.general.headline} - Amora`);
  });
});
