import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from './fixtures';
import { confirmedMember } from './members';

/**
 * The swipe lander (/landers/tinderswipe) for visitors from advertising: a few public members to like or pass, then
 * the invitation to a free account (a signup modal on desktop, the signup page on phones).
 */
type LanderTexts = { tinderswipe: { title: string; invite: { title_liked: string; signup: string } } };
const texts = (locale: string) =>
  (JSON.parse(readFileSync(`src/web/locales/${locale}/landers.json`, 'utf8')) as LanderTexts).tinderswipe;

const topId = (page: Page) => page.getByTestId('swipe-card').getAttribute('data-member-id');

/** Drags the top card far to the right with the mouse: a like. */
async function dragRight(page: Page): Promise<void> {
  const box = await page.getByTestId('swipe-card').boundingBox();
  if (!box) throw new Error('no card');
  const y = box.y + box.height * 0.4;
  await page.mouse.move(box.x + box.width / 2, y);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + box.width * 0.6, y + 8, { steps: 10 });
  await page.mouse.up();
}

/** Waits until the top card is another one than `before`. */
async function nextCard(page: Page, before: string | null): Promise<void> {
  await expect.poll(() => topId(page)).not.toBe(before);
}

for (const locale of ['en', 'nl'] as const) {
  test(`swipe lander in ${locale}: pass, like by key, drag and button, then the invitation opens signup`, async ({
    page,
    baseURL,
  }, info) => {
    const t = texts(locale);
    await page.context().addCookies([{ name: 'i18n_redirected', value: locale, url: baseURL! }]);
    await page.goto('/landers/tinderswipe');
    await expect(page.getByRole('heading', { level: 1, name: t.title })).toBeVisible();
    await expect(page.getByTestId('swipe-card')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    await expectAccessible(page);

    let before = await topId(page);
    await page.getByTestId('lander-swipe-pass').click();
    await nextCard(page, before);

    before = await topId(page);
    await page.keyboard.press('ArrowRight');
    await nextCard(page, before);

    before = await topId(page);
    await dragRight(page);
    await nextCard(page, before);
    await expect(page.getByTestId('lander-swipe-status')).not.toBeEmpty();

    await page.getByTestId('lander-swipe-like').click();
    const invite = page.getByTestId('lander-swipe-invite');
    await expect(invite).toBeVisible();
    await expect(invite.getByRole('heading', { name: t.invite.title_liked })).toBeFocused();
    await expect(page.getByTestId('swipe-card')).toHaveCount(0);
    await expectAccessible(page);

    const signup = invite.getByTestId('lander-swipe-signup');
    await expect(signup).toHaveText(t.invite.signup);
    await signup.click();
    if (info.project.name === 'desktop') {
      await expect(page.getByTestId('signup-modal').getByTestId('signup-flow')).toBeVisible();
      await expect(page).toHaveURL(/\/landers\/tinderswipe$/);
    } else {
      await expect(page).toHaveURL(/\/signup$/);
      await expect(page.getByTestId('signup-flow')).toBeVisible();
    }
  });
}

test('the invitation lets the visitor keep swiping', async ({ page }) => {
  await page.goto('/landers/tinderswipe');
  for (let n = 0; n < 3; n++) {
    const before = await topId(page);
    await page.getByTestId('lander-swipe-like').click();
    if (n < 2) await nextCard(page, before);
  }
  await page.getByTestId('lander-swipe-resume').click();
  await expect(page.getByTestId('swipe-card')).toBeVisible();
  await expect(page.getByTestId('lander-swipe-like')).toBeFocused();
});

test('a signed-in member is sent to the swipe game', async ({ page }) => {
  test.setTimeout(60_000);
  await confirmedMember(page, 'Lara', 'en');
  await page.goto('/landers/tinderswipe');
  await expect(page).toHaveURL(/\/swipe-game$/);
});
