// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import validation from '../../../../shared/i18n/en/validation.json';
import type { OwnPhoto } from '../../../../shared/schemas/photos';
import { ApiError } from '../../../lib/http';
import profile from '../../../locales/en/profile.json';
import { type ApiHandler, json, renderWithKit, resetKit } from '../../../test/render-kit';
import { uploadPhoto } from '../../photos/api/upload-photo';
import { PhotoManager } from './PhotoManager';

vi.mock('../../photos/api/upload-photo', () => ({ uploadPhoto: vi.fn() }));

afterEach(resetKit);

const photo = (id: number, extra: Partial<OwnPhoto> = {}): OwnPhoto => ({
  id,
  main: false,
  private: false,
  status: 'active',
  filename: `/media/${id}-main.jpg`,
  thumb_filename: `/media/${id}-thumb.jpg`,
  match: `/media/${id}-match.jpg`,
  width: 800,
  height: 800,
  reject_reason: null,
  reject_note: null,
  ...extra,
});

const user = (paid: boolean) => ({
  id: 1,
  email: 'ann@example.com',
  profile: { id: 1, name: 'Ann', main_image: null, country: 'NL', status: 'active' },
  credits: 0,
  paid_user: paid,
  signup_date: '2024-01-01',
  language: 'en',
  fictional_icon: '',
  status: 'confirmed',
  notifications_disabled: [],
});

/** A small fake of the photo and user APIs that keeps the photo list between calls. */
function photosApi(initial: OwnPhoto[], paid: boolean): Record<string, ApiHandler> {
  let photos = [...initial];
  return {
    'GET user.php': () => json(200, { user: user(paid) }),
    'GET photos.php': () => json(200, { photos }),
    'DELETE photos.php': ({ body }) => {
      photos = photos.filter((p) => p.id !== (body as { id: number }).id);
      return json(200, { ok: true });
    },
  };
}

/** Renders the manager over the fake APIs; `calls()` lists every request made so far. */
async function renderManager(initial: OwnPhoto[], paid = false) {
  const kit = await renderWithKit({
    element: <PhotoManager />,
    texts: { profile, validation, common: {} },
    api: photosApi(initial, paid),
  });
  const calls = () =>
    kit.api.fetch.mock.calls.map(([url, init]) => {
      const request = init as RequestInit | undefined;
      return {
        method: request?.method ?? 'GET',
        url: url as string,
        body: typeof request?.body === 'string' ? (JSON.parse(request.body) as unknown) : undefined,
      };
    });
  return { calls };
}

describe('PhotoManager', () => {
  it('lists the photos with their badges and the count', async () => {
    await renderManager(
      [photo(1, { main: true }), photo(2, { private: true }), photo(3, { status: 'pending' })],
      true,
    );

    const tiles = await screen.findAllByTestId('own-photo');
    expect(tiles).toHaveLength(3);
    expect(within(tiles[0]!).getByText(profile.photos.main)).toBeTruthy();
    expect(within(tiles[1]!).getByText(profile.photos.private)).toBeTruthy();
    expect(within(tiles[2]!).getByText(profile.photos.status.pending)).toBeTruthy();
    expect(within(tiles[2]!).getByText(profile.photos.pending_hint)).toBeTruthy();
    expect(within(tiles[0]!).getByRole('img').getAttribute('src')).toBe('/media/1-match.jpg');
    // A premium member may have 25 photos, so the upload button is there.
    await waitFor(() => expect(screen.getByTestId('photo-count').textContent).toBe('3 of 25 photos'));
    expect(screen.getByTestId('photo-upload')).toBeTruthy();
    expect(screen.queryByTestId('photo-limit')).toBeNull();
  });

  it('shows why a photo was rejected, with the note, and keeps it deletable', async () => {
    await renderManager(
      [
        photo(1, { main: true }),
        photo(2, { status: 'rejected', reject_reason: 'not_you', reject_note: 'Own photos only.' }),
      ],
      false,
    );
    const tiles = await screen.findAllByTestId('own-photo');
    expect(within(tiles[1]!).getByText(profile.photos.status.rejected)).toBeTruthy();
    expect(within(tiles[1]!).getByTestId('photo-reject-reason').textContent).toBe(
      profile.photos.reject_reasons.not_you,
    );
    expect(within(tiles[1]!).getByTestId('photo-reject-note').textContent).toContain('Own photos only.');
    expect(within(tiles[0]!).queryByTestId('photo-rejection')).toBeNull();
  });

  it('asks for a confirmation before deleting, then says the photo was removed', async () => {
    const { calls } = await renderManager([photo(1, { main: true }), photo(2)]);

    const tiles = await screen.findAllByTestId('own-photo');
    fireEvent.click(within(tiles[1]!).getByTestId('photo-menu'));
    fireEvent.click(await within(tiles[1]!).findByTestId('photo-delete'));

    // Nothing is deleted before the member confirms.
    expect(await screen.findByText(profile.photos.confirm.title)).toBeTruthy();
    expect(calls().some((c) => c.method === 'DELETE')).toBe(false);

    fireEvent.click(screen.getByTestId('photo-delete-confirm'));
    expect((await screen.findByTestId('photo-notice')).textContent).toContain('Photo removed.');
    expect(calls().filter((c) => c.method === 'DELETE')).toEqual([
      { method: 'DELETE', url: '/api/photos.php', body: { id: 2 } },
    ]);
    await waitFor(() => expect(screen.getAllByTestId('own-photo')).toHaveLength(1));
  });

  it('cancelling the confirmation keeps the photo', async () => {
    const { calls } = await renderManager([photo(1, { main: true })]);

    fireEvent.click(await screen.findByTestId('photo-menu'));
    fireEvent.click(await screen.findByTestId('photo-delete'));
    fireEvent.click(await screen.findByTestId('photo-delete-cancel'));

    await waitFor(() => expect(screen.queryByTestId('photo-delete-confirm')).toBeNull());
    expect(calls().some((c) => c.method === 'DELETE')).toBe(false);
    expect(screen.getAllByTestId('own-photo')).toHaveLength(1);
    expect(screen.queryByTestId('photo-notice')).toBeNull();
  });

  it('replaces the upload button with the limit message at the free limit', async () => {
    await renderManager([photo(1, { main: true }), photo(2), photo(3)]);

    expect(await screen.findByTestId('photo-limit')).toBeTruthy();
    expect(screen.getByTestId('photo-limit').textContent).toContain(
      'You have reached the maximum of 3 photos.',
    );
    expect(screen.queryByTestId('photo-upload')).toBeNull();
    expect(screen.queryByTestId('photo-upload-input')).toBeNull();
    expect(screen.getByTestId('photo-count').textContent).toBe('3 of 3 photos');
  });

  it('refuses a file that is too large before uploading', async () => {
    const { calls } = await renderManager([]);

    const input = await screen.findByTestId('photo-upload-input');
    const big = new File(['x'], 'big.jpg', { type: 'image/jpeg' });
    Object.defineProperty(big, 'size', { value: 16 * 1024 * 1024 });
    fireEvent.change(input, { target: { files: [big] } });

    expect((await screen.findByTestId('photo-error')).textContent).toContain(
      'This photo is too large. Choose a photo of at most 15 MB.',
    );
    expect(calls().some((c) => c.method === 'POST')).toBe(false);
  });

  it("shows the server's message when the photo queue is busy (503)", async () => {
    const busy = 'Many photos are being processed right now. Please try again in a minute.';
    vi.mocked(uploadPhoto).mockRejectedValueOnce(new ApiError(503, 'photo_busy', busy));
    await renderManager([]);

    const input = await screen.findByTestId('photo-upload-input');
    fireEvent.change(input, { target: { files: [new File(['x'], 'me.jpg', { type: 'image/jpeg' })] } });

    expect((await screen.findByTestId('form-error')).textContent).toBe(busy);
    expect(screen.queryByTestId('photo-upload-progress')).toBeNull();
  });
});
