import type { Page, TestInfo } from '@playwright/test';
import { expect, expectAccessible, test } from './fixtures';
import { CLIENT, confirmedMember } from './members';

/**
 * Issue 27, points 17 and 18 in the browser: the direct-debit page when no more codes may go to a phone number (the
 * SMS limit per number), and the unsubscribe link of a notification mail opened without a session.
 */

/** Screenshots for looking at the screens, only when asked for (GUARD_SHOTS_DIR=/some/dir). */
async function shot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const dir = process.env.GUARD_SHOTS_DIR;
  if (dir) await page.screenshot({ path: `${dir}/${name}-${testInfo.project.name}.png`, fullPage: true });
}

const TEXT = {
  en: {
    title: 'No code can be sent right now',
    other: 'Pay with another method',
    question: 'Do you want to stop receiving e-mails about likes?',
  },
  nl: {
    title: 'Er kan nu geen code worden verstuurd',
    other: 'Betaal met een andere methode',
    question: 'Wil je geen e-mails meer ontvangen over likes?',
  },
} as const;

/** A Dutch mobile number of this test's own. */
const mobile = () =>
  `06${1 + Math.floor(Math.random() * 5)}${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;

for (const locale of ['en', 'nl'] as const) {
  test(`direct debit in ${locale}: a number that had its codes is refused with another way to pay`, async ({
    page,
    baseURL,
  }, testInfo) => {
    test.setTimeout(90_000);
    await page.context().addCookies([{ name: 'i18n_redirected', value: locale, url: baseURL! }]);
    await confirmedMember(page, 'Sms', locale);
    expect(
      (await page.request.put('/api/profile.php', { headers: CLIENT, data: { country: 'NL' } })).status(),
    ).toBe(200);
    const catalogue = (await (await page.request.get('/api/credits.php')).json()) as {
      bundles: { id: number }[];
    };
    const bundleId = catalogue.bundles[0]!.id;
    const phone = mobile();
    const form = {
      bundle_id: bundleId,
      account_holder: 'Sanne de Vries',
      iban: 'NL91ABNA0417164300',
      street: 'Keizersgracht',
      house_number: '12A',
      zip: '1015 CS',
      city: 'Amsterdam',
      phone,
      authorise: true,
    };
    // The number's codes for this hour, sent through the API as the form sends them.
    let sent = 0;
    for (;;) {
      const res = await page.request.post('/api/directdebit.php', { headers: CLIENT, data: form });
      if (res.status() !== 200) {
        expect(res.status(), await res.text()).toBe(429);
        break;
      }
      sent += 1;
      expect(sent).toBeLessThan(10);
    }

    await page.goto(`/directdebit?bundle=${bundleId}`);
    await expect(page.getByTestId('dd-form')).toBeVisible();
    await page.getByTestId('dd-account-holder').fill('Sanne de Vries');
    await page.getByTestId('dd-iban').fill('NL91 ABNA 0417 1643 00');
    await page.getByTestId('dd-street').fill('Keizersgracht');
    await page.getByTestId('dd-house-number').fill('12A');
    await page.getByTestId('dd-zip').fill('1015 CS');
    await page.getByTestId('dd-city').fill('Amsterdam');
    await page.getByTestId('dd-phone').fill(phone);
    await page.getByTestId('dd-authorise').check();
    await page.getByTestId('dd-send-code').click();

    const refusal = page.getByTestId('dd-sms-limit');
    await expect(refusal).toBeVisible();
    await expect(refusal).toContainText(TEXT[locale].title);
    // Shown where the member looks: brought into view from the button at the form's foot.
    await expect(refusal).toBeInViewport();
    await expect(page.getByTestId('dd-code-step')).toHaveCount(0);
    // What was typed stays; another number or another method is the way on.
    await expect(page.getByTestId('dd-phone')).toHaveValue(phone);
    await expectAccessible(page);
    await shot(page, testInfo, `dd-sms-limit-${locale}`);
    await refusal.getByRole('link', { name: TEXT[locale].other }).click();
    await expect(page).toHaveURL(new RegExp(`/credits/${bundleId}$`));
  });
}

test('the unsubscribe link of a notification mail opens the page that asks first, without a session', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(150_000);
  // A like for a Dutch member, mailed by the dispatcher (the dev mailbox shows the mail).
  const likedMember = await confirmedMember(page, 'Liked', 'nl');
  const liked = (await (await page.request.get('/api/user.php', { headers: CLIENT })).json()) as {
    user: { email: string };
  };
  const other = await browser.newContext({ baseURL: baseURL! });
  const liker = await other.newPage();
  await confirmedMember(liker, 'Liker', 'en');
  expect(
    (await liker.request.post('/api/like.php', { headers: CLIENT, data: { id: likedMember.id } })).status(),
  ).toBe(200);
  await other.close();
  // The liked member stops looking at the site (the beacon) and leaves: the mail is sent, and read without a session.
  expect((await page.request.post('/api/page-hidden.php', { headers: CLIENT, data: {} })).status()).toBe(204);
  await page.request.get('/api/logout.php', { headers: CLIENT });
  await page.context().clearCookies();

  // The mail goes out once the type's delay (a minute) has passed; its text part carries the unsubscribe link.
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const res = await page.request.get(`/api/dev/mailbox.php?to=${encodeURIComponent(liked.user.email)}`);
        const { mails } = (await res.json()) as { mails: { text: string }[] };
        link = mails.map((m) => m.text.match(/https?:\/\/\S+\/unsubscribe\?token=\S+/)?.[0]).find(Boolean);
        return link !== undefined;
      },
      { timeout: 100_000, intervals: [3_000] },
    )
    .toBe(true);
  const url = new URL(link!);
  await page.goto(url.pathname + url.search);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText(TEXT.nl.question)).toBeVisible();
  await shot(page, testInfo, 'unsubscribe-page');
  await page.getByRole('button').click();
  await expect(page.getByText(/likes/)).toBeVisible();
  await shot(page, testInfo, 'unsubscribe-done');
});
