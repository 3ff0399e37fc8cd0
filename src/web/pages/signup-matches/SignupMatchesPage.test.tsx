// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CurrentUser } from '../../../shared/schemas/accounts';
import type { MatchCard, MatchFinderResponse } from '../../../shared/schemas/matching';
import { httpConfig } from '../../lib/http';
import auth from '../../locales/en/auth.json';
import matching from '../../locales/en/matching.json';
import members from '../../locales/en/members.json';
import { json, renderWithKit, resetKit } from '../../test/render-kit';
import { SignupMatchesPage } from './SignupMatchesPage';

const USER = { id: 1, profile: { id: 1, name: 'Me' } } as unknown as CurrentUser;

const card = (id: number, shared: number, km: number | null): MatchCard => ({
  id,
  name: `Member ${id}`,
  age: 30,
  city: 'Utrecht',
  country: 'NL',
  fictional: false,
  main_image: null,
  shared_interests: shared,
  distance_km: km,
});

const renderPage = async (finder: () => Response) =>
  (
    await renderWithKit({
      element: <SignupMatchesPage />,
      path: '/signup-matches',
      texts: { auth, matching, members, common: { loading: 'Loading…' } },
      cache: [
        [
          ['settings'],
          {
            settings: { name: 'Amora', countries: ['NL'], fictional_icon: 'stars', signups: 'all' },
            domain_language: 'en',
          },
        ],
        [['user'], USER],
      ],
      api: { 'GET match-finder.php': finder },
    })
  ).api.fetch;

describe('SignupMatchesPage', () => {
  const retries = httpConfig.retries;
  beforeEach(() => {
    httpConfig.retries = 0;
  });
  afterEach(() => {
    resetKit();
    httpConfig.retries = retries;
  });

  it('shows the first 8 of the ranking with why they fit, linking to their profiles', async () => {
    const items = Array.from({ length: 12 }, (_, i) => card(10 + i, i === 0 ? 2 : 0, i === 0 ? 7 : null));
    const answer: MatchFinderResponse = { items, page: 1, has_more: true, liked: [] };
    const fetchMock = await renderPage(() => json(200, answer));

    const page = await screen.findByTestId('signup-matches');
    const cards = within(page).getAllByTestId('match-card');
    expect(cards).toHaveLength(8);
    expect(within(cards[0]!).getByTestId('match-reason').textContent).toBe('2 shared interests · 7 km');
    expect(within(cards[1]!).getByTestId('match-reason').textContent).toBe('Matches your preferences');
    expect(within(cards[0]!).getByTestId('profile-card').getAttribute('href')).toBe('/members/10');
    expect(page.textContent).toContain('We found 8 members who fit what you are looking for.');
    expect(screen.getByTestId('matches-continue').getAttribute('href')).toBe('/complete-signup');
    expect(String(fetchMock.mock.calls[0]![0])).toContain('/api/match-finder.php?page=1');
  });

  it('still leads on without cards when the matches cannot be loaded', async () => {
    await renderPage(() => json(503, { error: { code: 'busy', message: 'Busy' } }));
    const page = await screen.findByTestId('signup-matches');
    expect(within(page).queryAllByTestId('match-card')).toHaveLength(0);
    expect(within(page).queryByRole('alert')).toBeNull();
    expect(page.textContent).toContain('Continue to finish your signup');
    expect(screen.getByTestId('matches-continue').getAttribute('href')).toBe('/complete-signup');
  });
});
