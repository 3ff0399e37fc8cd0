// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { type ReactNode, Suspense } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '../../shared/schemas/accounts';
import { BannerSlot } from '../components/ui/banner-slot';
import { ActivationBanner } from '../features/auth/components/ActivationBanner';
import { DisabledNotificationsAlert } from '../features/notifications/components/DisabledNotificationsAlert';
import { PushPrompt } from '../features/notifications/components/PushPrompt';
import {
  installFakePush,
  json,
  member,
  testQueryClient,
  uninstallFakePush,
} from '../features/notifications/notifications-test-kit';
import { AddPhotoBanner } from '../features/profile/components/AddPhotoBanner';
import { refreshPushState } from '../features/push/push-state';
import { PhotoStep } from '../features/signup/components/PhotoStep';
import auth from '../locales/en/auth.json';
import notifications from '../locales/en/notifications.json';
import profile from '../locales/en/profile.json';

const upload = vi.hoisted(() => ({ uploadPhoto: vi.fn() }));
vi.mock('../features/photos/api/upload-photo', () => upload);

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'en',
    ns: ['auth', 'notifications', 'profile', 'common'],
    defaultNS: 'common',
    resources: { en: { auth, notifications, profile, common: { loading: 'Loading…' } } },
    interpolation: { escapeValue: false },
  });
});
beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  uninstallFakePush();
});

const MAIN_IMAGE = {
  filename: '/m/a.jpg',
  thumb_filename: '/m/a-t.jpg',
  match: '/m/a-m.jpg',
  status: 'pending',
};

/** The default layout's banners in their slot, on the members page, for `user`; push can be turned on here. */
async function showBanners(user: CurrentUser, extra?: ReactNode) {
  installFakePush({ permission: 'default' });
  await refreshPushState();
  const client = testQueryClient();
  client.setQueryData(['user'], user);
  const router = createMemoryRouter(
    [
      {
        path: '/members',
        handle: { name: 'members' },
        element: (
          <>
            <BannerSlot>
              <ActivationBanner user={user} />
              <DisabledNotificationsAlert />
              <AddPhotoBanner />
              <PushPrompt />
            </BannerSlot>
            {extra}
          </>
        ),
      },
    ],
    { initialEntries: ['/members'] },
  );
  render(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>
        <Suspense fallback={null}>
          <RouterProvider router={router} />
        </Suspense>
      </I18nextProvider>
    </QueryClientProvider>,
  );
  // The push state is read asynchronously.
  await act(() => new Promise((r) => setTimeout(r, 20)));
  return client;
}

const banners = () => [...(document.querySelector('.layout-banners')?.children ?? [])];

describe('the default layout banners', () => {
  it('show a new member only the activation reminder, not the photo and push prompts as well', async () => {
    await showBanners(
      member({ status: 'not_confirmed', profile: { ...member().profile, status: 'disabled' } }),
    );
    await screen.findByTestId('activation-banner');
    expect(banners().map((b) => b.getAttribute('data-testid'))).toEqual(['activation-banner']);
  });

  it('come one at a time, the next when the shown one is dismissed', async () => {
    await showBanners(member({ notifications_disabled: ['bounce'] }));
    await screen.findByTestId('disabled-notifications-alert');
    expect(banners()).toHaveLength(1);
    fireEvent.click(screen.getByTestId('disabled-notifications-dismiss'));
    await screen.findByTestId('add-photo-banner');
    expect(banners()).toHaveLength(1);
    fireEvent.click(screen.getByTestId('add-photo-banner-dismiss'));
    await screen.findByTestId('push-prompt');
    expect(banners()).toHaveLength(1);
  });

  it('drop the add-photo reminder as soon as the signup photo step has uploaded a photo', async () => {
    const before = member();
    const fetchMock = vi.fn(async (url: string) =>
      url.startsWith('/api/user.php')
        ? json(200, { user: { ...before, profile: { ...before.profile, main_image: MAIN_IMAGE } } })
        : json(404, {}),
    );
    upload.uploadPhoto.mockResolvedValue({ id: 1, main: true, private: false, ...MAIN_IMAGE });
    const client = await showBanners(before, <PhotoStep onNext={() => undefined} />);
    vi.stubGlobal('fetch', fetchMock);
    await screen.findByTestId('add-photo-banner');

    const file = new File(['x'], 'me.jpg', { type: 'image/jpeg' });
    fireEvent.change(screen.getByTestId('signup-photo-input'), { target: { files: [file] } });
    await screen.findByTestId('signup-photo-preview');
    await waitFor(() => expect(screen.queryByTestId('add-photo-banner')).toBeNull());
    expect(client.getQueryData<CurrentUser>(['user'])?.profile.main_image).toEqual(MAIN_IMAGE);
    // The push prompt has its turn now.
    await screen.findByTestId('push-prompt');
  });
});
