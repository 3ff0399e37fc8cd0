import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { uniqueEmail } from './mailbox';
import { CLIENT, confirmedMember } from './members';

type Auth = {
  signup: { next_missing: { photo: string; personal: string } };
};
type Common = { landing: { general: { headline: string } } };
const locale = <T>(lng: string, ns: string): T =>
  JSON.parse(readFileSync(new URL(`../src/web/locales/${lng}/${ns}.json`, import.meta.url), 'utf8')) as T;

const PASSWORD = 'Velvet-Harbour-42';

/** Whether keyboard focus is inside the open dialog. */
const focusInDialog = (page: Page) =>
  page.evaluate(() => document.activeElement?.closest('[role="dialog"][aria-modal="true"]') !== null);

/** The element that has focus shows a ring (Bootstrap's focus box shadow or an outline). */
async function showsFocusRing(target: Locator): Promise<boolean> {
  return target.evaluate((el) => {
    const style = getComputedStyle(el);
    return style.boxShadow !== 'none' || (style.outlineStyle !== 'none' && style.outlineWidth !== '0px');
  });
}

/** Presses Tab until `target` has focus; answers how many presses that took (fails after `max`). */
async function tabsTo(page: Page, target: Locator, max: number): Promise<number> {
  for (let presses = 1; presses <= max; presses++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el === document.activeElement)) return presses;
  }
  throw new Error(`not reached in ${max} Tabs`);
}

for (const lng of ['en', 'nl'] as const) {
  test.describe(`keyboard and focus in ${lng}`, () => {
    test.beforeEach(async ({ page, baseURL }) => {
      await page.context().addCookies([{ name: 'i18n_redirected', value: lng, url: baseURL! }]);
    });

    test('the match modal opens on its first control, keeps Tab inside and gives focus back to Like', async ({
      page,
      browser,
      baseURL,
    }) => {
      test.setTimeout(90_000);
      const a = await confirmedMember(page, 'Kai', lng);
      const other = await browser.newContext({ baseURL: baseURL! });
      const b = await confirmedMember(await other.newPage(), 'Lin', lng);
      // B liked A already: A's like makes the match.
      const liked = await other.request.post('/api/like.php', { headers: CLIENT, data: { id: a.id } });
      expect(liked.status()).toBe(200);
      await other.close();

      await page.goto(`/members/${b.id}`);
      const like = page.getByTestId('member-like');
      await like.focus();
      await page.keyboard.press('Enter');
      const modal = page.getByTestId('match-modal');
      await expect(modal.getByTestId('match-title')).toBeVisible();
      await expect(modal.getByTestId('match-send-message')).toBeFocused();
      for (let i = 0; i < 6; i++) {
        await page.keyboard.press('Shift+Tab');
        expect(await focusInDialog(page)).toBe(true);
      }
      for (let i = 0; i < 6; i++) {
        await page.keyboard.press('Tab');
        expect(await focusInDialog(page)).toBe(true);
      }
      await page.keyboard.press('Escape');
      await expect(modal).toHaveCount(0);
      await expect(like).toBeFocused();
      await expect(like).toHaveAttribute('aria-pressed', 'true');

      // A conversation is a page change too: its heading gets focus. The header's credits link shows its ring.
      await page.goto(`/members/${b.id}`);
      await page.getByTestId('member-message').click();
      await expect(page).toHaveURL(/\/chats\/\d+$/);
      await expect(page.getByTestId('conversation-name')).toBeFocused();
      const credits = page.getByTestId('chat-credits');
      await tabsTo(page, credits, 10);
      expect(await showsFocusRing(credits)).toBe(true);
      await page.screenshot({ path: test.info().outputPath(`chat-credits-focus-${lng}.png`) });
    });

    test('a profile opened from a scrolled list opens at the top with its name focused; back returns to the list', async ({
      page,
    }) => {
      test.setTimeout(90_000);
      await confirmedMember(page, 'Mira', lng);
      await page.goto('/members');
      const heading = page.locator('#main h1');
      await expect(heading).toBeVisible();
      // The first load leaves focus where the browser puts it.
      await expect(heading).not.toBeFocused();
      // Everyone (not only the member's own defaults), so the list is long.
      for (const [filter, option, inUrl] of [
        ['gender', '', 'any'],
        ['country', '', 'any'],
        ['min_age', '18', '18'],
        ['max_age', '99', '99'],
      ] as const) {
        await page.getByTestId(`members-filter-${filter}`).selectOption(option);
        await expect(page).toHaveURL(new RegExp(`${filter}=${inUrl}`));
      }

      await expect(page.getByTestId('profile-card')).toHaveCount(24);
      const card = page.getByTestId('profile-card').last();
      await card.scrollIntoViewIfNeeded();
      const listOffset = await page.evaluate(() => window.scrollY);
      expect(listOffset).toBeGreaterThan(200);
      await card.click();
      await expect(page).toHaveURL(/\/members\/\d+$/);
      const name = page.getByTestId('member-name');
      await expect(name).toBeInViewport();
      await expect(name).toBeFocused();
      // At the top of the page, with the profile's first button on screen too.
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      await expect(page.getByTestId('member-message')).toBeInViewport();

      await page.goBack();
      await expect(page).toHaveURL(/\/members\?.*max_age=99/);
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(listOffset - 50);
      await expect(card).toBeInViewport();

      // A top-bar link to another page: its heading gets focus.
      await page.getByTestId('nav-likes').click();
      await expect(page.locator('#main h1')).toBeFocused();
    });

    test('a new member sees at most one banner, above the first card', async ({ page }) => {
      const email = uniqueEmail(`banner-${lng}`);
      const res = await page.request.post('/api/signup.php', {
        headers: CLIENT,
        data: {
          email,
          name: `Noa${Date.now() % 10000}`,
          password: PASSWORD,
          date_of_birth: '1991-03-02',
          language: lng,
          sensitive_consent: true,
        },
      });
      expect(res.status()).toBe(200);
      // Not confirmed, no photo, push not on: the activation reminder, the photo and push prompts all apply.
      await page.goto('/members');
      const first = page.getByTestId('profile-card').first();
      await expect(first).toBeVisible();
      const banners = page.locator('.layout-banners > *');
      await expect(banners).toHaveCount(1);
      await expect(page.getByTestId('activation-banner')).toBeVisible();
      const banner = await banners.first().boundingBox();
      const card = await first.boundingBox();
      expect(banner!.y + banner!.height).toBeLessThanOrEqual(card!.y);
      await page.screenshot({ path: test.info().outputPath(`new-member-${lng}.png`) });
    });
  });

  test.describe(`a visitor in ${lng} by keyboard`, () => {
    test.use({ freshVisitor: true });

    test('past the 18+ warning, the signup and its steps: headings focused, Next explained, About in a few Tabs', async ({
      page,
      baseURL,
    }) => {
      test.setTimeout(120_000);
      const auth = locale<Auth>(lng, 'auth');
      const common = locale<Common>(lng, 'common');
      await page.context().addCookies([{ name: 'i18n_redirected', value: lng, url: baseURL! }]);
      await page.goto('/');

      // The tab title follows the language (the site's own title is English).
      if (lng === 'nl') await expect(page).toHaveTitle(`${common.landing.general.headline} - Amora`);
      else await expect(page).toHaveTitle(/meet singles near you/);

      // The 18+ warning opens on its main button, and Shift+Tab stays in it; past it, the page heading has focus.
      const accept = page.getByTestId('entry-warning-accept');
      await expect(accept).toBeFocused();
      for (let i = 0; i < 5; i++) {
        await page.keyboard.press('Shift+Tab');
        expect(await focusInDialog(page)).toBe(true);
      }
      await accept.focus();
      await page.keyboard.press('Enter');
      await expect(page.getByTestId('entry-warning')).toHaveCount(0);
      await expect(page.locator('#main h1')).toBeFocused();

      // Sign up: a page on phones (its heading focused), a dialog on desktop (its first field focused).
      await page.getByTestId('cta-signup').focus();
      await page.keyboard.press('Enter');
      const form = page.getByTestId('signup-form');
      await expect(form).toBeVisible();
      if (test.info().project.name === 'phone') {
        await expect(page).toHaveURL(/\/signup$/);
        await expect(page.locator('#main h1')).toBeFocused();
      } else {
        await expect(form.locator('input').first()).toBeFocused();
      }
      await form.locator('input[name=email]').fill(uniqueEmail(`keys-${lng}`));
      await form.locator('input[name=name]').fill(`Ivo${Date.now() % 10000}`);
      await form.locator('input[name=password]').fill(PASSWORD);
      const selects = form.locator('select');
      await selects.nth(0).selectOption('17');
      await selects.nth(1).selectOption('05');
      await selects.nth(2).selectOption('1990');
      await page.getByTestId('sensitive-consent-checkbox').check();
      await page.getByTestId('signup-submit').click();

      // Photo step: its heading has focus; Next says why it waits and is still reached by Tab.
      const photo = page.getByTestId('signup-step-photo');
      await expect(photo.locator('h2')).toBeFocused({ timeout: 15_000 });
      const next = page.getByTestId('signup-next');
      await expect(next).toHaveAttribute('aria-disabled', 'true');
      await expect(page.getByTestId('signup-next-reason')).toHaveText(auth.signup.next_missing.photo);
      await expect(next).toHaveAccessibleDescription(auth.signup.next_missing.photo);
      // "Choose a photo" (a label around a hidden file input) shows a focus ring.
      await tabsTo(page, page.getByTestId('signup-photo-input'), 3);
      expect(await showsFocusRing(photo.locator('label.btn'))).toBe(true);
      await page.screenshot({ path: test.info().outputPath(`photo-step-${lng}.png`) });
      await tabsTo(page, next, 3);
      await page.keyboard.press('Enter');
      await expect(photo).toBeVisible();
      await page.getByTestId('signup-skip').focus();
      await page.keyboard.press('Enter');

      // Personal step: heading focused, Next explained until gender and orientation are chosen.
      const personal = page.getByTestId('signup-step-personal');
      await expect(personal.locator('h2')).toBeFocused();
      await expect(page.getByTestId('signup-next-reason')).toHaveText(auth.signup.next_missing.personal);
      await personal.locator('label:has(input[name=gender][value=female])').click();
      await personal.locator('label:has(input[name=sexuality][value=hetero])').click();
      await expect(page.getByTestId('signup-next-reason')).toHaveCount(0);
      await expect(next).not.toHaveAttribute('aria-disabled', 'true');
      await next.focus();
      await page.keyboard.press('Enter');

      // About step: the interests are one Tab stop (arrow keys inside), so Next is four Tabs from the heading.
      const about = page.getByTestId('signup-step-about');
      await expect(about.locator('h2')).toBeFocused();
      await page.keyboard.press('Tab');
      await expect(about.locator('textarea')).toBeFocused();
      await page.keyboard.type('Canal walks and good coffee.');
      await page.keyboard.press('Tab');
      const chips = about.locator('button[aria-pressed]');
      await expect(chips.first()).toBeFocused();
      await page.keyboard.press('ArrowRight');
      await expect(chips.nth(1)).toBeFocused();
      await page.keyboard.press('Space');
      await expect(chips.nth(1)).toHaveAttribute('aria-pressed', 'true');
      await page.screenshot({ path: test.info().outputPath(`about-step-${lng}.png`) });
      expect(await tabsTo(page, next, 4)).toBe(2);
      await page.keyboard.press('Enter');
      await expect(page.getByTestId('signup-step-push').locator('h2')).toBeFocused();
    });
  });
}
