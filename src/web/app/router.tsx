import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { INFO_PAGES, ROUTES, type RouteName } from '../../shared/routes';
import { DefaultLayout } from '../layouts/DefaultLayout';
import { NotFoundPage, RouteError } from '../pages/error/RouteError';
import type { RouteHandle } from './route-name';

/** A lazily loaded screen of a named route. */
function screen(name: RouteName, load: () => Promise<{ Component: ComponentType }>): RouteObject {
  return { path: ROUTES[name], handle: { name } satisfies RouteHandle, lazy: load };
}

const infoPage = (name: keyof typeof INFO_PAGES) =>
  screen(name, () => import('../pages/info/InfoRoute').then((m) => ({ Component: m.InfoRoute })));

/**
 * Every built screen, under its layout. Routes of the spec whose features are not built yet are not registered,
 * so they answer with the 404 page instead of an empty screen.
 */
export const routes: RouteObject[] = [
  {
    element: <DefaultLayout />,
    errorElement: <RouteError />,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          screen('index', () => import('../pages/index/IndexPage').then((m) => ({ Component: m.IndexPage }))),
          screen('pricing', () =>
            import('../pages/pricing/PricingPage').then((m) => ({ Component: m.PricingPage })),
          ),
          ...(Object.keys(INFO_PAGES) as (keyof typeof INFO_PAGES)[]).map(infoPage),
          { path: '*', handle: { name: 'not-found' } satisfies RouteHandle, element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
