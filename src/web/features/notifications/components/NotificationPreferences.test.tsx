// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { NotificationPreferences as Prefs } from '../../../../shared/schemas/notifications';
import { refreshPushState } from '../../push/push-state';
import {
  defaultPreferences,
  IPHONE_SAFARI,
  initTestI18n,
  installFakePush,
  json,
  renderAt,
  testQueryClient,
  texts,
  uninstallFakePush,
} from '../notifications-test-kit';
import { NotificationPreferences } from './NotificationPreferences';

beforeAll(initTestI18n);

afterEach(() => {
  cleanup();
  uninstallFakePush();
});

type Handler = (url: string, init: RequestInit | undefined) => Response | Promise<Response> | undefined;

/** The API: GET notifications.php answers `state`; `handler` answers the rest (and may override). */
function mockApi(state: Prefs, handler: Handler = () => undefined) {
  const calls: { url: string; method: string; body: unknown }[] = [];
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    calls.push({ url, method, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const answer = await handler(url, init);
    if (answer) return answer;
    if (url === '/api/notifications.php' && method === 'GET') return json(200, state);
    return json(404, { error: { code: 'not_found', message: 'Not found' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

function renderSection() {
  return renderAt(<NotificationPreferences />, {
    client: testQueryClient(),
    path: '/notifications',
    name: 'notifications',
  });
}

const switchOf = (type: string, channel: string) =>
  screen.getByTestId(`notification-${type}-${channel}`) as HTMLInputElement;

describe('NotificationPreferences', () => {
  it('lists the 8 types with their channels, names, descriptions and the opt-in note of consent types', async () => {
    mockApi(defaultPreferences());
    renderSection();
    await screen.findByTestId('notification-types');
    const rows = within(screen.getByTestId('notification-types')).getAllByRole('listitem');
    expect(rows).toHaveLength(8);
    expect(screen.getByText(texts.types.new_messages.name)).toBeTruthy();
    expect(screen.getByText(texts.types.weekly_updates.description)).toBeTruthy();

    // A channel a type does not have shows nothing.
    expect(screen.getByTestId('notification-unread_message_reminders-email')).toBeTruthy();
    expect(screen.queryByTestId('notification-unread_message_reminders-push')).toBeNull();
    expect(screen.queryByTestId('notification-news-push')).toBeNull();

    // Defaults: on, except the consent types (opt-in).
    expect(switchOf('like', 'email').checked).toBe(true);
    expect(switchOf('promotions', 'email').checked).toBe(false);
    expect(screen.getByTestId('notification-promotions-consent').textContent).toContain(texts.consent);
    expect(screen.getByTestId('notification-news-consent')).toBeTruthy();
    expect(screen.queryByTestId('notification-like-consent')).toBeNull();

    // Each switch is named by its type and channel.
    expect(screen.getByRole('switch', { name: `${texts.types.like.name} ${texts.channels.push}` })).toBe(
      switchOf('like', 'push'),
    );
  });

  it('saves a toggle at once: switched right away, disabled while saving, then saved', async () => {
    let release: (r: Response) => void = () => undefined;
    const calls = mockApi(defaultPreferences(), (url, init) =>
      url === '/api/notifications.php' && init?.method === 'PUT'
        ? new Promise<Response>((resolve) => {
            release = resolve;
          })
        : undefined,
    );
    renderSection();
    await screen.findByTestId('notification-types');
    const like = switchOf('like', 'email');
    fireEvent.click(like);
    await waitFor(() => expect(like.disabled).toBe(true));
    expect(like.checked).toBe(false);
    expect(switchOf('like', 'push').disabled).toBe(false);
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put).toMatchObject({
      url: '/api/notifications.php',
      body: { type: 'like', channel: 'email', enabled: false },
    });

    const saved = defaultPreferences();
    saved.preferences.like.email = false;
    await act(async () => release(json(200, saved)));
    expect(await screen.findByTestId('notifications-saved')).toBeTruthy();
    expect(like.disabled).toBe(false);
    expect(like.checked).toBe(false);
  });

  it('keeps a switch still being saved when an earlier answer arrives', async () => {
    const pending: ((r: Response) => void)[] = [];
    mockApi(defaultPreferences(), (url, init) =>
      url === '/api/notifications.php' && init?.method === 'PUT'
        ? new Promise<Response>((resolve) => pending.push(resolve))
        : undefined,
    );
    renderSection();
    await screen.findByTestId('notification-types');
    fireEvent.click(switchOf('like', 'email'));
    await waitFor(() => expect(pending).toHaveLength(1));
    fireEvent.click(switchOf('promotions', 'email'));
    await waitFor(() => expect(pending).toHaveLength(2));
    // The first answer does not know the second change yet.
    const first = defaultPreferences();
    first.preferences.like.email = false;
    await act(async () => pending[0]!(json(200, first)));
    expect(switchOf('promotions', 'email').checked).toBe(true);
    expect(switchOf('promotions', 'email').disabled).toBe(true);
    const second = defaultPreferences();
    second.preferences.like.email = false;
    second.preferences.promotions.email = true;
    await act(async () => pending[1]!(json(200, second)));
    await waitFor(() => expect(switchOf('promotions', 'email').disabled).toBe(false));
    expect(switchOf('promotions', 'email').checked).toBe(true);
    expect(switchOf('like', 'email').checked).toBe(false);
  });

  it('puts the switch back and says what could not be saved when saving fails', async () => {
    mockApi(defaultPreferences(), (url, init) =>
      url === '/api/notifications.php' && init?.method === 'PUT'
        ? json(500, { error: { code: 'internal', message: 'boom' } })
        : undefined,
    );
    renderSection();
    await screen.findByTestId('notification-types');
    const push = switchOf('new_messages', 'push');
    fireEvent.click(push);
    const error = await screen.findByTestId('notifications-save-error');
    expect(error.getAttribute('role')).toBe('alert');
    expect(error.textContent).toContain(texts.types.new_messages.name);
    expect(error.textContent).toContain(texts.channels.push);
    await waitFor(() => expect(push.checked).toBe(true));
    expect(push.disabled).toBe(false);
    expect(screen.queryByTestId('notifications-saved')).toBeNull();
  });

  it('says why e-mail is off, links a bounce to the e-mail address, and turns e-mail back on', async () => {
    const calls = mockApi(defaultPreferences({ email_disabled: ['bounce', 'fbl'] }), (url, init) =>
      url === '/api/notifications-mail.php' && init?.method === 'POST'
        ? json(200, defaultPreferences())
        : undefined,
    );
    renderSection();
    const alert = await screen.findByTestId('mail-disabled');
    expect(alert.textContent).toContain(texts.mail_disabled.reasons.bounce);
    expect(alert.textContent).toContain(texts.mail_disabled.reasons.fbl);
    expect(alert.textContent).not.toContain(texts.mail_disabled.reasons.listunsubscribe);
    expect(screen.getByTestId('mail-disabled-check-email').getAttribute('href')).toBe('/notifications#email');

    fireEvent.click(screen.getByTestId('mail-enable'));
    expect(await screen.findByTestId('mail-enabled')).toBeTruthy();
    expect(screen.queryByTestId('mail-disabled')).toBeNull();
    const post = calls.find((c) => c.url === '/api/notifications-mail.php')!;
    expect(post).toMatchObject({ method: 'POST', body: {} });
  });

  it('shows the load error with a retry', async () => {
    mockApi(defaultPreferences(), (url) =>
      url === '/api/notifications.php' ? json(400, { error: { code: 'x', message: 'x' } }) : undefined,
    );
    renderSection();
    expect((await screen.findByTestId('notifications-load-error')).textContent).toContain(texts.load_error);
  });
});

describe('the push state on /notifications', () => {
  async function renderWithPush(env: Parameters<typeof installFakePush>[0]) {
    const push = installFakePush(env);
    await refreshPushState();
    const calls = mockApi(defaultPreferences(), (url, init) =>
      url === '/api/user.php?push=1' && init?.method === 'POST' ? json(200, { ok: true }) : undefined,
    );
    renderSection();
    await screen.findByTestId('push-status');
    return { push, calls };
  }

  it('offers to turn push on in this browser, and stores the subscription', async () => {
    const { push, calls } = await renderWithPush({ permission: 'default' });
    expect(screen.getByTestId('push-status-not_subscribed')).toBeTruthy();
    fireEvent.click(screen.getByTestId('push-enable'));
    expect(await screen.findByTestId('push-status-subscribed')).toBeTruthy();
    expect(screen.queryByTestId('push-enable')).toBeNull();
    expect(push.registered).toEqual(['/sw.js']);
    const stored = calls.find((c) => c.url === '/api/user.php?push=1')!;
    expect(JSON.parse((stored.body as { subscription: string }).subscription)).toMatchObject({
      endpoint: 'https://push.example.net/send/abc',
    });
    // The count of subscribed browsers is read again.
    await waitFor(() =>
      expect(calls.filter((c) => c.url === '/api/notifications.php' && c.method === 'GET')).toHaveLength(2),
    );
  });

  it('says so when the browser question is closed without an answer', async () => {
    await renderWithPush({ permission: 'default', answer: 'default' });
    fireEvent.click(screen.getByTestId('push-enable'));
    expect((await screen.findByTestId('push-outcome-dismissed')).textContent).toBe(texts.push.dismissed);
    expect(screen.getByTestId('push-enable')).toBeTruthy();
  });

  it('explains how to allow notifications again when the browser blocks them', async () => {
    await renderWithPush({ permission: 'denied' });
    expect(screen.getByTestId('push-status-denied').textContent).toBe(texts.push.denied);
    expect(screen.queryByTestId('push-enable')).toBeNull();
  });

  it('shows an existing subscription as on', async () => {
    await renderWithPush({ permission: 'granted', subscription: { endpoint: 'x', toJSON: () => ({}) } });
    expect(screen.getByTestId('push-status-subscribed')).toBeTruthy();
  });

  it('tells browsers without push so', async () => {
    const calls = mockApi(defaultPreferences());
    await refreshPushState();
    renderSection();
    expect((await screen.findByTestId('push-status-unsupported')).textContent).toBe(texts.push.unsupported);
    expect(calls).toHaveLength(1);
  });

  it('on iPhone Safari outside the home-screen app: add it to the home screen first', async () => {
    await renderWithPush({ permission: 'default', userAgent: IPHONE_SAFARI });
    expect(screen.getByTestId('push-status-ios_home_screen').textContent).toBe(texts.push.ios_home_screen);
    expect(screen.queryByTestId('push-enable')).toBeNull();
  });
});
