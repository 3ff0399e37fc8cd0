// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import validation from '../../../../shared/i18n/en/validation.json';
import type { OwnPhoto } from '../../../../shared/schemas/photos';
import { ApiError } from '../../../lib/http';
import profile from '../../../locales/en/profile.json';
import { uploadPhoto } from '../../photos/api/upload-photo';
import { PhotoManager } from './PhotoManager';

vi.mock('../../photos/api/upload-photo', () => ({ uploadPhoto: vi.fn() }));

const i18n = i18next.createInstance();

beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'en',
    ns: ['profile', 'validation', 'common'],
    defaultNS: 'common',
    resources: { en: { profile, validation, common: {} } },
    interpolation: { escapeValue: false },
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

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
function mockApi(initial: OwnPhoto[], paid = false) {
  let photos = [...initial];
  const calls: { method: string; url: string; body: unknown }[] = [];
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, url, body });
    if (url.startsWith('/api/user.php')) return json(200, { user: user(paid) });
    if (url.startsWith('/api/photos.php')) {
      if (method === 'GET') return json(200, { photos });
      if (method === 'DELETE') {
        photos = photos.filter((p) => p.id !== (body as { id: number }).id);
        return json(200, { ok: true });
      }
    }
    return json(404, { error: { code: 'not_found', message: 'Not found' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls };
}

function renderManager() {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return render(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter>
          <PhotoManager />
        </MemoryRouter>
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

describe('PhotoManager', () => {
  it('lists the photos with their badges and the count', async () => {
    mockApi([photo(1, { main: true }), photo(2, { private: true }), photo(3, { status: 'pending' })], true);
    renderManager();

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
    mockApi(
      [
        photo(1, { main: true }),
        photo(2, { status: 'rejected', reject_reason: 'not_you', reject_note: 'Own photos only.' }),
      ],
      false,
    );
    renderManager();
    const tiles = await screen.findAllByTestId('own-photo');
    expect(within(tiles[1]!).getByText(profile.photos.status.rejected)).toBeTruthy();
    expect(within(tiles[1]!).getByTestId('photo-reject-reason').textContent).toBe(
      profile.photos.reject_reasons.not_you,
    );
    expect(within(tiles[1]!).getByTestId('photo-reject-note').textContent).toContain('Own photos only.');
    expect(within(tiles[0]!).queryByTestId('photo-rejection')).toBeNull();
  });

  it('asks for a confirmation before deleting, then says the photo was removed', async () => {
    const { calls } = mockApi([photo(1, { main: true }), photo(2)]);
    renderManager();

    const tiles = await screen.findAllByTestId('own-photo');
    fireEvent.click(within(tiles[1]!).getByTestId('photo-menu'));
    fireEvent.click(await within(tiles[1]!).findByTestId('photo-delete'));

    // Nothing is deleted before the member confirms.
    expect(await screen.findByText(profile.photos.confirm.title)).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    fireEvent.click(screen.getByTestId('photo-delete-confirm'));
    expect((await screen.findByTestId('photo-notice')).textContent).toContain('Photo removed.');
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([
      { method: 'DELETE', url: '/api/photos.php', body: { id: 2 } },
    ]);
    await waitFor(() => expect(screen.getAllByTestId('own-photo')).toHaveLength(1));
  });

  it('cancelling the confirmation keeps the photo', async () => {
    const { calls } = mockApi([photo(1, { main: true })]);
    renderManager();

    fireEvent.click(await screen.findByTestId('photo-menu'));
    fireEvent.click(await screen.findByTestId('photo-delete'));
    fireEvent.click(await screen.findByTestId('photo-delete-cancel'));

    await waitFor(() => expect(screen.queryByTestId('photo-delete-confirm')).toBeNull());
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    expect(screen.getAllByTestId('own-photo')).toHaveLength(1);
    expect(screen.queryByTestId('photo-notice')).toBeNull();
  });

  it('replaces the upload button with the limit message at the free limit', async () => {
    mockApi([photo(1, { main: true }), photo(2), photo(3)]);
    renderManager();

    expect(await screen.findByTestId('photo-limit')).toBeTruthy();
    expect(screen.getByTestId('photo-limit').textContent).toContain(
      'You have reached the maximum of 3 photos.',
    );
    expect(screen.queryByTestId('photo-upload')).toBeNull();
    expect(screen.queryByTestId('photo-upload-input')).toBeNull();
    expect(screen.getByTestId('photo-count').textContent).toBe('3 of 3 photos');
  });

  it('refuses a file that is too large before uploading', async () => {
    const { calls } = mockApi([]);
    renderManager();

    const input = await screen.findByTestId('photo-upload-input');
    const big = new File(['x'], 'big.jpg', { type: 'image/jpeg' });
    Object.defineProperty(big, 'size', { value: 16 * 1024 * 1024 });
    fireEvent.change(input, { target: { files: [big] } });

    expect((await screen.findByTestId('photo-error')).textContent).toContain(
      'This photo is too large. Choose a photo of at most 15 MB.',
    );
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it("shows the server's message when the photo queue is busy (503)", async () => {
    mockApi([]);
    const busy = 'Many photos are being processed right now. Please try again in a minute.';
    vi.mocked(uploadPhoto).mockRejectedValueOnce(new ApiError(503, 'photo_busy', busy));
    renderManager();

    const input = await screen.findByTestId('photo-upload-input');
    fireEvent.change(input, { target: { files: [new File(['x'], 'me.jpg', { type: 'image/jpeg' })] } });

    expect((await screen.findByTestId('form-error')).textContent).toBe(busy);
    expect(screen.queryByTestId('photo-upload-progress')).toBeNull();
  });
});
