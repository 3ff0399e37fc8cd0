// @vitest-environment happy-dom
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import validation from '../../../shared/i18n/en/validation.json';
import recovery from '../../locales/en/recovery.json';
import { type ApiHandler, apiError, renderWithKit, resetKit } from '../../test/render-kit';
import { ResetPasswordDoPage } from './ResetPasswordDoPage';

const TOKEN = 'abcdefghijklmnopqrstuvwxyz012345';

const renderPage = (api: Record<string, ApiHandler> = {}) =>
  renderWithKit({
    routes: [
      { path: '/reset-password/do', element: <ResetPasswordDoPage /> },
      { path: '/reset-password', element: <p>request page</p> },
      { path: '/notifications', element: <p>member home</p> },
      { path: '/members', element: <p>member home</p> },
    ],
    path: `/reset-password/do?token=${TOKEN}`,
    texts: { recovery, validation, common: { loading: 'Loading…' } },
    // useSettings() reads the cached site settings; the page only needs the site name.
    cache: [
      [
        ['settings'],
        { settings: { name: 'Amora', support_email: 'support@example.com' }, domain_language: 'en' },
      ],
    ],
    api,
  });

function fillIn(password: string, confirm: string) {
  fireEvent.change(screen.getByLabelText('New password'), { target: { value: password } });
  fireEvent.change(screen.getByLabelText('Repeat new password'), { target: { value: confirm } });
  fireEvent.click(screen.getByRole('button', { name: 'Save new password' }));
}

describe('ResetPasswordDoPage', () => {
  afterEach(resetKit);

  it('shows the validation message for mismatching passwords without calling the server', async () => {
    const { api } = await renderPage();
    fillIn('a-long-secret-1', 'a-long-secret-2');
    expect(await screen.findByText('The passwords entered are not the same.')).toBeTruthy();
    expect(api.calls).toEqual([]);
    // What the member typed stays.
    expect((screen.getByLabelText('New password') as HTMLInputElement).value).toBe('a-long-secret-1');
  });

  it('shows the server message and a link to /reset-password when the link is invalid', async () => {
    const { api } = await renderPage({
      'POST password-reset.php': () =>
        apiError(400, 'link_invalid', 'Link expired or invalid, request a new e-mail'),
    });
    fillIn('a-long-secret-1', 'a-long-secret-1');
    expect(await screen.findByText('Link expired or invalid, request a new e-mail')).toBeTruthy();
    expect(api.calls).toEqual(['POST password-reset.php']);
    expect(api.fetch.mock.calls[0]?.[0]).toBe('/api/password-reset.php');
    expect(api.bodies[0]).toEqual({
      token: TOKEN,
      password: 'a-long-secret-1',
      password_confirm: 'a-long-secret-1',
    });
    const link = screen.getByRole('link', { name: 'Request a new e-mail' });
    expect(link.getAttribute('href')).toBe('/reset-password');
  });
});
