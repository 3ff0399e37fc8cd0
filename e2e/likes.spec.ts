import { expect, expectAccessible, test } from './fixtures';
import { CLIENT, confirmedMember } from './members';

for (const locale of ['en', 'nl'] as const) {
  test(`likes journey in ${locale}: a like, seen as new, liked back, a match for both`, async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    await page.context().addCookies([{ name: 'i18n_redirected', value: locale, url: baseURL! }]);
    const contextB = await browser.newContext({
      baseURL: baseURL!,
      viewport: page.viewportSize() ?? { width: 1280, height: 900 },
    });
    await contextB.addCookies([{ name: 'i18n_redirected', value: locale, url: baseURL! }]);
    await contextB.addInitScript(() => localStorage.setItem('dismissed.entry_warning', String(Date.now())));
    const pageB = await contextB.newPage();

    const a = await confirmedMember(page, 'Alex', locale);
    const b = await confirmedMember(pageB, 'Bo', locale);

    // A likes B from B's profile: the toggle is pressed, no match yet.
    await page.goto(`/members/${b.id}`);
    const like = page.getByTestId('member-like');
    await expect(like).toHaveAttribute('aria-pressed', 'false');
    await like.click();
    await expect(like).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('match-modal')).toHaveCount(0);

    // B sees A as a new like on the received tab, with the top-bar badge.
    await pageB.goto('/likes');
    await expect(pageB.getByTestId('likes-tab-received')).toHaveAttribute('aria-current', 'page');
    const card = pageB.getByTestId('likes-card').filter({ hasText: a.name });
    await expect(card).toBeVisible();
    await expect(card.getByTestId('likes-new')).toBeVisible();
    await expect(pageB.getByTestId('nav-badge-likes')).toHaveText('1');
    await expect(pageB).toHaveTitle(/^\(1\) /);
    await expectAccessible(pageB);

    // B opens A's profile from the likes, likes back and sees the match modal.
    await card.getByTestId('profile-card').click();
    await expect(pageB).toHaveURL(new RegExp(`/likes/m/${a.id}$`));
    await pageB.getByTestId('member-like').click();
    const modal = pageB.getByTestId('match-modal');
    await expect(modal).toBeVisible();
    await expect(modal.getByTestId('match-title')).toBeVisible();
    // Checked once the fade-in has finished (half-faded text has too little contrast).
    await expect.poll(() => modal.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
    await expect
      .poll(() => pageB.locator('.modal-backdrop').evaluate((el) => getComputedStyle(el).opacity))
      .toBe('0.5');
    await expectAccessible(pageB, '[data-testid=match-modal]');
    await modal.getByTestId('match-keep-browsing').click();
    await expect(modal).toHaveCount(0);
    await expect(pageB.getByTestId('member-like')).toHaveAttribute('aria-pressed', 'true');

    // A learns of the match at once, on the page A is on: the live like event makes the like modal ask for it.
    // (The t parameter of a notification link opens the same modal: 'the like modal announces…' below.)
    const modalA = page.getByTestId('match-modal');
    await expect(modalA.getByTestId('match-title')).toBeVisible();
    await expect(modalA).toContainText(b.name);
    await modalA.getByTestId('match-keep-browsing').click();
    await expect(modalA).toHaveCount(0);
    // Announced once: a later visit with the t parameter shows nothing more, and the parameter goes.
    await page.goto('/members?t=1');
    await expect(page).toHaveURL(/\/members$/);
    await expect(modalA).toHaveCount(0);

    // Both see each other on the matches tab; the like is no longer new.
    await pageB.goto('/likes/matches');
    await expect(pageB.getByTestId('likes-card').filter({ hasText: a.name })).toBeVisible();
    await expect(pageB.getByTestId('nav-badge-likes')).toHaveCount(0);
    await page.goto('/likes');
    await page.getByTestId('likes-tab-matches').click();
    await expect(page).toHaveURL(/\/likes\/matches$/);
    await expect(page.getByTestId('likes-card').filter({ hasText: b.name })).toBeVisible();
    await contextB.close();
  });
}

test('the likes pages ask a signed-out visitor to log in', async ({ page }) => {
  await page.goto('/likes/given');
  await expect(page).toHaveURL(/\/login\?next=%2Flikes%2Fgiven/);
});

test('the like modal announces a real new like once and leads to the liker', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const contextB = await browser.newContext({ baseURL: baseURL! });
  const pageB = await contextB.newPage();
  const a = await confirmedMember(page, 'Kim', 'de');
  const b = await confirmedMember(pageB, 'Lou', 'de');
  expect((await pageB.request.post('/api/like.php', { headers: CLIENT, data: { id: a.id } })).status()).toBe(
    200,
  );
  await contextB.close();

  await page.context().addCookies([{ name: 'i18n_redirected', value: 'de', url: baseURL! }]);
  await page.goto('/members?t=1');
  const modal = page.getByTestId('like-modal');
  await expect(modal.getByTestId('like-modal-title')).toHaveText(`${b.name} mag dich!`);
  await expect(page).toHaveURL(/\/members$/);
  await modal.getByTestId('like-modal-view').click();
  await expect(page).toHaveURL(new RegExp(`/likes/m/${b.id}$`));
  await expect(page.getByTestId('member-like')).toBeVisible();
  // Announced once: the same link shows no modal again.
  await page.goto('/members?t=1');
  await page.waitForTimeout(2000);
  await expect(page.getByTestId('like-modal')).toHaveCount(0);
});
