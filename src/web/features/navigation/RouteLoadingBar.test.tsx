// @vitest-environment happy-dom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { RULES } from '../../../shared/rules';
import { RouteLoadingBar } from './RouteLoadingBar';

afterEach(cleanup);

const SlowScreen = () => <h1>Slow screen</h1>;
const QuickScreen = () => <h1>Quick screen</h1>;

/** A router whose /slow screen loads when the test says so; /quick loads at once. */
async function renderApp() {
  let arrive: () => void = () => {};
  const slowScreen = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <RouteLoadingBar />
            <Outlet />
          </>
        ),
        children: [
          {
            path: '/',
            element: (
              <>
                <Link to="/slow">slow</Link>
                <Link to="/quick">quick</Link>
              </>
            ),
          },
          { path: '/slow', lazy: () => slowScreen.then(() => ({ Component: SlowScreen })) },
          { path: '/quick', lazy: async () => ({ Component: QuickScreen }) },
        ],
      },
    ],
    { initialEntries: ['/'] },
  );
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({
    lng: 'en',
    resources: { en: { common: { loading: 'Loading…' } } },
    ns: ['common'],
    defaultNS: 'common',
    react: { useSuspense: false },
  });
  render(
    <I18nextProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
  return { router, arrive: () => arrive() };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('RouteLoadingBar', () => {
  it('runs along the top while a screen loads longer than the throttle, then fills up and goes', async () => {
    const { router, arrive } = await renderApp();
    let navigated: Promise<void> = Promise.resolve();
    act(() => {
      navigated = router.navigate('/slow');
    });
    // Within the throttle: nothing yet.
    await sleep(RULES.loadingBar.throttleMs / 2);
    expect(screen.queryByTestId('route-loading-bar')).toBeNull();
    const bar = await screen.findByTestId('route-loading-bar');
    expect(bar.className).toContain('is-running');
    expect(bar.getAttribute('aria-label')).toBe('Loading…');
    expect(bar.style.getPropertyValue('--loading-bar-duration')).toBe(`${RULES.loadingBar.durationMs}ms`);
    await act(async () => {
      arrive();
      await navigated;
    });
    expect(await screen.findByRole('heading', { name: 'Slow screen' })).toBeTruthy();
    expect(screen.getByTestId('route-loading-bar').className).toContain('is-done');
    await waitFor(() => expect(screen.queryByTestId('route-loading-bar')).toBeNull());
  });

  it('shows nothing for a screen that loads within the throttle', async () => {
    const { router } = await renderApp();
    await act(() => router.navigate('/quick'));
    expect(await screen.findByRole('heading', { name: 'Quick screen' })).toBeTruthy();
    await sleep(RULES.loadingBar.throttleMs + 50);
    expect(screen.queryByTestId('route-loading-bar')).toBeNull();
  });
});
