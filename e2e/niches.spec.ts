import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { landingSlug, NICHES } from '../src/shared/locales';
import { expect, test } from './fixtures';
import { uniqueEmail } from './mailbox';

/**
 * Seven niches that are seven sites (issue 20, points 3 and 4). The demo seed runs a site per other niche on
 * <niche>.localhost beside the general site on localhost (src/server/demo/demo-sites.ts); Chromium resolves
 * *.localhost to this machine, and the server picks the site by the host name. The gay site shows its own landing,
 * its own men and a signup proposing a man seeking men, while the first site stays as it was.
 */
type LandingTexts = { landing: Record<string, { headline: string; members_title: string }> };
const common = (locale: string) =>
  JSON.parse(readFileSync(`src/web/locales/${locale}/common.json`, 'utf8')) as LandingTexts;

/** The same address on another host name (gay.localhost:port). */
function onHost(baseURL: string, host: string): string {
  const url = new URL(baseURL);
  url.hostname = host;
  return url.origin;
}

async function useLanguage(page: Page, origin: string, locale: string) {
  await page.context().addCookies([{ name: 'i18n_redirected', value: locale, url: origin }]);
}

/**
 * An API answer on the page's own host (the test runner's requests cannot resolve *.localhost; the browser can).
 */
// biome-ignore lint/suspicious/noExplicitAny: the answers are read as JSON in the test
async function api(page: Page, path: string): Promise<any> {
  return page.evaluate(async (p) => (await fetch(p, { credentials: 'same-origin' })).json(), path);
}

/** The languages the open language menu offers. */
async function offeredLanguages(page: Page): Promise<string[]> {
  await page.getByTestId('language-toggle').click();
  const items = page.locator(
    '.language-dropdown [data-testid^="language-"]:not([data-testid="language-toggle"])',
  );
  await expect(items.first()).toBeVisible();
  const ids = await items.evaluateAll((els) => els.map((e) => e.getAttribute('data-testid') ?? ''));
  await page.keyboard.press('Escape');
  return ids.map((id) => id.replace('language-', ''));
}

for (const locale of ['en', 'de'] as const) {
  test(`a gay site on gay.localhost beside the first, in ${locale}: own landing, own men, signup proposes a man seeking men`, async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const gay = onHost(baseURL!, 'gay.localhost');
    await useLanguage(page, gay, locale);
    await page.goto(`${gay}/`);
    const landing = page.getByTestId('landing');
    await expect(landing).toHaveClass(/landing-gay/);
    await expect(landing).toHaveAttribute('data-slug', landingSlug(7, locale));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(common(locale).landing.gay!.headline);
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    await expect(page.locator('body')).toHaveClass(/niche-gay/);
    await expect(landing).toContainText('Amora Men');
    await expect(
      page.getByRole('heading', { level: 2, name: common(locale).landing.gay!.members_title }),
    ).toBeVisible();
    // Its own members: every one shown is a man (of the gay niche: the showcase of this host).
    const cards = landing.getByTestId('profile-card');
    await expect(cards.first()).toBeVisible();
    const shown = (await api(page, `/api/showcase.php?lang=${locale}`)) as {
      profiles: { id: number }[];
    };
    expect(shown.profiles.length).toBeGreaterThanOrEqual(6);
    for (const p of shown.profiles.slice(0, 6)) {
      const member = await api(page, `/api/member.php?id=${p.id}`);
      expect(member.profile.gender, `member ${p.id}`).toBe('male');
    }
    // A visitor's member search there starts with men.
    const search = await api(page, '/api/search.php');
    expect(search.filters.gender).toBe('male');
    // Its own languages (sites.languages) in the menu, and its own company in the footer.
    expect(await offeredLanguages(page)).toEqual(['en', 'nl', 'de', 'da', 'sv']);
    await expect(page.locator('footer')).toContainText('Amora Niche Media GmbH');

    // Signup on the gay site: the personal step proposes a man seeking men.
    await page.goto(`${gay}/signup`);
    const form = page.getByTestId('signup-form');
    await form.locator('input[name=email]').fill(uniqueEmail(`gay-${locale}`));
    await form.locator('input[name=name]').fill(`Tom${locale}${Date.now() % 10000}`);
    await form.locator('input[name=password]').fill('Velvet-Harbour-42');
    const selects = form.locator('select');
    await selects.nth(0).selectOption('17');
    await selects.nth(1).selectOption('09');
    await selects.nth(2).selectOption('1988');
    await page.getByTestId('sensitive-consent-checkbox').check();
    await page.getByTestId('signup-submit').click();
    await expect(page.getByTestId('signup-step-photo')).toBeVisible({ timeout: 20_000 });
    await page.getByTestId('signup-skip').click();
    const personal = page.getByTestId('signup-step-personal');
    await expect(personal.locator('input[name=gender][value=male]')).toBeChecked();
    await expect(personal.locator('input[name=sexuality][value=gay]')).toBeChecked();
    await personal.locator('input[autocomplete=address-level2]').fill('Berlin');
    await page.getByTestId('signup-next').click();
    await expect(page.getByTestId('signup-step-about')).toBeVisible();
    const profile = await api(page, '/api/profile.php');
    expect(profile.profile).toMatchObject({ gender: 'male', sexuality: 'gay' });

    // The first site is unchanged: its general landing, every language, its own company.
    await useLanguage(page, baseURL!, locale);
    await page.goto('/');
    const first = page.getByTestId('landing');
    await expect(first).toHaveClass(/landing-general/);
    await expect(first).toHaveAttribute('data-slug', landingSlug(1, locale));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      common(locale).landing.general!.headline,
    );
    expect(await offeredLanguages(page)).toHaveLength(11);
    await expect(page.locator('footer')).not.toContainText('Amora Niche Media GmbH');
  });
}

test('every niche has a site of its own whose landing fits 320 px without sideways scrolling', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 320, height: 700 });
  for (const [id, niche] of Object.entries(NICHES)) {
    const origin = niche === 'general' ? baseURL! : onHost(baseURL!, `${niche}.localhost`);
    await page.goto(`${origin}/`);
    const landing = page.getByTestId('landing');
    await expect(landing, niche).toHaveClass(new RegExp(`landing-${niche}`));
    await expect(landing.getByTestId('profile-card').first(), niche).toBeVisible();
    const settings = await api(page, '/api/settings.php');
    expect(settings.settings.niche).toBe(Number(id));
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${niche} scrolls sideways by ${overflow}px`).toBeLessThanOrEqual(0);
  }
});
