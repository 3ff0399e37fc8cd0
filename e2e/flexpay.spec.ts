import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { flexpaySignature } from '../src/server/modules/payments/providers/flexpay-signature';
import { signInAsAdmin } from './admin';
import { expect, expectAccessible, test } from './fixtures';
import { mailLink, uniqueEmail } from './mailbox';
import { CLIENT } from './members';

/**
 * Verotel FlexPay for an adult niche (issue 23, point 6), in German and Dutch at phone and desktop size: the demo's
 * bdsm site (bdsm.localhost, Amora Noir) is set to Verotel in the console's sites API (docs/payments-verotel.md puts
 * bdsm on Verotel; nothing else buys there, so it stays so). A member of that site buys credits: the checkout names
 * Verotel and the statement's descriptor, the FlexPay fake's order page (served in-process without Verotel keys)
 * takes the card, its signed postback credits the account once, /transactions shows the purchase; a postback with a
 * bad signature is refused as FlexPay expects (not OK, nothing applied); a declined card brings no credits; and a
 * withdrawal refunds through Verotel (the Control Center refund and its credit postback).
 */

const TEXT = {
  de: {
    provider: 'Du bezahlst über Verotel',
    withdraw: 'Vertrag hier widerrufen',
    confirm: 'Widerruf bestätigen',
    refunded: 'erstattet',
  },
  nl: {
    provider: 'Je betaalt via Verotel',
    withdraw: 'Overeenkomst hier herroepen',
    confirm: 'Herroeping bevestigen',
    refunded: 'terugbetaald',
  },
} as const;
const DESCRIPTOR = 'AN SERVICES';
/** The fake's keys (providers/flexpay-fake.ts defaults, used by the development stand-in). */
const FAKE_SHOP = '123456';
const FAKE_KEY = 'fake-flexpay-signature-key';

const onHost = (base: string, host: string) => {
  const url = new URL(base);
  url.hostname = host;
  return url.origin;
};
const shot = (page: Page, info: TestInfo, name: string, locale: string) =>
  page.screenshot({
    path: info.outputPath(`flexpay-${name}-${info.project.name}-${locale}.png`),
    fullPage: true,
  });

type SiteRow = { id: number; domain: string; created_at: string } & Record<string, unknown>;

/** The bdsm demo site on Verotel with a billing descriptor, through the console's sites API. */
async function bdsmOnVerotel(staff: APIRequestContext): Promise<void> {
  const res = await staff.get('/api/admin/sites.php');
  expect(res.status()).toBe(200);
  const { sites } = (await res.json()) as { sites: SiteRow[] };
  const site = sites.find((s) => s.domain === 'bdsm.localhost');
  if (!site) throw new Error('no bdsm.localhost demo site');
  const { id, created_at: _created, ...input } = site;
  const put = await staff.put(`/api/admin/sites.php?id=${id}`, {
    headers: CLIENT,
    data: { ...input, payment_provider: 'verotel', billing_descriptor: DESCRIPTOR },
  });
  expect(put.status(), await put.text()).toBe(200);
}

/**
 * An API call from the page (on the bdsm site's origin): only the browser resolves *.localhost, and the session
 * cookie belongs to that host.
 */
async function call(
  page: Page,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  data?: object,
): Promise<{ status: number; text: string }> {
  return page.evaluate(
    async ({ method, path, data, headers }) => {
      const res = await fetch(path, {
        method,
        headers: { ...headers, ...(data ? { 'Content-Type': 'application/json' } : {}) },
        ...(data ? { body: JSON.stringify(data) } : {}),
      });
      return { status: res.status, text: await res.text() };
    },
    { method, path, data, headers: CLIENT },
  );
}
const json = async <T>(page: Page, path: string): Promise<T> =>
  JSON.parse((await call(page, 'GET', path)).text) as T;

/** A confirmed member of the site at `origin`, signed in on `page`. */
async function memberOn(page: Page, origin: string, locale: string): Promise<void> {
  const email = uniqueEmail('fp');
  await page.goto(`${origin}/`);
  const res = await call(page, 'POST', '/api/signup.php', {
    email,
    name: `Fp${Date.now() % 10000}`,
    password: 'Velvet-Harbour-42',
    date_of_birth: '1990-06-15',
    language: locale,
    sensitive_consent: true,
  });
  expect(res.status, res.text).toBe(200);
  await call(page, 'PUT', '/api/profile.php', { gender: 'female', seeking_gender: 'male' });
  for (let step = 1; step <= 4; step++) await call(page, 'POST', '/api/signup-step.php', { step });
  await page.goto(await mailLink(page, email));
  await expect(page.getByTestId('activate-done-page')).toBeVisible();
}

for (const locale of ['de', 'nl'] as const) {
  test(`Verotel FlexPay in ${locale}: buy credits on the bdsm site, postback once, refusals, withdrawal refunded at Verotel`, async ({
    page,
    browser,
    baseURL,
  }, testInfo) => {
    test.setTimeout(180_000);
    const text = TEXT[locale];
    const origin = onHost(baseURL!, 'bdsm.localhost');
    const staffContext = await browser.newContext({ baseURL: baseURL! });
    try {
      const staffPage = await staffContext.newPage();
      await signInAsAdmin(staffPage, testInfo);
      await bdsmOnVerotel(staffPage.request);
    } finally {
      await staffContext.close();
    }

    await page.context().addCookies([{ name: 'i18n_redirected', value: locale, url: origin }]);
    await memberOn(page, origin, locale);
    // Every call below runs on a page of the bdsm site (the order page is on localhost: not for calls).
    const credits = async () => {
      if (new URL(page.url()).origin !== origin) await page.goto(`${origin}/transactions`);
      return (await json<{ user: { credits: number } }>(page, '/api/user.php')).user.credits;
    };
    const start = await credits();
    const catalogue = await json<{
      bundles: { id: number; credits: number }[];
      methods: string[];
      currency: string;
      payment_provider: { name: string; billing_descriptor: string } | null;
    }>(page, '/api/credits.php');
    expect(catalogue.payment_provider).toEqual({ name: 'verotel', billing_descriptor: DESCRIPTOR });
    // Cards only (FlexPay's order page takes the card); none of the general provider's other methods.
    expect(catalogue.methods).toContain('creditcard');
    expect(catalogue.methods).not.toContain('ideal');
    expect(catalogue.methods).not.toContain('paypal');
    const bundle = catalogue.bundles[0]!;

    // Checkout names Verotel and what the statement shows, above Pay.
    await page.goto(`${origin}/credits/${bundle.id}/creditcard`);
    await expect(page.getByTestId('checkout-provider')).toContainText(text.provider);
    await expect(page.getByTestId('checkout-provider')).toContainText(DESCRIPTOR);
    await shot(page, testInfo, 'checkout', locale);
    await expectAccessible(page);
    await page.getByTestId('checkout-pay').click();

    // FlexPay's order page (the local fake): the card is approved; its signed postback credits the account.
    await expect(page).toHaveURL(/\/dev\/flexpay\/startorder\?/);
    const ref = new URL(page.url()).searchParams.get('referenceID')!;
    await expect(page.getByTestId('flexpay-amount')).toContainText(catalogue.currency);
    await shot(page, testInfo, 'order-page', locale);
    await page.getByTestId('flexpay-approve').click();
    await expect(page).toHaveURL(new RegExp(`^${origin}/transactions/\\d+$`));
    const paymentId = Number(new URL(page.url()).pathname.split('/').pop());
    expect(ref).toBe(`amora_${paymentId}`);
    await expect.poll(credits).toBe(start + bundle.credits);

    // A postback with a bad signature (a replay with a higher amount, say) is refused: not OK, nothing applied.
    const forged = {
      shopID: FAKE_SHOP,
      saleID: '987654321',
      referenceID: ref,
      priceAmount: '999.00',
      priceCurrency: catalogue.currency,
      paymentMethod: 'CC',
      type: 'purchase',
    };
    // (FlexPay calls the server directly, whatever the host: the default site's address will do.)
    const bad = await page.request.get(
      `/api/flexpay-postback.php?${new URLSearchParams({ ...forged, signature: flexpaySignature('not-the-key', forged) })}`,
    );
    expect(bad.status()).toBe(403);
    expect(await bad.text()).toBe('ERROR');
    expect(await credits()).toBe(start + bundle.credits);
    // Even signed with the right key, it names another amount than the order's: refused as well.
    const cheap = await page.request.get(
      `/api/flexpay-postback.php?${new URLSearchParams({ ...forged, signature: flexpaySignature(FAKE_KEY, forged) })}`,
    );
    expect(cheap.status()).toBe(400);
    expect(await credits()).toBe(start + bundle.credits);

    // A declined card: back on the site, no credits.
    await page.goto(`${origin}/credits/${bundle.id}/creditcard`);
    await page.getByTestId('checkout-pay').click();
    await expect(page).toHaveURL(/\/dev\/flexpay\/startorder\?/);
    await page.getByTestId('flexpay-decline').click();
    await expect(page).toHaveURL(new RegExp(`^${origin}/transactions/\\d+$`));
    const declinedId = Number(new URL(page.url()).pathname.split('/').pop());
    expect(declinedId).not.toBe(paymentId);
    expect(await credits()).toBe(start + bundle.credits);

    // /transactions lists the paid purchase; the withdrawal refunds it through Verotel.
    await page.goto(`${origin}/transactions`);
    const row = page.getByTestId('transaction-row').filter({ has: page.getByTestId('transaction-withdraw') });
    await expect(row).toHaveCount(1);
    await expect(row).toHaveAttribute('data-status', 'paid');
    await shot(page, testInfo, 'transactions', locale);
    await row.getByRole('button', { name: text.withdraw }).click();
    const dialog = page.getByTestId('withdrawal-dialog');
    await expect(dialog.getByTestId('withdrawal-quote')).toBeVisible();
    await dialog.getByRole('button', { name: text.confirm }).click();
    await expect(dialog.getByTestId('withdrawal-done')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('transaction-withdrawn')).toContainText(text.refunded);
    await expect.poll(credits).toBe(start);
    const paid = await json<{ payment: { status: string; withdrawal: { status: string } | null } }>(
      page,
      `/api/transaction.php?id=${paymentId}`,
    );
    expect(paid.payment.withdrawal?.status).toBe('refunded');
    await shot(page, testInfo, 'withdrawn', locale);
    await expectAccessible(page);
  });
}
