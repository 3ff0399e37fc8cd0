// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import validation from '../../../shared/i18n/en/validation.json';
import members from '../../locales/en/members.json';
import { BlockedSection } from './BlockedList';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('BlockedSection', () => {
  it('lists the blocked members and unblocks one with DELETE /api/block.php', async () => {
    const fetchMock = vi.fn(async (_url: string, init?: RequestInit) =>
      init?.method === 'DELETE'
        ? json(200, { ok: true })
        : json(200, {
            blocked: [
              { id: 5, name: 'Tom', age: 40, city: null, country: 'NL', fictional: false, main_image: null },
              { id: 6, name: 'Kim', age: 35, city: null, country: 'NL', fictional: false, main_image: null },
            ],
          }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const i18n = i18next.createInstance();
    await i18n.use(initReactI18next).init({
      lng: 'en',
      ns: ['members', 'validation', 'common'],
      defaultNS: 'common',
      resources: { en: { members, validation, common: { loading: 'Loading…' } } },
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const router = createMemoryRouter([{ path: '/', element: <BlockedSection /> }]);
    render(
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={client}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </I18nextProvider>,
    );
    expect(await screen.findByText('Tom')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Unblock (Tom)' }));
    await waitFor(() => expect(screen.queryByText('Tom')).toBeNull());
    expect(screen.getByText('Kim')).toBeTruthy();
    const del = fetchMock.mock.calls.find((c) => c[1]?.method === 'DELETE')!;
    expect(del[0]).toBe('/api/block.php');
    expect(JSON.parse(String(del[1]!.body))).toEqual({ id: 5 });
  });
});
