import { useEffect } from 'react';
import { matchRoutes, type RouteObject, useLocation } from 'react-router';
import { RULES } from '../../../shared/rules';

/** Screens whose code was asked for already (route objects of the router's table). */
const fetched = new WeakSet<RouteObject>();

interface SlowConnection {
  saveData?: boolean;
  effectiveType?: string;
}

/** A visitor who asked to save data, or on a 2G connection, loads a screen's code only when they open it. */
function connectionIsSlow(): boolean {
  const connection = (navigator as Navigator & { connection?: SlowConnection }).connection;
  return Boolean(connection?.saveData) || /2g/.test(connection?.effectiveType ?? '');
}

/**
 * Loads the code of every screen a link on the page leads to (the lazily loaded routes of `routes`), so that the
 * click opens it at once. Links to other sites and screens asked for before are skipped. Returns how many screens
 * were asked for.
 */
export function prefetchLinkedScreens(routes: RouteObject[], root: ParentNode = document): number {
  let asked = 0;
  for (const link of root.querySelectorAll<HTMLAnchorElement>('a[href]')) {
    const url = new URL(link.href, window.location.href);
    if (url.origin !== window.location.origin) continue;
    for (const { route } of matchRoutes(routes, url.pathname) ?? []) {
      const load = route.lazy;
      if (typeof load !== 'function' || fetched.has(route)) continue;
      fetched.add(route);
      asked++;
      // A failure is met again (and shown) when the member opens the screen.
      void Promise.resolve(load()).catch(() => fetched.delete(route));
    }
  }
  return asked;
}

/** Runs `task` when the browser is idle, at the latest after `timeoutMs`; returns the cancel. */
function whenIdle(task: () => void, timeoutMs: number): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(task, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(id);
  }
  const id = setTimeout(task, timeoutMs);
  return () => clearTimeout(id);
}

/**
 * After every page change, once the browser is idle (at the latest after RULES.fetch.prefetchIdleTimeoutMs), loads
 * the code of the screens the page links to (prefetchLinkedScreens).
 */
export function useIdlePrefetch(routes: RouteObject[]): void {
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again on every page change (new page, new links)
  useEffect(() => {
    if (connectionIsSlow()) return;
    return whenIdle(() => prefetchLinkedScreens(routes), RULES.fetch.prefetchIdleTimeoutMs);
  }, [pathname, routes]);
}
