import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { CLIENT, confirmedMember } from './members';

/**
 * The installed app (issue 24, point 5): the service worker's offline page, a message typed offline sent once when
 * the connection returns, and the install offer after the first match, not again once dismissed. Headless Chromium
 * does not fire beforeinstallprompt by itself, so the test dispatches one the way the browser would.
 */
async function workerInControl(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 30_000 })
    .toBe(true);
}

async function offerInstall(page: Page): Promise<void> {
  await page.evaluate(() => {
    const event = new Event('beforeinstallprompt', { cancelable: true }) as Event & Record<string, unknown>;
    event.prompt = async () => undefined;
    event.userChoice = Promise.resolve({ outcome: 'dismissed' });
    window.dispatchEvent(event);
  });
}

test('offline page in the member language when the network drops on a page load', async ({
  page,
  baseURL,
}, testInfo) => {
  await page.context().addCookies([{ name: 'i18n_redirected', value: 'nl', url: baseURL! }]);
  await page.goto('/');
  await workerInControl(page);
  await page.context().setOffline(true);
  await page.goto('/members').catch(() => undefined);
  await expect(page.getByRole('heading', { name: 'Je bent offline' })).toBeVisible();
  await expect(page.getByText('verstuurd zodra de verbinding terug is')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
  await page.screenshot({ path: testInfo.outputPath('offline-page.png') });
  // The connection returns: the page the member wanted loads by itself.
  await page.context().setOffline(false);
  await expect(page).toHaveURL(/\/members$/);
  await expect(page.getByRole('heading', { name: 'Je bent offline' })).toHaveCount(0, { timeout: 20_000 });
});

test('install offer after the first match, not again once dismissed; a message typed offline goes once when back', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const contextB = await browser.newContext({ baseURL: baseURL!, viewport: page.viewportSize()! });
  await contextB.addInitScript(() => localStorage.setItem('dismissed.entry_warning', String(Date.now())));
  const pageB = await contextB.newPage();
  const a = await confirmedMember(page, 'Pia', 'en');
  await confirmedMember(pageB, 'Pim', 'en');
  const b = (await (await pageB.request.get('/api/user.php', { headers: CLIENT })).json()) as {
    user: { profile: { id: number } };
  };
  expect(
    (await page.request.post('/api/like.php', { headers: CLIENT, data: { id: b.user.profile.id } })).status(),
  ).toBe(200);

  // The browser may install the app, but before a match nothing is offered.
  await pageB.goto(`/members/${a.id}`);
  await offerInstall(pageB);
  await expect(pageB.getByTestId('member-like')).toBeVisible();
  await expect(pageB.getByTestId('pwa-install')).toHaveCount(0);

  // The first match: once the match dialog is closed, the offer shows; "Not now" is remembered.
  await pageB.getByTestId('member-like').click();
  const modal = pageB.getByTestId('match-modal');
  await expect(modal).toBeVisible();
  await modal.getByTestId('match-send-message').click();
  await expect(pageB).toHaveURL(/\/chats\/\d+$/);
  const offer = pageB.getByTestId('pwa-install');
  await expect(offer).toBeVisible();
  await expect(offer).toContainText('Add');
  await offer.getByTestId('pwa-install-dismiss').click();
  await expect(offer).toHaveCount(0);

  // Offline: the message is kept, marked not sent, with the reason.
  await workerInControl(pageB);
  await contextB.setOffline(true);
  await pageB.getByTestId('chat-input').fill('Typed on the train');
  await pageB.getByTestId('chat-send').click();
  const sent = pageB.getByTestId('chat-message').filter({ hasText: 'Typed on the train' });
  await expect(sent).toHaveCount(1);
  await expect(pageB.locator('.chat-failed')).toBeVisible();

  // Back online: it goes by itself, once.
  await contextB.setOffline(false);
  await expect(pageB.locator('.chat-failed')).toHaveCount(0, { timeout: 20_000 });
  await pageB.reload();
  await expect(pageB.getByTestId('chat-message').filter({ hasText: 'Typed on the train' })).toHaveCount(1);
  await page.goto('/chats');
  await page.getByTestId('chat-item').first().click();
  await expect(page.getByTestId('chat-message').filter({ hasText: 'Typed on the train' })).toHaveCount(1);

  // The browser offers installing again on a later page: the dismissed offer stays away.
  await offerInstall(pageB);
  await expect(pageB.getByTestId('chat-input')).toBeVisible();
  await pageB.waitForTimeout(500);
  await expect(pageB.getByTestId('pwa-install')).toHaveCount(0);
  await contextB.close();
});
