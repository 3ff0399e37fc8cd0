import type { Page, TestInfo } from '@playwright/test';
import { expect, expectAccessible, test } from './fixtures';
import { CLIENT, confirmedMember } from './members';

interface UserAnswer {
  user: { credits: number; paid_user: boolean; profile: { country: string } };
}

const currentUser = async (page: Page) =>
  ((await (await page.request.get('/api/user.php', { headers: CLIENT })).json()) as UserAnswer).user;

/**
 * Screenshots for looking at the screens, only when asked for (BUY_SHOTS_DIR=/some/dir): the whole page, and on a
 * phone also what the screen shows at the top and at the bottom (sticky parts are where a member sees them).
 */
async function shot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const dir = process.env.BUY_SHOTS_DIR;
  if (!dir) return;
  const file = `${dir}/${name}-${testInfo.project.name}`;
  await page.screenshot({ path: `${file}.png`, fullPage: true });
  if (testInfo.project.name !== 'phone') return;
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${file}-top.png` });
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.screenshot({ path: `${file}-bottom.png` });
  await page.evaluate(() => window.scrollTo(0, 0));
}

/** From /credits to the test provider's page: the best-value bundle, paid with iDEAL. */
async function startPayment(
  page: Page,
  testInfo: TestInfo,
  locale: string,
  opts: { providerDownFirst?: boolean } = {},
): Promise<number> {
  await page.goto('/credits');
  await expect(page.getByTestId('credits-page')).toBeVisible();
  const cards = page.getByTestId('bundle-card');
  await expect(cards.first()).toBeVisible();
  expect(await cards.count()).toBeGreaterThanOrEqual(2);
  await shot(page, testInfo, `credits-${locale}`);
  const best = cards.filter({ has: page.getByTestId('bundle-best-value') });
  await expect(best).toHaveCount(1);
  const bundleId = Number(await best.getAttribute('data-bundle-id'));
  await best.click();
  await expect(page).toHaveURL(new RegExp(`/credits/${bundleId}$`));

  const checkout = page.getByTestId('checkout-page');
  await expect(checkout.getByTestId('checkout-total')).toBeVisible();
  await expect(page.getByTestId('checkout-pay')).toBeDisabled();
  await page.locator('[data-testid="method-option"][data-method="ideal"]').click();
  await expect(page).toHaveURL(new RegExp(`/credits/${bundleId}/ideal$`));
  await expect(page.locator('[data-testid="method-option"][data-method="ideal"] input')).toBeChecked();
  // The choice is in the URL: a reload keeps it.
  await page.reload();
  await expect(page.locator('[data-testid="method-option"][data-method="ideal"] input')).toBeChecked();
  await expect(page.getByTestId('payments-test-mode')).toBeVisible();
  await expectAccessible(page);
  await shot(page, testInfo, `checkout-${locale}`);

  if (opts.providerDownFirst) {
    // The provider cannot be reached: the server's translated message, and a retry that works once it is back.
    await page.route('**/api/payment.php', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({
          error: { code: 'payment_provider_unavailable', message: 'Payment service unreachable (test).' },
        }),
      }),
    );
    await page.getByTestId('checkout-pay').click();
    await expect(page.getByTestId('checkout-error')).toContainText('Payment service unreachable (test).');
    await expect(page).toHaveURL(new RegExp(`/credits/${bundleId}/ideal$`));
    await shot(page, testInfo, `checkout-error-${locale}`);
    await page.unroute('**/api/payment.php');
    await page.getByTestId('checkout-retry').click();
  } else {
    await page.getByTestId('checkout-pay').click();
  }
  await expect(page).toHaveURL(/\/test-provider\/checkout\/tr_test[0-9a-f]+$/);
  await expect(page.getByText('Test payment.')).toBeVisible();
  return bundleId;
}

for (const locale of ['en', 'nl'] as const) {
  test(`buying credits in ${locale}: a cancelled payment, then a paid one with iDEAL`, async ({
    page,
    baseURL,
  }, testInfo) => {
    test.setTimeout(120_000);
    // The screens work under the strict Content-Security-Policy (no inline styles): no violation on the console.
    const cspViolations: string[] = [];
    page.on('console', (msg) => {
      if (/Content.Security.Policy/i.test(msg.text())) cspViolations.push(msg.text());
    });
    await page.context().addCookies([{ name: 'i18n_redirected', value: locale, url: baseURL! }]);
    await confirmedMember(page, 'Buyer', locale);
    // iDEAL is Dutch: the member lives in the Netherlands (a new member's country comes from GeoIP or the language).
    const moved = await page.request.put('/api/profile.php', { headers: CLIENT, data: { country: 'NL' } });
    expect(moved.status()).toBe(200);
    const before = await currentUser(page);
    expect(before.profile.country).toBe('NL');
    expect(before.paid_user).toBe(false);

    // The package overview of a free member.
    await page.goto('/premium');
    await expect(page.getByTestId('premium-page')).toBeVisible();
    await expect(page.getByTestId('premium-package')).toHaveCount(4);
    await expect(page.locator('[data-testid="premium-package"][data-style="p3"]')).toBeVisible();
    await expectAccessible(page);
    await shot(page, testInfo, `premium-${locale}`);

    // Cancelled at the provider: back on the payment's status page, nothing bought.
    await startPayment(page, testInfo, locale, { providerDownFirst: true });
    await page.getByRole('button', { name: 'Cancelled', exact: true }).click();
    await expect(page).toHaveURL(/\/transactions\/\d+$/);
    const afterCancel = await currentUser(page);
    expect(afterCancel.credits).toBe(before.credits);
    expect(afterCancel.paid_user).toBe(false);

    // Paid: the credits are added and the member is premium.
    const bundleId = await startPayment(page, testInfo, locale);
    const catalogue = (await (await page.request.get('/api/credits.php')).json()) as {
      bundles: { id: number; credits: number }[];
    };
    const credits = catalogue.bundles.find((b) => b.id === bundleId)!.credits;
    await page.getByRole('button', { name: 'Paid', exact: true }).click();
    await expect(page).toHaveURL(/\/transactions\/\d+$/);
    await expect
      .poll(async () => {
        const u = await currentUser(page);
        return { credits: u.credits, paid_user: u.paid_user };
      })
      .toEqual({ credits: before.credits + credits, paid_user: true });
    expect(cspViolations).toEqual([]);
  });
}

test('the buying screens ask a signed-out visitor to log in; /pricing shows the bundles to everyone', async ({
  page,
}, testInfo) => {
  await page.goto('/credits/1/ideal');
  await expect(page).toHaveURL(/\/login\?next=%2Fcredits%2F1%2Fideal/);
  await page.goto('/pricing');
  const table = page.getByTestId('pricing-bundles');
  await expect(table.getByTestId('pricing-bundle').first()).toBeVisible();
  await expect(table.getByTestId('pricing-vat-note')).toBeVisible();
  await expectAccessible(page);
  await shot(page, testInfo, 'pricing-en');
});
