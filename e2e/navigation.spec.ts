import { expect, test } from './fixtures';

/**
 * Page changes: the top-bar loading progress while a screen's code is slow to come, and the code of linked screens
 * loaded ahead when the browser is idle (features/navigation).
 */
test.describe('a slow network', () => {
  // The delay is added to the page's own requests: once the service worker controls the page, it fetches the
  // screen's code itself (cache-first for /assets), which page.route does not see; whether it controls the page by
  // the click depends on timing, so here it is kept out.
  test.use({ serviceWorkers: 'block' });

  test('a slow screen shows the loading bar along the top until it opens', async ({ page }) => {
    // No loading ahead here (as for a visitor saving data): the screen's code comes only on the click, slowly.
    await page.addInitScript(() => {
      Object.defineProperty(navigator, 'connection', { value: { saveData: true }, configurable: true });
    });
    await page.goto('/');
    await expect(page.getByTestId('landing')).toBeVisible();
    await page.route('**/assets/*.js', async (route) => {
      await new Promise((r) => setTimeout(r, 1_500));
      await route.continue();
    });
    await page.getByRole('contentinfo').getByRole('link', { name: 'Pricing' }).click();
    const bar = page.getByTestId('route-loading-bar');
    await expect(bar).toBeVisible();
    await expect(bar).toHaveAccessibleName('Loading…');
    await expect(page.getByTestId('pricing-page').getByRole('heading', { level: 1 })).toHaveText('Pricing');
    await expect(bar).toHaveCount(0);
  });
});

test('the code of the screens a page links to is loaded ahead, so the click needs no download', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByTestId('landing')).toBeVisible();
  // Idle: the linked screens' code comes (at the latest after the prefetch timeout).
  await page.waitForLoadState('networkidle');
  const late: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') late.push(r.url());
  });
  await page.getByRole('contentinfo').getByRole('link', { name: 'Pricing' }).click();
  await expect(page.getByTestId('pricing-page').getByRole('heading', { level: 1 })).toHaveText('Pricing');
  expect(late).toEqual([]);
});
