import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from './fixtures';
import { mailLink, uniqueEmail } from './mailbox';
import { CLIENT, confirmedMember } from './members';

/** Chooses a radio tile by clicking its label, as a member does (the radio itself is visually hidden). */
async function chooseTile(page: Page, value: string): Promise<void> {
  await page
    .locator('.match-option', { has: page.getByTestId(`match-option-${value}`) })
    .locator('label')
    .click();
  await expect(page.getByTestId(`match-option-${value}`)).toBeChecked();
}

const SHARED = { en: /\d+ shared interests?/, fr: /\d+ centres? d'intérêt communs?/ } as const;

for (const locale of ['en', 'fr'] as const) {
  test(`match finder in ${locale}: four steps, ranked matches with reasons, a profile`, async ({
    page,
    baseURL,
  }, testInfo) => {
    test.setTimeout(120_000);
    const shot = (name: string) =>
      page.screenshot({
        path: `test-results/finder-${testInfo.project.name}-${locale}-${name}.png`,
        fullPage: false,
      });
    await page.context().addCookies([{ name: 'i18n_redirected', value: locale, url: baseURL! }]);
    await confirmedMember(page, 'Finder', locale);

    await page.goto('/match-finder');
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    const step = page.getByTestId('match-finder-step');
    const next = page.getByTestId('match-finder-next');

    // 1: who. A new member starts with the profile's wish (men) and no way back yet.
    await expect(step).toHaveAttribute('data-step', '1');
    await expect(page.getByTestId('match-finder-back')).toHaveCount(0);
    await chooseTile(page, 'male');
    await expectAccessible(page);
    await shot('step1');
    await next.click();

    // 2: age, the whole range.
    await expect(step).toHaveAttribute('data-step', '2');
    await page.getByTestId('match-max-age').selectOption('99');
    await page.getByTestId('match-min-age').selectOption('18');
    await expect(page.getByTestId('match-age-summary')).toContainText('18');
    await next.click();

    // 3: area. A member without a location cannot look nearby yet and is offered the location button.
    await expect(step).toHaveAttribute('data-step', '3');
    await expect(page.getByTestId('match-option-nearby')).toBeDisabled();
    await expect(page.getByTestId('match-finder-location')).toBeVisible();
    await chooseTile(page, 'anywhere');
    await expectAccessible(page);
    await shot('step3');

    // Back and forth keeps the answers.
    await page.getByTestId('match-finder-back').click();
    await expect(step).toHaveAttribute('data-step', '2');
    await expect(page.getByTestId('match-min-age')).toHaveValue('18');
    await expect(page.getByTestId('match-max-age')).toHaveValue('99');
    await next.click();
    await expect(page.getByTestId('match-option-anywhere')).toBeChecked();
    await next.click();

    // 4: two interests.
    await expect(step).toHaveAttribute('data-step', '4');
    await page.getByTestId('interest-travelling').click();
    await page.getByTestId('interest-music').click();
    await expect(page.getByTestId('interest-travelling')).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('interest-music')).toHaveAttribute('aria-pressed', 'true');
    await shot('step4');
    await page.getByTestId('match-finder-submit').scrollIntoViewIfNeeded();
    await shot('step4-bottom');
    await page.getByTestId('match-finder-submit').click();

    // The ranked cards, each with its reason; the best ones share an interest.
    const results = page.getByTestId('match-finder-results');
    await expect(results).toBeVisible();
    const cards = results.getByTestId('match-card');
    await expect(cards.first()).toBeVisible();
    expect(await cards.count()).toBeGreaterThan(1);
    await expect(cards.first().getByTestId('match-reason')).toHaveText(SHARED[locale]);
    for (const reason of await results.getByTestId('match-reason').all())
      await expect(reason).not.toBeEmpty();
    await expect(page.getByTestId('match-finder-edit')).toBeVisible();
    await expectAccessible(page);
    await shot('results');

    // "Show more" adds the next page while there is one.
    const more = page.getByTestId('match-finder-more');
    if (await more.isVisible()) {
      await more.scrollIntoViewIfNeeded();
      await shot('results-more');
      const before = await cards.count();
      await more.click();
      await expect.poll(() => cards.count()).toBeGreaterThan(before);
    }

    // Coming back lands on the results; "Edit preferences" reopens the questions with the saved answers.
    await page.goto('/match-finder');
    await expect(results).toBeVisible();
    await expect(step).toHaveCount(0);
    await page.getByTestId('match-finder-edit').click();
    await expect(step).toHaveAttribute('data-step', '1');
    await expect(page.getByTestId('match-option-male')).toBeChecked();
    await page.getByTestId('match-finder-cancel').click();
    await expect(results).toBeVisible();

    // A card opens the member's profile.
    const first = cards.first().getByTestId('profile-card');
    const href = await first.getAttribute('href');
    expect(href).toMatch(/^\/members\/\d+$/);
    await first.click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    await expect(page.getByTestId('member-page')).toBeVisible();
  });
}

test('a new member, not confirmed yet, sees the best matches after signing up', async ({
  page,
}, testInfo) => {
  const email = uniqueEmail('fresh');
  const res = await page.request.post('/api/signup.php', {
    headers: CLIENT,
    data: {
      email,
      name: `Fresh${Date.now() % 10000}`,
      password: 'Velvet-Harbour-42',
      date_of_birth: '1990-06-15',
      language: 'en',
      sensitive_consent: true,
    },
  });
  expect(res.status()).toBe(200);
  await page.request.put('/api/profile.php', {
    headers: CLIENT,
    data: { gender: 'female', seeking_gender: 'male', interests: ['travelling', 'music'] },
  });
  await mailLink(page, email); // the confirmation mail went out, and stays unopened

  await page.goto('/signup-matches');
  const matches = page.getByTestId('signup-matches');
  const cards = matches.getByTestId('match-card');
  await expect(cards.first()).toBeVisible();
  expect(await cards.count()).toBeLessThanOrEqual(8);
  for (const reason of await matches.getByTestId('match-reason').all()) await expect(reason).not.toBeEmpty();
  await expectAccessible(page);
  await page.screenshot({ path: `test-results/finder-${testInfo.project.name}-signup-matches.png` });

  const first = cards.first().getByTestId('profile-card');
  const href = await first.getAttribute('href');
  expect(href).toMatch(/^\/members\/\d+$/);
  await first.click();
  await expect(page.getByTestId('member-page')).toBeVisible();
  await page.goBack();
  await page.getByTestId('matches-continue').click();
  await expect(page.getByTestId('complete-email')).toHaveText(email);
});

test('the match finder asks a signed-out visitor to log in', async ({ page }) => {
  await page.goto('/match-finder');
  await expect(page).toHaveURL(/\/login\?next=%2Fmatch-finder/);
});
