// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminPhoto } from '../../../shared/schemas/admin-photos';
import consoleEn from '../locales/en/console.json';
import photosEn from '../locales/en/photos.json';
import { PhotoQueuePage } from './PhotoQueuePage';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const photo = (id: number, name: string): AdminPhoto => ({
  id,
  member: { id: id * 10, name, language: 'nl' },
  site: { id: 1, domain: 'localhost', name: 'Amora', photo_review: 'before' },
  uploaded_at: '2026-11-28T01:00:00.000Z',
  status: 'pending',
  review: 'queued',
  screening: 'scored',
  scores: { porn: 0.01, hentai: 0.01, sexy: 0.02, neutral: 0.9, drawing: 0.06 },
  flagged: false,
  main: true,
  private: false,
  width: 800,
  height: 800,
  image: `/api/admin/photo-image.php?id=${id}`,
  reject_reason: null,
  reject_note: null,
  reviewed_at: null,
});

async function setup(decide: (body: Record<string, unknown>) => Response) {
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({
    lng: 'en',
    resources: { en: { console: consoleEn, photos: photosEn } },
    defaultNS: 'photos',
    interpolation: { escapeValue: false },
  });
  const posted: Record<string, unknown>[] = [];
  const queue = { photos: [photo(1, 'Anna'), photo(2, 'Bram')], total: 2, page: 1, page_size: 20 };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_input: string, init: RequestInit = {}) => {
      if ((init.method ?? 'GET') === 'GET') return json(200, queue);
      const body = JSON.parse(String(init.body)) as Record<string, unknown>;
      posted.push(body);
      return decide(body);
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <PhotoQueuePage />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  await screen.findByTestId('photo-review');
  return posted;
}

const key = (k: string) => fireEvent.keyDown(window, { key: k });
const shown = () => screen.getByTestId('photo-review').getAttribute('data-photo-id');

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('PhotoQueuePage', () => {
  it('approves with A and moves on at once, saying what was done', async () => {
    const posted = await setup((b) =>
      json(200, { photo: { ...photo(b.id as number, 'Anna'), status: 'active' } }),
    );
    expect(shown()).toBe('1');
    key('a');
    expect(screen.getByTestId('photo-confirmation').textContent).toBe('Approved the photo of Anna.');
    expect(shown()).toBe('2');
    await waitFor(() => expect(posted).toEqual([{ id: 1, action: 'approve' }]));
  });

  it('rejects with R only once a reason is chosen (keys 1-6); J and K move; typing a note is no shortcut', async () => {
    const posted = await setup(() => json(200, { photo: photo(2, 'Bram') }));
    key('j');
    expect(shown()).toBe('2');
    key('k');
    key('j');
    key('r');
    expect(screen.getByTestId('photo-reason-needed')).toBeTruthy();
    expect(posted).toEqual([]);
    key('3');
    expect((screen.getByTestId('photo-reason-not_you') as HTMLInputElement).checked).toBe(true);
    const note = screen.getByTestId('photo-note');
    fireEvent.change(note, { target: { value: 'ra' } });
    fireEvent.keyDown(note, { key: 'a' });
    expect(shown()).toBe('2');
    key('r');
    await waitFor(() => expect(posted).toEqual([{ id: 2, action: 'reject', reason: 'not_you', note: 'ra' }]));
    expect(screen.getByTestId('photo-confirmation').textContent).toBe(
      'Rejected the photo of Bram: Not the member',
    );
  });

  it('shows a translated refusal when another moderator was first', async () => {
    await setup(() =>
      json(409, {
        error: { code: 'photo_already_decided', message: 'Another moderator has already decided.' },
      }),
    );
    key('a');
    expect(await screen.findByText(photosEn.errors.photo_already_decided)).toBeTruthy();
  });

  it('puts a photo back when the decision failed for another reason', async () => {
    await setup(() => json(500, { error: { code: 'internal', message: 'Something went wrong.' } }));
    key('a');
    expect(shown()).toBe('2');
    await waitFor(() => expect(shown()).toBe('1'));
  });
});
