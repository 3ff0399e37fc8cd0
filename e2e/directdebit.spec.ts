import type { Page, TestInfo } from '@playwright/test';
import { expect, expectAccessible, test } from './fixtures';
import { CLIENT, confirmedMember } from './members';

interface UserAnswer {
  user: { credits: number; paid_user: boolean };
}

const currentUser = async (page: Page) =>
  ((await (await page.request.get('/api/user.php', { headers: CLIENT })).json()) as UserAnswer).user;

/** Screenshots for looking at the screens, only when asked for (DD_SHOTS_DIR=/some/dir). */
async function shot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const dir = process.env.DD_SHOTS_DIR;
  if (dir) await page.screenshot({ path: `${dir}/${name}-${testInfo.project.name}.png`, fullPage: true });
}

const TEXT = {
  en: { invalid: 'Invalid code', iban: 'This IBAN is not valid' },
  nl: { invalid: 'Code ongeldig', iban: 'Dit IBAN is niet geldig' },
} as const;

/** A Dutch mobile number of this test's own (the dev mailbox lists every test's messages). */
const mobile = () =>
  `06${1 + Math.floor(Math.random() * 5)}${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;

/** The code of the newest SMS to `e164`, read on the development mailbox page in a tab of its own. */
async function codeFromMailbox(page: Page, e164: string): Promise<string> {
  const mailbox = await page.context().newPage();
  await mailbox.goto('/dev/mailbox');
  await expect(mailbox.getByTestId('dev-mailbox-page')).toBeVisible();
  const item = mailbox.getByTestId('dev-mailbox-item').filter({ hasText: e164 }).first();
  await expect
    .poll(async () => {
      if ((await item.count()) > 0) return true;
      await mailbox.getByTestId('dev-mailbox-refresh').click();
      return false;
    })
    .toBe(true);
  await item.click();
  const text = (await mailbox.getByTestId('dev-mailbox-text').textContent()) ?? '';
  const code = text.match(/\b(\d{6})\b/)?.[1];
  expect(code, text).toBeTruthy();
  await mailbox.close();
  return code!;
}

for (const locale of ['en', 'nl'] as const) {
  test(`direct debit in ${locale}: the form, the SMS code from the mailbox, paid in /transactions`, async ({
    page,
    baseURL,
  }, testInfo) => {
    test.setTimeout(120_000);
    const cspViolations: string[] = [];
    page.on('console', (msg) => {
      if (/Content.Security.Policy/i.test(msg.text())) cspViolations.push(msg.text());
    });
    await page.context().addCookies([{ name: 'i18n_redirected', value: locale, url: baseURL! }]);
    await confirmedMember(page, 'Debit', locale);
    // SEPA direct debit is offered in the euro countries: the member lives in the Netherlands.
    const moved = await page.request.put('/api/profile.php', { headers: CLIENT, data: { country: 'NL' } });
    expect(moved.status()).toBe(200);
    const before = await currentUser(page);

    // A bundle, then direct debit at checkout: the bundle and the active discount code go to /directdebit.
    await page.goto('/credits');
    const best = page.getByTestId('bundle-card').filter({ has: page.getByTestId('bundle-best-value') });
    const bundleId = Number(await best.getAttribute('data-bundle-id'));
    await best.click();
    await expect(page).toHaveURL(new RegExp(`/credits/${bundleId}$`));
    await page.locator('[data-testid="method-option"][data-method="sdd"]').click();
    // A new member's active discount (the time bonus) is applied by itself, priced by the server.
    await expect(page.getByTestId('checkout-discount')).toBeVisible();
    await expect(page.getByTestId('checkout-pay')).toBeEnabled();
    const total = (await page.getByTestId('checkout-total').textContent())!.trim();
    await page.getByTestId('checkout-pay').click();
    await expect(page).toHaveURL(new RegExp(`/directdebit\\?bundle=${bundleId}&code=TIMEBONUS25$`));
    await expect(page.getByTestId('dd-discount')).toContainText('TIMEBONUS25');
    await expect(page.getByTestId('dd-total')).toHaveText(total);
    await expect(page.getByTestId('dd-form')).toBeVisible();
    // When the credits come, said before the member signs (issue 26, point 4): a date, not 'a few days'.
    await expect(page.getByTestId('dd-credits-date')).toContainText(/\d{4}/);
    await expectAccessible(page);
    await shot(page, testInfo, `dd-form-${locale}`);

    // Nothing ticked, a wrong IBAN: the messages are at the fields and what was typed stays.
    await page.getByTestId('dd-account-holder').fill('Sanne de Vries');
    await page.getByTestId('dd-iban').fill('NL91 ABNA 0417 1643 01');
    await page.getByTestId('dd-street').fill('Keizersgracht');
    await page.getByTestId('dd-house-number').fill('12A');
    await page.getByTestId('dd-zip').fill('1015 CS');
    await page.getByTestId('dd-city').fill('Amsterdam');
    const phone = mobile();
    await page.getByTestId('dd-phone').fill(phone);
    await page.getByTestId('dd-send-code').click();
    await expect(page.getByText(TEXT[locale].iban)).toBeVisible();
    await expect(page.getByTestId('dd-authorise')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByTestId('dd-account-holder')).toHaveValue('Sanne de Vries');
    await shot(page, testInfo, `dd-form-errors-${locale}`);
    await page.getByTestId('dd-iban').fill('NL91 ABNA 0417 1643 00');
    await page.getByTestId('dd-authorise').check();
    await page.getByTestId('dd-send-code').click();

    // The code step: the account only masked, the countdown before a new code.
    const step = page.getByTestId('dd-code-step');
    await expect(step).toBeVisible();
    await expect(page.getByTestId('dd-masked-iban')).toHaveText('NL** **** **** **43 00');
    await expect(page.getByTestId('dd-resend')).toBeDisabled();
    await expect(page.getByText('0417 1643 00')).toHaveCount(0);
    await expectAccessible(page);
    await shot(page, testInfo, `dd-code-${locale}`);

    const code = await codeFromMailbox(page, `+31${phone.slice(1)}`);
    // A wrong code first: the spec's 'Code ongeldig' in Dutch.
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    await page.getByTestId('dd-otp').fill(wrong);
    await page.getByTestId('dd-confirm').click();
    await expect(step.getByText(TEXT[locale].invalid, { exact: false })).toBeVisible();
    await shot(page, testInfo, `dd-code-wrong-${locale}`);

    await page.getByTestId('dd-otp').fill(code);
    await page.getByTestId('dd-confirm').click();

    // The payment's page: pending while the bank collects it (the test provider does so after a few seconds), then
    // paid, and the credits are there.
    await expect(page).toHaveURL(/\/transactions\/\d+$/);
    const status = page.getByTestId('payment-status');
    await expect(status).toHaveAttribute('data-status', /pending|paid/);
    await shot(page, testInfo, `dd-pending-${locale}`);
    await expect(status).toHaveAttribute('data-status', 'paid', { timeout: 20_000 });
    const catalogue = (await (await page.request.get('/api/credits.php')).json()) as {
      bundles: { id: number; credits: number }[];
    };
    const credits = catalogue.bundles.find((b) => b.id === bundleId)!.credits;
    await expect
      .poll(async () => {
        const u = await currentUser(page);
        return { credits: u.credits, paid_user: u.paid_user };
      })
      .toEqual({ credits: before.credits + credits, paid_user: true });

    // The list of payments shows it, paid.
    await page.goto('/transactions');
    await expect(page.getByTestId('transaction-row').first()).toHaveAttribute('data-status', 'paid');
    await shot(page, testInfo, `dd-transactions-${locale}`);
    expect(cspViolations).toEqual([]);
  });
}
