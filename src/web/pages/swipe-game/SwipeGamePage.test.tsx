// @vitest-environment happy-dom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MatchCard, SwipeDeckResponse, SwipeResponse } from '../../../shared/schemas/matching';
import type { SettingsResponse } from '../../../shared/schemas/sites';
import matching from '../../locales/en/matching.json';
import members from '../../locales/en/members.json';
import swipe from '../../locales/en/swipe.json';
import { type ApiHandler, json, renderWithKit, resetKit } from '../../test/render-kit';
import { SwipeGamePage } from './SwipeGamePage';

const SETTINGS = { name: 'Amora', countries: ['NL'], fictional_icon: 'stars', signups: 'all' };
const NEXT_FREE = '2026-03-02T00:00:00.000Z';

const card = (id: number, name: string, extra: Partial<MatchCard> = {}): MatchCard => ({
  id,
  name,
  age: 30,
  city: 'Utrecht',
  country: 'NL',
  fictional: false,
  main_image: null,
  shared_interests: 0,
  distance_km: null,
  ...extra,
});

const DECK = [
  card(1, 'Anna', { shared_interests: 3, distance_km: 12 }),
  card(2, 'Bea'),
  card(3, 'Cleo'),
  card(4, 'Dana'),
  card(5, 'Eva'),
];

const deckAnswer = (deck: MatchCard[], likesLeft = 4): SwipeDeckResponse => ({
  deck,
  likes_left: likesLeft,
  likes_per_day: 4,
  next_free_at: NEXT_FREE,
});

const swipeAnswer = (likesLeft: number, extra: Partial<SwipeResponse> = {}): SwipeResponse => ({
  match: false,
  profile: null,
  likes_left: likesLeft,
  likes_per_day: 4,
  next_free_at: NEXT_FREE,
  ...extra,
});

type SwipeBody = { id: number; action: 'like' | 'pass' };

/** The API: GET answers the next deck of `decks` (the last one again when used up); POST goes to `onSwipe`. */
function swipeApi(decks: SwipeDeckResponse[], onSwipe: (body: SwipeBody, n: number) => Response) {
  let gets = 0;
  let posts = 0;
  const swipes: SwipeBody[] = [];
  const handlers: Record<string, ApiHandler> = {
    'GET swipe-game.php': () => json(200, decks[Math.min(gets++, decks.length - 1)]),
    'POST swipe-game.php': ({ body }) => {
      swipes.push(body as SwipeBody);
      return onSwipe(body as SwipeBody, posts++);
    },
  };
  return { handlers, swipes, gets: () => gets };
}

/** A like or pass that works, counting the likes down from 4. */
function working() {
  let left = 4;
  return (body: SwipeBody) => {
    if (body.action === 'like') left--;
    return json(200, swipeAnswer(left));
  };
}

async function renderPage(api: Record<string, ApiHandler>) {
  const kit = await renderWithKit({
    routes: [
      { path: '/swipe-game', element: <SwipeGamePage /> },
      { path: '/members/:id', element: <p>member screen</p> },
    ],
    path: '/swipe-game',
    texts: {
      swipe,
      matching,
      members,
      common: { loading: 'Loading…', profile: { fictional: 'Fictional profile' } },
    },
    cache: [
      [['settings'], { settings: SETTINGS, domain_language: 'en' } as unknown as SettingsResponse],
      [['user'], null],
    ],
    api,
  });
  return { router: kit.router, queryClient: kit.queryClient, fetchMock: kit.api.fetch };
}

const topCard = () => screen.getByTestId('swipe-card');
const topId = () => topCard().getAttribute('data-member-id');
const likesLeft = () => screen.getByTestId('swipe-likes-left').textContent;
const press = (key: 'ArrowRight' | 'ArrowLeft') => fireEvent.keyDown(document.body, { key });

let reducedMotion = true;
const realMatchMedia = window.matchMedia;

describe('SwipeGamePage', () => {
  beforeEach(() => {
    reducedMotion = true;
    window.matchMedia = ((query: string) => ({
      matches: reducedMotion && query.includes('reduce'),
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    })) as unknown as typeof window.matchMedia;
  });
  afterEach(() => {
    resetKit();
    window.matchMedia = realMatchMedia;
  });

  it('shows the top card with why it fits, the counter and the title', async () => {
    const api = swipeApi([deckAnswer(DECK)], working());
    await renderPage(api.handlers);
    const top = await screen.findByTestId('swipe-card');
    expect(top.getAttribute('data-member-id')).toBe('1');
    expect(within(top).getByRole('heading', { name: /Anna/ })).toBeTruthy();
    expect(within(top).getByTestId('swipe-why').textContent).toBe('3 shared interests · 12 km');
    expect(within(top).getByTestId('swipe-profile-link').getAttribute('href')).toBe('/members/1');
    expect(likesLeft()).toBe('4 of 4 likes left today');
    expect(screen.getByTestId('swipe-like').getAttribute('aria-label')).toBe('Like Anna');
    expect(screen.getByTestId('swipe-pass').getAttribute('aria-label')).toBe('Pass on Anna');
    expect(document.title).toBe('Swipe & match - Amora');
  });

  it('likes the top card with the right arrow key and moves on to the next', async () => {
    const api = swipeApi([deckAnswer(DECK)], working());
    await renderPage(api.handlers);
    await screen.findByTestId('swipe-card');
    press('ArrowRight');
    // Reduced motion: no fly-out, the like goes at once.
    expect(api.swipes).toEqual([{ id: 1, action: 'like' }]);
    await waitFor(() => expect(topId()).toBe('2'));
    expect(likesLeft()).toBe('3 of 4 likes left today');
    expect(screen.getByRole('status', { hidden: false }).textContent).toContain('You liked Anna');
  });

  it('passes with the left arrow key and the pass button, without using likes', async () => {
    const api = swipeApi([deckAnswer(DECK)], working());
    const { fetchMock } = await renderPage(api.handlers);
    await screen.findByTestId('swipe-card');
    press('ArrowLeft');
    await waitFor(() => expect(topId()).toBe('2'));
    fireEvent.click(screen.getByTestId('swipe-pass'));
    await waitFor(() => expect(topId()).toBe('3'));
    expect(api.swipes).toEqual([
      { id: 1, action: 'pass' },
      { id: 2, action: 'pass' },
    ]);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(3));
    expect(likesLeft()).toBe('4 of 4 likes left today');
  });

  it('ignores arrow keys typed into a field', async () => {
    const api = swipeApi([deckAnswer(DECK)], working());
    await renderPage(api.handlers);
    await screen.findByTestId('swipe-card');
    const input = document.createElement('input');
    document.body.appendChild(input);
    fireEvent.keyDown(input, { key: 'ArrowRight' });
    input.remove();
    expect(topId()).toBe('1');
    expect(api.swipes).toEqual([]);
  });

  it('shows the limit panel when a like answers 403 swipe_limit_reached', async () => {
    const message = 'You have used your 4 swipe likes for today. New likes in 3 h 12 min.';
    const api = swipeApi([deckAnswer(DECK, 1)], () =>
      json(403, { error: { code: 'swipe_limit_reached', message } }),
    );
    await renderPage(api.handlers);
    await screen.findByTestId('swipe-card');
    expect(likesLeft()).toBe('1 of 4 likes left today');
    fireEvent.click(screen.getByTestId('swipe-like'));
    const panel = await screen.findByTestId('swipe-limit');
    // The panel may show first from the optimistic count (1 → 0), the server's message once the 403 arrives.
    expect(await within(panel).findByText(message)).toBeTruthy();
    // The buttons are gone: the focus lands on the panel.
    expect(document.activeElement).toBe(within(panel).getByRole('heading'));
    expect(within(panel).getByTestId('swipe-next-free').textContent).toMatch(
      /^New likes (today|tomorrow) from /,
    );
    expect(
      within(panel)
        .getByRole('link', { name: /See your likes/ })
        .getAttribute('href'),
    ).toBe('/likes');
    expect(within(panel).getByRole('link', { name: 'Keep browsing profiles' }).getAttribute('href')).toBe(
      '/members',
    );
    expect(screen.queryByTestId('swipe-card')).toBeNull();
    expect(likesLeft()).toBe('0 of 4 likes left today');
    // The keys do nothing behind the panel.
    press('ArrowRight');
    expect(api.swipes).toHaveLength(1);
  });

  it('shows the limit panel at once when no likes are left today', async () => {
    const api = swipeApi([deckAnswer(DECK, 0)], working());
    await renderPage(api.handlers);
    const panel = await screen.findByTestId('swipe-limit');
    expect(within(panel).getByText('You get 4 new likes every day. See you soon!')).toBeTruthy();
    expect(screen.queryByTestId('swipe-card')).toBeNull();
  });

  it('puts the card back with an error and a retry when the like fails', async () => {
    let fail = true;
    const api = swipeApi([deckAnswer(DECK)], () =>
      fail ? json(500, { error: { code: 'internal', message: 'Boom' } }) : json(200, swipeAnswer(3)),
    );
    await renderPage(api.handlers);
    await screen.findByTestId('swipe-card');
    press('ArrowRight');
    const alert = await screen.findByTestId('swipe-error');
    expect(alert.getAttribute('role')).toBe('alert');
    expect(alert.textContent).toContain('Your choice for Anna could not be saved.');
    expect(topId()).toBe('1');
    expect(likesLeft()).toBe('4 of 4 likes left today');

    fail = false;
    fireEvent.click(within(alert).getByTestId('swipe-error-retry'));
    await waitFor(() => expect(topId()).toBe('2'));
    expect(screen.queryByTestId('swipe-error')).toBeNull();
    expect(api.swipes).toEqual([
      { id: 1, action: 'like' },
      { id: 1, action: 'like' },
    ]);
    expect(likesLeft()).toBe('3 of 4 likes left today');
  });

  it('skips a member who is gone (404) without an error', async () => {
    const api = swipeApi([deckAnswer(DECK)], () =>
      json(404, { error: { code: 'member_not_found', message: 'Not found' } }),
    );
    await renderPage(api.handlers);
    await screen.findByTestId('swipe-card');
    press('ArrowRight');
    await waitFor(() => expect(api.swipes).toHaveLength(1));
    await waitFor(() => expect(likesLeft()).toBe('4 of 4 likes left today'));
    expect(topId()).toBe('2');
    expect(screen.queryByTestId('swipe-error')).toBeNull();
  });

  it('opens the match modal for a like that makes a match', async () => {
    const api = swipeApi([deckAnswer(DECK)], (body) =>
      json(200, swipeAnswer(3, { match: true, profile: DECK.find((c) => c.id === body.id)! })),
    );
    await renderPage(api.handlers);
    await screen.findByTestId('swipe-card');
    fireEvent.click(screen.getByTestId('swipe-like'));
    expect(await screen.findByTestId('match-title')).toBeTruthy();
    expect(screen.getByText('You and Anna like each other.')).toBeTruthy();
    // While the modal is open the arrow keys belong to it.
    press('ArrowRight');
    expect(api.swipes).toHaveLength(1);
  });

  it('asks for more cards when the deck runs low, never showing a swiped card again', async () => {
    const first = deckAnswer(DECK.slice(0, 3));
    // The next answer still holds card 1 (its pass may not have arrived yet) and brings card 6.
    const second = deckAnswer([DECK[0]!, DECK[2]!, card(6, 'Fay')]);
    const third = deckAnswer([]);
    const api = swipeApi([first, second, third], working());
    await renderPage(api.handlers);
    await screen.findByTestId('swipe-card');
    press('ArrowLeft');
    await waitFor(() => expect(topId()).toBe('2'));
    await waitFor(() => expect(api.gets()).toBe(2));
    press('ArrowLeft');
    await waitFor(() => expect(topId()).toBe('3'));
    press('ArrowLeft');
    await waitFor(() => expect(topId()).toBe('6'));
    press('ArrowLeft');
    const empty = await screen.findByTestId('swipe-empty');
    expect(
      within(empty)
        .getByRole('link', { name: /Change my preferences/ })
        .getAttribute('href'),
    ).toBe('/match-finder');
    expect(within(empty).getByRole('link', { name: 'Browse members' }).getAttribute('href')).toBe('/members');
    expect(api.swipes.map((s) => s.id)).toEqual([1, 2, 3, 6]);
  });

  it('shows a load error with a retry, then the deck', async () => {
    let fail = true;
    await renderPage({
      'GET swipe-game.php': () =>
        fail ? json(400, { error: { code: 'bad', message: 'Bad' } }) : json(200, deckAnswer(DECK)),
    });
    const error = await screen.findByTestId('swipe-error');
    expect(error.textContent).toContain('The profiles could not be loaded.');
    fail = false;
    fireEvent.click(screen.getByTestId('swipe-retry'));
    expect(await screen.findByTestId('swipe-card')).toBeTruthy();
  });

  it('likes by dragging the card far enough to the right, and snaps back from a short drag', async () => {
    const api = swipeApi([deckAnswer(DECK)], working());
    await renderPage(api.handlers);
    const top = await screen.findByTestId('swipe-card');
    const pointer = { pointerId: 7, isPrimary: true, pointerType: 'touch' };
    // A short, slow drag: back to the middle, nothing sent.
    fireEvent.pointerDown(top, { ...pointer, clientX: 100, clientY: 200 });
    fireEvent.pointerMove(top, { ...pointer, clientX: 130, clientY: 200 });
    expect(top.style.getPropertyValue('--dx')).toBe('30.0px');
    await new Promise((r) => setTimeout(r, 150));
    fireEvent.pointerUp(top, { ...pointer, clientX: 130, clientY: 200 });
    expect(top.style.getPropertyValue('--dx')).toBe('');
    expect(api.swipes).toEqual([]);

    // Far enough (more than 30% of the card): a like, once the card has flown out.
    reducedMotion = false;
    fireEvent.pointerDown(top, { ...pointer, clientX: 100, clientY: 200 });
    for (const x of [140, 200, 260]) fireEvent.pointerMove(top, { ...pointer, clientX: x, clientY: 205 });
    expect(Number(top.style.getPropertyValue('--like'))).toBeGreaterThan(0.9);
    fireEvent.pointerUp(top, { ...pointer, clientX: 260, clientY: 205 });
    expect(top.classList.contains('is-leaving')).toBe(true);
    await act(() => new Promise((r) => setTimeout(r, 500)));
    await waitFor(() => expect(topId()).toBe('2'));
    expect(api.swipes).toEqual([{ id: 1, action: 'like' }]);
  });
});
