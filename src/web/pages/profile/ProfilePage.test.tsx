// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { Suspense } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import validation from '../../../shared/i18n/en/validation.json';
import { type OwnProfile, PROFILE_FIELD_NAMES } from '../../../shared/schemas/profiles';
import profileTexts from '../../locales/en/profile.json';
import { ProfilePage } from './ProfilePage';

const i18n = i18next.createInstance();

beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'en',
    ns: ['profile', 'validation', 'common'],
    defaultNS: 'common',
    resources: { en: { profile: profileTexts, validation, common: {} } },
    interpolation: { escapeValue: false },
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const ownProfile: OwnProfile & { has_location: boolean } = {
  id: 1,
  name: 'Ann',
  status: 'active',
  gender: 'female',
  seeking_gender: 'male',
  sexuality: null,
  hair_color: 'brown',
  eye_color: null,
  body_type: null,
  relationship_status: null,
  tattoos: null,
  signup_reason: null,
  birth_date: '1990-05-17',
  country: 'NL',
  region: 'NH',
  city: 'Haarlem',
  about: 'Hello',
  interests: ['music'],
  has_location: false,
};

const user = {
  id: 1,
  email: 'ann@example.com',
  profile: { id: 1, name: 'Ann', main_image: null, country: 'NL', status: 'active' },
  credits: 0,
  paid_user: false,
  signup_date: '2024-01-01',
  language: 'en',
  fictional_icon: '',
  status: 'confirmed',
  notifications_disabled: [],
};

const regions = {
  NL: {
    label: 'province',
    label_text: 'Province',
    regions: [
      { code: 'NH', name: 'North Holland' },
      { code: 'UT', name: 'Utrecht' },
    ],
  },
  BE: { label: 'province', label_text: 'Province', regions: [{ code: 'VAN', name: 'Antwerp' }] },
};

function mockApi(putAnswer?: (body: Record<string, unknown>) => Response) {
  const puts: Record<string, unknown>[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      if (url.startsWith('/api/user.php')) return json(200, { user });
      if (url.startsWith('/api/photos.php')) return json(200, { photos: [] });
      if (url.startsWith('/api/interests.php'))
        return json(200, {
          interests: [
            { value: 'music', label: 'Music', icon: 'music-note' },
            { value: 'wine', label: 'Wine', icon: 'cup-straw' },
          ],
        });
      if (url.startsWith('/api/regions.php')) return json(200, { regions });
      if (url.startsWith('/api/geocode.php'))
        return json(200, { country: 'NL', region: 'UT', city: 'Utrecht' });
      if (url.startsWith('/api/profile.php')) {
        if (method === 'GET') return json(200, { profile: ownProfile });
        const body = JSON.parse(init!.body as string) as Record<string, unknown>;
        puts.push(body);
        return putAnswer?.(body) ?? json(200, { profile: { ...ownProfile, ...body } });
      }
      return json(404, { error: { code: 'not_found', message: 'Not found' } });
    }),
  );
  return puts;
}

function renderPage(settings: { visible_profile_fields: string[]; visible_profile_notes: boolean }) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  client.setQueryData(['settings'], {
    settings: { name: 'Amora', countries: ['NL', 'BE'], ...settings },
    domain_language: 'en',
  });
  // A data router, as the app has: the page asks before leaving with unsaved edits (useBlocker).
  const router = createMemoryRouter(
    [
      {
        path: '/profile',
        element: (
          <>
            <Link to="/members" data-testid="to-members">
              Members
            </Link>
            <Suspense fallback={null}>
              <ProfilePage />
            </Suspense>
          </>
        ),
      },
      { path: '/members', element: <p data-testid="members-page">Members</p> },
    ],
    { initialEntries: ['/profile'] },
  );
  return render(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

/** Every section visible. */
const ALL = [...PROFILE_FIELD_NAMES];

describe('ProfilePage', () => {
  it('shows only the visible sections, with the visibility note when the site wants it', async () => {
    mockApi();
    renderPage({ visible_profile_fields: ['about', 'hair_color'], visible_profile_notes: true });

    expect(await screen.findByTestId('profile-about-text')).toBeTruthy();
    expect(screen.queryByTestId('interest-picker')).toBeNull();
    expect(screen.getByTestId('profile-hair_color')).toBeTruthy();
    expect(screen.queryByTestId('profile-gender')).toBeNull();
    expect(screen.queryByTestId('profile-birth-date')).toBeNull();
    expect(screen.getByTestId('profile-photos')).toBeTruthy();
    expect(screen.queryByTestId('profile-living-area')).toBeNull();
    expect(screen.getByTestId('profile-about-note').textContent).toContain(profileTexts.visible_note);
    expect(screen.getByTestId('profile-personal-note')).toBeTruthy();
  });

  it('saves only the changed fields of a section and confirms', async () => {
    const puts = mockApi();
    renderPage({ visible_profile_fields: ALL, visible_profile_notes: false });

    const select = await screen.findByTestId('profile-eye_color');
    expect(screen.queryByTestId('profile-personal-note')).toBeNull();
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toContain('Hazel');
    fireEvent.change(select, { target: { value: 'green' } });
    fireEvent.click(screen.getByTestId('profile-personal-save'));

    expect(await screen.findByTestId('profile-personal-saved')).toBeTruthy();
    expect(puts).toEqual([{ eye_color: 'green' }]);
    expect(screen.getByTestId('profile-birth-date-value').textContent).toContain('17 May 1990');
  });

  it('keeps what was typed and shows the server message under the field', async () => {
    const message = validation.region_invalid;
    const puts = mockApi(() =>
      json(400, { error: { code: 'validation_failed', message, fields: { region: message } } }),
    );
    renderPage({ visible_profile_fields: ALL, visible_profile_notes: false });

    const city = await screen.findByTestId('profile-city');
    fireEvent.change(city, { target: { value: 'Zandvoort' } });
    fireEvent.click(screen.getByTestId('profile-living-area-save'));

    await waitFor(() =>
      expect(screen.getByTestId('profile-region').getAttribute('aria-invalid')).toBe('true'),
    );
    expect(screen.getByText(message)).toBeTruthy();
    expect((screen.getByTestId('profile-city') as HTMLInputElement).value).toBe('Zandvoort');
    expect(puts).toEqual([{ city: 'Zandvoort' }]);
    expect(screen.queryByTestId('profile-living-area-saved')).toBeNull();
  });

  it('fills the place from the browser location and sends the position with the next save', async () => {
    const puts = mockApi();
    vi.stubGlobal('navigator', {
      ...navigator,
      geolocation: {
        getCurrentPosition: (ok: PositionCallback) =>
          ok({ coords: { latitude: 52.09, longitude: 5.12 } } as GeolocationPosition),
      },
    });
    renderPage({ visible_profile_fields: ['living_area'], visible_profile_notes: false });

    fireEvent.click(await screen.findByTestId('location-use'));
    expect(await screen.findByTestId('location-found')).toBeTruthy();
    expect((screen.getByTestId('profile-city') as HTMLInputElement).value).toBe('Utrecht');
    expect((screen.getByTestId('profile-region') as HTMLSelectElement).value).toBe('UT');

    fireEvent.click(screen.getByTestId('profile-living-area-save'));
    expect(await screen.findByTestId('profile-living-area-saved')).toBeTruthy();
    expect(puts).toEqual([{ region: 'UT', city: 'Utrecht', lat: 52.09, lon: 5.12 }]);
  });

  it('asks before leaving with unsaved edits, in the app and on unload; saved edits leave freely', async () => {
    mockApi();
    renderPage({ visible_profile_fields: ALL, visible_profile_notes: false });

    const about = await screen.findByTestId('profile-about-text');
    const unload = () => {
      const e = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(e);
      return e.defaultPrevented;
    };
    expect(unload()).toBe(false);
    fireEvent.change(about, { target: { value: 'Changed my mind about everything.' } });
    expect(unload()).toBe(true);

    fireEvent.click(screen.getByTestId('to-members'));
    const dialog = await screen.findByTestId('unsaved-dialog');
    expect(dialog.textContent).toContain(profileTexts.unsaved.title);
    fireEvent.click(within(dialog).getByTestId('unsaved-stay'));
    await waitFor(() => expect(screen.queryByTestId('unsaved-dialog')).toBeNull());
    expect((screen.getByTestId('profile-about-text') as HTMLTextAreaElement).value).toBe(
      'Changed my mind about everything.',
    );

    // Typing back what was saved is no edit to lose.
    fireEvent.change(screen.getByTestId('profile-about-text'), { target: { value: ownProfile.about } });
    expect(unload()).toBe(false);
    fireEvent.change(screen.getByTestId('profile-about-text'), { target: { value: 'Something new.' } });
    fireEvent.click(screen.getByTestId('profile-about-save'));
    expect(await screen.findByTestId('profile-about-saved')).toBeTruthy();
    expect(unload()).toBe(false);
    fireEvent.click(screen.getByTestId('to-members'));
    expect(await screen.findByTestId('members-page')).toBeTruthy();
  });

  it('leaves without saving when the member says so', async () => {
    mockApi();
    renderPage({ visible_profile_fields: ALL, visible_profile_notes: false });

    fireEvent.change(await screen.findByTestId('profile-eye_color'), { target: { value: 'green' } });
    fireEvent.click(screen.getByTestId('to-members'));
    fireEvent.click(within(await screen.findByTestId('unsaved-dialog')).getByTestId('unsaved-leave'));
    expect(await screen.findByTestId('members-page')).toBeTruthy();
  });

  it('explains a blocked location permission', async () => {
    mockApi();
    vi.stubGlobal('navigator', {
      ...navigator,
      geolocation: {
        getCurrentPosition: (_ok: PositionCallback, fail: PositionErrorCallback) =>
          fail({
            code: 1,
            PERMISSION_DENIED: 1,
            POSITION_UNAVAILABLE: 2,
            TIMEOUT: 3,
          } as GeolocationPositionError),
      },
    });
    renderPage({ visible_profile_fields: ['living_area'], visible_profile_notes: false });

    fireEvent.click(await screen.findByTestId('location-use'));
    expect((await screen.findByTestId('location-denied')).textContent).toBe(profileTexts.location.denied);
  });

  it('hides the location button where the browser has no geolocation', async () => {
    mockApi();
    const { geolocation: _, ...rest } = navigator as Navigator & { geolocation?: unknown };
    vi.stubGlobal('navigator', rest);
    renderPage({ visible_profile_fields: ['living_area'], visible_profile_notes: false });

    expect(await screen.findByTestId('location-unsupported')).toBeTruthy();
    expect(screen.queryByTestId('location-use')).toBeNull();
  });
});
