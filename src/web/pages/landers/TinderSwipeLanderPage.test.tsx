// @vitest-environment happy-dom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Outlet } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import type { ProfileCard } from '../../../shared/schemas/members';
import type { SettingsResponse } from '../../../shared/schemas/sites';
import { SignupModalProvider, useSignupModal } from '../../features/signup/open-signup';
import { httpConfig } from '../../lib/http';
import landers from '../../locales/en/landers.json';
import matching from '../../locales/en/matching.json';
import swipe from '../../locales/en/swipe.json';
import { type ApiHandler, json, renderWithKit, resetKit } from '../../test/render-kit';
import { TinderSwipeLanderPage } from './TinderSwipeLanderPage';

const photo = (id: number) => ({
  filename: `/media/${id}.jpg`,
  thumb_filename: `/media/${id}-thumb.jpg`,
  match: `/media/${id}-match.jpg`,
  status: 'active',
});

const member = (id: number, name: string, withPhoto = true): ProfileCard => ({
  id,
  name,
  age: 31,
  city: 'Utrecht',
  country: 'NL',
  fictional: false,
  main_image: withPhoto ? photo(id) : null,
});

// Without a photo, Zoe goes to the back of the deck.
const SHOWCASE = [
  member(9, 'Zoe', false),
  member(1, 'Anna'),
  member(2, 'Bea'),
  member(3, 'Cleo'),
  member(4, 'Dana'),
  member(5, 'Eva'),
];

/** The API: the showcase answers `profiles` (or fails while `fail()` says so); anything else is a 404. */
function showcaseApi(profiles: ProfileCard[], fail: () => boolean = () => false): Record<string, ApiHandler> {
  return {
    'GET showcase.php': () =>
      fail() ? json(500, { error: { code: 'internal', message: 'Boom' } }) : json(200, { profiles }),
  };
}

/** Stands in for the lander layout's signup modal. */
function ModalProbe() {
  const modal = useSignupModal();
  return modal?.open ? <p data-testid="signup-modal-open">signup modal</p> : null;
}

async function renderPage(
  api: Record<string, ApiHandler>,
  { signups = 'all', user = null }: { signups?: string; user?: unknown } = {},
) {
  const kit = await renderWithKit({
    routes: [
      {
        element: (
          <SignupModalProvider>
            <Outlet />
            <ModalProbe />
          </SignupModalProvider>
        ),
        children: [
          { path: '/landers/tinderswipe', element: <TinderSwipeLanderPage /> },
          { path: '/swipe-game', element: <p>swipe game</p> },
          { path: '/login', element: <p>login screen</p> },
          { path: '/signup', element: <p>signup screen</p> },
        ],
      },
    ],
    path: '/landers/tinderswipe',
    texts: { landers, swipe, matching, common: { loading: 'Loading…', profile: { fictional: 'Fictional' } } },
    cache: [
      [
        ['settings'],
        {
          settings: { name: 'Amora', countries: ['NL'], fictional_icon: 'stars', signups },
          domain_language: 'en',
        } as unknown as SettingsResponse,
      ],
      [['user'], user],
    ],
    api,
  });
  return { router: kit.router, fetchMock: kit.api.fetch };
}

const topId = () => screen.getByTestId('swipe-card').getAttribute('data-member-id');
const press = (key: 'ArrowRight' | 'ArrowLeft') => fireEvent.keyDown(document.body, { key });
const status = () => screen.getByTestId('lander-swipe-status').textContent;

let reducedMotion = true;
const realMatchMedia = window.matchMedia;

describe('TinderSwipeLanderPage', () => {
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

  it('shows the showcase members as swipe cards, those with a photo first, with the intro and the title', async () => {
    const { fetchMock } = await renderPage(showcaseApi(SHOWCASE));
    const top = await screen.findByTestId('swipe-card');
    expect(top.getAttribute('data-member-id')).toBe('1');
    expect(within(top).getByRole('heading', { name: /Anna/ })).toBeTruthy();
    expect(within(top).getByRole('img', { name: 'Photo of Anna' }).getAttribute('src')).toBe(
      '/media/1-match.jpg',
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Who catches your eye?' })).toBeTruthy();
    expect(screen.getByTestId('lander-swipe-meter').textContent).toBe('0 of 3 likes');
    expect(screen.getByTestId('lander-swipe-like').getAttribute('aria-label')).toBe('Like Anna');
    expect(screen.getByTestId('lander-swipe-pass').getAttribute('aria-label')).toBe('Pass on Anna');
    expect(document.title).toBe('Swipe and meet someone new - Amora');
    const url = new URL(String(fetchMock.mock.calls[0]?.[0]), 'http://localhost');
    expect(url.pathname).toBe('/api/showcase.php');
    expect(url.searchParams.get('lang')).toBe('en');
  });

  it('likes and passes by button and arrow key, moving on to the next card, without telling the server', async () => {
    const { fetchMock } = await renderPage(showcaseApi(SHOWCASE));
    await screen.findByTestId('swipe-card');
    press('ArrowRight');
    await waitFor(() => expect(topId()).toBe('2'));
    expect(status()).toBe('You liked Anna');
    expect(screen.getByTestId('lander-swipe-meter').textContent).toBe('1 of 3 likes');
    press('ArrowLeft');
    await waitFor(() => expect(topId()).toBe('3'));
    expect(status()).toBe('You passed on Bea');
    fireEvent.click(screen.getByTestId('lander-swipe-pass'));
    await waitFor(() => expect(topId()).toBe('4'));
    fireEvent.click(screen.getByTestId('lander-swipe-like'));
    await waitFor(() => expect(topId()).toBe('5'));
    expect(screen.getByTestId('lander-swipe-meter').textContent).toBe('2 of 3 likes');
    // A key typed into a field is not a swipe.
    const input = document.createElement('input');
    document.body.appendChild(input);
    fireEvent.keyDown(input, { key: 'ArrowRight' });
    input.remove();
    expect(topId()).toBe('5');
    // The swipes are a teaser: only the showcase was ever asked for.
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('invites to a free account after three likes, opens signup, and lets the visitor keep swiping', async () => {
    await renderPage(showcaseApi(SHOWCASE));
    await screen.findByTestId('swipe-card');
    press('ArrowRight');
    await waitFor(() => expect(topId()).toBe('2'));
    fireEvent.click(screen.getByTestId('lander-swipe-like'));
    await waitFor(() => expect(topId()).toBe('3'));
    fireEvent.click(screen.getByTestId('lander-swipe-like'));
    const invite = await screen.findByTestId('lander-swipe-invite');
    expect(screen.queryByTestId('swipe-card')).toBeNull();
    const heading = within(invite).getByRole('heading', { name: 'Curious who likes you back?' });
    // The buttons are gone: the focus lands on the invitation.
    expect(document.activeElement).toBe(heading);
    expect(invite.textContent).toContain('You liked Anna, Bea, and Cleo.');
    expect(status()).toBe('You liked Cleo');
    const signup = within(invite).getByTestId('lander-swipe-signup');
    expect(signup.getAttribute('href')).toBe('/signup');
    expect(signup.textContent).toBe('Create my free account');
    expect(within(invite).getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
    // No keys behind the invitation.
    press('ArrowRight');
    expect(screen.queryByTestId('swipe-card')).toBeNull();
    // Desktop: the signup modal opens over the lander.
    fireEvent.click(signup);
    expect(await screen.findByTestId('signup-modal-open')).toBeTruthy();

    fireEvent.click(within(invite).getByTestId('lander-swipe-resume'));
    await waitFor(() => expect(topId()).toBe('4'));
    expect(document.activeElement).toBe(screen.getByTestId('lander-swipe-like'));
  });

  it('invites when the cards run out, also without likes', async () => {
    await renderPage(showcaseApi([member(1, 'Anna'), member(2, 'Bea')]));
    await screen.findByTestId('swipe-card');
    press('ArrowLeft');
    await waitFor(() => expect(topId()).toBe('2'));
    press('ArrowLeft');
    const invite = await screen.findByTestId('lander-swipe-invite');
    expect(within(invite).getByRole('heading', { name: "There's plenty more to discover" })).toBeTruthy();
    expect(within(invite).getByTestId('lander-swipe-signup')).toBeTruthy();
    expect(within(invite).queryByTestId('lander-swipe-resume')).toBeNull();
  });

  it('offers the login instead where signups are closed', async () => {
    await renderPage(showcaseApi([member(1, 'Anna')]), { signups: 'none' });
    await screen.findByTestId('swipe-card');
    press('ArrowRight');
    const invite = await screen.findByTestId('lander-swipe-invite');
    expect(within(invite).queryByTestId('lander-swipe-signup')).toBeNull();
    expect(invite.textContent).toContain('You liked Anna. Log in to find out who likes you back');
    const login = within(invite).getByTestId('lander-swipe-login');
    expect(login.getAttribute('href')).toBe('/login');
    fireEvent.click(login);
    expect(await screen.findByText('login screen')).toBeTruthy();
  });

  it('sends a signed-in member to the real swipe game', async () => {
    const { router } = await renderPage(showcaseApi(SHOWCASE), { user: { id: 7, profile: { id: 7 } } });
    expect(await screen.findByText('swipe game')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/swipe-game');
  });

  it('invites straight away when the showcase is empty', async () => {
    await renderPage(showcaseApi([]));
    const invite = await screen.findByTestId('lander-swipe-invite');
    expect(within(invite).getByTestId('lander-swipe-signup').getAttribute('href')).toBe('/signup');
    expect(screen.queryByTestId('swipe-card')).toBeNull();
    // Nothing was swiped: the page does not move the focus on its own.
    expect(document.activeElement).toBe(document.body);
  });

  it('still invites when the showcase fails, and shows the cards after a retry', async () => {
    // The failure at once, not after the client's own retries.
    const retries = httpConfig.retries;
    httpConfig.retries = 0;
    onTestFinished(() => {
      httpConfig.retries = retries;
    });
    let fail = true;
    await renderPage(showcaseApi(SHOWCASE, () => fail));
    const error = await screen.findByTestId('lander-swipe-error');
    expect(error.getAttribute('role')).toBe('alert');
    expect(error.textContent).toContain('The members could not be loaded right now.');
    expect(screen.getByTestId('lander-swipe-signup')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByTestId('lander-swipe-retry'));
    await waitFor(() => expect(topId()).toBe('1'));
    expect(screen.queryByTestId('lander-swipe-error')).toBeNull();
  });

  it('likes by dragging the card far enough to the right', async () => {
    await renderPage(showcaseApi(SHOWCASE));
    const top = await screen.findByTestId('swipe-card');
    reducedMotion = false;
    const pointer = { pointerId: 3, isPrimary: true, pointerType: 'touch' };
    fireEvent.pointerDown(top, { ...pointer, clientX: 100, clientY: 200 });
    for (const x of [140, 200, 260]) fireEvent.pointerMove(top, { ...pointer, clientX: x, clientY: 204 });
    fireEvent.pointerUp(top, { ...pointer, clientX: 260, clientY: 204 });
    expect(top.classList.contains('is-leaving')).toBe(true);
    await act(() => new Promise((r) => setTimeout(r, 500)));
    await waitFor(() => expect(topId()).toBe('2'));
    expect(status()).toBe('You liked Anna');
  });
});
