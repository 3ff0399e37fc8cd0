// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import validation from '../../../shared/i18n/en/validation.json';
import type { SettingsResponse } from '../../../shared/schemas/sites';
import recovery from '../../locales/en/recovery.json';
import { ResetPasswordDoPage } from './ResetPasswordDoPage';

const TOKEN = 'abcdefghijklmnopqrstuvwxyz012345';

async function makeI18n() {
  const instance = i18next.createInstance();
  await instance.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: 'en',
    resources: { en: { recovery, validation, common: { loading: 'Loading…' } } },
    ns: ['recovery', 'validation', 'common'],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  return instance;
}

async function renderPage(fetchMock: ReturnType<typeof vi.fn>) {
  vi.stubGlobal('fetch', fetchMock);
  const i18n = await makeI18n();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // useSettings() reads the cached site settings; the page only needs the site name.
  queryClient.setQueryData(['settings'], {
    settings: { name: 'Amora', support_email: 'support@example.com' },
    domain_language: 'en',
  } as unknown as SettingsResponse);
  const router = createMemoryRouter(
    [
      { path: '/reset-password/do', element: <ResetPasswordDoPage /> },
      { path: '/reset-password', element: <p>request page</p> },
      { path: '/notifications', element: <p>member home</p> },
      { path: '/members', element: <p>member home</p> },
    ],
    { initialEntries: [`/reset-password/do?token=${TOKEN}`] },
  );
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return { router };
}

function fillIn(password: string, confirm: string) {
  fireEvent.change(screen.getByLabelText('New password'), { target: { value: password } });
  fireEvent.change(screen.getByLabelText('Repeat new password'), { target: { value: confirm } });
  fireEvent.click(screen.getByRole('button', { name: 'Save new password' }));
}

describe('ResetPasswordDoPage', () => {
  beforeEach(() => {
    vi.unstubAllGlobals();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the validation message for mismatching passwords without calling the server', async () => {
    const fetchMock = vi.fn();
    await renderPage(fetchMock);
    fillIn('a-long-secret-1', 'a-long-secret-2');
    expect(await screen.findByText('The passwords entered are not the same.')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
    // What the member typed stays.
    expect((screen.getByLabelText('New password') as HTMLInputElement).value).toBe('a-long-secret-1');
  });

  it('shows the server message and a link to /reset-password when the link is invalid', async () => {
    const fetchMock = vi.fn(
      async () =>
        new Response(
          JSON.stringify({
            error: { code: 'link_invalid', message: 'Link expired or invalid, request a new e-mail' },
          }),
          { status: 400, headers: { 'Content-Type': 'application/json' } },
        ),
    );
    await renderPage(fetchMock);
    fillIn('a-long-secret-1', 'a-long-secret-1');
    expect(await screen.findByText('Link expired or invalid, request a new e-mail')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/password-reset.php');
    expect(JSON.parse(String(init.body))).toEqual({
      token: TOKEN,
      password: 'a-long-secret-1',
      password_confirm: 'a-long-secret-1',
    });
    const link = screen.getByRole('link', { name: 'Request a new e-mail' });
    expect(link.getAttribute('href')).toBe('/reset-password');
  });
});
