// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { LikeCard, LikesResponse, LikeTab } from '../../../shared/schemas/likes';
import type { SettingsResponse } from '../../../shared/schemas/sites';
import members from '../../locales/en/members.json';
import { type ApiHandler, json, renderWithKit, resetKit } from '../../test/render-kit';
import { LikesPage } from './LikesPage';

const SETTINGS = { name: 'Amora', countries: ['NL'], fictional_icon: 'stars', signups: 'all' };

const card = (id: number, name: string, extra: Partial<LikeCard> = {}): LikeCard => ({
  id,
  name,
  age: 30,
  city: 'Utrecht',
  country: 'NL',
  fictional: false,
  main_image: null,
  like_new: false,
  match: false,
  liked_at: '2026-01-01T00:00:00Z',
  ...extra,
});

const answer = (tab: LikeTab, items: LikeCard[], extra: Partial<LikesResponse> = {}): LikesResponse => ({
  profiles: [],
  liked_by: [],
  tab,
  items,
  page: 1,
  pages: 1,
  pages_capped: false,
  counts: { received: 2, given: 0, matches: 1, new: 1 },
  counts_capped: { received: false, given: false, matches: false, new: false },
  ...extra,
});

/** The likes of a tab and page, as `byTab` answers them. */
function likesApi(byTab: (tab: LikeTab, page: number) => Response): Record<string, ApiHandler> {
  return {
    'GET likes.php': ({ url }) =>
      byTab(
        (url.searchParams.get('tab') ?? 'received') as LikeTab,
        Number(url.searchParams.get('page') ?? 1),
      ),
  };
}

async function renderPage(api: Record<string, ApiHandler>, path = '/likes') {
  const kit = await renderWithKit({
    routes: [
      { path: '/likes', element: <LikesPage /> },
      { path: '/likes/:type', element: <LikesPage /> },
      { path: '/likes/m/:id', element: <p>member screen</p> },
      { path: '/profile', element: <p>profile</p> },
    ],
    path,
    texts: { members, common: { loading: 'Loading…', profile: { fictional: 'Fictional profile' } } },
    cache: [[['settings'], { settings: SETTINGS, domain_language: 'en' } as unknown as SettingsResponse]],
    api,
  });
  return { router: kit.router, fetchMock: kit.api.fetch };
}

describe('LikesPage', () => {
  afterEach(resetKit);

  it('shows received likes with the new badge, linking to the member screen', async () => {
    await renderPage(
      likesApi((tab) =>
        json(200, answer(tab, [card(5, 'Eva', { like_new: true }), card(6, 'Noor', { match: true })])),
      ),
    );
    const cards = await screen.findAllByTestId('likes-card');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByTestId('likes-new').textContent).toBe('New');
    expect(within(cards[1]!).queryByTestId('likes-new')).toBeNull();
    expect(within(cards[1]!).getByTestId('likes-match')).toBeTruthy();
    expect(within(cards[0]!).getByTestId('profile-card').getAttribute('href')).toBe('/likes/m/5');
    expect(document.title).toBe('Likes - Amora');

    const received = screen.getByTestId('likes-tab-received');
    expect(received.getAttribute('aria-current')).toBe('page');
    // The received tab shows its new likes; the other tabs their totals.
    expect(screen.getByTestId('likes-count-new').textContent).toBe('New: 1');
    expect(screen.queryByTestId('likes-count-received')).toBeNull();
    expect(screen.getByTestId('likes-count-matches').textContent).toBe('(1)');
  });

  it('shows totals as plain counts; only new received likes look like news', async () => {
    await renderPage(
      likesApi((tab) =>
        json(200, answer(tab, [card(5, 'Eva')], { counts: { received: 7, given: 12, matches: 3, new: 0 } })),
      ),
    );
    await screen.findAllByTestId('likes-card');
    for (const [name, text] of [
      ['received', '(7)'],
      ['given', '(12)'],
      ['matches', '(3)'],
    ] as const) {
      const count = screen.getByTestId(`likes-count-${name}`);
      expect(count.textContent).toBe(text);
      expect(count.className).not.toMatch(/\bbadge\b|text-bg-/);
    }
    // The active tab's count takes the tab's own colour; the others are muted.
    expect(screen.getByTestId('likes-count-received').className).not.toContain('text-body-secondary');
    expect(screen.getByTestId('likes-count-given').className).toContain('text-body-secondary');
    expect(screen.queryByTestId('likes-count-new')).toBeNull();
  });

  it('new received likes are a red badge', async () => {
    await renderPage(
      likesApi((tab) =>
        json(200, answer(tab, [card(5, 'Eva')], { counts: { received: 7, given: 12, matches: 3, new: 2 } })),
      ),
    );
    const badge = await screen.findByTestId('likes-count-new');
    expect(badge.textContent).toBe('New: 2');
    expect(badge.className).toContain('badge');
    expect(badge.className).toContain('text-bg-danger');
  });

  it('switches tabs through the URL and shows the empty state of each tab', async () => {
    const { router, fetchMock } = await renderPage(
      likesApi((tab) => json(200, tab === 'received' ? answer(tab, [card(5, 'Eva')]) : answer(tab, []))),
    );
    await screen.findAllByTestId('likes-card');

    fireEvent.click(screen.getByTestId('likes-tab-given'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/likes/given'));
    const empty = await screen.findByTestId('likes-empty-given');
    expect(within(empty).getByText('You have not liked anyone yet')).toBeTruthy();
    expect(within(empty).getByRole('link', { name: 'Search members' }).getAttribute('href')).toBe('/members');
    expect(screen.getByTestId('likes-tab-given').getAttribute('aria-current')).toBe('page');
    expect(screen.queryByTestId('likes-card')).toBeNull();

    fireEvent.click(screen.getByTestId('likes-tab-matches'));
    expect(await screen.findByTestId('likes-empty-matches')).toBeTruthy();
    const calls = fetchMock.mock.calls.map((c) =>
      new URL(String(c[0]), 'http://localhost').searchParams.get('tab'),
    );
    expect(calls).toEqual(['received', 'given', 'matches']);
  });

  it('tells a member without likes how to be noticed', async () => {
    await renderPage(
      likesApi((tab) =>
        json(200, answer(tab, [], { counts: { received: 0, given: 0, matches: 0, new: 0 } })),
      ),
    );
    const empty = await screen.findByTestId('likes-empty-received');
    expect(within(empty).getByText(/Complete your profile and add photos/)).toBeTruthy();
    expect(within(empty).getByRole('link', { name: 'Complete my profile' }).getAttribute('href')).toBe(
      '/profile',
    );
    expect(screen.queryByTestId('likes-count-new')).toBeNull();
  });

  it('links given likes to the member profile and pages through the results', async () => {
    const { router } = await renderPage(
      likesApi((tab, page) =>
        json(200, answer(tab, [card(page === 1 ? 8 : 9, page === 1 ? 'Lotte' : 'Mila')], { page, pages: 2 })),
      ),
      '/likes/given',
    );
    const first = await screen.findByTestId('likes-card');
    expect(within(first).getByTestId('profile-card').getAttribute('href')).toBe('/members/8');
    fireEvent.click(within(screen.getByTestId('likes-pagination')).getByRole('link', { name: /Next/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
    expect(await screen.findByText(/Mila/)).toBeTruthy();
  });

  it('shows an error with a retry, then the likes', async () => {
    let fail = true;
    await renderPage(
      likesApi((tab) =>
        fail
          ? json(400, { error: { code: 'bad', message: 'Bad' } })
          : json(200, answer(tab, [card(5, 'Eva')])),
      ),
    );
    expect(await screen.findByTestId('likes-error')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByTestId('likes-retry'));
    expect(await screen.findByTestId('likes-card')).toBeTruthy();
  });

  it('answers an unknown tab with the not-found page', async () => {
    await renderPage(
      likesApi((tab) => json(200, answer(tab, []))),
      '/likes/everyone',
    );
    expect(screen.queryByTestId('likes-page')).toBeNull();
  });
});
