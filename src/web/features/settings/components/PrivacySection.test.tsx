// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import validation from '../../../../shared/i18n/en/validation.json';
import settings from '../../../locales/en/settings.json';
import { json, renderWithKit, resetKit } from '../../../test/render-kit';
import { PrivacySection } from './PrivacySection';

afterEach(resetKit);

async function renderSection(put: (body: unknown) => Response) {
  const kit = await renderWithKit({
    element: <PrivacySection />,
    texts: { settings, validation, common: { loading: 'Loading…' } },
    api: {
      'GET privacy.php': () => json(200, { invisible: false, privacy_mode: true }),
      'PUT privacy.php': ({ body }) => put(body),
    },
  });
  return Object.assign(kit.api.fetch, { client: kit.queryClient });
}

describe('PrivacySection', () => {
  it('loads the switches and saves a toggle at once', async () => {
    const fetchMock = await renderSection((body) => json(200, body));
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
    const { client } = await renderSection((body) => json(200, body));
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
    await renderSection(() => json(400, { error: { code: 'invalid', message: 'Could not save' } }));
    const privacyMode = (await screen.findByLabelText(
      settings.privacy.privacy_mode.label,
    )) as HTMLInputElement;
    fireEvent.click(privacyMode);
    expect(await screen.findByText('Could not save')).toBeTruthy();
    await waitFor(() => expect(privacyMode.checked).toBe(true));
    expect(screen.queryByTestId('settings-privacy-privacy_mode-saved')).toBeNull();
  });
});
