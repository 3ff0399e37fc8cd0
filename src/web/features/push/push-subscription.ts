import { api } from '../../lib/http';
import { SW_URL } from '../../lib/service-worker';
import { pushCapability, setPushState } from './push-state';

/** The app's one service worker (push, offline page, cached shell): lib/service-worker.ts. */
export const PUSH_SW_URL = SW_URL;

export type PushSupport = 'unsupported' | 'denied' | 'granted' | 'default';

/** The Notification permission, or 'unsupported' (no push here; on iOS outside the home-screen app). */
export function pushSupport(): PushSupport {
  const capability = pushCapability();
  return capability === 'ios-home-screen' ? 'unsupported' : capability;
}

function base64UrlToBytes(base64: string): Uint8Array<ArrayBuffer> {
  const padded = `${base64}${'='.repeat((4 - (base64.length % 4)) % 4)}`
    .replace(/-/g, '+')
    .replace(/_/g, '/');
  const raw = atob(padded);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/** POST /api/user.php?push=1: stores this browser's subscription for the signed-in member. */
export async function storePushSubscription(subscription: PushSubscription): Promise<void> {
  await api('api/user.php', {
    method: 'POST',
    query: { push: 1 },
    body: { subscription: JSON.stringify(subscription) },
  });
}

/**
 * Asks permission, registers the push service worker, subscribes with the site's VAPID key and stores the
 * subscription (POST /api/user.php?push=1). Returns the resulting permission; the push state (push-state.ts) follows
 * at once, so polling slows down and the prompts hide without a reload. Throws when subscribing or storing fails.
 */
export async function enablePush(publicKey: string | null): Promise<PushSupport> {
  if (pushSupport() === 'unsupported' || !publicKey) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') {
    setPushState({ capability: permission, subscribed: false });
    return permission;
  }
  try {
    const registration = await navigator.serviceWorker.register(PUSH_SW_URL);
    await navigator.serviceWorker.ready;
    const subscription =
      (await registration.pushManager.getSubscription()) ??
      (await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: base64UrlToBytes(publicKey),
      }));
    await storePushSubscription(subscription);
  } catch (err) {
    // Allowed, but no subscription reached the server: not subscribed as far as the member is concerned (the
    // buttons stay to try again; a subscription the browser did make is sent again on the next page load).
    setPushState({ capability: 'granted', subscribed: false });
    throw err;
  }
  setPushState({ capability: 'granted', subscribed: true });
  return 'granted';
}
