// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import validation from '../../../../shared/i18n/en/validation.json';
import settings from '../../../locales/en/settings.json';
import { PrivacySection } from './PrivacySection';

const i18n = i18next.createInstance();

beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'en',
    ns: ['settings', 'validation', 'common'],
    defaultNS: 'common',
    resources: { en: { settings, validation, common: { loading: 'Loading…' } } },
    interpolation: { escapeValue: false },
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function renderSection(put: (body: unknown) => Response) {
  const fetchMock = vi.fn(async (_url: string, init?: RequestInit) =>
    init?.method === 'PUT'
      ? put(JSON.parse(String(init.body)))
      : json(200, { invisible: false, privacy_mode: true }),
  );
  vi.stubGlobal('fetch', fetchMock);
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>
        <PrivacySection />
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return Object.assign(fetchMock, { client });
}

describe('PrivacySection', () => {
  it('loads the switches and saves a toggle at once', async () => {
    const fetchMock = renderSection((body) => json(200, body));
    const invisible = (await screen.findByLabelText(settings.privacy.invisible.label)) as HTMLInputElement;
    const privacyMode = screen.getByLabelText(settings.privacy.privacy_mode.label) as HTMLInputElement;
    expect(invisible.checked).toBe(false);
    expect(privacyMode.checked).toBe(true);

    fireEvent.click(invisible);
    expect(await screen.findByTestId('settings-privacy-invisible-saved')).toBeTruthy();
    expect(invisible.checked).toBe(true);
    const put = fetchMock.mock.calls.find((c) => c[1]?.method === 'PUT')!;
    expect(put[0]).toBe('/api/privacy.php');
    expect(JSON.parse(String(put[1]!.body))).toEqual({ invisible: true, privacy_mode: true });
  });

  it('reloads every list of members when invisible mode changes, not for privacy mode', async () => {
    const { client } = renderSection((body) => json(200, body));
    const lists = [
      ['search', { page: 1 }],
      ['likes', 'given', 1],
      ['chats'],
      ['swipe-deck'],
      ['showcase', 'en', null],
    ];
    for (const key of lists) client.setQueryData(key, {});
    const stale = () => lists.filter((key) => client.getQueryState(key)?.isInvalidated).length;

    fireEvent.click(await screen.findByLabelText(settings.privacy.privacy_mode.label));
    expect(await screen.findByTestId('settings-privacy-privacy_mode-saved')).toBeTruthy();
    expect(stale()).toBe(0);

    fireEvent.click(screen.getByLabelText(settings.privacy.invisible.label));
    expect(await screen.findByTestId('settings-privacy-invisible-saved')).toBeTruthy();
    expect(stale()).toBe(lists.length);
  });

  it('puts the switch back and shows the error when saving fails', async () => {
    renderSection(() => json(400, { error: { code: 'invalid', message: 'Could not save' } }));
    const privacyMode = (await screen.findByLabelText(
      settings.privacy.privacy_mode.label,
    )) as HTMLInputElement;
    fireEvent.click(privacyMode);
    expect(await screen.findByText('Could not save')).toBeTruthy();
    await waitFor(() => expect(privacyMode.checked).toBe(true));
    expect(screen.queryByTestId('settings-privacy-privacy_mode-saved')).toBeNull();
  });
});
