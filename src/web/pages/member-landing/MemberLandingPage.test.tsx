// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, onTestFinished } from 'vitest';
import type { CurrentUser } from '../../../shared/schemas/accounts';
import type { MemberProfile, MemberResponse } from '../../../shared/schemas/member-profile';
import type { SettingsResponse } from '../../../shared/schemas/sites';
import common from '../../locales/en/common.json';
import memberLanding from '../../locales/en/member-landing.json';
import { type ApiHandler, json, renderWithKit, resetKit } from '../../test/render-kit';
import { MemberLandingPage } from './MemberLandingPage';

const SETTINGS = {
  name: 'Amora',
  countries: ['NL'],
  min_age: 18,
  fictional_icon: 'stars',
  fictional_warning: 'Profiles with this icon are fictional.',
  signups: 'all',
};

const PROFILE = {
  id: 42,
  name: 'Sanne',
  age: 31,
  about: 'I love long walks.',
  country: 'NL',
  region: null,
  city: 'Utrecht',
  fictional: false,
  online_recently: true,
  photos: [
    {
      id: 1,
      main: true,
      locked: false,
      thumb_filename: '/img/t.jpg',
      match: '/img/m.jpg',
      filename: '/img/1.jpg',
    },
  ],
} as unknown as MemberProfile;

const RELATED = [
  { id: 7, name: 'Eva', age: 29, city: null, country: 'NL', fictional: false, main_image: null },
  { id: 8, name: 'Noor', age: 33, city: 'Delft', country: 'NL', fictional: false, main_image: null },
];

/** The member's answer from `member`, the related members from the showcase. */
function memberApi(member: () => Response): Record<string, ApiHandler> {
  return {
    'GET member.php': () => member(),
    'GET showcase.php': () => json(200, { profiles: RELATED }),
  };
}
const answer = (): MemberResponse => ({ profile: PROFILE, related: RELATED as MemberResponse['related'] });

const ROUTES = [
  ['/members/:id/landing', 'members-id-landing'],
  ['/members/:id/landing2/:slug?', 'members-id-landing2-slug'],
  ['/members/:id/landing3/:slug?', 'members-id-landing3-slug'],
] as const;

async function renderAt(
  path: string,
  api: Record<string, ApiHandler>,
  opts: { user?: CurrentUser | null; signups?: string } = {},
) {
  const { router } = await renderWithKit({
    routes: [
      ...ROUTES.map(([p, name]) => ({ path: p, handle: { name }, element: <MemberLandingPage /> })),
      { path: '/members/:id', element: <p>the real profile</p> },
      { path: '/members/:id/signup', element: <p>member signup</p> },
      { path: '*', element: <p>elsewhere</p> },
    ],
    path,
    texts: { common, 'member-landing': memberLanding },
    cache: [
      [
        ['settings'],
        {
          settings: { ...SETTINGS, signups: opts.signups ?? 'all' },
          domain_language: 'en',
        } as unknown as SettingsResponse,
      ],
      [['user'], opts.user === undefined ? null : opts.user],
    ],
    api,
  });
  return { router };
}

describe('MemberLandingPage', () => {
  afterEach(resetKit);

  it('shows the member and leads to the signup that writes to them (spotlight)', async () => {
    await renderAt(
      '/members/42/landing',
      memberApi(() => json(200, answer())),
    );
    expect((await screen.findByRole('heading', { level: 1, name: /^Sanne/ })).textContent).toBe('Sanne, 31');
    expect(screen.getByRole('img', { name: 'Photo of Sanne' }).getAttribute('src')).toBe('/img/1.jpg');
    expect(screen.getByText('Utrecht, Netherlands')).toBeTruthy();
    expect(screen.getByTestId('member-landing-online').textContent).toBe('Online recently');
    expect(screen.getByText('I love long walks.')).toBeTruthy();
    const cta = screen.getByTestId('member-landing-signup');
    expect(cta.textContent).toBe('Write to Sanne: join for free');
    expect(cta.getAttribute('href')).toBe('/members/42/signup');
    expect(screen.getByTestId('member-landing-login').getAttribute('href')).toBe('/login');
    // The legal pages stay one tap away on this layout without a footer.
    expect(screen.getByRole('link', { name: 'Terms and conditions' }).getAttribute('href')).toBe(
      '/pages/terms',
    );
  });

  it('offers a conversation to start (landing2), never putting words in the member’s mouth', async () => {
    await renderAt(
      '/members/42/landing2/eng',
      memberApi(() => json(200, answer())),
    );
    expect(await screen.findByText('Start a conversation')).toBeTruthy();
    expect(screen.getByText(/Break the ice with Sanne/)).toBeTruthy();
    const compose = screen.getByTestId('member-landing-signup');
    expect(compose.textContent).toContain('Write a message to Sanne…');
    expect(compose.getAttribute('href')).toBe('/members/42/signup');
  });

  it('shows more members like them (landing3), each leading to their own landing page', async () => {
    await renderAt(
      '/members/42/landing3',
      memberApi(() => json(200, answer())),
    );
    const related = await screen.findByTestId('member-landing-related');
    expect(within(related).getByRole('heading', { name: 'More members like Sanne' })).toBeTruthy();
    expect(
      within(related)
        .getAllByTestId('profile-card')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/members/7/landing', '/members/8/landing']);
  });

  it('gives way to other members when the member cannot be shown', async () => {
    await renderAt(
      '/members/99/landing',
      memberApi(() => json(404, { error: { code: 'member_not_found', message: 'Not found' } })),
    );
    const others = await screen.findByTestId('member-landing-others');
    expect(
      within(others).getByRole('heading', { level: 1, name: 'This profile is not available' }),
    ).toBeTruthy();
    expect(within(others).getByTestId('member-landing-signup').getAttribute('href')).toBe('/signup');
    await waitFor(() => expect(within(others).getAllByTestId('profile-card')).toHaveLength(2));
  });

  it('offers a retry when the profile could not be loaded', async () => {
    let fail = true;
    const { httpConfig } = await import('../../lib/http');
    const retries = httpConfig.retries;
    httpConfig.retries = 0;
    onTestFinished(() => {
      httpConfig.retries = retries;
    });
    await renderAt(
      '/members/42/landing',
      memberApi(() =>
        fail ? json(503, { error: { code: 'unavailable', message: 'Down' } }) : json(200, answer()),
      ),
    );
    const retry = await screen.findByTestId('member-landing-retry');
    fail = false;
    retry.click();
    expect(await screen.findByRole('heading', { level: 1, name: /^Sanne/ })).toBeTruthy();
  });

  it('offers the login where signing up is closed for the visitor', async () => {
    await renderAt(
      '/members/42/landing',
      memberApi(() => json(200, answer())),
      { signups: 'none' },
    );
    await screen.findByRole('heading', { level: 1, name: /^Sanne/ });
    expect(screen.queryByTestId('member-landing-signup')).toBeNull();
    expect(screen.getByTestId('member-landing-login')).toBeTruthy();
  });

  it('sends a signed-in member to the real profile', async () => {
    const user = { id: 1, profile: { id: 1, name: 'Me' } } as unknown as CurrentUser;
    const { router } = await renderAt(
      '/members/42/landing2/nl',
      memberApi(() => json(200, answer())),
      { user },
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/members/42'));
  });
});
