import { describe, expect, it } from 'vitest';
import { type Budgets, type Manifest, measure, staticClosure } from './size-report';

/** A small build: the entry with a shared vendor chunk, two routes, a console section and English texts. */
const manifest: Manifest = {
  'index.html': {
    file: 'assets/index.js',
    isEntry: true,
    imports: ['_vendor.js'],
    dynamicImports: [
      'pages/home/Home.tsx',
      'pages/pay/Pay.tsx',
      'admin/AdminApp.tsx',
      'locales/en/common.json',
    ],
    css: ['assets/index.css'],
  },
  '_vendor.js': { file: 'assets/vendor.js' },
  '_form.js': { file: 'assets/form.js', imports: ['_vendor.js'] },
  'pages/home/Home.tsx': { file: 'assets/Home.js', isDynamicEntry: true, imports: ['_vendor.js'] },
  'pages/pay/Pay.tsx': {
    file: 'assets/Pay.js',
    isDynamicEntry: true,
    imports: ['_form.js'],
    css: ['assets/Pay.css'],
  },
  'admin/AdminApp.tsx': { file: 'assets/AdminApp.js', isDynamicEntry: true, imports: ['_form.js'] },
  'locales/en/common.json': { file: 'assets/common-en.js', isDynamicEntry: true },
  'locales/nl/common.json': { file: 'assets/common-nl.js', isDynamicEntry: true },
};
const sizes: Record<string, number> = {
  'assets/index.js': 60_000,
  'assets/vendor.js': 50_000,
  'assets/index.css': 20_000,
  'assets/Home.js': 5_000,
  'assets/form.js': 30_000,
  'assets/Pay.js': 15_000,
  'assets/Pay.css': 2_000,
  'assets/AdminApp.js': 9_000,
  'assets/common-en.js': 3_000,
  'assets/common-nl.js': 3_100,
};
const gzipSize = (f: string) => {
  const n = sizes[f];
  if (n === undefined) throw new Error(`unexpected file ${f}`);
  return n;
};
const budgets: Budgets = { initialJs: 130_000, initialCss: 25_000, routeChunk: 50_000 };
const pages = [
  { name: 'home', routes: ['pages/home/Home.tsx'] },
  { name: 'pay', routes: ['pages/pay/Pay.tsx'] },
];

describe('size report', () => {
  it('follows static imports transitively, each chunk once', () => {
    expect([...staticClosure(manifest, ['pages/pay/Pay.tsx', 'index.html'])].sort()).toEqual([
      '_form.js',
      '_vendor.js',
      'index.html',
      'pages/pay/Pay.tsx',
    ]);
  });

  it('adds entry, preloads, route chunk and their CSS per page; texts beside; lazy chunks on demand', () => {
    const report = measure(manifest, gzipSize, budgets, pages);
    expect(report.pages.map(({ name, js, css, texts }) => ({ name, js, css, texts }))).toEqual([
      { name: 'home', js: 115_000, css: 20_000, texts: 3_000 },
      { name: 'pay', js: 155_000, css: 22_000, texts: 3_000 },
    ]);
    // The shared vendor chunk is already loaded by the first page: only the form chunk comes on top.
    const pay = report.chunks.find((c) => c.key === 'pages/pay/Pay.tsx');
    expect(pay).toMatchObject({ own: 15_000, onDemand: 47_000, over: false });
    // Every file the first page does not load is listed, shared ones too; the first page's own are not.
    expect(report.chunks.map((c) => c.key).sort()).toEqual([
      '_form.js',
      'admin/AdminApp.tsx',
      'locales/en/common.json',
      'locales/nl/common.json',
      'pages/home/Home.tsx',
      'pages/pay/Pay.tsx',
    ]);
    expect(report.pages[1]?.overJs).toBe(true);
    expect(report.ok).toBe(false);
  });

  it('passes a build within the budgets and fails a chunk file over its budget', () => {
    expect(measure(manifest, gzipSize, budgets, pages.slice(0, 1)).ok).toBe(true);
    const tight = measure(manifest, gzipSize, { ...budgets, routeChunk: 20_000 }, pages.slice(0, 1));
    expect(tight.ok).toBe(false);
    expect(tight.chunks.filter((c) => c.over).map((c) => c.key)).toEqual(['_form.js']);
  });

  it('fails when a console module would be part of a first page', () => {
    const leaked: Manifest = {
      ...manifest,
      'pages/home/Home.tsx': {
        file: 'assets/Home.js',
        isDynamicEntry: true,
        imports: ['admin/AdminApp.tsx'],
      },
    };
    const report = measure(leaked, gzipSize, { ...budgets, initialJs: 1_000_000 }, pages.slice(0, 1));
    expect(report.adminInFirstPage).toEqual(['admin/AdminApp.tsx']);
    expect(report.ok).toBe(false);
  });

  it('refuses a manifest that lacks a chunk it names', () => {
    expect(() => measure(manifest, gzipSize, budgets, [{ name: 'x', routes: ['pages/nope.tsx'] }])).toThrow(
      /not in the build manifest/,
    );
  });
});
