import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { mailLink, uniqueEmail } from './mailbox';
import { portraitJpeg } from './portrait';

/**
 * The app works under its Content-Security-Policy without 'unsafe-inline' styles (and without eval): the main
 * screens, signed out and signed in, report no violation, neither as a `securitypolicyviolation` event of the page
 * nor as a CSP error on the console (which also covers frames).
 */

const PASSWORD = 'Velvet-Harbour-42';

/** Starts collecting the page's CSP violations; the returned list fills as they happen. */
async function watchCsp(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('__cspViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as { __cspViolation?: (t: string) => void }).__cspViolation;
      report?.(
        `${location.pathname}: ${e.violatedDirective} blocked ${e.blockedURI || 'inline'} (${e.sample}) at ${e.sourceFile}:${e.lineNumber}:${e.columnNumber}`,
      );
    });
  });
  page.on('console', (msg) => {
    if (/Content.Security.Policy/i.test(msg.text())) violations.push(`${msg.location().url}: ${msg.text()}`);
  });
  return violations;
}

/** The strict policy is the one served: styles and scripts from the site only. */
async function expectStrictPolicy(page: Page, path: string): Promise<void> {
  const res = await page.goto(path);
  const policy = res?.headers()['content-security-policy'] ?? '';
  expect(policy).toMatch(/(^|;)\s*style-src 'self'\s*(;|$)/);
  expect(policy).toMatch(/(^|;)\s*script-src 'self'\s*(;|$)/);
}

/**
 * Opens the first member with a photo of the search. The members other journeys sign up (women without a photo,
 * most recently active) may fill the first page, so the search asks for men: the demo members, with photos.
 */
async function visitMemberProfile(page: Page): Promise<void> {
  await page.goto('/members?gender=male');
  await expect(page.getByTestId('members-page')).toBeVisible();
  // The grid may still be replaced by a refetch: take the card's link, not a position on the page.
  await page.waitForLoadState('networkidle');
  const card = page
    .getByTestId('members-grid')
    .getByTestId('profile-card')
    .filter({ has: page.locator('img') })
    .first();
  const href = await card.getAttribute('href');
  expect(href).toMatch(/^\/members\/\d+/);
  await page.locator(`[data-testid=members-grid] a[href="${href}"]`).first().click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await expect(page.getByTestId('member-page')).toBeVisible();
  await expect(page.getByTestId('member-name')).not.toBeEmpty();
}

test.describe('signed out', () => {
  test.use({ freshVisitor: true });

  test('landing, entry warning, signup modal and the first signup step raise no CSP violation', async ({
    page,
  }) => {
    const violations = await watchCsp(page);
    await expectStrictPolicy(page, '/');
    await page.getByTestId('entry-warning-accept').click();
    await expect(page.getByTestId('landing')).toBeVisible();
    await expect(page.getByTestId('profile-card').first()).toBeVisible();

    await page.getByTestId('cta-signup').click();
    const form = page.getByTestId('signup-form');
    await expect(form).toBeVisible();
    await form.locator('input[name=email]').fill(uniqueEmail('csp-flow'));
    await form.locator('input[name=name]').fill('Flora');
    await form.locator('input[name=password]').fill(PASSWORD);
    const selects = form.locator('select');
    await selects.nth(0).selectOption('17');
    await selects.nth(1).selectOption('05');
    await selects.nth(2).selectOption('1990');
    await page.getByTestId('sensitive-consent-checkbox').check();
    await page.getByTestId('signup-submit').click();
    await expect(page.getByTestId('signup-step-photo')).toBeVisible({ timeout: 15_000 });
    // The step bar's width comes from the CSSOM (no style attribute): step 1 of 4 fills a quarter.
    const steps = page.locator('.signup-steps');
    const [track, fill] = await Promise.all([
      steps.boundingBox(),
      steps.locator('.progress-bar').boundingBox(),
    ]);
    expect(fill!.width / track!.width).toBeCloseTo(0.25, 1);
    expect(violations).toEqual([]);
  });

  test('search, a member profile with its lightbox and the members-only screens (login) raise no CSP violation', async ({
    page,
  }) => {
    const violations = await watchCsp(page);
    await expectStrictPolicy(page, '/members');
    await page.getByTestId('entry-warning-accept').click();
    await visitMemberProfile(page);
    await page.getByTestId('member-main-photo').click();
    await expect(page.getByTestId('member-lightbox-image')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('member-lightbox')).toHaveCount(0);
    // Own profile and settings without a session lead to the login.
    for (const path of ['/profile', '/notifications', '/login']) {
      await page.goto(path);
      await expect(page.getByTestId('login-page')).toBeVisible();
    }
    expect(violations).toEqual([]);
  });
});

test('signed in: own profile with an upload, a member profile, settings and the dev mailbox raise no CSP violation', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const violations = await watchCsp(page);
  const email = uniqueEmail('csp');
  const res = await page.request.post('/api/signup.php', {
    headers: { 'X-Request-Type': 'client' },
    data: {
      email,
      name: 'Cleo',
      password: PASSWORD,
      date_of_birth: '1991-04-02',
      language: 'en',
      sensitive_consent: true,
    },
  });
  expect(res.status()).toBe(200);
  const link = new URL(await mailLink(page, email));
  await expectStrictPolicy(page, link.pathname + link.search);
  await expect(page.getByTestId('activate-done-page')).toBeVisible();

  await page.goto('/profile');
  await expect(page.getByTestId('profile-page')).toBeVisible();
  await page
    .getByTestId('photo-upload-input')
    .setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: await portraitJpeg() });
  await expect(page.getByTestId('own-photo')).toHaveCount(1);
  await page.getByTestId('photo-menu').click();
  await expect(page.getByTestId('photo-make-private')).toBeVisible();
  await page.keyboard.press('Escape');

  await visitMemberProfile(page);
  await page.getByTestId('member-main-photo').click();
  await expect(page.getByTestId('member-lightbox-image')).toBeVisible();
  await page.keyboard.press('Escape');
  // Blocked, the member shows in the settings' list of blocked members.
  const memberId = Number(new URL(page.url()).pathname.split('/').pop());
  const blocked = await page.request.post('/api/block.php', {
    headers: { 'X-Request-Type': 'client' },
    data: { id: memberId },
  });
  expect(blocked.status()).toBe(200);

  await page.goto('/notifications');
  await expect(page.getByTestId('settings-page')).toBeVisible();
  await expect(page.getByTestId('settings-session-current')).toBeVisible();
  await expect(page.getByTestId('settings-blocked-member')).toBeVisible();

  // The dev mailbox shows the mail's HTML, inline styles and all, from its own route inside a sandboxed frame.
  await page.goto('/dev/mailbox');
  await page.getByTestId('dev-mailbox-item').filter({ hasText: email }).first().click();
  const mail = page.frameLocator('[data-testid=dev-mailbox-html]');
  const button = mail.getByRole('link').first();
  await expect(button).toBeVisible();
  await expect(button).toHaveCSS('background-color', 'rgb(240, 100, 90)');
  expect(violations).toEqual([]);
});

/**
 * Issue 23: no orientation, niche or profile data reaches a third party. The served policy names no other origin
 * for scripts, connections or anything else (only 'self', 'none', data: and blob:), and the pages a visitor and a
 * member open load nothing from another origin (no tracker, analytics script, font or image host).
 */
test.describe('no third party', () => {
  test.use({ freshVisitor: true });

  test('the policy allows no other origin, and no page loads anything from one', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const own = new URL(baseURL!).origin;
    const foreign: string[] = [];
    page.on('request', (req) => {
      const url = req.url();
      if (url.startsWith('data:') || url.startsWith('blob:')) return;
      if (new URL(url).origin !== own) foreign.push(url);
    });
    const res = await page.goto('/');
    const policy = res?.headers()['content-security-policy'] ?? '';
    for (const directive of policy
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)) {
      const [name, ...sources] = directive.split(/\s+/);
      for (const source of sources)
        expect(source, `${name} ${source}`).toMatch(/^('self'|'none'|data:|blob:)$/);
    }
    expect(policy).toMatch(/(^|;)\s*script-src 'self'\s*(;|$)/);
    expect(policy).toMatch(/(^|;)\s*connect-src 'self'\s*(;|$)/);

    await page.getByTestId('entry-warning-accept').click();
    await expect(page.getByTestId('profile-card').first()).toBeVisible();
    await page.goto('/signup');
    await expect(page.getByTestId('signup-form')).toBeVisible();
    await visitMemberProfile(page);
    for (const path of ['/pages/privacy', '/pages/terms']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
    }
    expect(foreign).toEqual([]);
  });
});
