// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import validation from '../../../shared/i18n/en/validation.json';
import type { CurrentUser } from '../../../shared/schemas/accounts';
import type { MemberProfile, MemberResponse } from '../../../shared/schemas/member-profile';
import type { SettingsResponse } from '../../../shared/schemas/sites';
import members from '../../locales/en/members.json';
import { type ApiHandler, json, renderWithKit, resetKit } from '../../test/render-kit';
import { MemberPage } from './MemberPage';

const SETTINGS = {
  name: 'Amora',
  countries: ['NL'],
  fictional_icon: 'stars',
  fictional_warning: 'Profiles with this icon are fictional.',
  fictional_singular: 'fictional profile',
  fictional_plural: 'fictional profiles',
  signups: 'all',
};

const USER = { id: 1, profile: { id: 1, name: 'Me' } } as unknown as CurrentUser;
const SECRET = 'https://cdn.example.com/private/secret-photo.jpg';

const PROFILE: MemberProfile = {
  id: 42,
  name: 'Sanne',
  age: 31,
  gender: 'female',
  sexuality: 'hetero',
  hair_color: null,
  eye_color: 'blue',
  body_type: null,
  relationship_status: 'single',
  tattoos: null,
  signup_reason: 'dating',
  interests: ['music'],
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
      thumb_filename: '/img/1-thumb.jpg',
      match: '/img/1-match.jpg',
      filename: '/img/1.jpg',
    },
    {
      id: 2,
      main: false,
      locked: false,
      thumb_filename: '/img/2-thumb.jpg',
      match: '/img/2-match.jpg',
      filename: '/img/2.jpg',
    },
    // A locked photo never shows its URLs, even if a server sent them.
    { id: 3, main: false, locked: true, thumb_filename: SECRET, match: SECRET, filename: SECRET },
  ],
  blocked_by_me: false,
  liked_by_me: false,
  match: false,
};

/** The member's profile from `member`; a block, unblock, like or unlike goes to `block` or `like`. */
function memberApi(
  member: () => Response,
  block: () => Response = () => json(200, { ok: true }),
  like: (init?: RequestInit) => Response = () => json(200, { ok: true }),
): Record<string, ApiHandler> {
  return {
    'GET member.php': () => member(),
    'POST like.php': ({ init }) => like(init),
    'DELETE like.php': ({ init }) => like(init),
    'GET likes.php': () => json(200, { items: [], counts: { new: 0 } }),
    'POST block.php': () => block(),
    'DELETE block.php': () => block(),
    'GET interests.php': () =>
      json(200, { interests: [{ value: 'music', label: 'Music', icon: 'music-note' }] }),
    'GET regions.php': () => json(200, { regions: {} }),
  };
}

const memberAnswer = (profile: Partial<MemberProfile> = {}): MemberResponse => ({
  profile: { ...PROFILE, ...profile },
  related: [{ id: 7, name: 'Eva', age: 29, city: null, country: 'NL', fictional: false, main_image: null }],
});

async function renderPage(api: Record<string, ApiHandler>, user: CurrentUser | null = USER) {
  const kit = await renderWithKit({
    routes: [
      { path: '/members/:id', element: <MemberPage /> },
      { path: '/likes/m/:id', element: <MemberPage /> },
      { path: '/members', element: <p>members</p> },
    ],
    path: '/members/42',
    texts: {
      members,
      validation,
      common: { loading: 'Loading…', profile: { fictional: 'Fictional profile' } },
    },
    cache: [
      [['settings'], { settings: SETTINGS, domain_language: 'en' } as unknown as SettingsResponse],
      [['user'], user],
    ],
    api,
  });
  return { router: kit.router, queryClient: kit.queryClient, fetchMock: kit.api.fetch };
}

describe('MemberPage', () => {
  afterEach(resetKit);

  it('shows the profile, with an overlay and no image URL for a locked photo', async () => {
    await renderPage(memberApi(() => json(200, memberAnswer())));
    expect(await screen.findByRole('heading', { level: 1, name: /Sanne/ })).toBeTruthy();
    expect(document.title).toBe('Sanne - Amora');

    const locked = screen.getByTestId('member-photo-locked');
    expect(within(locked).getByText('Private photo')).toBeTruthy();
    expect(locked.querySelector('img')).toBeNull();
    expect(document.body.innerHTML).not.toContain('secret-photo');
    expect(screen.getByTestId('member-locked-explained')).toBeTruthy();
    expect(screen.getAllByTestId('member-photo')).toHaveLength(2);

    // Details with translated labels and values; only the fields that are present.
    expect(screen.getByTestId('member-field-relationship_status').textContent).toBe('Single');
    expect(screen.getByTestId('member-field-eye_color').textContent).toBe('Blue');
    expect(screen.queryByTestId('member-field-hair_color')).toBeNull();
    expect(await screen.findByText('Music')).toBeTruthy();
    expect(screen.getByText('Online recently')).toBeTruthy();
    // Related profiles link to their profile.
    const related = screen.getByTestId('member-related');
    expect(within(related).getByTestId('profile-card').getAttribute('href')).toBe('/members/7');
  });

  it('asks a signed-out visitor to sign up for the locked photos and to write', async () => {
    await renderPage(
      memberApi(() => json(200, memberAnswer())),
      null,
    );
    await screen.findByRole('heading', { level: 1, name: /Sanne/ });
    const locked = screen.getByTestId('member-photo-locked');
    const link = within(locked).getByRole('link', { name: /Sign up to see more photos/ });
    expect(link.getAttribute('href')).toBe('/members/42/signup');
    expect(document.body.innerHTML).not.toContain('secret-photo');
    expect(screen.getByRole('link', { name: /Sign up to write to Sanne/ }).getAttribute('href')).toBe(
      '/members/42/signup',
    );
    expect(screen.queryByTestId('member-block')).toBeNull();
  });

  it('opens an unlocked photo in the lightbox and pages with the arrow keys', async () => {
    await renderPage(memberApi(() => json(200, memberAnswer())));
    await screen.findByRole('heading', { level: 1, name: /Sanne/ });
    fireEvent.click(screen.getAllByTestId('member-photo')[1]!);
    expect((await screen.findByTestId('member-lightbox-counter')).textContent).toBe('Photo 2 of 2');
    expect(screen.getByTestId('member-lightbox-image').getAttribute('src')).toBe('/img/2.jpg');
    fireEvent.keyDown(document, { key: 'ArrowRight' });
    expect(screen.getByTestId('member-lightbox-counter').textContent).toBe('Photo 1 of 2');
    fireEvent.click(screen.getByRole('button', { name: 'Previous photo' }));
    expect(screen.getByTestId('member-lightbox-counter').textContent).toBe('Photo 2 of 2');
  });

  it('shows the blocked state when the member has blocked the viewer', async () => {
    await renderPage(
      memberApi(() =>
        json(403, { error: { code: 'blocked_by_member', message: 'The profile can no longer be viewed' } }),
      ),
    );
    expect(await screen.findByTestId('member-blocked-by-member')).toBeTruthy();
    expect(
      screen.getByText('This member has blocked you, the profile can no longer be viewed.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the members' }).getAttribute('href')).toBe('/members');
  });

  it('shows a friendly page for an unknown member', async () => {
    await renderPage(
      memberApi(() => json(404, { error: { code: 'member_not_found', message: 'Member not found' } })),
    );
    expect(await screen.findByTestId('member-not-found')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'This profile is not available' })).toBeTruthy();
  });

  it('asks for confirmation before blocking, then calls POST /api/block.php; every list of members reloads', async () => {
    // The server's state: the profile answers whether the viewer blocked it.
    let blocked = false;
    const { queryClient, fetchMock } = await renderPage(
      memberApi(
        () => json(200, memberAnswer({ blocked_by_me: blocked })),
        () => {
          blocked = !blocked;
          return json(200, { ok: true });
        },
      ),
    );
    await screen.findByRole('heading', { level: 1, name: /Sanne/ });
    // Lists shown earlier, still fresh: the block must not wait for them to go stale.
    const lists = [['search', { page: 1 }], ['likes', 'received', 1], ['chats'], ['member', 7], ['blocked']];
    for (const key of lists) queryClient.setQueryData(key, {});
    const stale = () => lists.filter((key) => queryClient.getQueryState(key)?.isInvalidated).length;
    expect(stale()).toBe(0);
    const blockCalls = () =>
      fetchMock.mock.calls.filter(
        (c) => new URL(String(c[0]), 'http://localhost').pathname === '/api/block.php',
      );

    fireEvent.click(screen.getByTestId('member-block'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/your chats with Sanne will be deleted/)).toBeTruthy();
    expect(blockCalls()).toHaveLength(0);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, block' }));
    await waitFor(() => expect(blockCalls()).toHaveLength(1));
    const [, init] = blockCalls()[0] as unknown as [string, RequestInit];
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ id: 42 });

    expect(await screen.findByTestId('member-blocked')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Unblock' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(stale()).toBe(lists.length);

    // Unblocking reloads them again.
    for (const key of lists) queryClient.setQueryData(key, {});
    expect(stale()).toBe(0);
    fireEvent.click(screen.getByRole('button', { name: 'Unblock' }));
    expect(await screen.findByTestId('member-block')).toBeTruthy();
    await waitFor(() => expect(stale()).toBe(lists.length));
  });

  it('shows no block button on the own profile', async () => {
    await renderPage(memberApi(() => json(200, memberAnswer({ id: 1 }))));
    await screen.findByRole('heading', { level: 1, name: /Sanne/ });
    expect(screen.queryByTestId('member-block')).toBeNull();
  });

  it('likes with a pressed toggle, and opens the match modal when the like is a match', async () => {
    let liked = false;
    const like = vi.fn((init?: RequestInit) => {
      liked = init?.method === 'POST';
      return json(200, {
        liked: true,
        match: true,
        profile: {
          id: 42,
          name: 'Sanne',
          age: 31,
          city: 'Utrecht',
          country: 'NL',
          fictional: false,
          main_image: null,
        },
      });
    });
    await renderPage(
      memberApi(() => json(200, memberAnswer({ liked_by_me: liked, match: liked })), undefined, like),
    );
    await screen.findByRole('heading', { level: 1, name: /Sanne/ });
    const button = screen.getByTestId('member-like');
    expect(button.getAttribute('aria-pressed')).toBe('false');
    expect(button.textContent).toContain('Like Sanne');

    fireEvent.click(button);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText("It's a match!")).toBeTruthy();
    expect(within(dialog).getByText('You and Sanne like each other.')).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'View profile' }).getAttribute('href')).toBe(
      '/members/42',
    );
    const [init] = like.mock.calls[0] as unknown as [RequestInit];
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ id: 42 });
    await waitFor(() => expect(screen.getByTestId('member-like').getAttribute('aria-pressed')).toBe('true'));

    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep browsing' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // Pressing again takes the like back.
    fireEvent.click(screen.getByTestId('member-like'));
    await waitFor(() => expect(like).toHaveBeenCalledTimes(2));
    expect((like.mock.calls[1] as unknown as [RequestInit])[0].method).toBe('DELETE');
    await waitFor(() => expect(screen.getByTestId('member-like').getAttribute('aria-pressed')).toBe('false'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows a translated error when the member cannot be liked', async () => {
    await renderPage(
      memberApi(
        () => json(200, memberAnswer()),
        undefined,
        () => json(404, { error: { code: 'member_not_found', message: 'Member not found' } }),
      ),
    );
    await screen.findByRole('heading', { level: 1, name: /Sanne/ });
    fireEvent.click(screen.getByTestId('member-like'));
    expect((await screen.findByTestId('member-like-error')).textContent).toContain(
      'This member can no longer be liked.',
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('offers a signed-out visitor to sign up to like', async () => {
    await renderPage(
      memberApi(() => json(200, memberAnswer())),
      null,
    );
    await screen.findByRole('heading', { level: 1, name: /Sanne/ });
    expect(screen.queryByTestId('member-like')).toBeNull();
    expect(screen.getByRole('link', { name: /Sign up to like Sanne/ }).getAttribute('href')).toBe(
      '/members/42/signup',
    );
  });

  it('shows no like button on the own profile', async () => {
    await renderPage(memberApi(() => json(200, memberAnswer({ id: 1 }))));
    await screen.findByRole('heading', { level: 1, name: /Sanne/ });
    expect(screen.queryByTestId('member-like')).toBeNull();
    expect(screen.queryByTestId('member-message')).toBeNull();
    expect(screen.queryByTestId('member-gift')).toBeNull();
  });

  it('offers a signed-in member to send a message, through the member chat route', async () => {
    await renderPage(memberApi(() => json(200, memberAnswer())));
    await screen.findByRole('heading', { level: 1, name: /Sanne/ });
    const message = screen.getByTestId('member-message');
    expect(message.textContent).toBe('Send Sanne a message');
    expect(message.getAttribute('href')).toBe('/members/42/chat');
    // A gift opens the same conversation, with its gift picker open.
    const gift = screen.getByTestId('member-gift');
    expect(gift.textContent).toBe('Send Sanne a gift');
    expect(gift.getAttribute('href')).toBe('/members/42/chat?gift=1');
    // A visitor's way to write is the signup (tested above).
    expect(screen.queryByTestId('member-signup-write')).toBeNull();
  });
});
