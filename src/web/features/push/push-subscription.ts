import { api } from '../../lib/http';

export const PUSH_SW_URL = '/sw-push.js?v=2';

export type PushSupport = 'unsupported' | 'denied' | 'granted' | 'default';

export function pushSupport(): PushSupport {
  if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window))
    return 'unsupported';
  return Notification.permission;
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

/**
 * Asks permission, registers the push service worker, subscribes with the site's VAPID key and stores the
 * subscription (POST /api/user.php?push=1). Returns the resulting permission.
 */
export async function enablePush(publicKey: string | null): Promise<PushSupport> {
  if (pushSupport() === 'unsupported' || !publicKey) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return permission;
  const registration = await navigator.serviceWorker.register(PUSH_SW_URL);
  await navigator.serviceWorker.ready;
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: base64UrlToBytes(publicKey),
    }));
  await api('api/user.php', {
    method: 'POST',
    query: { push: 1 },
    body: { subscription: JSON.stringify(subscription) },
  });
  return 'granted';
}
