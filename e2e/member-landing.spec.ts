import { expect, expectAccessible, test } from './fixtures';

/**
 * A member's landing pages (/members/{id}/landing, /landing2/{slug}, /landing3/{slug}): the member, and the signup
 * that writes to them (a modal on desktop, the member-linked signup page on phones).
 */
async function aMember(request: import('@playwright/test').APIRequestContext) {
  const found = (await (await request.get('/api/showcase.php')).json()) as {
    profiles: { id: number; name: string }[];
  };
  return found.profiles[0]!;
}

test('the member landing shows the member and opens the signup that writes to them', async ({
  page,
}, info) => {
  const member = await aMember(page.request);
  await page.goto(`/members/${member.id}/landing`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(member.name);
  await expectAccessible(page);
  await page.getByTestId('member-landing-signup').click();
  if (info.project.name === 'desktop') {
    await expect(page.getByTestId('signup-modal').getByTestId('signup-flow')).toBeVisible();
  } else {
    await expect(page).toHaveURL(new RegExp(`/members/${member.id}/signup$`));
    await expect(page.getByTestId('signup-flow')).toBeVisible();
  }
});

test('landing2 in Dutch by its slug, and landing3 with more members', async ({ page }) => {
  const member = await aMember(page.request);
  await page.goto(`/members/${member.id}/landing2/nl`);
  await expect(page.getByText('Begin een gesprek')).toBeVisible();
  await expect(page.getByTestId('member-landing-signup')).toContainText(`Schrijf ${member.name} een bericht`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
  await expectAccessible(page);

  await page.goto(`/members/${member.id}/landing3/eng`);
  await expect(page.getByText('Featured member')).toBeVisible();
  await expect(page.getByTestId('member-landing-related')).toBeVisible();
  await expectAccessible(page);
});

test('a member who cannot be shown gives way to other members', async ({ page }) => {
  await page.goto('/members/999999999/landing');
  await expect(page.getByTestId('member-landing-others')).toBeVisible();
  await expect(page.getByTestId('member-landing-showcase').getByTestId('profile-card').first()).toBeVisible();
});
