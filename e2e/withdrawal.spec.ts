import type { Page, TestInfo } from '@playwright/test';
import { expect, expectAccessible, test } from './fixtures';
import { mailLink } from './mailbox';
import { CLIENT, confirmedMember } from './members';

/**
 * The withdrawal function (issue 23, point 3) in German and Dutch: a member buys credits through the checkout (its
 * statement asks for the service to start at once) at the built-in test provider, opens the withdrawal from the
 * receipt mail's link and from /transactions, confirms, sees the refund there and the acknowledgment in the
 * development mailbox. A purchase made now is within the 14 days: no clock is moved.
 */

const TEXT = {
  de: {
    statement: 'Mit der Zahlung verlange ich',
    button: 'Vertrag hier widerrufen',
    confirm: 'Widerruf bestätigen',
    done: 'Widerruf erhalten',
    refunded: 'erstattet',
    ack: 'Wir haben deinen Widerruf erhalten',
    receipt: /^Deine Quittung/,
  },
  nl: {
    statement: 'Door te betalen vraag ik',
    button: 'Overeenkomst hier herroepen',
    confirm: 'Herroeping bevestigen',
    done: 'Herroeping ontvangen',
    refunded: 'terugbetaald',
    ack: 'We hebben je herroeping ontvangen',
    receipt: /^Je betaalbewijs/,
  },
} as const;

const shot = (page: Page, info: TestInfo, name: string, locale: string) =>
  page.screenshot({
    path: info.outputPath(`withdrawal-${name}-${info.project.name}-${locale}.png`),
    fullPage: true,
  });

async function credits(page: Page): Promise<number> {
  const res = await page.request.get('/api/user.php', { headers: CLIENT });
  return ((await res.json()) as { user: { credits: number } }).user.credits;
}

for (const locale of ['de', 'nl'] as const) {
  test(`withdrawal in ${locale}: buy credits, withdraw, the refund and the acknowledgment`, async ({
    page,
    baseURL,
  }, testInfo) => {
    test.setTimeout(150_000);
    const text = TEXT[locale];
    await page.context().addCookies([{ name: 'i18n_redirected', value: locale, url: baseURL! }]);
    const member = await confirmedMember(page, 'Wd', locale);
    const start = await credits(page);

    // Checkout: the statement sits right above the Pay button; paying is the express request to start at once.
    const catalogue = (await (await page.request.get('/api/credits.php', { headers: CLIENT })).json()) as {
      bundles: { id: number; credits: number; amount: number }[];
    };
    const bundle = catalogue.bundles.find((b) => b.amount === 995)!;
    await page.goto(`/credits/${bundle.id}/creditcard`);
    await expect(page.getByTestId('checkout-immediate-start')).toContainText(text.statement);
    await shot(page, testInfo, 'checkout', locale);
    await page.getByTestId('checkout-pay').click();
    await expect(page).toHaveURL(/\/test-provider\/checkout\/tr_test[0-9a-f]+$/);
    await page.getByRole('button', { name: 'Paid', exact: true }).click();
    await expect(page).toHaveURL(/\/transactions\/\d+$/);
    const paymentId = Number(new URL(page.url()).pathname.split('/').pop());
    await expect.poll(() => credits(page)).toBe(start + bundle.credits);
    // What was paid (a new member's welcome discount applies by default), as both languages write it: 7,47.
    const paid = (await (
      await page.request.get(`/api/transaction.php?id=${paymentId}`, { headers: CLIENT })
    ).json()) as { payment: { amount: number } };
    const amount = (paid.payment.amount / 100).toFixed(2).replace('.', ',');

    // The receipt's link opens the confirmation step of that purchase.
    const link = new URL(await mailLink(page, member.email, text.receipt));
    expect(link.pathname + link.search).toBe(`/transactions?withdraw=${paymentId}`);
    await page.goto(link.pathname + link.search);
    const dialog = page.getByTestId('withdrawal-dialog');
    await expect(dialog.getByTestId('withdrawal-quote')).toBeVisible();
    await expect(dialog.getByTestId('withdrawal-credits')).toContainText(String(bundle.credits));
    await expect(dialog.getByTestId('withdrawal-refund')).toContainText(amount);
    await shot(page, testInfo, 'confirm', locale);
    await expectAccessible(page);
    // Not yet: closing changes nothing; the row still offers the function.
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    const row = page.getByTestId('transaction-row').filter({ has: page.getByTestId('transaction-withdraw') });
    await expect(row).toHaveCount(1);
    await shot(page, testInfo, 'list', locale);

    // From the list: the button, the server's figures, confirm.
    await row.getByRole('button', { name: text.button }).click();
    await expect(dialog.getByTestId('withdrawal-refund')).toContainText(amount);
    await dialog.getByRole('button', { name: text.confirm }).click();
    await expect(dialog.getByTestId('withdrawal-done')).toContainText(text.done);
    await shot(page, testInfo, 'done', locale);
    await page.keyboard.press('Escape');

    // The list shows the withdrawal and its refund; the credits are gone again.
    await expect(page.getByTestId('transaction-withdrawn')).toContainText(text.refunded);
    await expect(page.getByTestId('transaction-withdrawn')).toContainText(amount);
    await expect(page.getByTestId('transaction-withdraw')).toHaveCount(0);
    expect(await credits(page)).toBe(start);
    await expectAccessible(page);

    // The acknowledgment in the development mailbox, with the date and time it was received.
    await page.goto('/dev/mailbox');
    const item = page.getByTestId('dev-mailbox-item').filter({ hasText: `${text.ack} (#${paymentId})` });
    await expect(item).toHaveCount(1);
    await item.click();
    await expect(page.getByTestId('dev-mailbox-mail')).toContainText(/\d{1,2}:\d{2}:\d{2}\sUTC/);
    await shot(page, testInfo, 'mail', locale);

    // Withdrawing again is refused with the server's message.
    const again = await page.request.post('/api/withdrawal.php', {
      headers: CLIENT,
      data: { payment_id: paymentId },
    });
    expect(again.status()).toBe(409);
  });
}
