/*
 * Push service worker (registered as /sw-push.js?v=2). The server sends JSON { title, body, url, tag, type }:
 * `url` is the screen to open (a conversation /chats/ID, /likes/received, ...), `type` the notification type.
 * A push shows a notification and tells open windows, which reload chats and likes; a click opens `url` in an open
 * window of the site (focused, navigated by the app without a reload) or in a new one.
 */
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

/** A path of this site for `url` (a foreign or broken address opens the home page). */
function sameSiteUrl(url) {
  try {
    const target = new URL(url || '/', self.location.origin);
    return target.origin === self.location.origin ? target : new URL('/', self.location.origin);
  } catch {
    return new URL('/', self.location.origin);
  }
}

function windows() {
  return self.clients.matchAll({ type: 'window', includeUncontrolled: true });
}

self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : '' };
  }
  if (!data || typeof data !== 'object') data = {};
  const title = typeof data.title === 'string' && data.title ? data.title : self.registration.scope;
  const url = sameSiteUrl(data.url);
  event.waitUntil(
    Promise.all([
      self.registration.showNotification(title, {
        body: typeof data.body === 'string' ? data.body : '',
        icon: typeof data.icon === 'string' && data.icon ? data.icon : '/icons/icon-192.png',
        // Discreet mode sends a neutral icon and badge (the server leaves names and texts out too).
        badge: typeof data.badge === 'string' && data.badge ? data.badge : '/icons/icon-192.png',
        tag: typeof data.tag === 'string' && data.tag ? data.tag : undefined,
        // A newer notification of the same tag replaces the older one and alerts again.
        renotify: typeof data.tag === 'string' && data.tag !== '',
        data: { url: url.pathname + url.search + url.hash, type: data.type },
      }),
      // Open windows reload chats and likes (features/live/use-polling.ts).
      windows().then((clients) => {
        for (const c of clients) c.postMessage({ type: 'push', payload: data });
      }),
    ]),
  );
});

/** Asks the app in `client` to open `path` itself (no reload); resolves whether it answered within a second. */
function askToOpen(client, path) {
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

async function openScreen(url) {
  const clients = await windows();
  const exact = clients.find((c) => c.url === url.href);
  if (exact) return exact.focus();
  const client =
    clients.find((c) => c.focused) || clients.find((c) => c.visibilityState === 'visible') || clients[0];
  if (!client) return self.clients.openWindow(url.href);
  const focused = await client.focus().catch(() => client);
  if (await askToOpen(focused, url.pathname + url.search + url.hash)) return focused;
  // An app that did not answer (an old version, still loading): load the screen in that window, else a new one.
  return focused.navigate(url.href).catch(() => self.clients.openWindow(url.href));
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = sameSiteUrl(event.notification.data && event.notification.data.url);
  event.waitUntil(openScreen(url));
});
