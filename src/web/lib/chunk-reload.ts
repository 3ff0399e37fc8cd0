import { RULES } from '../../shared/rules';
import { storedGet, storedSet } from './stored';

const KEY = 'chunk_reload_at';

/** True when the error is a failed dynamic import (a deploy replaced the chunks). */
export function isChunkLoadError(err: unknown): boolean {
  const msg = err instanceof Error ? `${err.name} ${err.message}` : String(err);
  return /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|ChunkLoadError|Loading chunk [\w-]+ failed/i.test(
    msg,
  );
}

/** Reloads the page once for a chunk-load failure, at most once per 60 s; returns whether it reloads. */
export function reloadForChunkError(
  now: number = Date.now(),
  reload: () => void = () => window.location.reload(),
): boolean {
  const last = storedGet<number>(KEY) ?? 0;
  if (now - last < RULES.chunkReload.minIntervalMs) return false;
  storedSet(KEY, now);
  reload();
  return true;
}

export function installChunkReloadHandler(): void {
  window.addEventListener('vite:preloadError', (event) => {
    if (reloadForChunkError()) event.preventDefault();
  });
  window.addEventListener('unhandledrejection', (event) => {
    if (isChunkLoadError(event.reason)) reloadForChunkError();
  });
}
