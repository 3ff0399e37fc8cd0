// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TFunction } from 'i18next';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type {
  MatchCard,
  MatchFinderResponse,
  MatchPreferences,
  MatchPreferencesResponse,
} from '../../../shared/schemas/matching';
import type { SettingsResponse } from '../../../shared/schemas/sites';
import { matchReasonText } from '../../features/matching/components/MatchReason';
import matching from '../../locales/en/matching.json';
import members from '../../locales/en/members.json';
import {
  type ApiHandler,
  type ApiMock,
  json,
  renderWithKit,
  resetKit,
  testI18n,
} from '../../test/render-kit';
import { MatchFinderPage } from './MatchFinderPage';

const SETTINGS = {
  name: 'Amora',
  countries: ['NL'],
  fictional_icon: 'stars',
  fictional_warning: 'Some profiles are fictional.',
  signups: 'all',
};

const DEFAULTS: MatchPreferences = {
  gender: 'female',
  min_age: 26,
  max_age: 46,
  area: 'country',
  radius_km: 50,
  interests: ['travelling'],
};

const INTERESTS = [
  { value: 'kissing', label: 'Kissing', icon: 'emoji-kiss' },
  { value: 'travelling', label: 'Travelling', icon: 'airplane' },
  { value: 'hiking', label: 'Hiking', icon: 'tree' },
];

const card = (id: number, shared: number, km: number | null, extra: Partial<MatchCard> = {}): MatchCard => ({
  id,
  name: `Member ${id}`,
  age: 30,
  city: 'Utrecht',
  country: 'NL',
  fictional: false,
  main_image: null,
  shared_interests: shared,
  distance_km: km,
  ...extra,
});

const prefsAnswer = (extra: Partial<MatchPreferencesResponse> = {}): MatchPreferencesResponse => ({
  preferences: DEFAULTS,
  saved: false,
  has_location: true,
  ...extra,
});

const page = (items: MatchCard[], extra: Partial<MatchFinderResponse> = {}): MatchFinderResponse => ({
  items,
  page: 1,
  has_more: false,
  liked: [],
  ...extra,
});

interface Server {
  prefs?: () => Response;
  put?: (body: MatchPreferences) => Response;
  finder?: (page: number) => Response;
}

function matchApi(server: Server): Record<string, ApiHandler> {
  return {
    'GET match-preferences.php': () => server.prefs?.() ?? json(200, prefsAnswer()),
    'PUT match-preferences.php': ({ body }) =>
      server.put?.(body as MatchPreferences) ??
      json(200, { preferences: body, saved: true, has_location: true }),
    'GET match-finder.php': ({ url }) =>
      server.finder?.(Number(url.searchParams.get('page') ?? 1)) ?? json(200, page([])),
    'GET interests.php': () => json(200, { interests: INTERESTS }),
  };
}

const TEXTS = {
  matching,
  members,
  common: { loading: 'Loading…', profile: { fictional: 'Fictional profile' } },
  profile: {},
};

async function renderPage(api: Record<string, ApiHandler>) {
  const kit = await renderWithKit({
    routes: [
      { path: '/match-finder', element: <MatchFinderPage /> },
      { path: '/members/:id', element: <p>member screen</p> },
    ],
    path: '/match-finder',
    texts: TEXTS,
    cache: [[['settings'], { settings: SETTINGS, domain_language: 'en' } as unknown as SettingsResponse]],
    api,
  });
  return { router: kit.router, fetchMock: kit.api.fetch };
}

const step = () => screen.getByTestId('match-finder-step');
const next = () => fireEvent.click(screen.getByTestId('match-finder-next'));
const back = () => fireEvent.click(screen.getByTestId('match-finder-back'));
const putBodies = (fetchMock: ApiMock['fetch']) =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method === 'PUT')
    .map(([, init]) => JSON.parse(String(init?.body)) as MatchPreferences);

describe('matchReasonText', () => {
  let t: TFunction<'matching'>;
  beforeEach(async () => {
    t = (await testI18n({ texts: TEXTS })).getFixedT('en', 'matching');
  });

  it('pluralises the shared interests and leaves out what is missing', () => {
    expect(matchReasonText(t, { shared_interests: 1, distance_km: null }, 'en')).toBe('1 shared interest');
    expect(matchReasonText(t, { shared_interests: 3, distance_km: 12 }, 'en')).toBe(
      '3 shared interests · 12 km',
    );
    expect(matchReasonText(t, { shared_interests: 0, distance_km: 4 }, 'en')).toBe('4 km');
    expect(matchReasonText(t, { shared_interests: 0, distance_km: 1250 }, 'en')).toBe('1,250 km');
    expect(matchReasonText(t, { shared_interests: 0, distance_km: null }, 'en')).toBe(
      'Matches your preferences',
    );
  });
});

describe('MatchFinderPage', () => {
  afterEach(resetKit);

  it('walks a new member through the four steps, keeps the answers and saves them', async () => {
    const { fetchMock } = await renderPage(
      matchApi({
        finder: () => json(200, page([card(5, 1, null), card(6, 3, 12)], { liked: [6] })),
      }),
    );

    // Step 1, prefilled from the defaults: women. Choose men.
    expect((await screen.findByTestId('match-finder-step')).getAttribute('data-step')).toBe('1');
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('1');
    expect(screen.queryByTestId('match-finder-back')).toBeNull();
    expect((screen.getByTestId('match-option-female') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByTestId('match-option-male'));
    next();

    // Step 2: the age range; a minimum above the maximum moves the maximum along.
    expect(step().getAttribute('data-step')).toBe('2');
    fireEvent.change(screen.getByTestId('match-min-age'), { target: { value: '50' } });
    expect((screen.getByTestId('match-max-age') as HTMLSelectElement).value).toBe('50');
    fireEvent.change(screen.getByTestId('match-min-age'), { target: { value: '30' } });
    fireEvent.change(screen.getByTestId('match-max-age'), { target: { value: '45' } });
    expect(screen.getByTestId('match-age-summary').textContent).toBe('Between 30 and 45 years old');
    next();

    // Step 3: nearby with a radius.
    expect(step().getAttribute('data-step')).toBe('3');
    fireEvent.click(screen.getByTestId('match-option-nearby'));
    fireEvent.change(screen.getByTestId('match-radius'), { target: { value: '25' } });
    next();

    // Step 4: interests, prefilled from the profile.
    expect(step().getAttribute('data-step')).toBe('4');
    const hiking = await screen.findByTestId('interest-hiking');
    expect(screen.getByTestId('interest-travelling').getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(hiking);
    fireEvent.click(screen.getByTestId('interest-kissing'));
    expect(screen.getByTestId('match-interests-count').textContent).toBe('3 of 10 chosen');

    // Back and forth keeps every answer.
    back();
    expect(step().getAttribute('data-step')).toBe('3');
    expect((screen.getByTestId('match-option-nearby') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByTestId('match-radius') as HTMLSelectElement).value).toBe('25');
    back();
    expect((screen.getByTestId('match-min-age') as HTMLSelectElement).value).toBe('30');
    back();
    expect((screen.getByTestId('match-option-male') as HTMLInputElement).checked).toBe(true);
    next();
    next();
    next();
    expect(screen.getByTestId('interest-hiking').getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(screen.getByTestId('match-finder-submit'));
    const results = await screen.findByTestId('match-finder-results');
    expect(putBodies(fetchMock)).toEqual([
      {
        gender: 'male',
        min_age: 30,
        max_age: 45,
        area: 'nearby',
        radius_km: 25,
        interests: ['kissing', 'travelling', 'hiking'],
      },
    ]);

    const cards = within(results).getAllByTestId('match-card');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByTestId('match-reason').textContent).toBe('1 shared interest');
    expect(within(cards[1]!).getByTestId('match-reason').textContent).toBe('3 shared interests · 12 km');
    expect(within(cards[0]!).getByTestId('profile-card').getAttribute('href')).toBe('/members/5');
    expect(within(cards[1]!).getByTestId('card-like').getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('match-finder-summary').textContent).toContain('Within 25 km');
    expect(screen.queryByTestId('match-finder-more')).toBeNull();
  });

  it('takes a member with saved preferences straight to the results, with more pages and editing', async () => {
    const saved: MatchPreferences = { ...DEFAULTS, gender: null, area: 'anywhere', interests: [] };
    await renderPage(
      matchApi({
        prefs: () => json(200, prefsAnswer({ preferences: saved, saved: true })),
        finder: (n) =>
          json(
            200,
            n === 1
              ? page([card(5, 0, null), card(6, 0, 3)], { has_more: true })
              : page([card(6, 0, 3), card(7, 2, null)], { page: 2 }),
          ),
      }),
    );

    const results = await screen.findByTestId('match-finder-results');
    expect(screen.queryByTestId('match-finder-step')).toBeNull();
    expect(document.title).toBe('Match finder - Amora');
    const reasons = within(results)
      .getAllByTestId('match-reason')
      .map((r) => r.textContent);
    expect(reasons).toEqual(['Matches your preferences', '3 km']);
    expect(screen.getByTestId('match-finder-summary').textContent).toContain('Men and women');

    fireEvent.click(screen.getByTestId('match-finder-more'));
    await waitFor(() => expect(screen.getAllByTestId('match-card')).toHaveLength(3));
    expect(screen.queryByTestId('match-finder-more')).toBeNull();
    expect(screen.getAllByTestId('match-reason')[2]!.textContent).toBe('2 shared interests');

    // Editing reopens the questions with the saved answers; cancelling goes back.
    fireEvent.click(screen.getByTestId('match-finder-edit'));
    expect((await screen.findByTestId('match-finder-step')).getAttribute('data-step')).toBe('1');
    expect((screen.getByTestId('match-option-both') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByTestId('match-finder-cancel'));
    expect(await screen.findByTestId('match-finder-results')).toBeTruthy();
  });

  it('shows a validation error on the step of its field', async () => {
    await renderPage(
      matchApi({
        put: () =>
          json(400, {
            error: {
              code: 'validation_failed',
              message: 'Check the form',
              fields: { area: 'Set your location on your profile to look nearby.' },
            },
          }),
      }),
    );
    await screen.findByTestId('match-finder-step');
    next();
    next();
    next();
    await screen.findByTestId('interest-hiking');
    fireEvent.click(screen.getByTestId('match-finder-submit'));

    await waitFor(() => expect(step().getAttribute('data-step')).toBe('3'));
    expect(within(step()).getByRole('alert').textContent).toBe(
      'Set your location on your profile to look nearby.',
    );
    expect(screen.queryByTestId('match-finder-results')).toBeNull();
    // Choosing another area clears the message.
    fireEvent.click(screen.getByTestId('match-option-anywhere'));
    expect(within(step()).queryByRole('alert')).toBeNull();
  });

  it('offers nearby only with a location', async () => {
    await renderPage(matchApi({ prefs: () => json(200, prefsAnswer({ has_location: false })) }));
    await screen.findByTestId('match-finder-step');
    next();
    next();
    expect((screen.getByTestId('match-option-nearby') as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByTestId('match-finder-location').textContent).toContain('share your location first');
  });

  it('explains an empty result and leads back to the questions', async () => {
    await renderPage(
      matchApi({
        prefs: () => json(200, prefsAnswer({ saved: true })),
        finder: () => json(200, page([])),
      }),
    );
    const empty = await screen.findByTestId('match-finder-empty');
    expect(empty.textContent).toContain('Try a wider age range or a larger area');
    fireEvent.click(within(empty).getByTestId('match-finder-empty-edit'));
    expect(await screen.findByTestId('match-finder-step')).toBeTruthy();
  });

  it('shows an error with a retry, then the matches', async () => {
    let fail = true;
    await renderPage(
      matchApi({
        prefs: () => json(200, prefsAnswer({ saved: true })),
        finder: () =>
          fail ? json(400, { error: { code: 'bad', message: 'Bad' } }) : json(200, page([card(5, 1, 2)])),
      }),
    );
    expect(await screen.findByTestId('match-finder-error')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByTestId('match-finder-retry'));
    expect(await screen.findByTestId('match-card')).toBeTruthy();
  });
});
