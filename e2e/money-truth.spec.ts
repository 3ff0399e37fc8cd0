import type { Page, TestInfo } from '@playwright/test';
import { expect, expectAccessible, test } from './fixtures';
import { CLIENT, confirmedMember } from './members';

/**
 * Issue 27, "money told the same everywhere": a new member (NL, EUR, in the time bonus) sees one price of a message
 * on /pricing, /credits, checkout, the chat and /premium, the one GET /api/credits.php computes, discounted and
 * labelled; and the Pay button names exactly the amount the payment is made for.
 */

interface PriceList {
  currency: string;
  discount: { code: string; percentage: number; source: string } | null;
  bundles: { id: number; amount: number; offer: { amount: number } | null }[];
  unit_prices: { message: { from: number; bundle_id: number; offer_from: number | null } };
}

const EURO: Record<string, (minor: number) => string> = {
  en: (m) => new Intl.NumberFormat('en', { style: 'currency', currency: 'EUR' }).format(m / 100),
  nl: (m) => new Intl.NumberFormat('nl', { style: 'currency', currency: 'EUR' }).format(m / 100),
};

/** Screenshots for looking at the screens, when asked for (MONEY_SHOTS_DIR=/some/dir). */
async function shot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const dir = process.env.MONEY_SHOTS_DIR;
  if (!dir) return;
  await page.screenshot({ path: `${dir}/${name}-${testInfo.project.name}.png` });
}

for (const locale of ['en', 'nl'] as const) {
  test(`one price of a message on /pricing, /credits, checkout, the chat and /premium (${locale})`, async ({
    page,
    browser,
    baseURL,
  }, testInfo) => {
    test.setTimeout(150_000);
    // Someone to write to.
    const other = await browser.newContext({ baseURL: baseURL! });
    const partner = await confirmedMember(await other.newPage(), 'Rik', locale);
    await other.close();

    await page.context().addCookies([{ name: 'i18n_redirected', value: locale, url: baseURL! }]);
    await confirmedMember(page, 'Mia', locale);
    await page.request.put('/api/profile.php', { headers: CLIENT, data: { country: 'NL' } });

    // The server's answer: the figure every screen must show (the time bonus priced in, 25 % off).
    const list = (await (await page.request.get('/api/credits.php')).json()) as PriceList;
    expect(list.currency).toBe('EUR');
    expect(list.discount?.source).toBe('time_bonus');
    const message = list.unit_prices.message;
    expect(message.offer_from).not.toBeNull();
    const figure = EURO[locale]!(message.offer_from!);
    const listFigure = EURO[locale]!(message.from);
    expect(message.offer_from!).toBeLessThan(message.from);

    // /pricing: the member's own country (NL), whatever the address says, and the one line on the two gifts.
    await page.goto('/pricing');
    await expect(page.getByTestId('pricing-country')).toHaveText(
      locale === 'nl' ? 'Nederland' : 'Netherlands',
    );
    const terms = page.getByTestId('pricing-terms');
    await expect(terms.getByTestId('message-price')).toHaveText(figure);
    await expect(terms.locator('del')).toContainText(listFigure);
    await expect(terms.getByTestId('message-price-discount')).toBeVisible();
    await shot(page, testInfo, `pricing-${locale}`);
    await expectAccessible(page);

    // /credits: the discounted prices beside the struck-through ones before a package is chosen.
    await page.goto('/credits');
    await expect(page.getByTestId('credits-message-from').getByTestId('message-price')).toHaveText(figure);
    await expect(page.getByTestId('credits-discount-note')).toBeVisible();
    const cheapest = list.bundles.find((b) => b.id === message.bundle_id)!;
    const card = page.locator(`[data-testid="bundle-card"][data-bundle-id="${cheapest.id}"]`);
    await expect(card.getByTestId('bundle-price')).toHaveText(EURO[locale]!(cheapest.offer!.amount));
    await expect(card.locator('.bundle-card-price del')).toContainText(EURO[locale]!(cheapest.amount));
    await expect(card.getByTestId('bundle-per-message')).toHaveText(figure);
    await shot(page, testInfo, `credits-${locale}`);
    await expectAccessible(page);

    // Checkout of that package: the same price per message, and the Pay button names the charged amount.
    await card.click();
    await expect(page).toHaveURL(new RegExp(`/credits/${cheapest.id}$`));
    await expect(page.getByTestId('checkout-per-message').getByTestId('message-price')).toHaveText(figure);
    const pay = page.getByTestId('checkout-pay');
    await expect(pay).toBeDisabled();
    // Why it is disabled: the note it is described by.
    const noteId = await pay.getAttribute('aria-describedby');
    expect(noteId).toBeTruthy();
    await expect(page.locator(`[id="${noteId}"]`)).toBeVisible();
    await page.locator('[data-testid="method-option"][data-method="ideal"]').click();
    await expect(page.getByTestId('discount-applied')).toContainText(list.discount!.code);
    const charged = EURO[locale]!(cheapest.offer!.amount);
    await expect(page.getByTestId('checkout-total')).toHaveText(charged);
    await expect(pay).toBeEnabled();
    await expect(pay).toContainText(charged);
    await expect(pay).not.toContainText(EURO[locale]!(cheapest.amount));
    if (testInfo.project.name === 'phone')
      // The sticky Pay bar carries the VAT line itself.
      await expect(page.getByTestId('checkout-pay-vat')).toBeInViewport();
    await shot(page, testInfo, `checkout-${locale}`);
    await expectAccessible(page);

    // The chat: the one line, with the same figure.
    const opened = await page.request.post('/api/conversation.php', {
      headers: CLIENT,
      data: { member: partner.id },
    });
    expect(opened.status()).toBe(200);
    const { conversation } = (await opened.json()) as { conversation: { id: number } };
    await page.goto(`/chats/${conversation.id}`);
    const cost = page.getByTestId('chat-cost');
    await expect(cost.getByTestId('message-price')).toHaveText(figure);
    await expect(cost).toContainText(locale === 'nl' ? 'gratis berichten' : 'free messages left');
    await shot(page, testInfo, `chat-${locale}`);

    // /premium: the same figure again; the top bar names Premium, on the phone too.
    await page.goto('/premium');
    await expect(page.getByTestId('premium-message-from').getByTestId('message-price')).toHaveText(figure);
    await expect(page.getByTestId('nav-premium')).toContainText('Premium');
    await shot(page, testInfo, `premium-${locale}`);
    await expectAccessible(page);

    // Paying: the payment is made for exactly the amount the button named.
    await page.goto(`/credits/${cheapest.id}/ideal`);
    await expect(pay).toContainText(charged);
    await pay.click();
    await expect(page).toHaveURL(/\/test-provider\/checkout\/tr_test[0-9a-f]+$/);
    const payments = (await (await page.request.get('/api/transactions.php')).json()) as {
      payments: { amount: number; bundle_id: number }[];
    };
    expect(payments.payments[0]).toMatchObject({ amount: cheapest.offer!.amount, bundle_id: cheapest.id });
  });
}

test('after a purchase the top bar shows the balance and leads to buying credits', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  await confirmedMember(page, 'Bo', 'en');
  await page.request.put('/api/profile.php', { headers: CLIENT, data: { country: 'NL' } });
  await page.goto(`/credits/${await firstBundle(page)}/ideal`);
  await expect(page.getByTestId('checkout-pay')).toBeEnabled();
  await page.getByTestId('checkout-pay').click();
  await expect(page).toHaveURL(/\/test-provider\/checkout\//);
  await page.getByRole('button', { name: 'Paid', exact: true }).click();
  await expect(page.getByTestId('payment-paid')).toBeVisible({ timeout: 20_000 });
  const user = (await (await page.request.get('/api/user.php', { headers: CLIENT })).json()) as {
    user: { credits: number };
  };
  const balance = page.getByTestId('nav-credits-balance');
  await expect(balance).toBeVisible();
  await expect(balance).toHaveText(String(user.user.credits));
  await shot(page, testInfo, 'topbar-paid');
  await page.getByTestId('nav-credits').click();
  await expect(page).toHaveURL(/\/credits$/);
  await expect(page.getByTestId('bundle-card').first()).toBeVisible();
  // The paid member's price list has no welcome discount any more.
  await expect(page.getByTestId('credits-discount-note')).toHaveCount(0);
});

async function firstBundle(page: Page): Promise<number> {
  const list = (await (await page.request.get('/api/credits.php')).json()) as PriceList;
  return list.bundles[0]!.id;
}
