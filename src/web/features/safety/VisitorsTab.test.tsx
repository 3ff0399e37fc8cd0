// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SettingsResponse } from '../../../shared/schemas/sites';
import type { VisitorsResponse } from '../../../shared/schemas/visits';
import safety from '../../locales/en/safety.json';
import { VisitorsTab } from './VisitorsTab';

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

async function renderTab(answer: VisitorsResponse) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => json(answer)),
  );
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({
    lng: 'en',
    resources: { en: { safety, common: { profile: { fictional: 'Fictional profile' } } } },
    ns: ['safety', 'common'],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(['settings'], {
    settings: { name: 'Amora', countries: ['NL'], fictional_icon: 'stars' },
    domain_language: 'en',
  } as unknown as SettingsResponse);
  const router = createMemoryRouter([{ path: '/likes/visitors', element: <VisitorsTab page={1} /> }], {
    initialEntries: ['/likes/visitors'],
  });
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

const base = { page: 1, pages: 1, leave_visits: true };

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('VisitorsTab', () => {
  it('shows a free member how many visited, as blurred cards with the premium offer', async () => {
    await renderTab({ ...base, count: 3, premium: false, items: [] });
    expect((await screen.findByTestId('visitors-count')).textContent).toBe('3 members viewed your profile');
    expect(screen.getAllByTestId('visitor-blurred')).toHaveLength(3);
    expect(screen.getByTestId('visitors-get-premium').getAttribute('href')).toBe('/premium');
    expect(screen.queryByTestId('visitor-card')).toBeNull();
  });

  it('shows a premium member who visited, and says when the member leaves no visits', async () => {
    await renderTab({
      ...base,
      leave_visits: false,
      count: 1,
      premium: true,
      items: [
        {
          id: 5,
          name: 'Eva',
          age: 31,
          city: 'Utrecht',
          country: 'NL',
          fictional: false,
          main_image: null,
          visited_at: '2026-11-20T10:00:00Z',
        },
      ],
    });
    expect((await screen.findByTestId('visitor-card')).textContent).toContain('Eva');
    expect(screen.getByTestId('visitors-count').textContent).toBe('1 member viewed your profile');
    expect(screen.queryByTestId('visitor-blurred')).toBeNull();
    expect(screen.getByTestId('visitors-off-notice').querySelector('a')?.getAttribute('href')).toBe(
      '/notifications#privacy',
    );
  });

  it('says there are no visitors yet', async () => {
    await renderTab({ ...base, count: 0, premium: false, items: [] });
    expect(await screen.findByTestId('visitors-empty')).toBeTruthy();
  });
});
