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

const card = { city: null, country: 'NL', fictional: false, main_image: null };

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('BlockedSection', () => {
  it('lists the blocked members and unblocks one (also a member no longer visible) with DELETE /api/block.php', async () => {
    // The server's blocks: an unblock takes the entry out (the list is fetched again after it).
    let blocked = [
      { ...card, hidden: false, handle: '20250101120000000001', id: 5, name: 'Tom', age: 40 },
      { ...card, hidden: false, handle: '20250101120000000002', id: 6, name: 'Kim', age: 35 },
      { hidden: true, handle: '20250101120000000003', label: 'Member no longer visible' },
    ];
    const fetchMock = vi.fn(async (_url: string, init?: RequestInit) => {
      if (init?.method !== 'DELETE') return json(200, { blocked });
      const { handle } = JSON.parse(String(init.body)) as { handle: string };
      blocked = blocked.filter((b) => b.handle !== handle);
      return json(200, { ok: true });
    });
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
    expect(JSON.parse(String(del[1]!.body))).toEqual({ handle: '20250101120000000001' });

    // The hidden entry shows only its label, and can be unblocked too.
    expect(screen.getByTestId('settings-blocked-hidden').textContent).toBe('Member no longer visible');
    fireEvent.click(screen.getByRole('button', { name: 'Unblock (Member no longer visible)' }));
    await waitFor(() => expect(screen.queryByTestId('settings-blocked-hidden')).toBeNull());
    const dels = fetchMock.mock.calls.filter((c) => c[1]?.method === 'DELETE');
    expect(JSON.parse(String(dels[1]![1]!.body))).toEqual({ handle: '20250101120000000003' });
  });
});
