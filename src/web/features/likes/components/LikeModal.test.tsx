// @vitest-environment happy-dom
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { LikesResponse } from '../../../../shared/schemas/likes';
import type { AutoLikeResponse } from '../../../../shared/schemas/matching';
import members from '../../../locales/en/members.json';
import { json, renderWithKit, resetKit } from '../../../test/render-kit';
import { likeModalDelaySeconds } from '../hooks/use-auto-like';
import { AutoLikeModal } from './LikeModal';

const EVA: AutoLikeResponse = {
  profile: {
    id: 5,
    name: 'Eva',
    main_image: { filename: '/m/a.jpg', thumb_filename: '/m/a-t.jpg', match: '/m/a-m.jpg', status: 'active' },
  },
  match: false,
};

function likesAnswer(newCount: number): LikesResponse {
  return {
    profiles: [],
    liked_by: [],
    tab: 'received',
    items: [],
    page: 1,
    pages: 1,
    pages_capped: false,
    counts: { received: newCount, given: 0, matches: 0, new: newCount },
    counts_capped: { received: false, given: false, matches: false, new: false },
  };
}

async function renderAt(path: string, autoLike: () => AutoLikeResponse) {
  const kit = await renderWithKit({
    routes: [
      { path: '/members', element: <AutoLikeModal />, handle: { name: 'members' } },
      { path: '/likes/m/:id', element: <p>member screen</p>, handle: { name: 'likes-m-id' } },
      { path: '/signup', element: <AutoLikeModal />, handle: { name: 'signup' } },
    ],
    path,
    texts: { members },
    defaultNS: 'members',
    cache: [[['user'], { profile: { id: 1, name: 'Me', main_image: null } }]],
    api: {
      'GET auto-like.php': () => json(200, autoLike()),
      'GET likes.php': () => json(200, likesAnswer(0)),
    },
  });
  const calls = () => kit.api.fetch.mock.calls.filter(([u]) => String(u).includes('auto-like.php')).length;
  return { router: kit.router, client: kit.queryClient, calls };
}

describe('the t parameter', () => {
  it('is a positive number of seconds', () => {
    expect(likeModalDelaySeconds('5')).toBe(5);
    expect(likeModalDelaySeconds('0.5')).toBe(0.5);
    for (const v of [null, '', '0', '-3', 'abc', 'Infinity'])
      expect(likeModalDelaySeconds(v)).toBeUndefined();
  });
});

describe('AutoLikeModal', () => {
  afterEach(resetKit);

  it('opens after t seconds with the liker, then drops t and keeps the other parameters', async () => {
    const { router } = await renderAt('/members?t=0.05&gender=female', () => EVA);
    expect(screen.queryByTestId('like-modal')).toBeNull();
    expect(await screen.findByTestId('like-modal-title')).toHaveProperty('textContent', 'Eva likes you!');
    expect(screen.getByTestId('like-modal-photo').getAttribute('src')).toBe('/m/a-m.jpg');
    expect(router.state.location.search).toBe('?gender=female');
    expect(screen.getByTestId('like-modal-view').getAttribute('href')).toBe('/likes/m/5');
    act(() => screen.getByTestId('like-modal-view').click());
    expect(await screen.findByText('member screen')).toBeTruthy();
  });

  it('shows the match modal when the member likes the liker too', async () => {
    await renderAt('/members?t=0.01', () => ({ ...EVA, match: true }));
    expect(await screen.findByTestId('match-title')).toBeTruthy();
    const write = screen.getByTestId('match-send-message');
    expect(write.getAttribute('href')).toBe('/members/5/chat');
    expect(write.textContent).toBe('Send Eva a message');
    expect(screen.getByTestId('match-view-profile').getAttribute('href')).toBe('/members/5');
  });

  it('shows nothing when there is no like to announce', async () => {
    const { router, calls } = await renderAt('/members?t=0.01', () => ({ profile: null, match: false }));
    await waitFor(() => expect(calls()).toBe(1));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.queryByTestId('like-modal')).toBeNull();
  });

  it('asks when the polled new-likes count rises, not on the first count', async () => {
    const { client, calls } = await renderAt('/members', () => EVA);
    act(() => client.setQueryData(['likes', 'received', 1], likesAnswer(2)));
    await new Promise((r) => setTimeout(r, 30));
    expect(calls()).toBe(0);
    act(() => client.setQueryData(['likes', 'received', 1], likesAnswer(3)));
    expect(await screen.findByTestId('like-modal-title')).toBeTruthy();
    expect(calls()).toBe(1);
  });

  it('stays quiet while signing up', async () => {
    const { calls } = await renderAt('/signup?t=0.01', () => EVA);
    await new Promise((r) => setTimeout(r, 60));
    expect(calls()).toBe(0);
  });
});
