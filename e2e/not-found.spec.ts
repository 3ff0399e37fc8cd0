import { expect, expectAccessible, test } from './fixtures';

test('an unknown address shows the 404 page with a way back home', async ({ page }) => {
  const res = await page.goto('/this/does/not/exist');
  expect(res?.status()).toBe(404);
  const error = page.getByTestId('error-page');
  await expect(error.getByRole('heading', { name: 'This page could not be found' })).toBeVisible();
  await expectAccessible(page);
  await error.getByRole('link', { name: 'Back to the home page' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('landing')).toBeVisible();
});

test('an unknown API call answers JSON, not the app', async ({ request }) => {
  const res = await request.get('/api/does-not-exist.php');
  expect(res.status()).toBe(404);
  expect((await res.json()).error.code).toBe('not_found');
});
