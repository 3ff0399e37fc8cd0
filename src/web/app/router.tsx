import type { ComponentType } from 'react';
import { lazy, Suspense, useEffect } from 'react';
import {
  createBrowserRouter,
  type NonIndexRouteObject,
  Outlet,
  type RouteObject,
  ScrollRestoration,
} from 'react-router';
import { INFO_PAGES, ROUTES, type RouteName } from '../../shared/routes';
import { AuthSync } from '../features/auth/components/AuthSync';
import { useIdlePrefetch } from '../features/navigation/prefetch-linked-screens';
import { RouteLoadingBar } from '../features/navigation/RouteLoadingBar';
import { useRouteFocus } from '../features/navigation/route-focus';
import { PushSync } from '../features/push/PushSync';
import { PwaPrompts } from '../features/pwa/PwaPrompts';
import { ChatLayout } from '../layouts/ChatLayout';
import { DefaultLayout } from '../layouts/DefaultLayout';
import { EmptyLayout } from '../layouts/EmptyLayout';
import { LanderLayout } from '../layouts/LanderLayout';
import { installDialogFocus } from '../lib/dialog-focus';
import { NotFoundPage, RouteError } from '../pages/error/RouteError';
import { RequireAuth } from './auth-guards';
import type { RouteHandle } from './route-name';

type Loaded = { Component: ComponentType };

/**
 * The live events, polling and title count of a signed-in member (features/live): loaded after the first page, so
 * the WebSocket client and the event schemas (zod) are not in its chunk; it renders nothing.
 */
const LiveSync = lazy(() => import('../features/live/LiveSync').then((m) => ({ default: m.LiveSync })));

/** A lazily loaded screen of a named route. */
function screen(name: RouteName, load: () => Promise<Loaded>): RouteObject {
  return { path: ROUTES[name], handle: { name } satisfies RouteHandle, lazy: load };
}

const infoPage = (name: keyof typeof INFO_PAGES) =>
  screen(name, () => import('../pages/info/InfoRoute').then((m) => ({ Component: m.InfoRoute })));

/**
 * The app around every layout: session, live events and push in sync, the loading bar, and the same behaviour on
 * every page change: a new page starts at the top (back and forward return to where the member was), its heading
 * gets focus, and dialogs keep keyboard focus in order (lib/dialog-focus.ts).
 */
function Root() {
  useIdlePrefetch(routes);
  useRouteFocus();
  useEffect(() => installDialogFocus(), []);
  return (
    <>
      <ScrollRestoration />
      <AuthSync />
      <Suspense fallback={null}>
        <LiveSync />
      </Suspense>
      <PushSync />
      <PwaPrompts />
      <RouteLoadingBar />
      <Outlet />
    </>
  );
}

/**
 * Every built screen, under its layout. Routes of the spec whose features are not built yet are not registered,
 * so they answer with the 404 page instead of an empty screen (see built-routes.ts).
 */
export const routes: RouteObject[] = [
  {
    element: <Root />,
    errorElement: <RouteError />,
    children: [
      {
        element: <DefaultLayout />,
        errorElement: <RouteError />,
        children: [
          {
            errorElement: <RouteError />,
            children: [
              screen('index', () =>
                import('../pages/index/IndexPage').then((m) => ({ Component: m.IndexPage })),
              ),
              screen('lang-config', () =>
                import('../pages/lang-config/LangConfigPage').then((m) => ({ Component: m.LangConfigPage })),
              ),
              screen('pricing', () =>
                import('../pages/pricing/PricingPage').then((m) => ({ Component: m.PricingPage })),
              ),
              screen('cancel', () =>
                import('../pages/cancel/CancelPage').then((m) => ({ Component: m.CancelPage })),
              ),
              ...(Object.keys(INFO_PAGES) as (keyof typeof INFO_PAGES)[]).map(infoPage),
              screen('login', () =>
                import('../pages/login/LoginPage').then((m) => ({ Component: m.LoginPage })),
              ),
              screen('members', () =>
                import('../pages/members/MembersPage').then((m) => ({ Component: m.MembersPage })),
              ),
              screen('members-id', () =>
                import('../pages/member/MemberPage').then((m) => ({ Component: m.MemberPage })),
              ),
              screen('likes-m-id', () =>
                import('../pages/member/MemberPage').then((m) => ({ Component: m.MemberPage })),
              ),
              screen('signup', () =>
                import('../pages/signup/SignupPage').then((m) => ({ Component: m.SignupPage })),
              ),
              screen('members-id-signup', () =>
                import('../pages/signup/SignupPage').then((m) => ({ Component: m.SignupPage })),
              ),
              // Members open (or start) the conversation; visitors get the member-linked signup.
              screen('members-id-chat', () =>
                import('../pages/chats/MemberChatPage').then((m) => ({ Component: m.MemberChatPage })),
              ),
              screen('signup-matches', () =>
                import('../pages/signup-matches/SignupMatchesPage').then((m) => ({
                  Component: m.SignupMatchesPage,
                })),
              ),
              screen('complete-signup', () =>
                import('../pages/complete-signup/CompleteSignupPage').then((m) => ({
                  Component: m.CompleteSignupPage,
                })),
              ),
              screen('reset-password', () =>
                import('../pages/reset-password/ResetPasswordPage').then((m) => ({
                  Component: m.ResetPasswordPage,
                })),
              ),
              screen('reset-password-do', () =>
                import('../pages/reset-password/ResetPasswordDoPage').then((m) => ({
                  Component: m.ResetPasswordDoPage,
                })),
              ),
              screen('mail-change-do', () =>
                import('../pages/mail-change/MailChangeDoPage').then((m) => ({
                  Component: m.MailChangeDoPage,
                })),
              ),
              screen('account-deleted', () =>
                import('../pages/account-deleted/AccountDeletedPage').then((m) => ({
                  Component: m.AccountDeletedPage,
                })),
              ),
              screen('activate-done', () =>
                import('../pages/activate/ActivatePages').then((m) => ({ Component: m.ActivateDonePage })),
              ),
              screen('activate-error', () =>
                import('../pages/activate/ActivatePages').then((m) => ({ Component: m.ActivateErrorPage })),
              ),
              {
                // Screens for signed-in members only.
                element: (
                  <RequireAuth>
                    <Outlet />
                  </RequireAuth>
                ),
                children: [
                  screen('notifications', () =>
                    import('../pages/settings/SettingsPage').then((m) => ({ Component: m.SettingsPage })),
                  ),
                  screen('profile', () =>
                    import('../pages/profile/ProfilePage').then((m) => ({ Component: m.ProfilePage })),
                  ),
                  screen('likes', () =>
                    import('../pages/likes/LikesPage').then((m) => ({ Component: m.LikesPage })),
                  ),
                  screen('likes-type', () =>
                    import('../pages/likes/LikesPage').then((m) => ({ Component: m.LikesPage })),
                  ),
                  screen('credits', () =>
                    import('../pages/credits/CreditsPage').then((m) => ({ Component: m.CreditsPage })),
                  ),
                  screen('credits-repeat-order', () =>
                    import('../pages/credits/RepeatOrderPage').then((m) => ({
                      Component: m.RepeatOrderPage,
                    })),
                  ),
                  screen('credits-id-paymentmethod', () =>
                    import('../pages/credits/CheckoutPage').then((m) => ({ Component: m.CheckoutPage })),
                  ),
                  screen('premium', () =>
                    import('../pages/premium/PremiumPage').then((m) => ({ Component: m.PremiumPage })),
                  ),
                  screen('directdebit', () =>
                    import('../pages/directdebit/DirectDebitPage').then((m) => ({
                      Component: m.DirectDebitPage,
                    })),
                  ),
                  screen('transactions', () =>
                    import('../pages/transactions/TransactionsPage').then((m) => ({
                      Component: m.TransactionsPage,
                    })),
                  ),
                  screen('swipe-game', () =>
                    import('../pages/swipe-game/SwipeGamePage').then((m) => ({ Component: m.SwipeGamePage })),
                  ),
                  screen('cams', () =>
                    import('../pages/cams/CamsPage').then((m) => ({ Component: m.CamsPage })),
                  ),
                  screen('match-finder', () =>
                    import('../pages/match-finder/MatchFinderPage').then((m) => ({
                      Component: m.MatchFinderPage,
                    })),
                  ),
                ],
              },
              // Development mailbox: its API exists only outside production, elsewhere the page shows the 404.
              {
                path: '/dev/mailbox',
                handle: { name: 'not-found' } satisfies RouteHandle,
                lazy: () =>
                  import('../pages/dev-mailbox/DevMailboxPage').then((m) => ({
                    Component: m.DevMailboxPage,
                  })),
              },
              { path: '*', handle: { name: 'not-found' } satisfies RouteHandle, element: <NotFoundPage /> },
            ],
          },
        ],
      },
      {
        // Landing pages for paid traffic: the lander layout (logo, footer, disclaimer; entry warning, signup modal).
        element: <LanderLayout />,
        errorElement: <RouteError />,
        children: [
          {
            errorElement: <RouteError />,
            children: [
              screen('landers-tinderswipe', () =>
                import('../pages/landers/TinderSwipeLanderPage').then((m) => ({
                  Component: m.TinderSwipeLanderPage,
                })),
              ),
              screen('landers-type-slug', () =>
                import('../pages/landers/LanderPage').then((m) => ({ Component: m.LanderPage })),
              ),
            ],
          },
        ],
      },
      {
        // A member's own landing pages (links that name a member): only the page, the entry warning and signup.
        element: <EmptyLayout />,
        errorElement: <RouteError />,
        children: [
          {
            errorElement: <RouteError />,
            children: [
              screen('members-id-landing', () =>
                import('../pages/member-landing/MemberLandingPage').then((m) => ({
                  Component: m.MemberLandingPage,
                })),
              ),
              screen('members-id-landing2-slug', () =>
                import('../pages/member-landing/MemberLandingPage').then((m) => ({
                  Component: m.MemberLandingPage,
                })),
              ),
              screen('members-id-landing3-slug', () =>
                import('../pages/member-landing/MemberLandingPage').then((m) => ({
                  Component: m.MemberLandingPage,
                })),
              ),
            ],
          },
        ],
      },
      {
        // Chat: the bare layout; the list and the open conversation share one screen (the list stays mounted).
        element: <ChatLayout />,
        errorElement: <RouteError />,
        children: [
          {
            errorElement: <RouteError />,
            element: (
              <RequireAuth>
                <Outlet />
              </RequireAuth>
            ),
            children: [
              {
                ...(screen('chats', () =>
                  import('../pages/chats/ChatsPage').then((m) => ({ Component: m.ChatsPage })),
                ) as NonIndexRouteObject),
                children: [
                  screen('chats-id', () =>
                    import('../pages/chats/ConversationPage').then((m) => ({
                      Component: m.ConversationPage,
                    })),
                  ),
                ],
              },
            ],
          },
        ],
      },
    ],
  },
];

/**
 * The staff console (/admin and below): a route tree of its own beside the member app's Root (no member session,
 * live events, push, top bar or footer), lazily loaded, so none of its code or texts is in the member bundle.
 */
export const consoleRoute: RouteObject = {
  path: '/admin/*',
  lazy: () => import('../admin/AdminApp').then((m) => m.loadConsole()),
};

export function createRouter() {
  return createBrowserRouter([consoleRoute, ...routes]);
}
