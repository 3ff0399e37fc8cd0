import { describe, expect, it } from 'vitest';
import { compareCatalogs } from './locale-check';

describe('compareCatalogs', () => {
  const en = {
    a: 'Hello',
    b: { c: 'Log in', n_one: '{{count}} credit', n_other: '{{count}} credits' },
    d: '{{x}}',
  };
  it('passes a complete translation with other plural forms', () => {
    const pl = {
      a: 'Cześć',
      b: { c: 'Zaloguj', n_one: '1', n_few: 'x', n_many: 'y', n_other: 'z' },
      d: '{{x}}',
    };
    expect(compareCatalogs(en, pl, new Set())).toEqual({
      missing: [],
      extra: [],
      untranslated: [],
      empty: [],
    });
  });
  it('reports missing, extra, empty and untranslated keys', () => {
    const bad = { a: 'Hello', b: { n_one: '', n_other: 'x' }, d: '{{x}}', z: 'extra' };
    const r = compareCatalogs(en, bad, new Set());
    expect(r.missing).toEqual(['b.c']);
    expect(r.extra).toEqual(['z']);
    expect(r.untranslated).toEqual(['a']);
    expect(r.empty).toEqual(['b.n_one']);
  });
  it('allows listed words to equal English', () => {
    expect(compareCatalogs({ a: 'FAQ' }, { a: 'FAQ' }, new Set(['FAQ'])).untranslated).toEqual([]);
  });
});
