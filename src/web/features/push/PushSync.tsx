import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useCurrentUser } from '../auth/api/session';
import { currentPushSubscription, usePushState } from './push-state';
import { storePushSubscription } from './push-subscription';

/** What the push service worker (public/sw-push.js) asks of an open window when a notification is clicked. */
interface OpenMessage {
  type: 'open';
  url: string;
}

function isOpenMessage(data: unknown): data is OpenMessage {
  const d = data as Partial<OpenMessage> | null;
  return d?.type === 'open' && typeof d.url === 'string';
}

/** Only a path of this site is opened (the service worker sends one; anything else goes to the home page). */
export function sameSitePath(url: string): string {
  try {
    const target = new URL(url, window.location.origin);
    if (target.origin !== window.location.origin) return '/';
    return `${target.pathname}${target.search}${target.hash}`;
  } catch {
    return '/';
  }
}

/**
 * App-wide, mounted once (router Root): keeps this browser's push state read, sends an existing push subscription
 * for the signed-in member once per page (the spec: POST user.php?push=1 "sent when a subscription exists"), and
 * opens the screen of a clicked notification in this window (the service worker focuses it and asks; the answer on
 * the message port tells it the app did it, otherwise it navigates or opens a window itself).
 */
export function PushSync() {
  const user = useCurrentUser();
  const userId = user ? user.id : null;
  const navigate = useNavigate();
  usePushState();

  useEffect(() => {
    if (userId === null) return;
    let live = true;
    currentPushSubscription()
      .then((subscription) => (live && subscription ? storePushSubscription(subscription) : undefined))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [userId]);

  useEffect(() => {
    if (!('serviceWorker' in navigator)) return;
    const onMessage = (e: MessageEvent) => {
      if (!isOpenMessage(e.data)) return;
      void navigate(sameSitePath(e.data.url));
      e.ports[0]?.postMessage({ type: 'opened' });
    };
    navigator.serviceWorker.addEventListener('message', onMessage);
    return () => navigator.serviceWorker.removeEventListener('message', onMessage);
  }, [navigate]);

  return null;
}
