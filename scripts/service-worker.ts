import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'rolldown';
import type { Plugin } from 'vite';
import { LOCALES } from '../src/shared/locales';
import { RULES } from '../src/shared/rules';

/**
 * Vite plugin (issue 24, point 5): writes the service worker /sw.js, the offline page /offline.html with its
 * script and style, into the build. The worker (src/web/sw/sw.ts, bundled here with rolldown, Vite's own bundler)
 * gets the build's version (a hash of every output file's name, so any change makes a new worker the browser
 * installs) and the shell to precache: the offline page and its files, the icons, and the first page's entry chunk,
 * the chunks it imports and its CSS. The offline page's texts are the `offline` keys of the locales' pwa.json.
 */
const SW_DIR = path.resolve(import.meta.dirname, '../src/web/sw');
const LOCALE_DIR = path.resolve(import.meta.dirname, '../src/web/locales');

export const OFFLINE_FILES = ['/offline.html', '/offline.js', '/offline.css'];
const SHELL_STATIC = ['/favicon.svg', '/icons/icon-192.png'];

async function bundle(entry: string): Promise<string> {
  const out = await build({
    input: path.join(SW_DIR, entry),
    write: false,
    output: { format: 'iife', minify: true },
    logLevel: 'silent',
  });
  return out.output[0].code;
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The offline page in English; offline.js puts the member's language in. */
export function offlineHtml(en: Record<string, string>): string {
  const t = (key: string) => escapeHtml(en[key] ?? '');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<meta name="theme-color" content="#cc3f37">
<meta name="robots" content="noindex">
<title>${t('page_title')}</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/offline.css">
<script src="/offline.js" defer></script>
</head>
<body>
<main>
<svg class="offline-icon" viewBox="0 0 64 64" aria-hidden="true"><rect width="64" height="64" rx="16" fill="#e8505b"/><path d="M32 50s-16-9.6-16-21a9 9 0 0 1 16-5.7A9 9 0 0 1 48 29c0 11.4-16 21-16 21z" fill="#fff"/><path d="M14 14l36 36" stroke="#fff7f5" stroke-width="5" stroke-linecap="round"/></svg>
<h1 data-text="title">${t('title')}</h1>
<p data-text="text">${t('text')}</p>
<p class="offline-messages" data-text="messages">${t('messages')}</p>
<p class="offline-waiting" data-text="waiting">${t('waiting')}</p>
<button type="button" id="offline-retry" data-text="retry">${t('retry')}</button>
</main>
</body>
</html>
`;
}

async function offlineTexts(): Promise<Record<string, Record<string, string>>> {
  const texts: Record<string, Record<string, string>> = {};
  for (const lng of LOCALES) {
    const raw = JSON.parse(await readFile(path.join(LOCALE_DIR, lng, 'pwa.json'), 'utf8')) as {
      offline: Record<string, string>;
    };
    texts[lng] = raw.offline;
  }
  return texts;
}

export function serviceWorker(): Plugin {
  return {
    name: 'amora-service-worker',
    apply: 'build',
    async generateBundle(_options, output) {
      const texts = await offlineTexts();
      const files = Object.keys(output).sort();
      // The first page's files: the entry chunk, what it imports statically, and their CSS.
      const shell = new Set<string>();
      for (const item of Object.values(output)) {
        if (item.type !== 'chunk' || !item.isEntry) continue;
        for (const f of [item.fileName, ...item.imports]) {
          shell.add(`/${f}`);
          const css = (output[f] as { viteMetadata?: { importedCss: Set<string> } } | undefined)?.viteMetadata
            ?.importedCss;
          for (const c of css ?? []) shell.add(`/${c}`);
        }
      }
      const swCode = await bundle('sw.ts');
      const version = createHash('sha256')
        .update(files.join('\n'))
        .update(swCode)
        .update(JSON.stringify(texts))
        .digest('hex')
        .slice(0, 12);
      const precache = [...OFFLINE_FILES, ...SHELL_STATIC, ...[...shell].sort()];
      const offlineJs = `self.__AMORA_OFFLINE__=${JSON.stringify({ cookie: RULES.cookies.locale.name, texts })};\n${await bundle('offline-page.ts')}`;
      const css = await readFile(path.join(SW_DIR, 'offline.css'), 'utf8');
      const emit = (fileName: string, source: string) => this.emitFile({ type: 'asset', fileName, source });
      emit('offline.html', offlineHtml(texts.en ?? {}));
      emit('offline.js', offlineJs);
      emit('offline.css', css);
      emit('sw.js', `self.__AMORA_SW__=${JSON.stringify({ version, precache })};\n${swCode}`);
    },
  };
}
