// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '../../../shared/schemas/accounts';
import type { SettingsResponse } from '../../../shared/schemas/sites';
import deCommon from '../../locales/de/common.json';
import common from '../../locales/en/common.json';
import nlCommon from '../../locales/nl/common.json';
import { LangConfigPage } from './LangConfigPage';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The page switches the app's own (global) i18next, as the language dropdown does. */
async function renderPage(user: CurrentUser | null) {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => json(200, { ok: true }));
  vi.stubGlobal('fetch', fetchMock);
  await i18next.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: 'en',
    resources: { en: { common }, nl: { common: nlCommon }, de: { common: deCommon } },
    ns: ['common'],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  await i18next.changeLanguage('en');
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(['settings'], {
    settings: { name: 'Amora' },
    domain_language: 'en',
  } as unknown as SettingsResponse);
  queryClient.setQueryData(['user'], user);
  const router = createMemoryRouter([{ path: '/lang-config', element: <LangConfigPage /> }], {
    initialEntries: ['/lang-config'],
  });
  render(
    <I18nextProvider i18n={i18next}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return fetchMock;
}

describe('LangConfigPage', () => {
  it('lists the 11 languages, switches at once, and saves the choice on the account of a member', async () => {
    const fetchMock = await renderPage({ id: 1, profile: { id: 1 } } as unknown as CurrentUser);
    expect(screen.getByRole('heading', { level: 1, name: 'Language' })).toBeTruthy();
    expect(screen.getAllByRole('radio')).toHaveLength(11);
    expect((screen.getByTestId('lang-config-en') as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText('Nederlands').closest('label')?.getAttribute('lang')).toBe('nl');
    fireEvent.click(screen.getByTestId('lang-config-nl'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Taal' })).toBeTruthy();
    expect(screen.getByTestId('lang-config-status').textContent).toBe('De taal is nu Nederlands.');
    expect((screen.getByTestId('lang-config-nl') as HTMLInputElement).checked).toBe(true);
    expect(document.cookie).toContain('i18n_redirected=nl');
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(
          ([url, init]) => String(url).includes('api/user.php') && init?.method === 'PUT',
        ),
      ).toBe(true),
    );
  });

  it('saves nothing on the server for a visitor', async () => {
    const fetchMock = await renderPage(null);
    expect(screen.getByText(/We remember your choice on this device\./)).toBeTruthy();
    fireEvent.click(screen.getByTestId('lang-config-de'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sprache' })).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
