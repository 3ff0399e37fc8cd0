import { useEffect, useSyncExternalStore } from 'react';
import { isStandalone } from '../../lib/standalone';

/**
 * What this browser can do about push:
 * - 'unsupported': no service worker, Push API or Notification API;
 * - 'ios-home-screen': iPhone or iPad outside the home-screen app (Safari offers push only to a web app added to the
 *   home screen);
 * - otherwise the Notification permission ('default', 'granted' or 'denied').
 */
export type PushCapability = 'unsupported' | 'ios-home-screen' | NotificationPermission;

/** The spec's push state of this browser: capable (capability) and subscribed (null until it has been read). */
export interface PushState {
  capability: PushCapability;
  subscribed: boolean | null;
}

/** iPhone, iPod or iPad; an iPad with iPadOS 13+ presents itself as a Mac with a touch screen. */
export function isIosDevice(userAgent: string, maxTouchPoints: number): boolean {
  return /\b(iPhone|iPad|iPod)\b/.test(userAgent) || (/\bMacintosh\b/.test(userAgent) && maxTouchPoints > 1);
}

/** This browser's push capability right now (see PushCapability). */
export function pushCapability(): PushCapability {
  if (isIosDevice(navigator.userAgent, navigator.maxTouchPoints || 0) && !isStandalone())
    return 'ios-home-screen';
  if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window))
    return 'unsupported';
  return Notification.permission;
}

let state: PushState = { capability: 'unsupported', subscribed: null };
let loaded = false;
/** Counts setPushState calls: a read that started before one must not overwrite what it set. */
let version = 0;
let reading: Promise<PushState> | null = null;
const listeners = new Set<() => void>();

function set(next: PushState): void {
  if (next.capability === state.capability && next.subscribed === state.subscribed) return;
  state = next;
  for (const l of listeners) l();
}

export function getPushState(): PushState {
  return state;
}

export function subscribePushState(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The browser's push subscription of this site, or null (none, or push not usable here). */
export async function currentPushSubscription(): Promise<PushSubscription | null> {
  if (pushCapability() !== 'granted') return null;
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** Reads the capability and whether this browser holds a subscription, and tells every listener. */
export function refreshPushState(): Promise<PushState> {
  reading ??= (async () => {
    const started = version;
    const capability = pushCapability();
    let subscribed = false;
    if (capability === 'granted') {
      try {
        subscribed = (await currentPushSubscription()) !== null;
      } catch {
        subscribed = false;
      }
    }
    loaded = true;
    if (started === version) set({ capability: pushCapability(), subscribed });
    return state;
  })().finally(() => {
    reading = null;
  });
  return reading;
}

/** After enabling push (or the permission question): the new state at once, without reading it back. */
export function setPushState(next: PushState): void {
  loaded = true;
  version++;
  set(next);
}

/** Reads the state once per page, and again when the member changes the permission in the browser's settings. */
function ensureLoaded(): () => void {
  if (!loaded) void refreshPushState();
  let status: PermissionStatus | null = null;
  let stopped = false;
  const onChange = () => void refreshPushState();
  navigator.permissions
    ?.query({ name: 'notifications' })
    .then((s) => {
      if (stopped) return;
      status = s;
      s.addEventListener('change', onChange);
    })
    .catch(() => undefined);
  return () => {
    stopped = true;
    status?.removeEventListener('change', onChange);
  };
}

/** This browser's push state; components re-render when it changes (enabling push shows at once everywhere). */
export function usePushState(): PushState {
  useEffect(ensureLoaded, []);
  return useSyncExternalStore(subscribePushState, getPushState, getPushState);
}
