import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from './fixtures';
import { CLIENT, confirmedMember } from './members';

type SwipeTexts = {
  title: string;
  likes_left_one: string;
  likes_left_other: string;
  limit: { title: string };
};
const texts = (locale: string) =>
  JSON.parse(readFileSync(`src/web/locales/${locale}/swipe.json`, 'utf8')) as SwipeTexts;
const left = (t: SwipeTexts, n: number) =>
  (n === 1 ? t.likes_left_one : t.likes_left_other).replace('{{count}}', String(n)).replace('{{total}}', '4');

/**
 * A new member's default deck is the own country and age ±10: the demo data has only a few such men per country,
 * fewer than a game needs. Men of any age anywhere are plenty.
 */
const ANYONE = { gender: 'male', min_age: 18, max_age: 99, area: 'anywhere', radius_km: 50, interests: [] };

/**
 * Drags the top card `dx` pixels sideways: a real touch (Chrome DevTools touch events, so touch-action and the
 * browser's own gesture handling take part) on a touch project, the mouse elsewhere.
 */
async function dragCard(
  page: Page,
  touch: boolean,
  dx: number,
  beforeRelease?: () => Promise<unknown>,
): Promise<void> {
  const box = await page.getByTestId('swipe-card').boundingBox();
  if (!box) throw new Error('no card');
  const x = box.x + box.width / 2;
  const y = box.y + box.height * 0.4;
  const steps = 10;
  if (touch) {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
    for (let i = 1; i <= steps; i++)
      await cdp.send('Input.dispatchTouchEvent', {
        type: 'touchMove',
        touchPoints: [{ x: x + (dx * i) / steps, y: y + i }],
      });
    await beforeRelease?.();
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await cdp.detach();
  } else {
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x + dx, y + 10, { steps });
    await beforeRelease?.();
    await page.mouse.up();
  }
}

for (const locale of ['en', 'de'] as const) {
  test(`swipe game in ${locale}: pass by key, like by drag, button and key, then the day's limit`, async ({
    page,
    baseURL,
  }, testInfo) => {
    test.setTimeout(90_000);
    const t = texts(locale);
    const touch = testInfo.project.use.hasTouch === true;
    const shot = (name: string) =>
      page.screenshot({ path: `test-results/swipe-${name}-${testInfo.project.name}-${locale}.png` });
    await page.context().addCookies([{ name: 'i18n_redirected', value: locale, url: baseURL! }]);
    await confirmedMember(page, 'Swiper', locale);
    const saved = await page.request.put('/api/match-preferences.php', { headers: CLIENT, data: ANYONE });
    expect(saved.status()).toBe(200);

    await page.goto('/swipe-game');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.title);
    const card = page.getByTestId('swipe-card');
    const counter = page.getByTestId('swipe-likes-left');
    await expect(card).toBeVisible();
    await expect(counter).toHaveText(left(t, 4));
    await expect(card.getByRole('heading', { level: 2 })).toBeVisible();
    // Wait for the photo, then look.
    await expect
      .poll(() =>
        card.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
      )
      .toBe(true);
    await shot('deck');
    await expectAccessible(page);

    const idOf = () => card.getAttribute('data-member-id');
    const nextCard = async (before: string | null) => {
      await expect(card).not.toHaveAttribute('data-member-id', before ?? '');
      await expect(card).toBeVisible();
    };

    // A pass by the left arrow key: the next card, no like used.
    let id = await idOf();
    await page.keyboard.press('ArrowLeft');
    await nextCard(id);
    await expect(counter).toHaveText(left(t, 4));

    // A short drag snaps back...
    id = await idOf();
    await dragCard(page, touch, 40);
    await page.waitForTimeout(600);
    await expect(card).toHaveAttribute('data-member-id', id ?? '');
    await expect(counter).toHaveText(left(t, 4));

    // ...a long one to the right is a like.
    const box = await card.boundingBox();
    await dragCard(page, touch, (box?.width ?? 300) * 0.6, async () => {
      // Mid-drag: the card follows, tilted, with the LIKE stamp.
      await expect.poll(() => card.evaluate((el) => Number(el.style.getPropertyValue('--like')))).toBe(1);
      await shot('drag');
    });
    await nextCard(id);
    await expect(counter).toHaveText(left(t, 3));

    // The like button, then the right arrow key.
    id = await idOf();
    await page.getByTestId('swipe-like').click();
    await nextCard(id);
    await expect(counter).toHaveText(left(t, 2));
    id = await idOf();
    await page.keyboard.press('ArrowRight');
    await nextCard(id);
    await expect(counter).toHaveText(left(t, 1));

    // The last like of the day: the limit panel takes the stack's place.
    await page.getByTestId('swipe-like').click();
    const limit = page.getByTestId('swipe-limit');
    await expect(limit).toBeVisible();
    await expect(limit.getByRole('heading')).toHaveText(t.limit.title);
    await expect(limit.getByTestId('swipe-next-free')).toBeVisible();
    await expect(limit.locator('a[href="/likes"]')).toBeVisible();
    await expect(limit.locator('a[href="/members"]')).toBeVisible();
    await expect(counter).toHaveText(left(t, 0));
    await expect(card).toHaveCount(0);
    await shot('limit');
    await expectAccessible(page);

    // The server agrees: four likes given, and a new visit starts at the panel.
    const likes = (await (
      await page.request.get('/api/likes.php?tab=given', { headers: CLIENT })
    ).json()) as { counts: { given: number } };
    expect(likes.counts.given).toBe(4);
    await page.reload();
    await expect(page.getByTestId('swipe-limit')).toBeVisible();
  });
}

test('an empty deck says what to do next', async ({ page, baseURL }, testInfo) => {
  await page.context().addCookies([{ name: 'i18n_redirected', value: 'en', url: baseURL! }]);
  await confirmedMember(page, 'Empty', 'en');
  await page.route('**/api/swipe-game.php', (route) =>
    route.fulfill({
      json: { deck: [], likes_left: 4, likes_per_day: 4, next_free_at: new Date().toISOString() },
    }),
  );
  await page.goto('/swipe-game');
  const empty = page.getByTestId('swipe-empty');
  await expect(empty).toBeVisible();
  await expect(empty.locator('a[href="/match-finder"]')).toBeVisible();
  await expect(empty.locator('a[href="/members"]')).toBeVisible();
  await page.screenshot({ path: `test-results/swipe-empty-${testInfo.project.name}-en.png` });
  await expectAccessible(page);
});

test('a card without a photo shows a placeholder and why the member fits', async ({
  page,
  baseURL,
}, testInfo) => {
  await page.context().addCookies([{ name: 'i18n_redirected', value: 'en', url: baseURL! }]);
  await confirmedMember(page, 'Why', 'en');
  const member = (id: number, name: string) => ({
    id,
    name,
    age: 41,
    city: 'Amsterdam',
    country: 'NL',
    fictional: false,
    main_image: null,
    shared_interests: 3,
    distance_km: 12,
  });
  await page.route('**/api/swipe-game.php', (route) =>
    route.fulfill({
      json: {
        deck: [member(900001, 'Sebastian'), member(900002, 'Jonas')],
        likes_left: 2,
        likes_per_day: 4,
        next_free_at: new Date().toISOString(),
      },
    }),
  );
  await page.goto('/swipe-game');
  const card = page.getByTestId('swipe-card');
  await expect(card.getByRole('img', { name: /Sebastian/ })).toBeVisible();
  await expect(card.getByTestId('swipe-why')).toHaveText('3 shared interests · 12 km');
  await expect(page.getByTestId('swipe-like')).toHaveAccessibleName('Like Sebastian');
  await expect(page.getByTestId('swipe-likes-left')).toHaveText('2 of 4 likes left today');
  await page.screenshot({ path: `test-results/swipe-placeholder-${testInfo.project.name}-en.png` });
});

test('the swipe game asks a signed-out visitor to log in', async ({ page }) => {
  await page.goto('/swipe-game');
  await expect(page).toHaveURL(/\/login\?next=%2Fswipe-game/);
});
