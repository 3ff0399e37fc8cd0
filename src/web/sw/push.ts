import type { SwGlobal, WindowClient } from './sw-types';

/*
 * Push (moved here from public/sw-push.js). The server sends JSON { title, body, url, tag, type, icon?, badge? }:
 * `url` is the screen to open (a conversation /chats/ID, /likes/received, ...), `type` the notification type.
 * A push shows a notification and tells open windows, which reload chats and likes; a click opens `url` in an open
 * window of the site (focused, navigated by the app without a reload) or in a new one.
 */

/** A path of this site for `url` (a foreign or broken address opens the home page). */
function sameSiteUrl(sw: SwGlobal, url: unknown): URL {
  try {
    const target = new URL(typeof url === 'string' && url ? url : '/', sw.location.origin);
    return target.origin === sw.location.origin ? target : new URL('/', sw.location.origin);
  } catch {
    return new URL('/', sw.location.origin);
  }
}

const windows = (sw: SwGlobal) => sw.clients.matchAll({ type: 'window', includeUncontrolled: true });
const text = (v: unknown) => (typeof v === 'string' && v ? v : undefined);

/** Asks the app in `client` to open `path` itself (no reload); resolves whether it answered within a second. */
function askToOpen(client: WindowClient, path: string): Promise<boolean> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => resolve(false), 1000);
    channel.port1.onmessage = () => {
      clearTimeout(timer);
      resolve(true);
    };
    client.postMessage({ type: 'open', url: path }, [channel.port2]);
  });
}

async function openScreen(sw: SwGlobal, url: URL): Promise<unknown> {
  const clients = await windows(sw);
  const exact = clients.find((c) => c.url === url.href);
  if (exact) return exact.focus();
  const client =
    clients.find((c) => c.focused) ?? clients.find((c) => c.visibilityState === 'visible') ?? clients[0];
  if (!client) return sw.clients.openWindow(url.href);
  const focused = await client.focus().catch(() => client);
  if (await askToOpen(focused, url.pathname + url.search + url.hash)) return focused;
  // An app that did not answer (an old version, still loading): load the screen in that window, else a new one.
  return focused.navigate(url.href).catch(() => sw.clients.openWindow(url.href));
}

export function installPush(sw: SwGlobal): void {
  sw.addEventListener('push', (event) => {
    let data: Record<string, unknown> = {};
    try {
      const parsed = event.data ? event.data.json() : {};
      if (parsed && typeof parsed === 'object') data = parsed as Record<string, unknown>;
    } catch {
      data = { body: event.data ? event.data.text() : '' };
    }
    const title = text(data.title) ?? sw.registration.scope;
    const url = sameSiteUrl(sw, data.url);
    const tag = text(data.tag);
    event.waitUntil(
      Promise.all([
        sw.registration.showNotification(title, {
          body: typeof data.body === 'string' ? data.body : '',
          icon: text(data.icon) ?? '/icons/icon-192.png',
          // Discreet mode sends a neutral icon and badge (the server leaves names and texts out too).
          badge: text(data.badge) ?? '/icons/icon-192.png',
          tag,
          // A newer notification of the same tag replaces the older one and alerts again.
          renotify: tag !== undefined,
          data: { url: url.pathname + url.search + url.hash, type: data.type },
        } as NotificationOptions),
        // Open windows reload chats and likes (features/live/use-polling.ts).
        windows(sw).then((clients) => {
          for (const c of clients) c.postMessage({ type: 'push', payload: data });
        }),
      ]),
    );
  });

  sw.addEventListener('notificationclick', (event) => {
    event.notification.close();
    event.waitUntil(openScreen(sw, sameSiteUrl(sw, event.notification.data?.url)));
  });
}
