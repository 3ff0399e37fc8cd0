// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '../../shared/schemas/accounts';
import type { PublicSettings } from '../../shared/schemas/sites';
import auth from '../locales/en/auth.json';
import common from '../locales/en/common.json';
import { creditsBadgeVariant, TopBar } from './TopBar';

const SETTINGS = { name: 'Amora' } as unknown as PublicSettings;

const member = (extra: Partial<CurrentUser>): CurrentUser => ({
  id: 1,
  email: 'eva@example.test',
  profile: { id: 7, name: 'Eva', main_image: null, country: 'NL', status: 'active' },
  credits: 0,
  paid_user: false,
  signup_date: '2026-01-01T00:00:00Z',
  language: 'en',
  fictional_icon: 'stars',
  status: 'active',
  notifications_disabled: [],
  ...extra,
});

async function renderBar(user: CurrentUser | null, cache: [unknown[], unknown][] = []) {
  // Nothing is fetched in these tests (the likes badge starts polling 5 s after mount).
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('{}', { status: 500 })),
  );
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: 'en',
    resources: { en: { common, auth } },
    ns: ['common', 'auth'],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  queryClient.setQueryData(['user'], user);
  for (const [key, data] of cache) queryClient.setQueryData(key, data);
  const router = createMemoryRouter(
    [{ path: '/members', element: <TopBar settings={SETTINGS} />, handle: { name: 'members' } }],
    { initialEntries: ['/members'] },
  );
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

describe('TopBar credits and premium', () => {
  beforeEach(() => vi.unstubAllGlobals());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows a paid member the balance, leading to buying credits, in quiet colours above 10 credits', async () => {
    await renderBar(member({ paid_user: true, credits: 150 }));
    const credits = await screen.findByTestId('nav-credits');
    expect(credits.getAttribute('href')).toBe('/credits');
    expect(credits.getAttribute('aria-label')).toBe('150 credits – buy credits');
    // The whole balance (no 99+ cap: it is an amount, not a count of news), shown on phones too.
    const balance = within(credits).getByTestId('nav-credits-balance');
    expect(balance.textContent).toBe('150');
    expect(balance.classList.contains('nav-balance-plain')).toBe(true);
    expect(balance.className).not.toMatch(/d-none/);
    expect(screen.queryByTestId('nav-premium')).toBeNull();
  });

  it('shows the balance in a warning badge at 10 credits or fewer', async () => {
    await renderBar(member({ paid_user: true, credits: 10 }));
    const badge = (await screen.findByTestId('nav-credits')).querySelector('.badge');
    expect(badge?.textContent).toBe('10');
    expect(badge?.classList.contains('text-bg-warning')).toBe(true);
  });

  it('shows a danger badge at 0 credits', async () => {
    await renderBar(member({ paid_user: true, credits: 0 }));
    const credits = await screen.findByTestId('nav-credits');
    const badge = within(credits).getByText('0');
    expect(badge.classList.contains('text-bg-danger')).toBe(true);
  });

  it('shows a member who has not paid Get Premium instead', async () => {
    await renderBar(member({ paid_user: false, credits: 5 }));
    const premium = await screen.findByTestId('nav-premium');
    expect(premium.getAttribute('href')).toBe('/premium');
    expect(premium.getAttribute('aria-label')).toBe('Get Premium');
    // Phones show its name beside the icon, not the icon alone.
    expect(premium.querySelector('.nav-short')?.textContent).toBe('Premium');
    expect(premium.querySelector('.nav-short')?.className).toContain('d-md-none');
    expect(screen.queryByTestId('nav-credits')).toBeNull();
  });

  it('shows a visitor the login button and no member links', async () => {
    await renderBar(null);
    expect(await screen.findByTestId('login-button')).toBeTruthy();
    expect(screen.queryByTestId('nav-credits')).toBeNull();
    expect(screen.queryByTestId('nav-premium')).toBeNull();
  });
});

describe('TopBar messages', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('links to the chats with the unread messages, capped at 99+', async () => {
    await renderBar(member({}), [[['chats'], { chats: [], total_unread: 150 }]]);
    const messages = await screen.findByTestId('nav-chats');
    expect(messages.getAttribute('href')).toBe('/chats');
    expect(messages.getAttribute('aria-label')).toBe('Messages (150 unread)');
    expect(screen.getByTestId('nav-badge-chats').textContent).toBe('99+');
  });

  it('shows no badge without unread messages', async () => {
    await renderBar(member({}), [[['chats'], { chats: [], total_unread: 0 }]]);
    const messages = await screen.findByTestId('nav-chats');
    expect(messages.getAttribute('aria-label')).toBe('Messages');
    expect(screen.queryByTestId('nav-badge-chats')).toBeNull();
  });
});

describe('creditsBadgeVariant', () => {
  it('is absent above 10, warning from 10 down to 1, danger at 0', () => {
    expect(creditsBadgeVariant(11)).toBeUndefined();
    expect(creditsBadgeVariant(10)).toBe('warning');
    expect(creditsBadgeVariant(1)).toBe('warning');
    expect(creditsBadgeVariant(0)).toBe('danger');
  });
});
