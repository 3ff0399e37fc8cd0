import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { mailLink, uniqueEmail } from './mailbox';

const PASSWORD = 'Velvet-Harbour-42';

async function signUp(page: Page, email: string, name: string): Promise<void> {
  await page.goto('/');
  await page.getByTestId('cta-signup').click();
  const form = page.getByTestId('signup-form');
  await expect(form).toBeVisible();
  await form.locator('input[name=email]').fill(email);
  await form.locator('input[name=name]').fill(name);
  await form.locator('input[name=password]').fill(PASSWORD);
  const selects = form.locator('select');
  await selects.nth(0).selectOption('17');
  await selects.nth(1).selectOption('05');
  await selects.nth(2).selectOption('1990');
  await page.getByTestId('sensitive-consent-checkbox').check();
  await page.getByTestId('signup-submit').click();
  await expect(page.getByTestId('signup-progress')).toBeVisible();
  await expect(page.getByTestId('signup-step-photo')).toBeVisible({ timeout: 15_000 });
  await page.getByTestId('signup-skip').click();
  const personal = page.getByTestId('signup-step-personal');
  await personal.locator('label:has(input[name=gender][value=female])').click();
  await personal.locator('label:has(input[name=sexuality][value=hetero])').click();
  await page.getByTestId('signup-next').click();
  const about = page.getByTestId('signup-step-about');
  await about.locator('textarea').fill('I love long walks along the canals and good coffee.');
  await about.locator('button[aria-pressed]').first().click();
  await page.getByTestId('signup-next').click();
  await page.getByTestId('signup-push-skip').click();
  await expect(page.getByTestId('signup-matches')).toBeVisible();
  await page.getByTestId('matches-continue').click();
  await expect(page.getByTestId('complete-email')).toHaveText(email);
}

async function logOut(page: Page): Promise<void> {
  await page.getByTestId('account-menu').click();
  await page.getByTestId('menu-logout').click();
  await expect(page.getByTestId('login-button')).toBeVisible();
}

for (const locale of ['en', 'nl'] as const) {
  test(`account journey in ${locale}: sign up, confirm, log out and in, reset the password, delete and reactivate`, async ({
    page,
    context,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    await context.addCookies([{ name: 'i18n_redirected', value: locale, url: baseURL! }]);
    const email = uniqueEmail(`journey-${locale}`);
    await signUp(page, email, `Sanne${locale}`);

    // The activation reminder shows until the address is confirmed; right after signup on a phone, as a modal.
    await page.goto('/pages/faq');
    if (test.info().project.name === 'phone') {
      const modal = page.getByTestId('activation-modal');
      await expect(modal).toBeVisible();
      await modal.locator('.btn-close').click();
    }
    await expect(page.getByTestId('activation-banner')).toBeVisible();
    await page.goto(
      new URL(await mailLink(page, email)).pathname + new URL(await mailLink(page, email)).search,
    );
    await expect(page).toHaveURL(/\/activate\/done$/);
    await expect(page.getByTestId('activate-done-page')).toBeVisible();
    await page.goto('/pages/faq');
    await expect(page.getByTestId('activation-banner')).toHaveCount(0);

    await logOut(page);
    await page.goto('/login');
    await page.locator('input[name=email]').fill(email);
    await page.locator('input[name=password]').fill('not-the-password');
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('form-error')).toHaveText(
      locale === 'nl' ? 'Login mislukt, probeer opnieuw' : 'Login failed, please try again',
    );
    await page.locator('input[name=password]').fill(PASSWORD);
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('members-page')).toBeVisible();
    await logOut(page);

    // Password reset by the mailed link.
    await page.goto('/reset-password');
    await page.getByTestId('reset-password-email').fill(email);
    await page.getByTestId('reset-password-submit').click();
    await expect(page.getByTestId('reset-password-sent')).toBeVisible();
    const reset = new URL(await mailLink(page, email, /password|wachtwoord/i));
    await page.goto(reset.pathname + reset.search);
    await page.getByTestId('reset-password-do-password').fill('Quiet-Lantern-58');
    await page.getByTestId('reset-password-do-password-confirm').fill('Quiet-Lantern-58');
    await page.getByTestId('reset-password-do-submit').click();
    await expect(page.getByTestId('members-page')).toBeVisible();

    // Settings, from the account menu.
    await page.getByTestId('account-menu').click();
    await page.getByTestId('menu-settings').click();
    await expect(page.getByTestId('settings-page')).toBeVisible();

    // Delete the account, then reactivate it by the mailed link.
    await page.getByTestId('settings-delete-start').click();
    await page.getByTestId('settings-delete-reason-taking_break').click();
    await page.getByTestId('settings-delete-continue').click();
    await page.getByTestId('settings-delete-no-thanks').click();
    await page.getByTestId('settings-delete-password').fill('Quiet-Lantern-58');
    await page.getByTestId('settings-delete-submit').click();
    await expect(page).toHaveURL(/\/account-deleted$/);
    await expect(page.getByTestId('login-button')).toBeVisible();
    const back = new URL(await mailLink(page, email));
    expect(back.searchParams.get('reactivate')).toBeTruthy();
    await page.goto(back.pathname + back.search);
    await page.getByTestId('account-deleted-reactivate-button').click();
    await expect(page.getByTestId('members-page')).toBeVisible();
    await expect(page.getByTestId('account-menu')).toBeVisible();
  });
}
