// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import validation from '../../../shared/i18n/en/validation.json';
import type { CurrentUser } from '../../../shared/schemas/accounts';
import type { ProfileCard } from '../../../shared/schemas/members';
import type { SearchResponse } from '../../../shared/schemas/search';
import type { SettingsResponse } from '../../../shared/schemas/sites';
import members from '../../locales/en/members.json';
import { MembersPage } from './MembersPage';

const SETTINGS = {
  name: 'Amora',
  description: 'Dating',
  countries: ['NL', 'BE'],
  search_fields: ['gender', 'country', 'countryregion', 'min_age', 'max_age'],
  fictional_icon: 'stars',
  fictional_warning: 'Profiles with this icon are fictional.',
  fictional_singular: 'fictional profile',
  fictional_plural: 'fictional profiles',
  logged_out_search: 'all',
  logged_out_search_trafficsource: 'all',
  signups: 'all',
};

const USER = { id: 1, profile: { id: 1, name: 'Me' } } as unknown as CurrentUser;

const card = (id: number, extra: Partial<ProfileCard> = {}): ProfileCard => ({
  id,
  name: `Member ${id}`,
  age: 30,
  city: 'Utrecht',
  country: 'NL',
  fictional: false,
  main_image: null,
  ...extra,
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const REGIONS = {
  regions: {
    NL: {
      label: 'province',
      label_text: 'Province',
      regions: [
        { code: 'NH', name: 'Noord-Holland' },
        { code: 'UT', name: 'Utrecht' },
      ],
    },
  },
};

/** A fetch that answers the search with `search` and the regions with REGIONS. */
function mockFetch(search: (params: URLSearchParams) => Response | Promise<Response>) {
  return vi.fn(async (input: string) => {
    const url = new URL(input, 'http://localhost');
    if (url.pathname === '/api/search.php') return search(url.searchParams);
    if (url.pathname === '/api/regions.php') return json(200, REGIONS);
    return json(404, { error: { code: 'not_found', message: 'Not found' } });
  });
}

const searchCalls = (fetchMock: ReturnType<typeof vi.fn>) =>
  fetchMock.mock.calls
    .map((c) => new URL(String(c[0]), 'http://localhost'))
    .filter((u) => u.pathname === '/api/search.php')
    .map((u) => u.searchParams);

async function renderPage(
  fetchMock: ReturnType<typeof vi.fn>,
  initialEntry: string,
  opts: { user?: CurrentUser | null; settings?: Partial<typeof SETTINGS> } = {},
) {
  vi.stubGlobal('fetch', fetchMock);
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: 'en',
    resources: {
      en: {
        members,
        validation,
        common: { loading: 'Loading…', profile: { fictional: 'Fictional profile' } },
      },
    },
    ns: ['members', 'validation', 'common'],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(['settings'], {
    settings: { ...SETTINGS, ...opts.settings },
    domain_language: 'en',
  } as unknown as SettingsResponse);
  queryClient.setQueryData(['user'], opts.user === undefined ? USER : opts.user);
  const router = createMemoryRouter(
    [
      { path: '/members', element: <MembersPage /> },
      { path: '/members/:id', element: <p>profile</p> },
    ],
    { initialEntries: [initialEntry] },
  );
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return { router };
}

/** The signed-in member's defaults (a woman of 36 in NL seeking men). */
const DEFAULTS = { gender: 'male', country: 'NL', min_age: 26, max_age: 46 } as const;

const page = (over: Partial<SearchResponse> = {}): SearchResponse => ({
  profiles: [card(1), card(2)],
  numResults: 2,
  numResultsCapped: false,
  page: 1,
  pages: 1,
  similar: [],
  filters: { ...DEFAULTS, countryregion: null },
  defaults: DEFAULTS,
  ...over,
});

describe('MembersPage', () => {
  beforeEach(() => vi.unstubAllGlobals());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('sends the filters of the URL to the API and shows them in the filter bar', async () => {
    const fetchMock = mockFetch(() => json(200, page({ numResults: 60, page: 2, pages: 3 })));
    await renderPage(
      fetchMock,
      '/members?gender=female&country=NL&countryregion=NH&min_age=25&max_age=40&page=2',
    );
    expect(await screen.findByText('60 members found')).toBeTruthy();
    const [params] = searchCalls(fetchMock);
    expect(Object.fromEntries(params!)).toEqual({
      gender: 'female',
      country: 'NL',
      countryregion: 'NH',
      min_age: '25',
      max_age: '40',
      page: '2',
    });
    expect((screen.getByLabelText('Gender') as HTMLSelectElement).value).toBe('female');
    expect((screen.getByLabelText('Country') as HTMLSelectElement).value).toBe('NL');
    expect((screen.getByLabelText('Minimum age') as HTMLSelectElement).value).toBe('25');
    expect((screen.getByLabelText('Maximum age') as HTMLSelectElement).value).toBe('40');
    // The region select is labelled with the country's label_text.
    const region = (await screen.findByLabelText('Province')) as HTMLSelectElement;
    expect(region.value).toBe('NH');
    // Pagination links keep the filters and change only the page.
    expect(screen.getByText('Page 2 of 3')).toBeTruthy();
    const prev = screen.getByRole('link', { name: /Previous/ }).getAttribute('href')!;
    const next = screen.getByRole('link', { name: /Next/ }).getAttribute('href')!;
    expect(new URL(prev, 'http://localhost').searchParams.get('page')).toBeNull();
    expect(new URL(next, 'http://localhost').searchParams.get('page')).toBe('3');
    expect(new URL(next, 'http://localhost').searchParams.get('gender')).toBe('female');
    // Cards link to the profiles.
    expect(screen.getAllByTestId('profile-card')[0]!.getAttribute('href')).toBe('/members/1');
  });

  it("shows a member's defaults for the filters not chosen, and keeps what the member chooses in the URL", async () => {
    let answer: (r: Response) => void = () => {};
    const first = new Promise<Response>((resolve) => {
      answer = resolve;
    });
    let calls = 0;
    const fetchMock = mockFetch(() => {
      calls += 1;
      return calls === 1 ? first : json(200, page());
    });
    const { router } = await renderPage(fetchMock, '/members');
    // Until the answer brings the defaults, the selects wait (no "Everyone" that is about to change).
    const gender = (await screen.findByLabelText('Gender')) as HTMLSelectElement;
    expect(gender.disabled).toBe(true);
    answer(json(200, page()));
    await screen.findByText('2 members found');
    await waitFor(() => expect(gender.disabled).toBe(false));
    // Nothing chosen: the server fills in the defaults, and the bar shows them.
    expect(Object.fromEntries(searchCalls(fetchMock)[0]!)).toEqual({ page: '1' });
    expect(gender.value).toBe('male');
    expect((screen.getByLabelText('Country') as HTMLSelectElement).value).toBe('NL');
    expect((screen.getByLabelText('Minimum age') as HTMLSelectElement).value).toBe('26');
    expect((screen.getByLabelText('Maximum age') as HTMLSelectElement).value).toBe('46');
    expect(screen.queryByTestId('members-filters-reset')).toBeNull();

    // "Everyone" and the outer ages are choices too: kept in the URL, else the default would come back.
    fireEvent.change(gender, { target: { value: '' } });
    await waitFor(() => expect(router.state.location.search).toBe('?gender=any'));
    expect(gender.value).toBe('');
    fireEvent.change(screen.getByLabelText('Minimum age'), { target: { value: '18' } });
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('min_age')).toBe('18'));
    await waitFor(() =>
      expect(Object.fromEntries(searchCalls(fetchMock).at(-1)!)).toEqual({
        gender: 'any',
        min_age: '18',
        page: '1',
      }),
    );
    expect((screen.getByLabelText('Maximum age') as HTMLSelectElement).value).toBe('46');
    // A region is chosen within the default country: the country goes into the URL with it.
    fireEvent.change(await screen.findByLabelText('Province'), { target: { value: 'UT' } });
    await waitFor(() => {
      const search = new URLSearchParams(router.state.location.search);
      expect(search.get('countryregion')).toBe('UT');
      expect(search.get('country')).toBe('NL');
    });
    // A maximum under the default minimum moves the minimum along.
    await router.navigate('/members');
    await waitFor(() => expect((screen.getByLabelText('Minimum age') as HTMLSelectElement).value).toBe('26'));
    fireEvent.change(screen.getByLabelText('Maximum age'), { target: { value: '22' } });
    await waitFor(() =>
      expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
        max_age: '22',
        min_age: '22',
      }),
    );
    expect(screen.getByTestId('members-filters-reset').getAttribute('href')).toBe('/members');
  });

  it('shows a visitor no defaults: every filter open at once', async () => {
    const fetchMock = mockFetch(() => json(200, page({ defaults: null })));
    await renderPage(fetchMock, '/members?country=any', { user: null });
    const gender = (await screen.findByLabelText('Gender')) as HTMLSelectElement;
    expect(gender.disabled).toBe(false);
    expect(gender.value).toBe('');
    expect((screen.getByLabelText('Country') as HTMLSelectElement).value).toBe('');
    expect((screen.getByLabelText('Minimum age') as HTMLSelectElement).value).toBe('18');
    expect((screen.getByLabelText('Maximum age') as HTMLSelectElement).value).toBe('99');
  });

  it('says "at least" when the server stopped counting', async () => {
    const fetchMock = mockFetch(() =>
      json(200, page({ numResults: 1000, numResultsCapped: true, page: 21, pages: 42 })),
    );
    await renderPage(fetchMock, '/members?page=21');
    expect(await screen.findByText('1,000+ members found')).toBeTruthy();
    expect(screen.getByText('Page 21 of 42')).toBeTruthy();
  });

  it('puts a changed filter in the URL, resets the page and searches again', async () => {
    const fetchMock = mockFetch((p) => json(200, page({ page: Number(p.get('page') ?? 1), pages: 5 })));
    const { router } = await renderPage(fetchMock, '/members?gender=female&page=3');
    await screen.findByText('Page 3 of 5');

    fireEvent.change(screen.getByLabelText('Minimum age'), { target: { value: '30' } });

    await waitFor(() => {
      const search = new URLSearchParams(router.state.location.search);
      expect(search.get('min_age')).toBe('30');
      expect(search.get('gender')).toBe('female');
      expect(search.get('page')).toBeNull();
    });
    await waitFor(() => expect(searchCalls(fetchMock)).toHaveLength(2));
    expect(Object.fromEntries(searchCalls(fetchMock)[1]!)).toEqual({
      gender: 'female',
      min_age: '30',
      page: '1',
    });
    expect(await screen.findByText('Page 1 of 5')).toBeTruthy();

    // Choosing a country shows its regions; another country clears the region.
    fireEvent.change(screen.getByLabelText('Country'), { target: { value: 'NL' } });
    fireEvent.change(await screen.findByLabelText('Province'), { target: { value: 'UT' } });
    await waitFor(() => expect(router.state.location.search).toContain('countryregion=UT'));
    fireEvent.change(screen.getByLabelText('Country'), { target: { value: 'BE' } });
    await waitFor(() => {
      const search = new URLSearchParams(router.state.location.search);
      expect(search.get('country')).toBe('BE');
      expect(search.get('countryregion')).toBeNull();
    });
  });

  it('keeps every filter chosen in quick succession (before the URL of the first has landed)', async () => {
    const fetchMock = mockFetch(() => json(200, page()));
    const { router } = await renderPage(fetchMock, '/members');
    await screen.findByText('2 members found');
    // In one batch: no render (and no new URL) between the three choices.
    act(() => {
      fireEvent.change(screen.getByLabelText('Gender'), { target: { value: 'male' } });
      fireEvent.change(screen.getByLabelText('Minimum age'), { target: { value: '25' } });
      fireEvent.change(screen.getByLabelText('Maximum age'), { target: { value: '40' } });
    });
    await waitFor(() => {
      const search = new URLSearchParams(router.state.location.search);
      expect(Object.fromEntries(search)).toEqual({ gender: 'male', min_age: '25', max_age: '40' });
    });
    // A link elsewhere afterwards is not undone by the next filter.
    await router.navigate('/members?country=BE');
    await waitFor(() => expect((screen.getByLabelText('Country') as HTMLSelectElement).value).toBe('BE'));
    fireEvent.change(screen.getByLabelText('Gender'), { target: { value: 'female' } });
    await waitFor(() =>
      expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
        country: 'BE',
        gender: 'female',
      }),
    );
  });

  it('shows the similar profiles under few results, with the fictional warning once', async () => {
    const fetchMock = mockFetch(() =>
      json(
        200,
        page({
          profiles: [card(1)],
          numResults: 1,
          similar: [card(7, { fictional: true }), card(8)],
        }),
      ),
    );
    await renderPage(fetchMock, '/members?country=NL');
    expect(await screen.findByText('1 member found')).toBeTruthy();
    const similar = screen.getByTestId('members-similar');
    expect(within(similar).getByRole('heading', { name: 'Similar profiles' })).toBeTruthy();
    const links = within(similar).getAllByTestId('profile-card');
    expect(links.map((l) => l.getAttribute('href'))).toEqual(['/members/7', '/members/8']);
    expect(screen.getAllByText('Profiles with this icon are fictional.')).toHaveLength(1);
  });

  it('fills the heart of the cards the member likes (the answer says which), and no heart on their own card', async () => {
    const fetchMock = mockFetch(() =>
      json(200, page({ profiles: [card(1), card(2), card(3)], numResults: 3, liked: [3] })),
    );
    await renderPage(fetchMock, '/members?country=NL');
    await screen.findByText('3 members found');
    const hearts = screen.getAllByTestId('card-like');
    // Card 1 is the member's own (USER.profile.id 1): no heart there.
    expect(hearts).toHaveLength(2);
    expect(hearts.map((h) => h.getAttribute('aria-pressed'))).toEqual(['false', 'true']);
  });

  it('shows the empty state without similar profiles when nothing matches', async () => {
    const fetchMock = mockFetch(() => json(200, page({ profiles: [], numResults: 0, similar: [] })));
    await renderPage(fetchMock, '/members?min_age=90');
    expect(await screen.findByTestId('members-empty')).toBeTruthy();
    expect(screen.queryByTestId('members-similar')).toBeNull();
  });

  it('shows the signup prompt when the server wants a login', async () => {
    const fetchMock = mockFetch(() =>
      json(403, { error: { code: 'authentication_required', message: 'Log in first' } }),
    );
    await renderPage(fetchMock, '/members', { user: null });
    expect(await screen.findByTestId('members-signed-out')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe(
      `/login?next=${encodeURIComponent('/members')}`,
    );
    expect(screen.getByRole('link', { name: 'Sign up for free' })).toBeTruthy();
  });

  it('does not ask the server when signed-out search is off', async () => {
    const fetchMock = mockFetch(() => json(200, page()));
    await renderPage(fetchMock, '/members', { user: null, settings: { logged_out_search: 'none' } });
    expect(await screen.findByTestId('members-signed-out')).toBeTruthy();
    expect(searchCalls(fetchMock)).toHaveLength(0);
  });

  it("sends a visitor's stored traffic source, which opens the search where only visitors with one may search", async () => {
    localStorage.setItem('tracking', JSON.stringify({ network: 'adnet' }));
    try {
      const fetchMock = mockFetch(() => json(200, page()));
      await renderPage(fetchMock, '/members', {
        user: null,
        settings: { logged_out_search: 'none', logged_out_search_trafficsource: 'all' },
      });
      await waitFor(() => expect(searchCalls(fetchMock)).toHaveLength(1));
      expect(searchCalls(fetchMock)[0]!.get('network')).toBe('adnet');
      expect(screen.queryByTestId('members-signed-out')).toBeNull();
      cleanup();
      // The same visitor where the source does not count: no call, the signup prompt.
      const closed = mockFetch(() => json(200, page()));
      await renderPage(closed, '/members', {
        user: null,
        settings: { logged_out_search: 'all', logged_out_search_trafficsource: 'none' },
      });
      expect(await screen.findByTestId('members-signed-out')).toBeTruthy();
      expect(searchCalls(closed)).toHaveLength(0);
    } finally {
      localStorage.removeItem('tracking');
    }
  });

  it('offers a retry after a network error', async () => {
    let fail = true;
    const fetchMock = vi.fn(async (input: string) => {
      if (fail) throw new TypeError('Failed to fetch');
      return new URL(input, 'http://localhost').pathname === '/api/search.php'
        ? json(200, page())
        : json(200, REGIONS);
    });
    const { httpConfig } = await import('../../lib/http');
    const retries = httpConfig.retries;
    httpConfig.retries = 0;
    try {
      await renderPage(fetchMock, '/members');
      expect(await screen.findByTestId('members-error')).toBeTruthy();
      fail = false;
      fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
      expect(await screen.findByText('2 members found')).toBeTruthy();
    } finally {
      httpConfig.retries = retries;
    }
  });
});
