// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import validation from '../../../../shared/i18n/en/validation.json';
import settings from '../../../locales/en/settings.json';
import { json, renderWithKit, resetKit } from '../../../test/render-kit';
import { PasswordSection } from './PasswordSection';

afterEach(resetKit);

const renderSection = (api: Parameters<typeof renderWithKit>[0]['api'] = {}) =>
  renderWithKit({ element: <PasswordSection />, texts: { settings, validation, common: {} }, api });

function fill(old: string, password: string, confirm: string) {
  fireEvent.change(screen.getByLabelText(settings.password.old), { target: { value: old } });
  fireEvent.change(screen.getByLabelText(settings.password.new), { target: { value: password } });
  fireEvent.change(screen.getByLabelText(settings.password.confirm), { target: { value: confirm } });
  fireEvent.click(screen.getByTestId('settings-password-submit'));
}

describe('PasswordSection', () => {
  it('shows the differing-passwords message under the repeat field without a request', async () => {
    const { api } = await renderSection();
    fill('old-secret-1', 'new-secret-1', 'new-secret-2');

    const confirm = screen.getByLabelText(settings.password.confirm);
    await waitFor(() => expect(confirm.getAttribute('aria-invalid')).toBe('true'));
    const errorId = confirm.getAttribute('aria-describedby')!;
    expect(document.getElementById(errorId)?.textContent).toBe(validation.passwords_differ);
    expect(api.calls).toEqual([]);
    // What the member typed stays.
    expect((screen.getByLabelText(settings.password.new) as HTMLInputElement).value).toBe('new-secret-1');
  });

  it("shows the server's old-password message under the old-password field", async () => {
    const { api } = await renderSection({
      'POST password.php': () =>
        json(400, {
          error: {
            code: 'wrong_password',
            message: validation.old_password_wrong,
            fields: { old_password: validation.old_password_wrong },
          },
        }),
    });
    fill('wrong-secret', 'new-secret-1', 'new-secret-1');

    const old = screen.getByLabelText(settings.password.old);
    await waitFor(() => expect(old.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(old.getAttribute('aria-describedby')!)?.textContent).toBe(
      validation.old_password_wrong,
    );
    expect(api.calls).toEqual(['POST password.php']);
    expect(api.fetch.mock.calls[0]?.[0]).toBe('/api/password.php');
    expect(api.bodies[0]).toEqual({
      old_password: 'wrong-secret',
      password: 'new-secret-1',
      password_confirm: 'new-secret-1',
    });
    expect(screen.queryByTestId('settings-password-success')).toBeNull();
    expect((old as HTMLInputElement).value).toBe('wrong-secret');
  });
});
