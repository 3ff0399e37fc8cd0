// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { CurrentUser } from '../../../shared/schemas/accounts';
import type { SettingsResponse } from '../../../shared/schemas/sites';
import deCommon from '../../locales/de/common.json';
import common from '../../locales/en/common.json';
import nlCommon from '../../locales/nl/common.json';
import { json, renderWithKit, resetKit } from '../../test/render-kit';
import { LangConfigPage } from './LangConfigPage';

afterEach(resetKit);

/** The page switches the app's own (global) i18next, as the language dropdown does. */
async function renderPage(user: CurrentUser | null) {
  const kit = await renderWithKit({
    routes: [{ path: '/lang-config', element: <LangConfigPage /> }],
    path: '/lang-config',
    global: true,
    texts: { common },
    more: { nl: { common: nlCommon }, de: { common: deCommon } },
    cache: [
      [['settings'], { settings: { name: 'Amora' }, domain_language: 'en' } as unknown as SettingsResponse],
      [['user'], user],
    ],
    api: { 'PUT user.php': () => json(200, { ok: true }) },
  });
  return kit.api.fetch;
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
