// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import validation from '../../../../shared/i18n/en/validation.json';
import settings from '../../../locales/en/settings.json';
import { PasswordSection } from './PasswordSection';

const i18n = i18next.createInstance();

beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'en',
    ns: ['settings', 'validation', 'common'],
    defaultNS: 'common',
    resources: { en: { settings, validation, common: {} } },
    interpolation: { escapeValue: false },
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderSection() {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return render(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>
        <PasswordSection />
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

function fill(old: string, password: string, confirm: string) {
  fireEvent.change(screen.getByLabelText(settings.password.old), { target: { value: old } });
  fireEvent.change(screen.getByLabelText(settings.password.new), { target: { value: password } });
  fireEvent.change(screen.getByLabelText(settings.password.confirm), { target: { value: confirm } });
  fireEvent.click(screen.getByTestId('settings-password-submit'));
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('PasswordSection', () => {
  it('shows the differing-passwords message under the repeat field without a request', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderSection();
    fill('old-secret-1', 'new-secret-1', 'new-secret-2');

    const confirm = screen.getByLabelText(settings.password.confirm);
    await waitFor(() => expect(confirm.getAttribute('aria-invalid')).toBe('true'));
    const errorId = confirm.getAttribute('aria-describedby')!;
    expect(document.getElementById(errorId)?.textContent).toBe(validation.passwords_differ);
    expect(fetchMock).not.toHaveBeenCalled();
    // What the member typed stays.
    expect((screen.getByLabelText(settings.password.new) as HTMLInputElement).value).toBe('new-secret-1');
  });

  it("shows the server's old-password message under the old-password field", async () => {
    const fetchMock = vi.fn(async () =>
      json(400, {
        error: {
          code: 'wrong_password',
          message: validation.old_password_wrong,
          fields: { old_password: validation.old_password_wrong },
        },
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderSection();
    fill('wrong-secret', 'new-secret-1', 'new-secret-1');

    const old = screen.getByLabelText(settings.password.old);
    await waitFor(() => expect(old.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(old.getAttribute('aria-describedby')!)?.textContent).toBe(
      validation.old_password_wrong,
    );
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/password.php');
    expect(JSON.parse(init.body as string)).toEqual({
      old_password: 'wrong-secret',
      password: 'new-secret-1',
      password_confirm: 'new-secret-1',
    });
    expect(screen.queryByTestId('settings-password-success')).toBeNull();
    expect((old as HTMLInputElement).value).toBe('wrong-secret');
  });
});
