import type { APIRequestContext } from '@playwright/test';
import { expect, expectAccessible, test } from './fixtures';
import { mailLink, uniqueEmail } from './mailbox';
import { portraitJpeg } from './portrait';

const CLIENT = { 'X-Request-Type': 'client' };

/** A confirmed member signed in in this browser context (signup through the API, confirmed by the mailed link). */
async function signedInMember(request: APIRequestContext, language: string): Promise<string> {
  const email = uniqueEmail('member');
  const res = await request.post('/api/signup.php', {
    headers: CLIENT,
    data: {
      email,
      name: `Robin${Date.now() % 10000}`,
      password: 'Velvet-Harbour-42',
      date_of_birth: '1991-04-02',
      language,
      sensitive_consent: true,
    },
  });
  expect(res.status()).toBe(200);
  await request.put('/api/profile.php', {
    headers: CLIENT,
    data: { gender: 'female', seeking_gender: 'male' },
  });
  return email;
}

for (const locale of ['en', 'de'] as const) {
  test(`member journey in ${locale}: edit the profile, upload a photo, search with filters, open a profile, block and unblock`, async ({
    page,
    context,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    await context.addCookies([{ name: 'i18n_redirected', value: locale, url: baseURL! }]);
    const email = await signedInMember(page.request, locale);
    const link = new URL(await mailLink(page, email));
    await page.goto(link.pathname + link.search);
    await expect(page.getByTestId('activate-done-page')).toBeVisible();

    // Own profile: write about me and upload a photo (the add-photo banner shows until there is one).
    await page.goto('/profile');
    await expect(page.getByTestId('profile-page')).toBeVisible();
    await expect(page.getByTestId('add-photo-banner')).toHaveCount(0); // hidden on the profile page itself
    await page.getByTestId('profile-about-text').fill('Coffee, long walks and a good book.');
    await page.getByTestId('profile-about-save').click();
    await expect(page.getByTestId('profile-about-saved')).toBeVisible();
    await page
      .getByTestId('photo-upload-input')
      .setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: await portraitJpeg() });
    await expect(page.getByTestId('own-photo')).toHaveCount(1);
    await expect(page.getByTestId('photo-badge-main')).toBeVisible();
    await expectAccessible(page);
    await page.reload();
    await expect(page.getByTestId('profile-about-text')).toHaveValue('Coffee, long walks and a good book.');

    // Search with filters kept in the address.
    await page.goto('/members');
    await expect(page.getByTestId('members-page')).toBeVisible();
    await page.getByTestId('members-filter-gender').selectOption('male');
    await page.getByTestId('members-filter-min_age').selectOption('25');
    await expect(page).toHaveURL(/gender=male/);
    await expect(page).toHaveURL(/min_age=25/);
    const results = page.getByTestId('members-grid').getByTestId('profile-card');
    await expect(results.first()).toBeVisible();
    await expectAccessible(page);

    // Open a profile, block and unblock.
    await results.first().click();
    await expect(page.getByTestId('member-page')).toBeVisible();
    const name = await page.getByTestId('member-name').textContent();
    expect(name?.length ?? 0).toBeGreaterThan(0);
    await expectAccessible(page);
    await page.getByTestId('member-block').click();
    await expect(page.getByTestId('member-block-confirm')).toBeVisible();
    await page.getByTestId('member-block-submit').click();
    await expect(page.getByTestId('member-blocked')).toBeVisible();
    await page.getByTestId('member-unblock').click();
    await expect(page.getByTestId('member-block')).toBeVisible();
  });
}

test('a signed-out visitor searching sees members and is asked to sign up on a profile', async ({ page }) => {
  await page.goto('/members');
  const results = page.getByTestId('members-grid').getByTestId('profile-card');
  await expect(results.first()).toBeVisible();
  await results.first().click();
  await expect(page.getByTestId('member-signup-write')).toBeVisible();
});
