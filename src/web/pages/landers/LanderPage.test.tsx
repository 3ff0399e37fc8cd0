// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { CurrentUser } from '../../../shared/schemas/accounts';
import type { ProfileCard } from '../../../shared/schemas/members';
import type { SettingsResponse } from '../../../shared/schemas/sites';
import { BUILT_LANDER_TYPES } from '../../features/landers/lander-types';
import { SignupModalProvider, useSignupModal } from '../../features/signup/open-signup';
import common from '../../locales/en/common.json';
import landers from '../../locales/en/landers.json';
import { type ApiHandler, apiError, json, renderWithKit, resetKit } from '../../test/render-kit';
import { LanderPage } from './LanderPage';

const SETTINGS = {
  name: 'Amora',
  description: 'Dating',
  niche: 1,
  signups: 'all',
  signup_credits: 20,
  fictional_icon: 'stars',
};

const USER = { id: 1, profile: { id: 1, name: 'Me' } } as unknown as CurrentUser;

const card = (
  id: number,
  extra: Partial<ProfileCard> & { online_recently?: boolean; bio?: string } = {},
) => ({
  id,
  name: `Member ${id}`,
  age: 30 + id,
  city: 'Utrecht',
  country: 'NL',
  fictional: false,
  main_image: {
    filename: `/photos/${id}-main.jpg`,
    thumb_filename: `/photos/${id}-thumb.jpg`,
    match: `/photos/${id}-match.jpg`,
    status: 'active',
  },
  ...extra,
});

const PROFILES = [card(1), card(2, { online_recently: true, bio: 'Loves  long walks by the sea.' }), card(3)];

/** The map lander's answers: two areas (one of two members), on a 1000 x 800 map of NL. */
const MAP = {
  country: 'NL',
  areas: [
    { key: '1:1', x: 400, y: 300, count: 2, members: [card(1), card(2)] },
    { key: '2:2', x: 600, y: 500, count: 1, members: [card(3, { city: 'Maastricht' })] },
  ],
};
const SHAPES = {
  country: 'NL',
  width: 1000,
  height: 800,
  shapes: [
    { id: '056', d: 'M0,700L1000,700L1000,800L0,800Z', home: false },
    { id: '528', d: 'M100,100L900,100L900,650L100,650Z', home: true },
  ],
};

/** The API answering the showcase with `showcase` (a status code is that error), and the map lander's data. */
function landerApi(showcase: unknown[] | number, map: unknown = MAP): Record<string, ApiHandler> {
  return {
    'GET lander-map.php': () =>
      typeof map === 'number' ? apiError(map, 'server_error', 'Oops') : json(200, map),
    'GET lander-map-shapes.php': ({ url }) =>
      url.searchParams.get('country') === 'NL' ? json(200, SHAPES) : apiError(404, 'not_found', 'Not found'),
    'GET showcase.php': () =>
      typeof showcase === 'number'
        ? apiError(showcase, 'server_error', 'Oops')
        : json(200, { profiles: showcase }),
  };
}

/** Shows whether the signup modal is open, and for which member. */
function ModalProbe() {
  const modal = useSignupModal();
  return <output data-testid="modal">{modal?.open ? `open:${modal.memberId ?? 'none'}` : 'closed'}</output>;
}

async function renderLander(
  path: string,
  opts: { user?: CurrentUser | null; showcase?: unknown[] | number; map?: unknown } = {},
) {
  const { router } = await renderWithKit({
    routes: [
      {
        path: '/landers/:type/:slug?',
        element: (
          <SignupModalProvider>
            <LanderPage />
            <ModalProbe />
          </SignupModalProvider>
        ),
      },
      { path: '/members', element: <p>members home</p> },
    ],
    path,
    texts: { common, landers },
    cache: [
      [['settings'], { settings: SETTINGS, domain_language: 'en' } as unknown as SettingsResponse],
      [['user'], opts.user ?? null],
    ],
    api: landerApi(opts.showcase ?? PROFILES, opts.map === undefined ? MAP : opts.map),
  });
  return { router };
}

afterEach(resetKit);

describe('LanderPage', () => {
  it('builds gallery, collage, icons, alone tonight, social network, the transitions video, map and video', () => {
    expect([...BUILT_LANDER_TYPES].sort()).toEqual(
      [
        'alonetonight',
        'collagelanding',
        'gallery',
        'iconslanding',
        'socialnetwork',
        'transitionsvideolanding',
        'maplanding',
        'video',
      ].sort(),
    );
  });

  it.each(BUILT_LANDER_TYPES)(
    '%s shows its headline, the members and a signup call to action',
    async (type) => {
      await renderLander(`/landers/${type}`);
      const page = await screen.findByTestId('lander');
      expect(page.dataset.type).toBe(type);
      const title = landers.types[type].title.replace('{{siteName}}', 'Amora');
      expect(screen.getByRole('heading', { level: 1, name: title })).toBeTruthy();
      // every member is shown, by name, with a way to sign up for that member
      for (const p of PROFILES) await within(page).findAllByText(new RegExp(`${p.name}, ${p.age}`));
      const memberLinks = within(page)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href'))
        .filter((href) => href?.startsWith('/members/'));
      for (const p of PROFILES) expect(memberLinks).toContain(`/members/${p.id}/signup`);
      // the call to action: free signup
      const cta = screen.getByTestId('lander-cta');
      expect(cta.getAttribute('href')).toBe('/signup');
      expect(cta.textContent).toBe('Sign up for free');
      expect(screen.getByTestId('lander-closing-cta').getAttribute('href')).toBe('/signup');
      expect(document.title).toBe(`${title} - Amora`);
    },
  );

  it('gallery: the call to action opens the signup modal on desktop, a card action for its member', async () => {
    await renderLander('/landers/gallery/eng');
    await screen.findAllByTestId('lander-member-signup');
    const write = screen.getByRole('link', { name: 'Send Member 2 a message' });
    expect(write.getAttribute('href')).toBe('/members/2/signup');
    fireEvent.click(write);
    expect(screen.getByTestId('modal').textContent).toBe('open:2');
  });

  it('gallery: the main call to action opens the signup modal without a member', async () => {
    await renderLander('/landers/gallery');
    fireEvent.click(await screen.findByTestId('lander-cta'));
    expect(screen.getByTestId('modal').textContent).toBe('open:none');
  });

  it('alonetonight: members online recently come first, with a badge', async () => {
    await renderLander('/landers/alonetonight');
    const cards = await screen.findAllByTestId('profile-card');
    expect(cards[0]?.textContent).toContain('Member 2');
    expect(screen.getAllByText('Online recently')).toHaveLength(1);
  });

  it('socialnetwork: posts with a photo, a bio snippet and like, comment and message to signup', async () => {
    await renderLander('/landers/socialnetwork');
    const posts = await screen.findAllByTestId('lander-post');
    expect(posts).toHaveLength(3);
    const second = posts[1] as HTMLElement;
    expect(within(second).getByRole('img', { name: 'Photo of Member 2' })).toBeTruthy();
    expect(within(second).getByText('Loves long walks by the sea.')).toBeTruthy();
    for (const name of ['Like – Member 2', 'Comment – Member 2', 'Message – Member 2'])
      expect(within(second).getByRole('link', { name }).getAttribute('href')).toBe('/members/2/signup');
    fireEvent.click(within(second).getByTestId('lander-post-like'));
    expect(screen.getByTestId('modal').textContent).toBe('open:2');
  });

  it('transitionsvideolanding: a crossfading slideshow of the member photos', async () => {
    await renderLander('/landers/transitionsvideolanding');
    await screen.findAllByTestId('profile-card');
    const slides = document.querySelector('.lander-reel-slides');
    expect(slides?.classList.contains('lander-reel-n3')).toBe(true);
    expect(slides?.getAttribute('aria-hidden')).toBe('true');
    expect(slides?.querySelectorAll('.lander-reel-slide')).toHaveLength(3);
  });

  it('maplanding: members by area on the map; a tap on an area shows its members, each leading to signup', async () => {
    await renderLander('/landers/maplanding/eng');
    const map = await screen.findByTestId('lander-map');
    expect(map.querySelectorAll('path.lander-map-home')).toHaveLength(1);
    expect(map.querySelector('svg')?.getAttribute('viewBox')).toBe('0 0 1000 800');
    const pins = within(map).getAllByTestId('lander-map-pin');
    expect(pins).toHaveLength(2);
    // placed through the CSSOM in per cent of the map, never a style attribute
    expect(pins[0]?.style.getPropertyValue('--pin-x')).toBe('40%');
    expect(pins[1]?.style.getPropertyValue('--pin-y')).toBe('62.5%');
    expect(pins[0]?.getAttribute('aria-label')).toBe('Members near Utrecht: Member 1, Member 2');
    expect(pins[0]?.getAttribute('aria-pressed')).toBe('true');
    const panel = screen.getByTestId('lander-map-panel');
    expect(within(panel).getByRole('heading', { level: 2 }).textContent).toBe('Near Utrecht');
    expect(
      within(panel)
        .getAllByTestId('lander-map-member-signup')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/members/1/signup', '/members/2/signup']);
    fireEvent.click(pins[1]!);
    expect(pins[1]?.getAttribute('aria-pressed')).toBe('true');
    expect(within(panel).getByRole('heading', { level: 2 }).textContent).toBe('Near Maastricht');
    expect(
      within(panel)
        .getAllByTestId('lander-map-member-signup')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/members/3/signup']);
    expect(screen.getByRole('heading', { level: 2, name: 'Members near you in Netherlands' })).toBeTruthy();
  });

  it('maplanding without located members shows the showcase and no map', async () => {
    await renderLander('/landers/maplanding', { map: { country: 'NL', areas: [] } });
    await screen.findAllByTestId('profile-card');
    expect(screen.queryByTestId('lander-map')).toBeNull();
    expect(screen.getByRole('heading', { level: 2, name: landers.types.members_title })).toBeTruthy();
  });

  it('video: the film of member portraits, its poster first, naming the member on screen with a signup', async () => {
    await renderLander('/landers/video');
    const film = await screen.findByTestId('lander-film');
    expect(film.querySelector('img.lander-film-poster')?.getAttribute('src')).toBe('/photos/1-main.jpg');
    expect(film.querySelector('canvas')?.closest('[aria-hidden="true"]')).toBeTruthy();
    expect(film.querySelectorAll('.lander-film-bar')).toHaveLength(3);
    expect(within(film).getByTestId('lander-film-member').textContent).toBe('Member 1, 31Utrecht');
    expect(within(film).getByTestId('lander-film-signup').getAttribute('href')).toBe('/members/1/signup');
    const toggle = within(film).getByTestId('lander-film-toggle');
    const pressed = toggle.getAttribute('aria-pressed');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-pressed')).not.toBe(pressed);
  });

  it.each(['nosuchtype', 'map'])('%s is the 404 page', async (type) => {
    await renderLander(`/landers/${type}/eng`);
    expect(await screen.findByTestId('error-page')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(common.error.not_found);
    expect(screen.queryByTestId('lander')).toBeNull();
  });

  it('sends a signed-in member to the members area', async () => {
    const { router } = await renderLander('/landers/gallery', { user: USER });
    await screen.findByText('members home');
    expect(router.state.location.pathname).toBe('/members');
  });

  it.each([
    ['empty', []],
    ['failed', 500],
  ] as const)('with an %s showcase still invites to sign up', async (_, showcase) => {
    for (const type of BUILT_LANDER_TYPES) {
      await renderLander(`/landers/${type}`, {
        showcase: showcase as unknown[] | number,
        map: showcase === 500 ? 500 : { country: 'NL', areas: [] },
      });
      await screen.findByText(landers.types.empty_text);
      expect(screen.getByTestId('lander-cta').getAttribute('href')).toBe('/signup');
      expect(screen.getByTestId('lander-closing-cta').getAttribute('href')).toBe('/signup');
      expect(screen.queryAllByTestId('profile-card')).toHaveLength(0);
      cleanup();
    }
  });
});
