// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import validation from '../../../shared/i18n/en/validation.json';
import members from '../../locales/en/members.json';
import { json, renderWithKit, resetKit } from '../../test/render-kit';
import { BlockedSection } from './BlockedList';

afterEach(resetKit);

const card = { city: null, country: 'NL', fictional: false, main_image: null };

describe('BlockedSection', () => {
  it('lists the blocked members and unblocks one (also a member no longer visible) with DELETE /api/block.php', async () => {
    // The server's blocks: an unblock takes the entry out (the list is fetched again after it).
    let blocked = [
      { ...card, hidden: false, handle: '20250101120000000001', id: 5, name: 'Tom', age: 40 },
      { ...card, hidden: false, handle: '20250101120000000002', id: 6, name: 'Kim', age: 35 },
      { hidden: true, handle: '20250101120000000003', label: 'Member no longer visible' },
    ];
    const { api } = await renderWithKit({
      element: <BlockedSection />,
      texts: { members, validation, common: { loading: 'Loading…' } },
      api: {
        'GET block.php': () => json(200, { blocked }),
        'DELETE block.php': ({ body }) => {
          const { handle } = body as { handle: string };
          blocked = blocked.filter((b) => b.handle !== handle);
          return json(200, { ok: true });
        },
      },
    });
    expect(await screen.findByText('Tom')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Unblock (Tom)' }));
    await waitFor(() => expect(screen.queryByText('Tom')).toBeNull());
    expect(screen.getByText('Kim')).toBeTruthy();
    const deletes = () => api.bodies.filter((_, i) => api.calls[i] === 'DELETE block.php');
    expect(api.fetch.mock.calls.find((c) => c[1]?.method === 'DELETE')?.[0]).toBe('/api/block.php');
    expect(deletes()[0]).toEqual({ handle: '20250101120000000001' });

    // The hidden entry shows only its label, and can be unblocked too.
    expect(screen.getByTestId('settings-blocked-hidden').textContent).toBe('Member no longer visible');
    fireEvent.click(screen.getByRole('button', { name: 'Unblock (Member no longer visible)' }));
    await waitFor(() => expect(screen.queryByTestId('settings-blocked-hidden')).toBeNull());
    expect(deletes()[1]).toEqual({ handle: '20250101120000000003' });
  });
});
