import type { Page } from '@playwright/test';
import { BUILT_LANDER_TYPES } from '../src/shared/built-routes';
import { expect, test } from './fixtures';
import { CLIENT, confirmedMember } from './members';

/**
 * Issue 20, point 5, on every lander and member landing: no sideways scrolling at 320 px, the slug's language wins
 * over the browser's, and a member who is hidden (invisible) or unknown gives the neutral landing.
 */
async function aMemberId(page: Page): Promise<number> {
  const found = (await (await page.request.get('/api/showcase.php')).json()) as {
    profiles: { id: number }[];
  };
  return found.profiles[0]!.id;
}

test('every lander and member landing fits 320 px without sideways scrolling', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 320, height: 700 });
  const id = await aMemberId(page);
  const paths = [
    '/landers/tinderswipe',
    ...BUILT_LANDER_TYPES.flatMap((t) => [`/landers/${t}`, `/landers/${t}/fi`]),
    `/members/${id}/landing`,
    `/members/${id}/landing2/pl`,
    `/members/${id}/landing3/eng`,
    '/members/999999999/landing',
  ];
  for (const path of paths) {
    await page.goto(path);
    await expect(page.locator('main, #root').first()).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 }).first(), path).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${path} scrolls sideways by ${overflow}px`).toBeLessThanOrEqual(0);
  }
});

test.describe('a browser in German', () => {
  test.use({ locale: 'de-DE', extraHTTPHeaders: { 'Accept-Language': 'de-DE,de;q=0.9' } });

  test("the slug's language wins over the browser's on landers and member landings", async ({
    page,
    baseURL,
  }) => {
    await page.context().addCookies([{ name: 'i18n_redirected', value: 'de', url: baseURL! }]);
    const id = await aMemberId(page);
    for (const [path, lang] of [
      ['/landers/gallery/nl', 'nl'],
      ['/landers/iconslanding/bdsm-fr', 'fr'],
      [`/members/${id}/landing2/sv`, 'sv'],
      [`/members/${id}/landing3/eng`, 'en'],
    ] as const) {
      await page.goto(path);
      await expect(page.locator('html'), path).toHaveAttribute('lang', lang);
    }
  });
});

test('a member who goes invisible gives the neutral landing, as an unknown one does', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const memberContext = await browser.newContext();
  const memberPage = await memberContext.newPage();
  const member = await confirmedMember(memberPage, 'hidden', 'en');
  // A photo is what makes a member public; without one the landing is neutral already: check it shows first.
  await page.goto(`/members/${member.id}/landing`);
  const shown = page.getByTestId('member-landing');
  const neutral = page.getByTestId('member-landing-others');
  await expect(shown.or(neutral).first()).toBeVisible();
  const res = await memberPage.request.put('/api/privacy.php', {
    headers: CLIENT,
    data: { invisible: true },
  });
  expect(res.status()).toBe(200);
  await page.goto(`/members/${member.id}/landing`);
  await expect(neutral).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).not.toContainText(member.name);
  await page.goto('/members/999999999/landing2/eng');
  await expect(neutral).toBeVisible();
  await memberContext.close();
});
