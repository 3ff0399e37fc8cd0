import type { APIRequestContext, Browser, Page, TestInfo } from '@playwright/test';
import { inviteStaff, signInAsAdmin } from './admin';
import { expect, expectAccessible, test } from './fixtures';
import { mailLink, uniqueEmail } from './mailbox';
import { CLIENT } from './members';

const PASSWORD = 'Velvet-Harbour-42';

/** A confirmed member signed in in `page`'s context; answers id, name and e-mail (to sign in again later). */
async function member(page: Page, prefix: string, language: string) {
  const request: APIRequestContext = page.request;
  const email = uniqueEmail(prefix);
  const name = `${prefix}${Date.now() % 10000}`;
  const res = await request.post('/api/signup.php', {
    headers: CLIENT,
    data: { email, name, password: PASSWORD, date_of_birth: '1990-06-15', language, sensitive_consent: true },
  });
  expect(res.status(), await res.text()).toBe(200);
  await request.put('/api/profile.php', {
    headers: CLIENT,
    data: { gender: 'female', seeking_gender: 'male' },
  });
  for (let step = 1; step <= 4; step++)
    expect((await request.post('/api/signup-step.php', { headers: CLIENT, data: { step } })).status()).toBe(
      200,
    );
  const link = new URL(await mailLink(page, email));
  await page.goto(link.pathname + link.search);
  await expect(page.getByTestId('activate-done-page')).toBeVisible();
  const user = (await (await request.get('/api/user.php', { headers: CLIENT })).json()) as {
    user: { profile: { id: number } };
  };
  return { id: user.user.profile.id, name, email };
}

async function newPage(browser: Browser, baseURL: string, locale: string, testInfo: TestInfo): Promise<Page> {
  const context = await browser.newContext({
    baseURL,
    viewport: testInfo.project.use.viewport ?? { width: 1280, height: 900 },
    isMobile: testInfo.project.name === 'phone',
    hasTouch: testInfo.project.name === 'phone',
  });
  await context.addCookies([{ name: 'i18n_redirected', value: locale, url: baseURL }]);
  await context.addInitScript(() => localStorage.setItem('dismissed.entry_warning', String(Date.now())));
  return context.newPage();
}

const TEXT = {
  en: {
    statement: 'Your account is suspended until',
    appeal: 'We received your appeal',
    complaintSent: 'Your notice has number',
  },
  nl: {
    statement: 'Je account is geschorst tot',
    appeal: 'We hebben je bezwaar',
    complaintSent: 'Je melding heeft nummer',
  },
} as const;

for (const locale of ['en', 'nl'] as const) {
  test(`notice and action in ${locale}: chat report → suspension → ban page with statement → appeal → another moderator reverses`, async ({
    page,
    browser,
    baseURL,
  }, testInfo) => {
    test.setTimeout(240_000);
    await page.context().addCookies([{ name: 'i18n_redirected', value: locale, url: baseURL! }]);
    const pageB = await newPage(browser, baseURL!, locale, testInfo);
    const a = await member(page, 'Rita', locale);
    const b = await member(pageB, 'Boris', locale);

    // A match, and A reports B from the chat.
    expect(
      (await pageB.request.post('/api/like.php', { headers: CLIENT, data: { id: a.id } })).status(),
    ).toBe(200);
    await page.goto(`/members/${b.id}`);
    await page.getByTestId('member-like').click();
    await page.getByTestId('match-modal').getByTestId('match-send-message').click();
    await expect(page).toHaveURL(/\/chats\/\d+$/);
    await page.getByTestId('report-open').click();
    const dialog = page.getByTestId('report-modal');
    await dialog.getByTestId('report-reason-scam').click();
    await dialog.getByTestId('report-comment').fill('He asked me to send him money.');
    await dialog.getByTestId('report-submit').click();
    await expect(dialog.getByTestId('report-done')).toBeVisible();

    // An admin suspends B from the queue.
    const pageAdmin = await newPage(browser, baseURL!, locale, testInfo);
    await signInAsAdmin(pageAdmin, testInfo, '/admin/reports');
    const card = pageAdmin.locator('article.report-card').filter({ hasText: b.name }).first();
    await expect(card).toBeVisible();
    await expect(card).toContainText('He asked me to send him money.');
    await expectAccessible(pageAdmin, '#console-main');
    await pageAdmin.screenshot({ path: testInfo.outputPath('console-queue.png'), fullPage: true });
    await card.getByTestId('report-action-select').selectOption('suspend');
    await card.getByTestId('report-ground').selectOption('terms.4.3');
    await card.getByTestId('report-days').fill('3');
    await card.getByTestId('report-facts').fill('You asked a member for money in the chat.');
    await card.getByTestId('report-action-submit').click();
    await expect(pageAdmin.getByTestId('report-done')).toBeVisible();

    // B signs in: the ban page with the statement of reasons, and the appeal.
    await pageB.goto('/login');
    await pageB.locator('input[name="email"]').fill(b.email);
    await pageB.locator('input[name="password"]').fill(PASSWORD);
    await pageB.getByTestId('login-submit').click();
    await expect(pageB).toHaveURL(/\/pages\/ban\?t=/);
    const statement = pageB.getByTestId('ban-statement');
    await expect(statement).toContainText(TEXT[locale].statement);
    await expect(statement.getByTestId('decision-facts')).toHaveText(
      'You asked a member for money in the chat.',
    );
    await expectAccessible(pageB);
    await pageB.screenshot({ path: testInfo.outputPath('ban-page.png'), fullPage: true });
    await pageB.getByTestId('appeal-statement').fill('I only asked to share the cost of a dinner.');
    await pageB.getByTestId('appeal-submit').click();
    await expect(pageB.getByTestId('appeal-status')).toContainText(TEXT[locale].appeal);

    // The admin who decided cannot decide the appeal; an invited moderator reverses it.
    await pageAdmin.goto('/admin/reports/appeals');
    const own = pageAdmin
      .locator('article')
      .filter({ hasText: 'I only asked to share the cost of a dinner.' });
    await expect(own.getByTestId('appeal-own-decision')).toBeVisible();
    const pageMod = await newPage(browser, baseURL!, locale, testInfo);
    await inviteStaff(pageMod, testInfo, 'moderator');
    await pageMod.goto('/admin/reports/appeals');
    const appeal = pageMod
      .locator('article')
      .filter({ hasText: 'I only asked to share the cost of a dinner.' });
    await pageMod.screenshot({ path: testInfo.outputPath('console-appeals.png'), fullPage: true });
    await appeal.getByTestId('appeal-reverse').click();
    await expect(appeal).toBeHidden();

    // B can sign in again.
    await pageB.goto('/login');
    await pageB.locator('input[name="email"]').fill(b.email);
    await pageB.locator('input[name="password"]').fill(PASSWORD);
    await pageB.getByTestId('login-submit').click();
    await expect(pageB).not.toHaveURL(/\/pages\/ban/);
    await expect(pageB).not.toHaveURL(/\/login/);
  });

  test(`the /complaints form in ${locale}`, async ({ page, baseURL }, testInfo) => {
    await page.context().addCookies([{ name: 'i18n_redirected', value: locale, url: baseURL! }]);
    await page.goto('/complaints');
    const form = page.getByTestId('complaint-form');
    await expect(form).toBeVisible();
    await form.locator('button[type="submit"]').click();
    await expect(form.locator('.invalid-feedback').first()).toBeVisible();
    await expectAccessible(page);
    await page.screenshot({ path: testInfo.outputPath('complaints.png'), fullPage: true });
    await form
      .getByLabel(/name|naam/i)
      .first()
      .fill('Vera Visitor');
    await form.locator('input[type="email"]').fill(uniqueEmail('vera'));
    await form.locator('input[inputmode="url"]').fill(`${baseURL}/members/1`);
    await form.locator('select').selectOption('copyright');
    await form.locator('textarea').fill('This profile uses my holiday photos without my permission.');
    await form.locator('input[type="checkbox"]').check();
    await form.locator('button[type="submit"]').click();
    await expect(page.getByTestId('complaint-sent')).toContainText(TEXT[locale].complaintSent);
  });
}
