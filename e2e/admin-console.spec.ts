import type { Page } from '@playwright/test';
import { acceptInvite, signInAsAdmin, signInStaff } from './admin';
import { expect, expectAccessible, test } from './fixtures';

/**
 * The staff console's shell (issue 22): an admin signs in with a TOTP code, invites a moderator, who accepts and
 * enrols an authenticator; the moderator is refused the admin-only staff list; the audit log shows the invitation.
 * In English and Dutch, on a phone and a laptop.
 */
const TEXTS = {
  en: {
    welcome: /^Welcome, /,
    notAllowed: 'may not use this part',
    audit: 'Audit log',
    sent: 'Invitation sent to',
  },
  nl: {
    welcome: /^Welkom, /,
    notAllowed: 'mag dit onderdeel',
    audit: 'Auditlog',
    sent: 'Uitnodiging verstuurd naar',
  },
} as const;

async function useLocale(page: Page, locale: string, baseURL: string) {
  await page.context().addCookies([{ name: 'i18n_redirected', value: locale, url: baseURL }]);
}

/** Opens a section from the navigation (through the menu button on a phone). */
async function openSection(page: Page, id: string) {
  const menu = page.getByTestId('console-menu');
  if (await menu.isVisible()) await menu.click();
  await page.getByTestId(`console-nav-${id}`).click();
}

for (const locale of ['en', 'nl'] as const) {
  test(`console: admin signs in, invites a moderator, who is refused the staff list (${locale})`, async ({
    page,
    browser,
    baseURL,
  }, testInfo) => {
    test.setTimeout(120_000);
    const text = TEXTS[locale];
    await useLocale(page, locale, baseURL!);

    // Sign-in screen, then the console's home.
    await page.goto('/admin');
    await expect(page.getByTestId('console-email')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    await expectAccessible(page);
    await page.screenshot({ path: testInfo.outputPath(`sign-in-${locale}.png`), fullPage: true });
    await signInAsAdmin(page, testInfo);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text.welcome);
    await expectAccessible(page);
    await page.screenshot({ path: testInfo.outputPath(`home-${locale}.png`), fullPage: true });

    // The admin invites a moderator from the staff section.
    await openSection(page, 'staff');
    await expect(page.getByTestId('console-staff-table')).toBeVisible();
    const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const moderator = {
      email: `e2e-mod-${id}@example.test`,
      name: `Mod ${id}`,
      password: `Moderator-${id}-words`,
    };
    await page.getByTestId('console-invite-email').fill(moderator.email);
    await page.getByTestId('console-invite-staff-name').fill(moderator.name);
    await page.getByTestId('console-invite-role').selectOption('moderator');
    await page.getByTestId('console-invite-submit').click();
    await expect(page.getByTestId('console-invite-sent')).toContainText(text.sent);
    await expect(page.getByTestId('console-invites-table')).toContainText(moderator.email);
    await expectAccessible(page);
    await page.screenshot({ path: testInfo.outputPath(`staff-${locale}.png`), fullPage: true });

    // The moderator, in a browser of their own, accepts and enrols, and is signed in.
    const modContext = await browser.newContext({ ...testInfo.project.use, baseURL });
    const mod = await modContext.newPage();
    await useLocale(mod, locale, baseURL!);
    let link = '';
    await expect
      .poll(async () => {
        const res = await mod.request.get(`/api/dev/mailbox.php?to=${encodeURIComponent(moderator.email)}`);
        const { mails } = (await res.json()) as { mails: { text: string }[] };
        link =
          mails.map((m) => m.text.match(/https?:\/\/\S+\/admin\/invite\?token=[\w-]+/)?.[0]).find(Boolean) ??
          '';
        return link;
      })
      .not.toBe('');
    await mod.goto(link);
    await expect(mod.getByTestId('console-invite-intro')).toContainText(moderator.email);
    await expectAccessible(mod);
    const secret = await acceptInvite(mod, link, moderator);
    await expect(mod.getByTestId('console-nav-staff')).toHaveCount(0);
    await mod.goto('/admin/staff');
    await expect(mod.getByTestId('console-not-allowed')).toContainText(text.notAllowed);
    // The server refuses the list too, whatever the page shows.
    const refused = await mod.request.get('/api/admin/staff.php', {
      headers: { 'X-Request-Type': 'client' },
    });
    expect(refused.status()).toBe(403);
    // Signing out and in again with the enrolled app works.
    const modMenu = mod.getByTestId('console-menu');
    if (await modMenu.isVisible()) await modMenu.click();
    await mod.getByTestId('console-sign-out').click();
    await expect(mod.getByTestId('console-email')).toBeVisible();
    await signInStaff(
      mod,
      { email: moderator.email, password: moderator.password, totpSecret: secret },
      '/admin',
    );
    await modContext.close();

    // The admin's audit log shows the invitation and its acceptance.
    await openSection(page, 'audit');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text.audit);
    await page.getByTestId('console-audit-action').fill('staff.invite');
    await page.getByTestId('console-audit-apply').click();
    await expect(page).toHaveURL(/action=staff\.invite/);
    const entries = page.getByTestId('console-audit-entry');
    await expect(entries.first()).toContainText('staff.invite');
    const invited = entries.filter({ hasText: moderator.email }).first();
    await invited.locator('summary').click();
    await expect(invited.locator('pre').last()).toContainText(moderator.email);
    await expectAccessible(page);
  });
}
