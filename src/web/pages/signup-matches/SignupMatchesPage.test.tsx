// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '../../../shared/schemas/accounts';
import type { MatchCard, MatchFinderResponse } from '../../../shared/schemas/matching';
import type { SettingsResponse } from '../../../shared/schemas/sites';
import { httpConfig } from '../../lib/http';
import auth from '../../locales/en/auth.json';
import matching from '../../locales/en/matching.json';
import members from '../../locales/en/members.json';
import { SignupMatchesPage } from './SignupMatchesPage';

const USER = { id: 1, profile: { id: 1, name: 'Me' } } as unknown as CurrentUser;

const card = (id: number, shared: number, km: number | null): MatchCard => ({
  id,
  name: `Member ${id}`,
  age: 30,
  city: 'Utrecht',
  country: 'NL',
  fictional: false,
  main_image: null,
  shared_interests: shared,
  distance_km: km,
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

async function renderPage(finder: () => Response) {
  const fetchMock = vi.fn(async (input: string) => {
    const url = new URL(input, 'http://localhost');
    if (url.pathname === '/api/match-finder.php') return finder();
    return json(404, { error: { code: 'not_found', message: 'Not found' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: 'en',
    resources: { en: { auth, matching, members, common: { loading: 'Loading…' } } },
    ns: ['auth', 'matching', 'members', 'common'],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(['settings'], {
    settings: { name: 'Amora', countries: ['NL'], fictional_icon: 'stars', signups: 'all' },
    domain_language: 'en',
  } as unknown as SettingsResponse);
  queryClient.setQueryData(['user'], USER);
  const router = createMemoryRouter([{ path: '/signup-matches', element: <SignupMatchesPage /> }], {
    initialEntries: ['/signup-matches'],
  });
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return fetchMock;
}

describe('SignupMatchesPage', () => {
  const retries = httpConfig.retries;
  beforeEach(() => {
    vi.unstubAllGlobals();
    httpConfig.retries = 0;
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    httpConfig.retries = retries;
  });

  it('shows the first 8 of the ranking with why they fit, linking to their profiles', async () => {
    const items = Array.from({ length: 12 }, (_, i) => card(10 + i, i === 0 ? 2 : 0, i === 0 ? 7 : null));
    const answer: MatchFinderResponse = { items, page: 1, has_more: true, liked: [] };
    const fetchMock = await renderPage(() => json(200, answer));

    const page = await screen.findByTestId('signup-matches');
    const cards = within(page).getAllByTestId('match-card');
    expect(cards).toHaveLength(8);
    expect(within(cards[0]!).getByTestId('match-reason').textContent).toBe('2 shared interests · 7 km');
    expect(within(cards[1]!).getByTestId('match-reason').textContent).toBe('Matches your preferences');
    expect(within(cards[0]!).getByTestId('profile-card').getAttribute('href')).toBe('/members/10');
    expect(page.textContent).toContain('We found 8 members who fit what you are looking for.');
    expect(screen.getByTestId('matches-continue').getAttribute('href')).toBe('/complete-signup');
    expect(String(fetchMock.mock.calls[0]![0])).toContain('/api/match-finder.php?page=1');
  });

  it('still leads on without cards when the matches cannot be loaded', async () => {
    await renderPage(() => json(503, { error: { code: 'busy', message: 'Busy' } }));
    const page = await screen.findByTestId('signup-matches');
    expect(within(page).queryAllByTestId('match-card')).toHaveLength(0);
    expect(within(page).queryByRole('alert')).toBeNull();
    expect(page.textContent).toContain('Continue to finish your signup');
    expect(screen.getByTestId('matches-continue').getAttribute('href')).toBe('/complete-signup');
  });
});
