import type { Page, TestInfo } from '@playwright/test';
import { expect, expectAccessible, test } from './fixtures';
import { CLIENT, confirmedMember } from './members';

interface StartedPayment {
  id: number;
  bundle_id: number;
  status: string;
  checkout_url: string | null;
}

/** Starts paying the smallest bundle through the API, as the checkout would; answers the payment. */
async function startPayment(page: Page, method = 'creditcard'): Promise<StartedPayment> {
  const credits = (await (await page.request.get('/api/credits.php', { headers: CLIENT })).json()) as {
    bundles: { id: number; credits: number }[];
  };
  expect(credits.bundles.length).toBeGreaterThan(0);
  const res = await page.request.post('/api/payment.php', {
    headers: CLIENT,
    data: { bundle_id: credits.bundles[0]!.id, method },
  });
  expect(res.status()).toBe(200);
  const { payment } = (await res.json()) as { payment: StartedPayment };
  expect(payment.status).toBe('open');
  expect(payment.checkout_url).toBeTruthy();
  return payment;
}

/** Pays on the test provider's page with the given outcome; it sends the browser back to the status page. */
async function payAtProvider(page: Page, payment: StartedPayment, outcome: string): Promise<void> {
  await page.goto(payment.checkout_url!);
  await page.getByRole('button', { name: outcome, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/transactions/${payment.id}$`));
}

const shot = (page: Page, info: TestInfo, name: string, locale: string) =>
  page.screenshot({
    path: `test-results/transactions-${name}-${info.project.name}-${locale}.png`,
    fullPage: true,
  });

const TEXT = {
  en: { processing: 'Your payment is being processed', paid: 'Payment received' },
  nl: { processing: 'Je betaling wordt verwerkt', paid: 'Betaling ontvangen' },
} as const;

for (const locale of ['en', 'nl'] as const) {
  test(`payment journey in ${locale}: pending then paid, the list, a repeat order`, async ({
    page,
    baseURL,
  }, testInfo) => {
    test.setTimeout(120_000);
    await page.context().addCookies([{ name: 'i18n_redirected', value: locale, url: baseURL! }]);
    await confirmedMember(page, 'Tx', locale);

    // Not paid yet: the top bar offers premium, the list is empty and there is nothing to reorder.
    await page.goto('/transactions');
    await expect(page.getByTestId('transactions-empty')).toBeVisible();
    await expect(page.getByTestId('nav-premium')).toBeVisible();
    await expect(page.getByTestId('nav-credits')).toHaveCount(0);
    await page.goto('/credits/repeat-order');
    await expect(page.getByTestId('repeat-order-none')).toBeVisible();
    await expect(page.getByTestId('repeat-order-credits-link')).toHaveAttribute('href', '/credits');

    // Paid by card, first pending: the status page says it is being processed, then (the test provider settles
    // after about 4 s) that the credits were added; the top bar shows Credits at once.
    const first = await startPayment(page);
    await payAtProvider(page, first, 'Pending, then paid');
    const processing = page.getByTestId('payment-processing');
    await expect(processing).toBeVisible();
    await expect(processing).toContainText(TEXT[locale].processing);
    await expect(page.getByTestId('payment-status')).toHaveAttribute(
      'data-status',
      /^(pending|open|authorized)$/,
    );
    await shot(page, testInfo, 'processing', locale);
    await expectAccessible(page);

    const paid = page.getByTestId('payment-paid');
    await expect(paid).toBeVisible({ timeout: 20_000 });
    await expect(paid).toContainText(TEXT[locale].paid);
    await expect(page.getByTestId('payment-status')).toHaveAttribute('data-status', 'paid');
    await expect(page.getByTestId('nav-credits')).toBeVisible();
    await expect(page.getByTestId('nav-premium')).toHaveCount(0);
    const user = (await (await page.request.get('/api/user.php', { headers: CLIENT })).json()) as {
      user: { credits: number; paid_user: boolean };
    };
    expect(user.user.paid_user).toBe(true);
    await expect(page.getByTestId('payment-balance')).toContainText(String(user.user.credits));
    await shot(page, testInfo, 'paid', locale);
    await expectAccessible(page);

    // The list shows the payment, linking to its status page.
    await page.goto('/transactions');
    const rows = page.getByTestId('transaction-row');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toHaveAttribute('data-status', 'paid');
    await shot(page, testInfo, 'list', locale);
    await expectAccessible(page);
    await rows.first().getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`/transactions/${first.id}$`));
    await expect(page.getByTestId('payment-paid')).toBeVisible();

    // The top bar's Credits (with the balance) leads to buying credits, where the repeat order is offered: one
    // confirmed step on the card's mandate.
    await expect(page.getByTestId('nav-credits-balance')).toHaveText(String(user.user.credits));
    await page.getByTestId('nav-credits').click();
    await expect(page).toHaveURL(/\/credits$/);
    await page.getByTestId('credits-repeat-order').click();
    await expect(page).toHaveURL(/\/credits\/repeat-order$/);
    await expect(page.getByTestId('repeat-order-page')).toBeVisible();
    await expect(page.getByTestId('repeat-order-offer')).toBeVisible();
    await shot(page, testInfo, 'repeat-order', locale);
    await expectAccessible(page);
    await page.getByTestId('repeat-order-buy').click();
    await expect(page).toHaveURL(/\/transactions\/\d+$/);
    const secondId = Number(new URL(page.url()).pathname.split('/').pop());
    expect(secondId).not.toBe(first.id);
    await expect(page.getByTestId('payment-paid')).toBeVisible({ timeout: 20_000 });

    await page.goto('/transactions');
    await expect(page.getByTestId('transaction-row')).toHaveCount(2);
    await expect(page.getByTestId('transaction-row').first()).toHaveAttribute('data-status', 'paid');
  });
}

test('a cancelled payment shows the failure text in Dutch and a way to try another method', async ({
  page,
  baseURL,
}, testInfo) => {
  test.setTimeout(90_000);
  await page.context().addCookies([{ name: 'i18n_redirected', value: 'nl', url: baseURL! }]);
  await confirmedMember(page, 'Txc', 'nl');

  const payment = await startPayment(page);
  await payAtProvider(page, payment, 'Cancelled');
  const failed = page.getByTestId('payment-failed');
  await expect(failed).toBeVisible();
  await expect(page.getByTestId('payment-status')).toHaveAttribute('data-status', 'canceled');
  await expect(failed.getByTestId('payment-failed-text')).toHaveText(
    'De betaling is mislukt of geannuleeerd.',
  );
  // Another method for the same bundle.
  await expect(failed.getByTestId('payment-try-another')).toHaveAttribute(
    'href',
    new RegExp(`^/credits/${payment.bundle_id}$`),
  );
  // Nothing was bought: still no Credits in the top bar.
  await expect(page.getByTestId('nav-premium')).toBeVisible();
  await shot(page, testInfo, 'failed', 'nl');
  await expectAccessible(page);

  await page.goto('/transactions');
  await expect(page.getByTestId('transaction-row')).toHaveAttribute('data-status', 'canceled');
});

test('a failed repeat order shows the recurring failure screen: retry works, PayPal leads to the checkout', async ({
  page,
  baseURL,
}, testInfo) => {
  test.setTimeout(90_000);
  await page.context().addCookies([{ name: 'i18n_redirected', value: 'en', url: baseURL! }]);
  await confirmedMember(page, 'Txr', 'en');
  const first = await startPayment(page);
  await payAtProvider(page, first, 'Paid');
  await expect(page.getByTestId('payment-paid')).toBeVisible();
  const { offer } = (await (await page.request.get('/api/repeat-order.php', { headers: CLIENT })).json()) as {
    offer: { bundle: { id: number } } | null;
  };
  expect(offer).not.toBeNull();

  // The test provider charges a mandate successfully; the card's refusal is simulated on the way back.
  await page.route('**/api/repeat-order.php', async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    await route.fulfill({
      json: {
        payment: {
          id: 999_999,
          status: 'failed',
          credits: 25,
          amount: 995,
          currency: 'EUR',
          vat: 173,
          method: 'creditcard',
          created_at: new Date().toISOString(),
          paid_at: null,
          credits_reversed: 0,
          checkout_url: null,
        },
      },
    });
  });
  await page.goto('/credits/repeat-order');
  await page.getByTestId('repeat-order-buy').click();
  const failure = page.getByTestId('recurring-failure');
  await expect(failure).toBeVisible();
  await expect(page).toHaveURL(/\/credits\/repeat-order$/);
  await expect(failure.getByTestId('recurring-paypal')).toHaveAttribute(
    'href',
    `/credits/${offer!.bundle.id}/paypal`,
  );
  await shot(page, testInfo, 'recurring-failure', 'en');
  await expectAccessible(page);

  // Retrying charges the card again (for real this time) and goes on to the payment's status page.
  await page.unroute('**/api/repeat-order.php');
  await failure.getByTestId('recurring-retry').click();
  await expect(page).toHaveURL(/\/transactions\/\d+$/);
  await expect(page.getByTestId('payment-paid')).toBeVisible();
});
