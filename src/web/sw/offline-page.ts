/**
 * The script of the offline page (/offline.html, which the service worker shows for a page load without a
 * connection). It says it in the member's language: the language cookie the app sets, else the browser's
 * languages, else English; and it loads the page the member wanted once the connection is back.
 */
type OfflineTexts = Record<
  string,
  Record<'page_title' | 'title' | 'text' | 'messages' | 'waiting' | 'retry', string>
>;

export function offlineLocale(
  cookie: string,
  languages: readonly string[],
  known: readonly string[],
  cookieName: string,
): string {
  const fromCookie = cookie
    .split(';')
    .map((c) => c.trim().split('='))
    .find(([k]) => k === cookieName)?.[1];
  if (fromCookie && known.includes(fromCookie)) return fromCookie;
  for (const tag of languages) {
    const lower = tag.toLowerCase();
    const base = lower === 'no' || lower.startsWith('nn') ? 'nb' : lower.slice(0, 2);
    if (known.includes(base)) return base;
  }
  return 'en';
}

function start(): void {
  const g = globalThis as unknown as { __AMORA_OFFLINE__?: { cookie: string; texts: OfflineTexts } };
  const config = g.__AMORA_OFFLINE__;
  if (!config) return;
  const lng = offlineLocale(
    document.cookie,
    navigator.languages ?? [navigator.language],
    Object.keys(config.texts),
    config.cookie,
  );
  const texts = config.texts[lng] ?? config.texts.en;
  if (texts) {
    document.documentElement.lang = lng;
    document.title = texts.page_title;
    for (const el of document.querySelectorAll<HTMLElement>('[data-text]')) {
      const key = el.dataset.text as keyof typeof texts;
      if (texts[key]) el.textContent = texts[key];
    }
  }
  const reload = () => window.location.reload();
  document.getElementById('offline-retry')?.addEventListener('click', reload);
  // The browser says online a moment before requests pass again (the worker's network too): a second later.
  window.addEventListener('online', () => setTimeout(reload, 1000));
}

if (typeof document !== 'undefined') start();
