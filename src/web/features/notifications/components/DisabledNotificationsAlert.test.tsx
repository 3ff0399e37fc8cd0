// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { dismissedAt } from '../../../lib/stored';
import { initTestI18n, member, renderAt, testQueryClient, texts } from '../notifications-test-kit';
import {
  DisabledNotificationsAlert,
  shouldShowDisabledNotificationsAlert,
} from './DisabledNotificationsAlert';

beforeAll(initTestI18n);
beforeEach(() => localStorage.clear());
afterEach(cleanup);

/** Lets the query cache tell its observers (it does on a timeout). */
const settle = () => act(() => new Promise((r) => setTimeout(r, 20)));

function show(reasons: string[], route = { path: '/members', name: 'members' }) {
  const client = testQueryClient();
  client.setQueryData(['user'], member({ notifications_disabled: reasons }));
  return { client, ...renderAt(<DisabledNotificationsAlert />, { client, ...route }) };
}

describe('shouldShowDisabledNotificationsAlert', () => {
  it('shows while there are reasons, unless dismissed for them, and never on /notifications', () => {
    expect(shouldShowDisabledNotificationsAlert([], null, 'members')).toBe(false);
    expect(shouldShowDisabledNotificationsAlert(['fbl'], null, 'members')).toBe(true);
    expect(shouldShowDisabledNotificationsAlert(['fbl'], null, 'notifications')).toBe(false);
    expect(shouldShowDisabledNotificationsAlert(['fbl'], { at: 1, reasons: ['fbl'] }, 'members')).toBe(false);
    expect(
      shouldShowDisabledNotificationsAlert(['bounce', 'fbl'], { at: 1, reasons: ['fbl'] }, 'members'),
    ).toBe(true);
  });
});

describe('DisabledNotificationsAlert', () => {
  it('says why e-mail notifications are off in plain words, with a link to /notifications', async () => {
    show(['listunsubscribe']);
    const alert = await screen.findByTestId('disabled-notifications-alert');
    expect(alert.textContent).toContain(texts.mail_disabled.title);
    expect(alert.textContent).toContain(texts.mail_disabled.reasons.listunsubscribe);
    expect(screen.getByTestId('disabled-notifications-link').getAttribute('href')).toBe('/notifications');
  });

  it('links a bounce to the e-mail address on the settings page', async () => {
    show(['bounce']);
    expect((await screen.findByTestId('mail-disabled-bounce')).textContent).toContain(
      texts.mail_disabled.reasons.bounce,
    );
    expect(screen.getByTestId('mail-disabled-check-email').getAttribute('href')).toBe('/notifications#email');
  });

  it('shows nothing while e-mail is on, and not on the notifications page', async () => {
    show([]);
    await settle();
    expect(screen.queryByTestId('disabled-notifications-alert')).toBeNull();
    cleanup();
    show(['fbl'], { path: '/notifications', name: 'notifications' });
    await settle();
    expect(screen.queryByTestId('disabled-notifications-alert')).toBeNull();
  });

  it('stays dismissed with a stored timestamp, shows again for a new reason, and is forgotten once mail is on', async () => {
    const before = Date.now();
    const first = show(['fbl']);
    fireEvent.click(await screen.findByTestId('disabled-notifications-dismiss'));
    expect(screen.queryByTestId('disabled-notifications-alert')).toBeNull();
    expect(dismissedAt('notifications_alert')).toBeGreaterThanOrEqual(before);

    // Same reason on a later visit: still hidden.
    first.unmount();
    const later = show(['fbl']);
    await settle();
    expect(screen.queryByTestId('disabled-notifications-alert')).toBeNull();

    // A new reason after the dismissal: shown again.
    act(() => later.client.setQueryData(['user'], member({ notifications_disabled: ['bounce', 'fbl'] })));
    expect(await screen.findByTestId('disabled-notifications-alert')).toBeTruthy();
    fireEvent.click(screen.getByTestId('disabled-notifications-dismiss'));

    // E-mail back on: the dismissal is forgotten, so a later stop shows the alert again.
    act(() => later.client.setQueryData(['user'], member({ notifications_disabled: [] })));
    await waitFor(() => expect(dismissedAt('notifications_alert')).toBeUndefined());
    act(() => later.client.setQueryData(['user'], member({ notifications_disabled: ['fbl'] })));
    expect(await screen.findByTestId('disabled-notifications-alert')).toBeTruthy();
  });
});
