import { signInAsAdmin } from './admin';
import { expect, expectAccessible, test } from './fixtures';
import { confirmedMember } from './members';
import { portraitJpeg } from './portrait';

/**
 * Fictional profiles in the staff console (issue 22, point 8), at 375 px and 1280 px: an admin creates a fictional
 * profile with a photo (the upload's progress shown), sees the preview with the fictional icon, and a member opening
 * the profile sees the site's fictional icon and warning.
 */
test('staff create a fictional profile; members see it with the fictional icon', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(150_000);
  const name = `Fee${Date.now() % 100000}`;
  const staffContext = await browser.newContext({
    viewport: page.viewportSize() ?? undefined,
    baseURL: testInfo.project.use.baseURL,
  });
  const staffPage = await staffContext.newPage();
  try {
    await signInAsAdmin(staffPage, testInfo, '/admin/profiles');
    await expect(staffPage.getByTestId('profiles-new')).toBeVisible();
    await staffPage.getByTestId('profiles-new').click();
    const form = staffPage.getByTestId('profile-form');
    await expect(form).toBeVisible();
    await staffPage.locator('#profile-kind').selectOption('fictional');
    await staffPage.locator('#profile-name').fill(name);
    await staffPage.locator('#profile-birth-date').fill('1994-04-12');
    await staffPage.locator('#profile-city').fill('Utrecht');
    await staffPage.locator('#profile-about').fill('Coffee, canals and long conversations.');
    await expect(staffPage.getByTestId('profile-preview-fictional')).toBeVisible();
    await staffPage.getByTestId('profile-save').click();
    await expect(staffPage).toHaveURL(/\/admin\/profiles\/\d+$/);
    await expect(staffPage.getByTestId('profile-saved')).toBeVisible();
    const id = Number(new URL(staffPage.url()).pathname.split('/').pop());

    await staffPage.getByTestId('profile-photo-input').setInputFiles({
      name: 'fee.jpg',
      mimeType: 'image/jpeg',
      buffer: await portraitJpeg(),
    });
    await expect(staffPage.getByTestId('profile-photos').locator('img')).toHaveCount(1, { timeout: 30_000 });
    await expectAccessible(staffPage);
    await staffPage.screenshot({ path: testInfo.outputPath('admin-profile.png'), fullPage: true });

    await staffPage.goto('/admin/profiles');
    await expect(staffPage.getByTestId('profiles-item').filter({ hasText: name })).toBeVisible();

    await confirmedMember(page, 'Vic', 'en');
    await page.goto(`/members/${id}`);
    await expect(page.getByTestId('member-name')).toContainText(name);
    await expect(page.getByTestId('member-fictional')).toBeVisible();
    await expect(page.getByTestId('member-fictional-warning')).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('member-fictional.png'), fullPage: true });
  } finally {
    await staffContext.close();
  }
});
