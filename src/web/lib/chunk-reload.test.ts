// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { isChunkLoadError, reloadForChunkError } from './chunk-reload';

describe('chunk-load failure reload', () => {
  beforeEach(() => localStorage.clear());

  it('recognises failed dynamic imports only', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(
      true,
    );
    expect(isChunkLoadError(new Error('boom'))).toBe(false);
  });

  it('reloads once, then not again within 60 seconds', () => {
    const reload = vi.fn();
    expect(reloadForChunkError(1_000_000, reload)).toBe(true);
    expect(reloadForChunkError(1_000_000 + 59_000, reload)).toBe(false);
    expect(reloadForChunkError(1_000_000 + 61_000, reload)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });
});
