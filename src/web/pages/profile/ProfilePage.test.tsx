// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Suspense } from 'react';
import { Link } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import validation from '../../../shared/i18n/en/validation.json';
import { type OwnProfile, PROFILE_FIELD_NAMES } from '../../../shared/schemas/profiles';
import profileTexts from '../../locales/en/profile.json';
import { type ApiHandler, json, renderWithKit, resetKit } from '../../test/render-kit';
import { ProfilePage } from './ProfilePage';

afterEach(resetKit);

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

/** The APIs of the profile screen; `puts` collects the bodies of the saves. */
function profileApi(putAnswer?: (body: Record<string, unknown>) => Response) {
  const puts: Record<string, unknown>[] = [];
  const api: Record<string, ApiHandler> = {
    'GET user.php': () => json(200, { user }),
    'GET photos.php': () => json(200, { photos: [] }),
    'GET interests.php': () =>
      json(200, {
        interests: [
          { value: 'music', label: 'Music', icon: 'music-note' },
          { value: 'wine', label: 'Wine', icon: 'cup-straw' },
        ],
      }),
    'GET regions.php': () => json(200, { regions }),
    'GET geocode.php': () => json(200, { country: 'NL', region: 'UT', city: 'Utrecht' }),
    'GET profile.php': () => json(200, { profile: ownProfile }),
    'PUT profile.php': ({ body }) => {
      const sent = body as Record<string, unknown>;
      puts.push(sent);
      return putAnswer?.(sent) ?? json(200, { profile: { ...ownProfile, ...sent } });
    },
  };
  return { puts, api };
}

async function renderPage(
  settings: { visible_profile_fields: string[]; visible_profile_notes: boolean },
  api: Record<string, ApiHandler> = profileApi().api,
) {
  // A data router, as the app has: the page asks before leaving with unsaved edits (useBlocker).
  return renderWithKit({
    routes: [
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
    path: '/profile',
    texts: { profile: profileTexts, validation, common: {} },
    cache: [
      [
        ['settings'],
        { settings: { name: 'Amora', countries: ['NL', 'BE'], ...settings }, domain_language: 'en' },
      ],
    ],
    api,
  });
}

/** Every section visible. */
const ALL = [...PROFILE_FIELD_NAMES];

describe('ProfilePage', () => {
  it('shows only the visible sections, with the visibility note when the site wants it', async () => {
    await renderPage({ visible_profile_fields: ['about', 'hair_color'], visible_profile_notes: true });

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
    const { puts, api } = profileApi();
    await renderPage({ visible_profile_fields: ALL, visible_profile_notes: false }, api);

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
    const { puts, api } = profileApi(() =>
      json(400, { error: { code: 'validation_failed', message, fields: { region: message } } }),
    );
    await renderPage({ visible_profile_fields: ALL, visible_profile_notes: false }, api);

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
    const { puts, api } = profileApi();
    vi.stubGlobal('navigator', {
      ...navigator,
      geolocation: {
        getCurrentPosition: (ok: PositionCallback) =>
          ok({ coords: { latitude: 52.09, longitude: 5.12 } } as GeolocationPosition),
      },
    });
    await renderPage({ visible_profile_fields: ['living_area'], visible_profile_notes: false }, api);

    fireEvent.click(await screen.findByTestId('location-use'));
    expect(await screen.findByTestId('location-found')).toBeTruthy();
    expect((screen.getByTestId('profile-city') as HTMLInputElement).value).toBe('Utrecht');
    expect((screen.getByTestId('profile-region') as HTMLSelectElement).value).toBe('UT');

    fireEvent.click(screen.getByTestId('profile-living-area-save'));
    expect(await screen.findByTestId('profile-living-area-saved')).toBeTruthy();
    expect(puts).toEqual([{ region: 'UT', city: 'Utrecht', lat: 52.09, lon: 5.12 }]);
  });

  it('asks before leaving with unsaved edits, in the app and on unload; saved edits leave freely', async () => {
    await renderPage({ visible_profile_fields: ALL, visible_profile_notes: false });

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
    await renderPage({ visible_profile_fields: ALL, visible_profile_notes: false });

    fireEvent.change(await screen.findByTestId('profile-eye_color'), { target: { value: 'green' } });
    fireEvent.click(screen.getByTestId('to-members'));
    fireEvent.click(within(await screen.findByTestId('unsaved-dialog')).getByTestId('unsaved-leave'));
    expect(await screen.findByTestId('members-page')).toBeTruthy();
  });

  it('explains a blocked location permission', async () => {
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
    await renderPage({ visible_profile_fields: ['living_area'], visible_profile_notes: false });

    fireEvent.click(await screen.findByTestId('location-use'));
    expect((await screen.findByTestId('location-denied')).textContent).toBe(profileTexts.location.denied);
  });

  it('hides the location button where the browser has no geolocation', async () => {
    const { geolocation: _, ...rest } = navigator as Navigator & { geolocation?: unknown };
    vi.stubGlobal('navigator', rest);
    await renderPage({ visible_profile_fields: ['living_area'], visible_profile_notes: false });

    expect(await screen.findByTestId('location-unsupported')).toBeTruthy();
    expect(screen.queryByTestId('location-use')).toBeNull();
  });
});
