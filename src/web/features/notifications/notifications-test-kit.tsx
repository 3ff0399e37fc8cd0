import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import i18next from 'i18next';
import { type ReactNode, Suspense } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import validation from '../../../shared/i18n/en/validation.json';
import { NOTIFICATION_RULES, NOTIFICATION_TYPES } from '../../../shared/rules';
import type { CurrentUser } from '../../../shared/schemas/accounts';
import type { NotificationPreferences } from '../../../shared/schemas/notifications';
import notifications from '../../locales/en/notifications.json';

export { notifications as texts };

export const i18n = i18next.createInstance();
export async function initTestI18n(): Promise<void> {
  await i18n.use(initReactI18next).init({
    lng: 'en',
    ns: ['notifications', 'validation', 'common'],
    defaultNS: 'common',
    resources: { en: { notifications, validation, common: { loading: 'Loading…' } } },
    interpolation: { escapeValue: false },
  });
}

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The state GET notifications.php answers for a member who kept the defaults. */
export function defaultPreferences(extra: Partial<NotificationPreferences> = {}): NotificationPreferences {
  const preferences = Object.fromEntries(
    NOTIFICATION_TYPES.map((type) => {
      const rule = NOTIFICATION_RULES[type];
      return [
        type,
        {
          email: rule.channels.includes('email') ? rule.defaultOn : null,
          push: rule.channels.includes('push') ? rule.defaultOn : null,
        },
      ];
    }),
  ) as NotificationPreferences['preferences'];
  return { preferences, email_disabled: [], push_subscriptions: 0, ...extra };
}

export const member = (extra: Partial<CurrentUser> = {}): CurrentUser => ({
  id: 7,
  email: 'me@example.com',
  profile: { id: 7, name: 'Me', main_image: null, country: 'NL', status: 'active' },
  credits: 0,
  paid_user: false,
  signup_date: '2026-01-01T00:00:00Z',
  language: 'en',
  fictional_icon: 'stars',
  status: 'active',
  notifications_disabled: [],
  ...extra,
});

export const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

/** A browser's push machinery the test drives: permission, the answer to the question, the subscription. */
export interface FakePush {
  permission: NotificationPermission;
  /** what the permission question answers */
  answer: NotificationPermission;
  subscription: { endpoint: string; toJSON(): unknown } | null;
  /** service worker scripts registered */
  registered: string[];
  /** makes subscribe() fail */
  subscribeError: Error | null;
}

/**
 * Installs Notification, PushManager and navigator.serviceWorker (happy-dom has none), and optionally a user agent.
 * Undo with `uninstallFakePush()` (and vi.unstubAllGlobals()).
 */
export function installFakePush(init: Partial<FakePush> & { userAgent?: string } = {}): FakePush {
  const env: FakePush = {
    permission: 'default',
    answer: 'granted',
    subscription: null,
    registered: [],
    subscribeError: null,
    ...init,
  };
  const subscription = {
    endpoint: 'https://push.example.net/send/abc',
    toJSON: () => ({
      endpoint: 'https://push.example.net/send/abc',
      keys: { p256dh: 'B'.repeat(87), auth: 'A'.repeat(22) },
    }),
  };
  vi.stubGlobal('Notification', {
    get permission() {
      return env.permission;
    },
    requestPermission: async () => {
      env.permission = env.answer;
      return env.answer;
    },
  });
  vi.stubGlobal('PushManager', class {});
  const registration = {
    pushManager: {
      getSubscription: async () => env.subscription,
      subscribe: async () => {
        if (env.subscribeError) throw env.subscribeError;
        env.subscription = subscription;
        return subscription;
      },
    },
  };
  const container = Object.assign(new EventTarget(), {
    register: async (url: string) => {
      env.registered.push(url);
      return registration;
    },
    ready: Promise.resolve(registration),
    getRegistration: async () => registration,
  });
  Object.defineProperty(navigator, 'serviceWorker', { value: container, configurable: true });
  if (init.userAgent)
    Object.defineProperty(navigator, 'userAgent', { value: init.userAgent, configurable: true });
  return env;
}

export function uninstallFakePush(): void {
  Reflect.deleteProperty(navigator, 'serviceWorker');
  Reflect.deleteProperty(navigator, 'userAgent');
  vi.unstubAllGlobals();
}

export function testQueryClient(): QueryClient {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  client.setQueryData(['settings'], {
    settings: {
      name: 'Amora',
      push_public_key:
        'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U',
    },
    domain_language: 'en',
  });
  return client;
}

/** Renders `element` in a data router at `path`, as the route named `name` (banners look at the route name). */
export function renderAt(
  element: ReactNode,
  { client, path = '/members', name = 'members' }: { client: QueryClient; path?: string; name?: string },
) {
  const router = createMemoryRouter(
    [
      { path, handle: { name }, element },
      { path: '/notifications', handle: { name: 'notifications' }, element: <p>settings</p> },
    ],
    { initialEntries: [path] },
  );
  return {
    router,
    ...render(
      <QueryClientProvider client={client}>
        <I18nextProvider i18n={i18n}>
          <Suspense fallback={null}>
            <RouterProvider router={router} />
          </Suspense>
        </I18nextProvider>
      </QueryClientProvider>,
    ),
  };
}
