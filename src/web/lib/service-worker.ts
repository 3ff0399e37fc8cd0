import { useSyncExternalStore } from 'react';
import { SW_MESSAGES } from '../sw/routing';

/**
 * The app's service worker (src/web/sw, built into /sw.js): push, the cached shell and the offline page. It
 * replaced the push-only /sw-push.js?v=2 at the same scope, so an existing push subscription (it belongs to the
 * registration, not to the script) stays valid; browsers that still hold the old worker get the new one on their
 * next page load here.
 */
export const SW_URL = '/sw.js';

type Listener = () => void;
let waiting: ServiceWorker | null = null;
const listeners = new Set<Listener>();

function setWaiting(worker: ServiceWorker | null): void {
  if (waiting === worker) return;
  waiting = worker;
  for (const l of listeners) l();
}

/** A new version installed and waiting while this page runs on the previous one: offered, never forced. */
function watch(worker: ServiceWorker): void {
  const check = () => {
    if (worker.state === 'installed' && navigator.serviceWorker.controller) setWaiting(worker);
    // It took over by itself (the first caching version) or was replaced: nothing to offer.
    else if (waiting === worker) setWaiting(null);
  };
  check();
  worker.addEventListener('statechange', check);
}

const afterLoad = () =>
  new Promise<void>((resolve) => {
    // After the first page has loaded, so the worker's downloads never compete with it.
    const idle = () => (window.requestIdleCallback ? window.requestIdleCallback(() => resolve()) : resolve());
    if (document.readyState === 'complete') idle();
    else window.addEventListener('load', idle, { once: true });
  });

/** Registers the worker (built app only) and watches for a new version. Never throws. */
export async function registerServiceWorker(): Promise<void> {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  await afterLoad();
  const registration = await navigator.serviceWorker.register(SW_URL).catch(() => null);
  if (!registration) return;
  if (registration.waiting) watch(registration.waiting);
  registration.addEventListener('updatefound', () => {
    if (registration.installing) watch(registration.installing);
  });
  // An installed app stays open for days: look for a new version when it comes back to the front.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') registration.update().catch(() => undefined);
  });
}

/** The member accepted the new version: it takes over and this page reloads once. */
export function applyUpdate(): void {
  const worker = waiting;
  if (!worker) return;
  let reloaded = false;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (reloaded) return;
    reloaded = true;
    window.location.reload();
  });
  worker.postMessage({ type: SW_MESSAGES.skipWaiting });
}

/** Whether a new version waits to be accepted. */
export function useUpdateWaiting(): boolean {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => waiting !== null,
    () => false,
  );
}
