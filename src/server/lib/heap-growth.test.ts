import v8 from 'node:v8';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyHeapGrowth } from './heap-growth';

describe('applyHeapGrowth', () => {
  afterEach(() => vi.restoreAllMocks());

  it('sets V8 heap growth factor from the setting', () => {
    const set = vi.spyOn(v8, 'setFlagsFromString').mockImplementation(() => undefined);
    applyHeapGrowth(300);
    expect(set).toHaveBeenCalledWith('--heap-growing-percent=300');
  });

  it('leaves V8 its own choice at 0', () => {
    const set = vi.spyOn(v8, 'setFlagsFromString').mockImplementation(() => undefined);
    applyHeapGrowth(0);
    expect(set).not.toHaveBeenCalled();
  });

  it('refuses a value that is not a whole percentage', () => {
    expect(() => applyHeapGrowth(-1)).toThrow();
    expect(() => applyHeapGrowth(1.5)).toThrow();
  });
});
