import type { RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { BUILT_ROUTES } from './built-routes';

vi.mock('../layouts/DefaultLayout', () => ({ DefaultLayout: () => null }));

function names(routes: RouteObject[]): string[] {
  return routes.flatMap((r) => [
    ...((r.handle as { name?: string } | undefined)?.name ? [(r.handle as { name: string }).name] : []),
    ...names(r.children ?? []),
  ]);
}

describe('router', () => {
  it('registers exactly the built routes (navigation links depend on it)', async () => {
    const { routes } = await import('./router');
    const registered = new Set(names(routes).filter((n) => n !== 'not-found'));
    expect([...registered].sort()).toEqual([...BUILT_ROUTES].sort());
  });
});
