import { chooseLanguage, expect, expectAccessible, test } from './fixtures';

test.describe('landing page', () => {
  test.use({ freshVisitor: true });

  test('a first visitor sees the entry warning, dismisses it, and it stays dismissed', async ({ page }) => {
    await page.goto('/');
    const modal = page.getByTestId('entry-warning');
    await expect(modal).toBeVisible();
    await expect(modal.getByRole('heading', { name: 'Important information' })).toBeVisible();
    await expectAccessible(page);
    await page.getByTestId('entry-warning-accept').click();
    await expect(modal).toBeHidden();
    const skipped = await page.evaluate(() => Number(localStorage.getItem('dismissed.entry_warning')));
    expect(skipped).toBeGreaterThan(Date.now() - 60_000);
    await page.reload();
    await expect(page.getByTestId('landing')).toBeVisible();
    await expect(page.getByTestId('entry-warning')).toHaveCount(0);
  });

  test('shows the niche landing with members, the login button and the footer', async ({ page }) => {
    await page.goto('/');
    await page.getByTestId('entry-warning-accept').click();
    await expect(page.getByRole('heading', { level: 1, name: 'Meet singles near you' })).toBeVisible();
    await expect(page.getByTestId('landing')).toHaveAttribute('data-slug', 'eng');
    await expect(page.getByTestId('profile-card').first()).toBeVisible();
    expect(await page.getByTestId('profile-card').count()).toBeGreaterThanOrEqual(6);
    await expect(page.getByTestId('login-button')).toBeVisible();
    for (const name of [
      'Terms and conditions',
      'Privacy',
      'Cookies',
      'Ban policy',
      'Pricing',
      'Complaints',
      'Return policy',
      'FAQ',
      'Customer service',
    ]) {
      await expect(page.getByRole('contentinfo').getByRole('link', { name, exact: true })).toBeVisible();
    }
    await expect(page).toHaveTitle('Amora – meet singles near you');
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', /og-default\.jpg$/);
    await expectAccessible(page);
  });

  test('tracking parameters are stored and stripped from the address', async ({ page }) => {
    await page.goto('/?network=adnet&sub1=abc&keep=1');
    await page.getByTestId('entry-warning-accept').click();
    await expect(page).toHaveURL(/\/\?keep=1$/);
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('tracking') ?? '{}'));
    expect(stored).toMatchObject({ network: 'adnet', sub1: 'abc' });
  });

  test('the landing follows the language chosen in the dropdown', async ({ page }) => {
    await page.goto('/');
    await page.getByTestId('entry-warning-accept').click();
    await chooseLanguage(page, 'nl');
    await expect(page.getByTestId('landing')).toHaveAttribute('data-slug', 'nl');
  });
});
