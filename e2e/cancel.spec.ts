import type { Page, TestInfo } from '@playwright/test';
import { expect, expectAccessible, test } from './fixtures';
import { mailLink } from './mailbox';
import { CLIENT, confirmedMember } from './members';

/**
 * The cancel button (issue 23, point 4; BGB §312k) in German and Dutch: a member pays by card (which leaves a
 * mandate: a repeat order is offered), signs out, and as a visitor opens "cancel contracts here" in the footer, fills
 * in name and address (no password), presses the one "cancel now" button, confirms with the mailed link, and the
 * acknowledgment names the date and time of receipt; signed in again, no repeat order is offered any more.
 */

const TEXT = {
  de: {
    footer: 'Verträge hier kündigen',
    heading: 'Verträge kündigen',
    name: 'Dein Name',
    email: 'E-Mail-Adresse deines Kontos',
    next: 'Weiter',
    now: 'Jetzt kündigen',
    sent: 'Kündigung eingegangen',
    linkMail: /^Bitte bestätige deine Kündigung$/,
    confirmed: 'Deine Kündigung ist bestätigt',
    stopped: '1 Zahlungsermächtigung wurde beendet',
    ack: 'Bestätigung deiner Kündigung',
  },
  nl: {
    footer: 'Contracten hier opzeggen',
    heading: 'Contracten opzeggen',
    name: 'Je naam',
    email: 'E-mailadres van je account',
    next: 'Verder',
    now: 'Nu opzeggen',
    sent: 'Opzegging ontvangen',
    linkMail: /^Bevestig je opzegging$/,
    confirmed: 'Je opzegging is bevestigd',
    stopped: '1 betaalmachtiging is beëindigd',
    ack: 'Bevestiging van je opzegging',
  },
} as const;

const shot = (page: Page, info: TestInfo, name: string, locale: string) =>
  page.screenshot({
    path: info.outputPath(`cancel-${name}-${info.project.name}-${locale}.png`),
    fullPage: true,
  });

const repeatOffer = async (page: Page) =>
  (
    (await (await page.request.get('/api/repeat-order.php', { headers: CLIENT })).json()) as {
      offer: unknown;
    }
  ).offer;

for (const locale of ['de', 'nl'] as const) {
  test(`cancel button in ${locale}: a visitor cancels a repeat order from the footer`, async ({
    page,
    baseURL,
  }, testInfo) => {
    test.setTimeout(150_000);
    const text = TEXT[locale];
    const language = { name: 'i18n_redirected', value: locale, url: baseURL! };
    await page.context().addCookies([language]);
    const member = await confirmedMember(page, 'kd', locale);

    // A card payment: it leaves a mandate, so the member is offered a repeat order on it.
    const catalogue = (await (await page.request.get('/api/credits.php', { headers: CLIENT })).json()) as {
      bundles: { id: number }[];
    };
    const paid = await page.request.post('/api/payment.php', {
      headers: CLIENT,
      data: { bundle_id: catalogue.bundles[0]!.id, method: 'creditcard' },
    });
    expect(paid.status()).toBe(200);
    const { payment } = (await paid.json()) as { payment: { checkout_url: string } };
    await page.request.post(new URL(payment.checkout_url).pathname, { form: { outcome: 'paid' } });
    await expect.poll(() => repeatOffer(page)).not.toBeNull();

    // Signed out: a visitor, with nothing but the site in front of them.
    await page.context().clearCookies();
    await page.context().addCookies([language]);
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: text.footer }).click();
    await expect(page).toHaveURL(/\/cancel$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text.heading);
    await page.getByLabel(text.name).fill('Kim Meyer');
    await page.getByLabel(text.email).fill(member.email);
    await shot(page, testInfo, 'form', locale);
    await expectAccessible(page);
    await page.getByRole('button', { name: text.next }).click();

    // The confirmation page: one "cancel now" button.
    const review = page.getByTestId('cancel-review');
    await expect(review).toContainText(member.email);
    await expect(review.getByRole('button', { name: text.now })).toHaveCount(1);
    await shot(page, testInfo, 'review', locale);
    await expectAccessible(page);
    await review.getByRole('button', { name: text.now }).click();
    await expect(page.getByTestId('cancel-sent')).toContainText(text.sent);
    await shot(page, testInfo, 'sent', locale);

    // The link in the mail opens the page with its one button; confirming stops the mandate.
    const link = new URL(await mailLink(page, member.email, text.linkMail));
    expect(link.pathname).toBe('/cancel');
    await page.goto(link.pathname + link.search);
    await expect(page.getByTestId('cancel-link')).toBeVisible();
    await shot(page, testInfo, 'link', locale);
    await expectAccessible(page);
    await page.getByRole('button', { name: text.now }).click();
    const confirmed = page.getByTestId('cancel-confirmed');
    await expect(confirmed).toContainText(text.confirmed);
    await expect(confirmed).toContainText(text.stopped);
    await shot(page, testInfo, 'confirmed', locale);

    // The acknowledgment, with the date and time the cancellation was received.
    const mails = (await (
      await page.request.get(`/api/dev/mailbox.php?to=${encodeURIComponent(member.email)}`)
    ).json()) as { mails: { subject: string; text: string }[] };
    const ack = mails.mails.filter((m) => m.subject === text.ack);
    expect(ack).toHaveLength(1);
    expect(ack[0]!.text).toMatch(/\d{1,2}:\d{2}:\d{2}\sUTC/);

    // Signed in again: no repeat order is offered, and none can be placed.
    const login = await page.request.post('/api/user.php', {
      headers: CLIENT,
      data: { email: member.email, password: 'Velvet-Harbour-42' },
    });
    expect(login.status()).toBe(200);
    expect(await repeatOffer(page)).toBeNull();
    const again = await page.request.post('/api/repeat-order.php', { headers: CLIENT, data: {} });
    expect(again.status()).toBe(404);
  });
}
