// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AdminApiError, errorText } from './admin-api';
import { ConsoleRoutes } from './ConsoleRoutes';
import consoleEn from './locales/en/console.json';
import { StaffSessionProvider } from './session';

// Sections are lazily loaded chunks: on a busy machine the first one takes more than a second to arrive.
configure({ asyncUtilTimeout: 8000 });

type Handler = (init: RequestInit, url: URL) => Response;
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const staff = (role: 'moderator' | 'admin') => ({ id: 7, email: 'eva@example.test', name: 'Eva', role });
const authRequired = () =>
  json(401, { error: { code: 'staff_authentication_required', message: 'Sign in' } });
const emptyAudit = { entries: [], page: 1, page_size: 50, has_more: false };

async function setup(path: string, handlers: Record<string, Handler | Handler[]>) {
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({
    lng: 'en',
    resources: { en: { console: consoleEn } },
    defaultNS: 'console',
    interpolation: { escapeValue: false },
  });
  const calls: string[] = [];
  const fetchMock = vi.fn(async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://localhost');
    const file = url.pathname.split('/').pop()!;
    calls.push(`${init.method ?? 'GET'} ${file}`);
    const h = handlers[`${init.method ?? 'GET'} ${file}`];
    const handler = Array.isArray(h) ? (h.length > 1 ? h.shift() : h[0]) : h;
    if (!handler) throw new Error(`unexpected ${init.method ?? 'GET'} ${url.pathname}`);
    return handler(init, url);
  });
  vi.stubGlobal('fetch', fetchMock);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[path]}>
          <StaffSessionProvider>
            <Routes>
              <Route path="/admin/*" element={<ConsoleRoutes />} />
            </Routes>
          </StaffSessionProvider>
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return { calls, fetchMock };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('console sections and roles', () => {
  it('hides admin-only sections from a moderator, and their address says not allowed', async () => {
    const { calls } = await setup('/admin/staff', {
      'GET me.php': () => json(200, { staff: staff('moderator') }),
    });
    expect(await screen.findByTestId('console-not-allowed')).toBeTruthy();
    expect(screen.getByTestId('console-not-allowed').textContent).toContain('Moderator');
    expect(screen.queryByTestId('console-nav-staff')).toBeNull();
    expect(screen.getByTestId('console-nav-audit')).toBeTruthy();
    expect(screen.getByTestId('console-staff-name').textContent).toBe('Eva');
    expect(calls).not.toContain('GET staff.php');
  });

  it("lists an admin's sections on the home page", async () => {
    await setup('/admin', { 'GET me.php': () => json(200, { staff: staff('admin') }) });
    const home = await screen.findByTestId('console-home-sections');
    expect(home.textContent).toContain('Staff');
    expect(home.textContent).toContain('Audit log');
    expect(screen.getByTestId('console-nav-staff')).toBeTruthy();
  });
});

describe('console session', () => {
  it('asks to sign in, with e-mail and password, then the code, and opens the page asked for', async () => {
    const { fetchMock } = await setup('/admin/audit', {
      'GET me.php': authRequired,
      'POST login.php': () => json(200, { totp_required: true, expires_in: 300 }),
      'POST login-code.php': [
        () => json(401, { error: { code: 'staff_code_used', message: 'used' } }),
        () => json(200, { staff: staff('moderator') }),
      ],
      'GET audit.php': () => json(200, emptyAudit),
    });
    fireEvent.change(await screen.findByTestId('console-email'), { target: { value: 'eva@example.test' } });
    fireEvent.change(screen.getByTestId('console-password'), { target: { value: 'a long password' } });
    fireEvent.click(screen.getByTestId('console-sign-in-submit'));
    fireEvent.change(await screen.findByTestId('console-totp-code'), { target: { value: '12 34-56' } });
    expect((screen.getByTestId('console-totp-code') as HTMLInputElement).value).toBe('123456');
    fireEvent.click(screen.getByTestId('console-totp-submit'));
    expect((await screen.findByTestId('console-sign-in-error')).textContent).toContain('used already');
    fireEvent.click(screen.getByTestId('console-totp-submit'));
    expect(await screen.findByTestId('console-audit-empty')).toBeTruthy();
    const login = fetchMock.mock.calls.find(([u]) => String(u).includes('login.php'))!;
    const init = login[1] as RequestInit & { headers: Record<string, string> };
    expect(init.headers['X-Request-Type']).toBe('client');
    expect(JSON.parse(String(init.body))).toEqual({ email: 'eva@example.test', password: 'a long password' });
  });

  it('shows the sign-in in place when the session ends, and returns to the page after signing in', async () => {
    await setup('/admin/audit?action=staff.invite', {
      'GET me.php': () => json(200, { staff: staff('admin') }),
      'GET audit.php': [
        authRequired,
        (_i, url) => json(200, { ...emptyAudit, page: Number(url.searchParams.get('page')) }),
      ],
      'POST login.php': () => json(200, { totp_required: true, expires_in: 300 }),
      'POST login-code.php': () => json(200, { staff: staff('admin') }),
      'GET staff.php': () => json(200, { staff: [] }),
    });
    expect(await screen.findByTestId('console-session-ended')).toBeTruthy();
    expect(screen.queryByTestId('console-nav')).toBeNull();
    fireEvent.change(screen.getByTestId('console-email'), { target: { value: 'eva@example.test' } });
    fireEvent.change(screen.getByTestId('console-password'), { target: { value: 'a long password' } });
    fireEvent.click(screen.getByTestId('console-sign-in-submit'));
    fireEvent.change(await screen.findByTestId('console-totp-code'), { target: { value: '654321' } });
    fireEvent.click(screen.getByTestId('console-totp-submit'));
    await waitFor(() => expect(screen.getByTestId('console-audit-empty')).toBeTruthy());
    expect((screen.getByTestId('console-audit-action') as HTMLInputElement).value).toBe('staff.invite');
  });
});

describe('errorText', () => {
  const t = i18next.createInstance();
  void t.init({ lng: 'en', resources: { en: { console: consoleEn } }, defaultNS: 'console' });
  it('translates known codes, else shows the server message, else a generic text', () => {
    expect(errorText(t.t, new AdminApiError(401, 'staff_login_failed', 'x'))).toBe(
      'The e-mail address or password is not right.',
    );
    expect(errorText(t.t, new AdminApiError(429, 'login_locked', 'Locked for 9 min.'))).toBe(
      'Locked for 9 min.',
    );
    expect(errorText(t.t, new AdminApiError(429, 'rate_limited', 'x', undefined, 125))).toBe(
      'Too many attempts. Try again in 3 min.',
    );
    expect(errorText(t.t, new AdminApiError(0, 'network_error', 'TypeError'))).toContain('No connection');
    expect(errorText(t.t, new Error('boom'))).toBe('Something went wrong. Please try again.');
  });
});
