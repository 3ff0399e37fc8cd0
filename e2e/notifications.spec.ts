import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from './fixtures';
import { confirmedMember } from './members';

type Texts = {
  title: string;
  types: Record<string, { name: string }>;
  push: { subscribed: string };
};
const texts = (locale: string): Texts =>
  JSON.parse(
    readFileSync(new URL(`../src/web/locales/${locale}/notifications.json`, import.meta.url), 'utf8'),
  ) as Texts;

const isNotificationsWrite = (method: string) => (r: { url(): string; request(): { method(): string } }) =>
  r.url().endsWith('/api/notifications.php') && r.request().method() === method;

/**
 * Headless Chromium here has no push service (no internet): PushManager.subscribe would fail. The stub answers a
 * subscription on a public-looking host with valid-looking keys (the server checks https, the host name and the key
 * lengths), kept in localStorage so a reload still finds it, like a real browser.
 */
async function stubPushManager(page: Page): Promise<string> {
  const endpoint = `https://push.example.net/e2e/${crypto.randomUUID()}`;
  await page.addInitScript((endpoint: string) => {
    const b64url = (bytes: Uint8Array) =>
      btoa(String.fromCharCode(...bytes))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '');
    const key = new Uint8Array(65);
    crypto.getRandomValues(key);
    key[0] = 4;
    const make = (keys: { p256dh: string; auth: string }) => ({
      endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true },
      getKey: () => null,
      unsubscribe: async () => {
        localStorage.removeItem('e2e.push');
        return true;
      },
      toJSON: () => ({ endpoint, expirationTime: null, keys }),
    });
    const stored = () => {
      const raw = localStorage.getItem('e2e.push');
      return raw ? make(JSON.parse(raw) as { p256dh: string; auth: string }) : null;
    };
    PushManager.prototype.getSubscription = async () => stored() as unknown as PushSubscription;
    PushManager.prototype.subscribe = async () => {
      if (!stored()) {
        const keys = { p256dh: b64url(key), auth: b64url(crypto.getRandomValues(new Uint8Array(16))) };
        localStorage.setItem('e2e.push', JSON.stringify(keys));
      }
      return stored() as unknown as PushSubscription;
    };
  }, endpoint);
  return endpoint;
}

for (const locale of ['en', 'de'] as const) {
  test(`notification settings in ${locale}: the like e-mail turned off stays off after a reload`, async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const t = texts(locale);
    await page.context().addCookies([{ name: 'i18n_redirected', value: locale, url: baseURL! }]);
    await confirmedMember(page, 'Nora', locale);

    // Push is not on in this browser: the layout offers it (not on the settings page itself); closing it is kept.
    // The layout shows one banner at a time: the photo reminder comes first, the push prompt once it is closed.
    await page.goto('/members');
    const prompt = page.getByTestId('push-prompt');
    await expect(page.getByTestId('add-photo-banner')).toBeVisible();
    await expect(prompt).toHaveCount(0);
    expect(await page.locator('.layout-banners > *').count()).toBe(1);
    await page.getByTestId('add-photo-banner-dismiss').click();
    await expect(prompt).toBeVisible();
    await expectAccessible(page);
    await page.getByTestId('account-menu').click();
    await page.getByTestId('menu-settings').click();
    await expect(page.getByTestId('settings-page')).toBeVisible();
    await expect(prompt).toHaveCount(0);

    // The notifications section comes first on the page.
    const section = page.getByTestId('settings-notifications');
    await expect(page.locator('[data-testid^="settings-"] h2').first()).toHaveText(t.title);
    await expect(section.getByText(t.types.like!.name, { exact: true })).toBeVisible();
    const likeMail = page.getByTestId('notification-like-email');
    await expect(likeMail).toBeChecked();
    // unread_message_reminders has no push channel: no switch.
    await expect(page.getByTestId('notification-unread_message_reminders-push')).toHaveCount(0);
    await expectAccessible(page);

    const saved = page.waitForResponse(isNotificationsWrite('PUT'));
    await likeMail.click();
    expect((await saved).status()).toBe(200);
    await expect(page.getByTestId('notifications-saved')).toBeVisible();
    await expect(likeMail).not.toBeChecked();

    await page.reload();
    await expect(page.getByTestId('notification-like-email')).not.toBeChecked();
    await expect(page.getByTestId('notification-like-push')).toBeChecked();
    await expect(page.getByTestId('notification-new_messages-email')).toBeChecked();

    await page.goto('/members');
    await expect(prompt).toBeVisible();
    await page.getByTestId('push-prompt-dismiss').click();
    await expect(prompt).toHaveCount(0);
    await page.reload();
    await expect(page.getByTestId('nav-members')).toBeVisible();
    await expect(prompt).toHaveCount(0);
  });

  test(`push in ${locale}: enabled from the prompt, then a push message shows a notification and reloads the chats`, async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const t = texts(locale);
    await page.context().grantPermissions(['notifications'], { origin: baseURL! });
    await page.context().addCookies([{ name: 'i18n_redirected', value: locale, url: baseURL! }]);
    await stubPushManager(page);
    await confirmedMember(page, 'Pia', locale);

    // Polling starts 5 s after the page opens: a push arriving while that first load runs joins it.
    const firstPoll = page.waitForResponse((r) => r.url().includes('/api/chats.php'));
    await page.goto('/members');
    const prompt = page.getByTestId('push-prompt');
    await page.getByTestId('add-photo-banner-dismiss').click(); // one banner at a time: the photo reminder first
    await expect(prompt).toBeVisible();
    const stored = page.waitForResponse(
      (r) => r.url().includes('/api/user.php?push=1') && r.request().method() === 'POST',
    );
    await page.getByTestId('push-prompt-enable').click();
    expect((await stored).status()).toBe(200);
    await expect(prompt).toHaveCount(0);

    // The page's real service worker (/sw-push.js) gets a push message through the DevTools protocol.
    const cdp = await page.context().newCDPSession(page);
    const registrations = new Map<string, string>();
    cdp.on('ServiceWorker.workerRegistrationUpdated', (e) => {
      for (const r of e.registrations) if (!r.isDeleted) registrations.set(r.scopeURL, r.registrationId);
    });
    await cdp.send('ServiceWorker.enable');
    const scope = new URL('/', baseURL!).href;
    await expect.poll(() => registrations.get(scope)).toBeTruthy();

    await firstPoll;
    const reloaded = page.waitForRequest((r) => r.url().includes('/api/chats.php'));
    const tag = `e2e-${Date.now()}`;
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: new URL(baseURL!).origin,
      registrationId: registrations.get(scope)!,
      data: JSON.stringify({ title: 'Eva', body: 'Hi there!', url: '/chats', tag, type: 'new_messages' }),
    });
    await expect
      .poll(() =>
        page.evaluate(async () => {
          const registration = await navigator.serviceWorker.ready;
          return (await registration.getNotifications()).map((n) => ({
            title: n.title,
            body: n.body,
            tag: n.tag,
            url: (n.data as { url?: string } | null)?.url,
          }));
        }),
      )
      .toContainEqual({ title: 'Eva', body: 'Hi there!', tag, url: '/chats' });
    await reloaded;

    // The settings page shows push on in this browser; after a reload the subscription is still known.
    await page.goto('/notifications');
    await expect(page.getByTestId('push-status-subscribed')).toHaveText(t.push.subscribed);
    await expect(page.getByTestId('push-devices')).toBeVisible();
    await page.goto('/members');
    await expect(page.getByTestId('nav-members')).toBeVisible();
    await expect(prompt).toHaveCount(0);
  });
}
