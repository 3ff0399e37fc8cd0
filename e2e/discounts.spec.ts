import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from './fixtures';
import { CLIENT, confirmedMember } from './members';

/** Spends the signup credits (10: 3 free texts, then 2 × 5) on messages to another member, leaving 0. */
async function spendAllCredits(page: Page, otherId: number) {
  const opened = await page.request.post('/api/conversation.php', {
    headers: CLIENT,
    data: { member: otherId },
  });
  const { conversation } = (await opened.json()) as { conversation: { id: number } };
  for (let i = 0; i < 5; i++) {
    const res = await page.request.post('/api/message.php', {
      headers: CLIENT,
      data: {
        conversation: conversation.id,
        client_id: crypto.randomUUID(),
        kind: 'text',
        text: `Hello ${i}`,
      },
    });
    expect(res.status()).toBe(200);
  }
  const user = (await (await page.request.get('/api/user.php', { headers: CLIENT })).json()) as {
    user: { credits: number };
  };
  expect(user.user.credits).toBe(0);
}

for (const locale of ['en', 'nl'] as const) {
  test(`time bonus in ${locale}: the countdown, the popup after 40 s at 0 credits, and 25 % off at checkout`, async ({
    page,
    browser,
    baseURL,
  }, testInfo) => {
    test.setTimeout(150_000);
    const other = await browser.newContext({ baseURL: baseURL! });
    const b = await confirmedMember(await other.newPage(), 'Kim', locale);
    await other.close();
    await page.context().addCookies([{ name: 'i18n_redirected', value: locale, url: baseURL! }]);
    await confirmedMember(page, 'Lou', locale);
    await page.request.put('/api/profile.php', { headers: CLIENT, data: { country: 'NL' } });
    await spendAllCredits(page, b.id);
    // One banner at a time, the time bonus after the photo and push prompts (banner-slot.tsx): this member has
    // dismissed those, as anyone does with one tap.
    await page.evaluate(() => {
      localStorage.setItem('dismissed.photo_alert', String(Date.now()));
      localStorage.setItem('dismissed.push_alert', String(Date.now()));
    });

    // A fake clock: the 40 s of the popup pass without waiting.
    await page.clock.install();
    await page.goto('/members');
    const banner = page.getByTestId('time-bonus-banner');
    await expect(banner).toBeVisible();
    const timer = page.getByTestId('time-bonus-banner-timer');
    await expect(timer).toHaveText(/\b[0-3]:[0-5]\d:[0-5]\d$/);
    const first = await timer.textContent();
    await page.clock.runFor(2_000);
    await expect(timer).not.toHaveText(first!);
    await expect(page.getByTestId('time-bonus-popup')).toHaveCount(0);
    await page.clock.runFor(40_000);
    const popup = page.getByTestId('time-bonus-popup');
    await expect(popup).toBeVisible();
    await expect(page.getByTestId('time-bonus-popup-timer')).toHaveText(/\b[0-3]:[0-5]\d:[0-5]\d$/);
    await expectAccessible(page);
    await page.screenshot({ path: testInfo.outputPath(`time-bonus-popup-${locale}.png`) });
    await page.getByTestId('time-bonus-popup-cta').click();
    await expect(page).toHaveURL(/\/credits$/);

    // The checkout applies the time bonus by itself: 25 % off, then the test provider and the transaction.
    const card = page.getByTestId('bundle-card').first();
    const bundleId = Number(await card.getAttribute('data-bundle-id'));
    await card.click();
    await expect(page).toHaveURL(new RegExp(`/credits/${bundleId}`));
    await page.locator('[data-testid="method-option"][data-method="ideal"]').click();
    const applied = page.getByTestId('discount-applied');
    await expect(applied).toContainText('TIMEBONUS25');
    await expect(page.getByTestId('checkout-list-price')).toBeVisible();
    const catalogue = (await (await page.request.get('/api/credits.php')).json()) as {
      bundles: { id: number; amount: number }[];
    };
    const list = catalogue.bundles.find((x) => x.id === bundleId)!.amount;
    const expected = list - Math.floor(list / 4);
    await page.screenshot({ path: testInfo.outputPath(`checkout-time-bonus-${locale}.png`) });
    await page.getByTestId('checkout-pay').click();
    await expect(page).toHaveURL(/\/test-provider\/checkout\/tr_test[0-9a-f]+$/);
    const payments = (await (await page.request.get('/api/transactions.php')).json()) as {
      payments: { amount: number }[];
    };
    expect(payments.payments[0]!.amount).toBe(expected);
  });
}

test('a wrong code says so in Dutch, and the full price stays', async ({ page, baseURL }) => {
  await page.context().addCookies([{ name: 'i18n_redirected', value: 'nl', url: baseURL! }]);
  await confirmedMember(page, 'Max', 'nl');
  await page.request.put('/api/profile.php', { headers: CLIENT, data: { country: 'NL' } });
  await page.goto('/credits');
  await page.getByTestId('bundle-card').first().click();
  await page.locator('[data-testid="method-option"][data-method="ideal"]').click();
  // The time bonus is applied; remove it and type a code that does not exist.
  await page.getByTestId('discount-remove').click();
  const toggle = page.getByTestId('discount-toggle');
  if (await toggle.isVisible()) await toggle.click();
  await page.getByTestId('discount-input').fill('NIETBESTAAND');
  await page.getByTestId('discount-apply').click();
  await expect(page.getByTestId('discount-error')).toHaveText('Code niet gevonden');
  await expect(page.getByTestId('checkout-list-price')).toHaveCount(0);
});

test('a member about to delete the account takes the discount offer instead', async ({ page }) => {
  await confirmedMember(page, 'Noa', 'en');
  await page.request.put('/api/profile.php', { headers: CLIENT, data: { country: 'NL' } });
  await page.goto('/notifications');
  await page.getByTestId('settings-delete-start').click();
  await page.getByTestId('settings-delete-reason-taking_break').click();
  await page.getByTestId('settings-delete-continue').click();
  // All four offers: another e-mail address, invisible mode, the trial package and the discount code.
  for (const offer of ['change-email', 'invisible', 'trial', 'discount'])
    await expect(page.getByTestId(`settings-offer-${offer}`)).toBeVisible();
  await expectAccessible(page);
  await page.getByTestId('settings-offer-discount-button').click();
  const code = page.getByTestId('settings-offer-discount-code');
  await expect(code).toContainText(/STAY-[A-Z2-9]{6}/);
  const text = (await code.locator('code').textContent())!;
  await page.getByTestId('settings-offer-discount-use').click();
  await expect(page).toHaveURL(new RegExp(`/credits\\?code=${text}$`));
  await page.getByTestId('bundle-card').first().click();
  await page.locator('[data-testid="method-option"][data-method="ideal"]').click();
  await expect(page.getByTestId('discount-applied')).toContainText(text);
});
