import { useSyncExternalStore } from 'react';
import { isStandalone } from '../../lib/standalone';
import { dismiss, dismissedAt, storedGet, storedSet } from '../../lib/stored';

/**
 * The install offer (issue 24, point 5). Chromium browsers fire `beforeinstallprompt` when the app may be
 * installed; it is kept (and the browser's own bar held back) until a sensible moment: the member's first match
 * or first sent message (noteInstallMoment, remembered in localStorage). From then on the offer shows whenever the
 * browser allows installing, until the member installs or dismisses it (remembered as the 'install_prompt'
 * dismissal, never shown again). Browsers without the event (Safari, Firefox) never show it.
 */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

export const INSTALL_MOMENT_KEY = 'pwa.install_moment';
export type InstallMoment = 'match' | 'message';

let deferred: BeforeInstallPromptEvent | null = null;
const listeners = new Set<() => void>();
const emit = () => {
  for (const l of listeners) l();
};

/** Call once at start, before anything renders: the browser may fire the event early. */
export function captureInstallPrompt(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    deferred = event as BeforeInstallPromptEvent;
    emit();
  });
  window.addEventListener('appinstalled', () => {
    deferred = null;
    dismiss('install_prompt');
    emit();
  });
}

/** The first match or the first sent message: from now on the install offer may show. */
export function noteInstallMoment(kind: InstallMoment): void {
  if (storedGet(INSTALL_MOMENT_KEY) !== undefined) return;
  storedSet(INSTALL_MOMENT_KEY, { kind, at: Date.now() });
  emit();
}

/** Whether the offer shows now. */
export function installOfferVisible(): boolean {
  return (
    deferred !== null &&
    storedGet(INSTALL_MOMENT_KEY) !== undefined &&
    dismissedAt('install_prompt') === undefined &&
    !isStandalone()
  );
}

/** Opens the browser's install dialog; whatever the member answers there, the offer does not come back. */
export async function acceptInstallOffer(): Promise<void> {
  const event = deferred;
  if (!event) return;
  deferred = null;
  dismiss('install_prompt');
  emit();
  await event.prompt().catch(() => undefined);
}

export function dismissInstallOffer(): void {
  dismiss('install_prompt');
  emit();
}

export function useInstallOffer(): boolean {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    installOfferVisible,
    () => false,
  );
}
