// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { dismissedAt } from '../../../lib/stored';
import { type PushState, refreshPushState } from '../../push/push-state';
import {
  IPHONE_SAFARI,
  initTestI18n,
  installFakePush,
  json,
  member,
  renderAt,
  testQueryClient,
  texts,
  uninstallFakePush,
} from '../notifications-test-kit';
import { PUSH_PROMPT_HIDDEN_ROUTES, PushPrompt, pushPromptMode } from './PushPrompt';

beforeAll(initTestI18n);
beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  uninstallFakePush();
});

/** Lets the query cache and the push state tell their observers. */
const settle = () => act(() => new Promise((r) => setTimeout(r, 20)));

const state = (capability: PushState['capability'], subscribed: boolean | null): PushState => ({
  capability,
  subscribed,
});

describe('pushPromptMode', () => {
  const base = {
    user: member(),
    routeName: 'members',
    dismissed: false,
    push: state('default', false),
    pushAvailable: true,
  };

  it('offers push to a signed-in member whose browser can subscribe and has not', () => {
    expect(pushPromptMode(base)).toBe('enable');
    // Allowed before, but the subscription is gone: enabling asks nothing.
    expect(pushPromptMode({ ...base, push: state('granted', false) })).toBe('enable');
  });

  it('stays away when push is on, blocked, unsupported, not known yet or not offered by the site', () => {
    expect(pushPromptMode({ ...base, push: state('granted', true) })).toBeNull();
    expect(pushPromptMode({ ...base, push: state('denied', false) })).toBeNull();
    expect(pushPromptMode({ ...base, push: state('unsupported', false) })).toBeNull();
    expect(pushPromptMode({ ...base, push: state('default', null) })).toBeNull();
    expect(pushPromptMode({ ...base, pushAvailable: false })).toBeNull();
  });

  it('is only for signed-in members and never once dismissed', () => {
    expect(pushPromptMode({ ...base, user: null })).toBeNull();
    expect(pushPromptMode({ ...base, user: undefined })).toBeNull();
    expect(pushPromptMode({ ...base, dismissed: true })).toBeNull();
  });

  it('is hidden on signup, notifications, activate-done, directdebit and premium', () => {
    for (const route of ['signup', 'notifications', 'activate-done', 'directdebit', 'premium'])
      expect(PUSH_PROMPT_HIDDEN_ROUTES.has(route)).toBe(true);
    for (const routeName of PUSH_PROMPT_HIDDEN_ROUTES)
      expect(pushPromptMode({ ...base, routeName })).toBeNull();
    for (const routeName of ['members', 'chats', 'likes-type', 'profile'])
      expect(pushPromptMode({ ...base, routeName })).toBe('enable');
  });

  it('on iOS outside the home-screen app asks to add it to the home screen instead', () => {
    expect(pushPromptMode({ ...base, push: state('ios-home-screen', false) })).toBe('ios');
    expect(
      pushPromptMode({ ...base, push: state('ios-home-screen', false), routeName: 'premium' }),
    ).toBeNull();
  });
});

describe('PushPrompt', () => {
  async function show(
    env: Parameters<typeof installFakePush>[0],
    route = { path: '/members', name: 'members' },
  ) {
    const push = installFakePush(env);
    await refreshPushState();
    const fetchMock = vi.fn(async (url: string) =>
      url === '/api/user.php?push=1' ? json(200, { ok: true }) : json(404, {}),
    );
    vi.stubGlobal('fetch', fetchMock);
    const client = testQueryClient();
    client.setQueryData(['user'], member());
    renderAt(<PushPrompt />, { client, ...route });
    return { push, fetchMock };
  }

  it('enables push with one click, stores the subscription and goes away', async () => {
    const { push, fetchMock } = await show({ permission: 'default' });
    const prompt = await screen.findByTestId('push-prompt');
    expect(prompt.textContent).toContain(texts.prompt.text);
    fireEvent.click(screen.getByTestId('push-prompt-enable'));
    await waitFor(() => expect(screen.queryByTestId('push-prompt')).toBeNull());
    expect(push.permission).toBe('granted');
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/user.php?push=1',
      expect.objectContaining({ method: 'POST' }),
    );
  });

  it('says what the browser said when it blocks notifications', async () => {
    await show({ permission: 'default', answer: 'denied' });
    fireEvent.click(await screen.findByTestId('push-prompt-enable'));
    await waitFor(() => expect(screen.getByTestId('push-prompt').textContent).toContain(texts.prompt.denied));
    expect(screen.queryByTestId('push-prompt-enable')).toBeNull();
  });

  it('says so when subscribing fails, and lets the member try again', async () => {
    await show({ permission: 'default', subscribeError: new Error('no push service') });
    fireEvent.click(await screen.findByTestId('push-prompt-enable'));
    await waitFor(() => expect(screen.getByTestId('push-prompt').textContent).toContain(texts.prompt.failed));
    expect(screen.getByTestId('push-prompt-enable')).toBeTruthy();
  });

  it('stays dismissed: the dismissal is stored with a timestamp', async () => {
    await show({ permission: 'default' });
    const before = Date.now();
    fireEvent.click(await screen.findByTestId('push-prompt-dismiss'));
    expect(screen.queryByTestId('push-prompt')).toBeNull();
    expect(dismissedAt('push_alert')).toBeGreaterThanOrEqual(before);
    cleanup();
    const client = testQueryClient();
    client.setQueryData(['user'], member());
    renderAt(<PushPrompt />, { client });
    await settle();
    expect(screen.queryByTestId('push-prompt')).toBeNull();
  });

  it('does not show on the notifications page, nor when push is blocked or already on', async () => {
    await show({ permission: 'default' }, { path: '/notifications', name: 'notifications' });
    await settle();
    expect(screen.queryByTestId('push-prompt')).toBeNull();
    cleanup();
    uninstallFakePush();
    await show({ permission: 'denied' });
    await settle();
    expect(screen.queryByTestId('push-prompt')).toBeNull();
    cleanup();
    uninstallFakePush();
    await show({ permission: 'granted', subscription: { endpoint: 'x', toJSON: () => ({}) } });
    await settle();
    expect(screen.queryByTestId('push-prompt')).toBeNull();
  });

  it('on iPhone Safari says to add the app to the home screen, without a button', async () => {
    await show({ permission: 'default', userAgent: IPHONE_SAFARI });
    const prompt = await screen.findByTestId('push-prompt');
    expect(prompt.textContent).toContain(texts.prompt.ios);
    expect(screen.queryByTestId('push-prompt-enable')).toBeNull();
  });
});
