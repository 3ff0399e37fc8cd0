import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from './fixtures';
import { uniqueEmail } from './mailbox';
import { CLIENT } from './members';

/**
 * Issue 23, point 1: the separate, unticked consent for sensitive data at signup (refused without it, nothing typed
 * lost), shown in settings with its date and version, withdrawn with an explanation that leads into the deletion
 * flow; the one-time screen for an account without a standing consent. In German and Dutch.
 */

const PASSWORD = 'Velvet-Harbour-42';
const json = <T>(file: string): T =>
  JSON.parse(readFileSync(new URL(`../src/${file}`, import.meta.url), 'utf8')) as T;
interface ConsentTexts {
  gate: { title: string; continue: string };
  settings: { withdraw_title: string; withdraw_text: string };
  discreet: { label: string };
}
const texts = (locale: string) => json<ConsentTexts>(`web/locales/${locale}/consent.json`);
const validation = (locale: string) => json<Record<string, string>>(`shared/i18n/${locale}/validation.json`);

async function openSignup(page: Page, locale: string, baseURL: string) {
  await page.context().addCookies([{ name: 'i18n_redirected', value: locale, url: baseURL }]);
  await page.goto('/signup');
  await expect(page.getByTestId('signup-form')).toBeVisible();
}

for (const locale of ['de', 'nl'] as const) {
  test(`signup in ${locale}: the consent is separate and unticked, signup waits for it and keeps what was typed`, async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    await openSignup(page, locale, baseURL!);
    const form = page.getByTestId('signup-form');
    const box = page.getByTestId('sensitive-consent-checkbox');
    await expect(box).not.toBeChecked();
    await expect(page.getByTestId('sensitive-consent').getByRole('link')).toHaveAttribute(
      'href',
      '/pages/privacy',
    );

    const email = uniqueEmail(`consent-${locale}`);
    await form.locator('input[name=email]').fill(email);
    await form.locator('input[name=name]').fill(`Kim${locale}${Date.now() % 1000}`);
    await form.locator('input[name=password]').fill(PASSWORD);
    const selects = form.locator('select');
    await selects.nth(0).selectOption('17');
    await selects.nth(1).selectOption('05');
    await selects.nth(2).selectOption('1990');
    await page.getByTestId('signup-submit').click();
    await expect(page.getByTestId('sensitive-consent-error')).toHaveText(
      validation(locale).consent_required!,
    );
    await expect(form.locator('input[name=email]')).toHaveValue(email);
    await expect(form.locator('input[name=password]')).toHaveValue(PASSWORD);
    await expectAccessible(page, '[data-testid=signup-form]');

    await box.check();
    await expect(page.getByTestId('sensitive-consent-error')).toHaveCount(0);
    await page.getByTestId('signup-submit').click();
    await expect(page.getByTestId('signup-step-photo')).toBeVisible({ timeout: 20_000 });
  });

  test(`settings in ${locale}: the consent with date and version, withdrawn after the explanation, leads to deletion; the one-time screen asks again`, async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    await page.context().addCookies([{ name: 'i18n_redirected', value: locale, url: baseURL! }]);
    const res = await page.request.post('/api/signup.php', {
      headers: CLIENT,
      data: {
        email: uniqueEmail(`consent-set-${locale}`),
        name: `Sam${locale}${Date.now() % 1000}`,
        password: PASSWORD,
        date_of_birth: '1990-06-15',
        language: locale,
        sensitive_consent: true,
      },
    });
    expect(res.status()).toBe(200);
    for (let step = 1; step <= 4; step++)
      await page.request.post('/api/signup-step.php', { headers: CLIENT, data: { step } });

    const t = texts(locale);
    await page.goto('/notifications#consent');
    const section = page.getByTestId('settings-consent');
    await expect(section).toBeVisible();
    await expect(page.getByTestId('settings-consent-status')).toContainText(/\b1\b/);
    await expect(page.getByTestId('settings-discreet-mode')).toContainText(t.discreet.label);

    await page.getByTestId('settings-consent-withdraw').click();
    const confirm = page.getByTestId('settings-consent-withdraw-confirm');
    await expect(confirm).toContainText(t.settings.withdraw_title);
    await expect(confirm).toContainText(t.settings.withdraw_text);
    await expectAccessible(page, '[data-testid=settings-consent]');
    await page.getByTestId('settings-consent-withdraw-yes').click();
    await expect(page.getByTestId('settings-consent-give')).toBeVisible();
    // On into the deletion flow that exists: its first button has the focus.
    await expect(page.getByTestId('settings-delete-start')).toBeFocused();
    await page.getByTestId('settings-delete-start').click();
    await expect(page.getByTestId('settings-delete-reasons')).toBeVisible();

    // Elsewhere the account cannot be used without the consent: the one-time screen asks, and agreeing ends it.
    await page.goto('/members');
    const gate = page.getByTestId('consent-gate');
    await expect(gate).toContainText(t.gate.title);
    await page.getByTestId('consent-gate-continue').click();
    await expect(gate.getByTestId('sensitive-consent-error')).toHaveText(
      validation(locale).consent_required!,
    );
    await expectAccessible(page, '[data-testid=consent-gate]');
    await gate.getByTestId('sensitive-consent-checkbox').check();
    await page.getByTestId('consent-gate-continue').click();
    await expect(gate).toHaveCount(0);
    await page.reload();
    await expect(page.getByTestId('members-page')).toBeVisible();
    await expect(page.getByTestId('consent-gate')).toHaveCount(0);
  });
}
