/**
 * Size budgets of the web build (issue 24, point 2), measured from the build output alone, so the figures are the
 * same on every machine: `dist/web/.vite/manifest.json` (Vite's build manifest) says which chunks a page needs.
 *
 * - First page: what a page's HTML makes the browser fetch before it can show the page: the entry script of
 *   index.html, every chunk it imports statically (the modulepreloads), the route's lazy chunk and its static
 *   imports, and the CSS of all of them. Each file is gzipped on its own (level 9) and the sizes are added up, which
 *   is what crosses the wire. The texts of the language (the locale JSON chunks i18next loads at start) are shown
 *   beside, not counted in the budget (they are data, per language).
 * - Lazy chunks: every chunk file the first page does not load (route screens, console sections, locale texts and
 *   the shared chunks they import), each held to the route-chunk budget; beside it, what opening a lazy chunk costs on
 *   top of the first page ("on demand": its file and its static imports the first page does not already load).
 *
 * `npm run size` prints the tables and exits with 1 when a budget is exceeded (CI runs it after `npm run build`).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** One entry of Vite's build manifest (the fields used here). */
export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/** Budgets in bytes of gzip (1 kB = 1000 bytes, as Vite and size-limit print them). */
export interface Budgets {
  initialJs: number;
  initialCss: number;
  routeChunk: number;
}

/** The targets. */
export const TARGETS: Budgets = { initialJs: 130_000, initialCss: 25_000, routeChunk: 50_000 };

/**
 * What CI enforces: the targets where they are met, otherwise the largest figure reached plus a little room for
 * small additions (1.5 kB of JS, 0.5 kB of CSS), so the sizes can only come down. Lower these when a change makes the build smaller; never raise them to let a change
 * in: split the chunk or drop the weight instead (docs/performance.md, "First visit").
 */
export const BUDGETS: Budgets = { initialJs: 202_300, initialCss: 42_200, routeChunk: 50_000 };

/** The pages whose first load is budgeted: a visitor's landing, two landers, a member landing, /members. */
export const PAGES: { name: string; routes: string[] }[] = [
  { name: '/ (visitor landing)', routes: ['pages/index/IndexPage.tsx'] },
  { name: '/landers/tinderswipe', routes: ['pages/landers/TinderSwipeLanderPage.tsx'] },
  { name: '/landers/gallery/eng', routes: ['pages/landers/LanderPage.tsx'] },
  { name: 'member landing (/m/…)', routes: ['pages/member-landing/MemberLandingPage.tsx'] },
  { name: '/members (signed in)', routes: ['pages/members/MembersPage.tsx'] },
];

/** The locale whose texts are shown beside the first page. */
const TEXT_LOCALE = 'en';

export interface PageFigure {
  name: string;
  js: number;
  css: number;
  texts: number;
  files: string[];
  overJs: boolean;
  overCss: boolean;
}
export interface ChunkFigure {
  key: string;
  file: string;
  own: number;
  onDemand: number;
  over: boolean;
}
export interface SizeReport {
  pages: PageFigure[];
  chunks: ChunkFigure[];
  /** Console (src/web/admin) modules that a first page would load: must be none. */
  adminInFirstPage: string[];
  ok: boolean;
}

/** The manifest keys of a chunk and everything it imports statically, transitively. */
export function staticClosure(manifest: Manifest, keys: string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...keys];
  while (stack.length > 0) {
    const key = stack.pop() as string;
    if (seen.has(key)) continue;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`size-report: ${key} is not in the build manifest`);
    seen.add(key);
    stack.push(...(chunk.imports ?? []));
  }
  return seen;
}

export function entryKey(manifest: Manifest): string {
  const entries = Object.entries(manifest).filter(([, c]) => c.isEntry);
  if (entries.length !== 1) throw new Error(`size-report: expected one entry chunk, found ${entries.length}`);
  return (entries[0] as [string, ManifestChunk])[0];
}

const filesOf = (manifest: Manifest, keys: Iterable<string>) => {
  const js = new Set<string>();
  const css = new Set<string>();
  for (const key of keys) {
    const chunk = manifest[key] as ManifestChunk;
    js.add(chunk.file);
    for (const c of chunk.css ?? []) css.add(c);
  }
  return { js: [...js].sort(), css: [...css].sort() };
};

/** A locale JSON file, or the loaders of one language's files (src/web/lib/locale-loaders/<lng>.ts). */
const isTextChunk = (key: string) =>
  /(?:^|\/)(?:locales|i18n)\/[a-z]{2}(?:-[A-Za-z]+)?\/[^/]+\.json$/.test(key) ||
  /(?:^|\/)locale-loaders\/[a-z]{2}(?:-[A-Za-z]+)?\.ts$/.test(key);
const isTextOf = (key: string, locale: string) => key.includes(`/${locale}/`) || key.endsWith(`/${locale}.ts`);

/** Measures a build: `gzipSize(file)` gives the gzip size of a file of the build (path relative to its root). */
export function measure(
  manifest: Manifest,
  gzipSize: (file: string) => number,
  budgets: Budgets = BUDGETS,
  pages = PAGES,
): SizeReport {
  const sum = (files: string[]) => files.reduce((n, f) => n + gzipSize(f), 0);
  const entry = entryKey(manifest);
  const entryKeys = staticClosure(manifest, [entry]);
  const textKeys = Object.keys(manifest).filter(
    (k) => manifest[k]?.isDynamicEntry && isTextChunk(k) && isTextOf(k, TEXT_LOCALE),
  );
  const texts = sum(filesOf(manifest, staticClosure(manifest, textKeys)).js);

  const adminInFirstPage = new Set<string>();
  const pageFigures = pages.map(({ name, routes }) => {
    const keys = staticClosure(manifest, [entry, ...routes]);
    for (const k of keys) {
      const src = manifest[k]?.src ?? k;
      if (/^admin\//.test(src) || src.includes('/web/admin/')) adminInFirstPage.add(src);
    }
    const files = filesOf(manifest, keys);
    const js = sum(files.js);
    const css = sum(files.css);
    return {
      name,
      js,
      css,
      texts,
      files: [...files.js, ...files.css],
      overJs: js > budgets.initialJs,
      overCss: css > budgets.initialCss,
    };
  });

  // Every chunk the first page does not load: the lazy ones (route screens, console sections, texts) and the
  // shared chunks they import. Each file is held to the budget; "on demand" (a lazy chunk with its imports that the
  // first page lacks) is shown beside.
  const chunks = Object.entries(manifest)
    .filter(([key, c]) => !entryKeys.has(key) && /\.js$/.test(c.file))
    .map(([key, c]) => {
      const own = gzipSize(c.file);
      let onDemand = own;
      if (c.isDynamicEntry) {
        const extra = [...staticClosure(manifest, [key])].filter((k) => !entryKeys.has(k));
        const files = filesOf(manifest, extra);
        onDemand = sum(files.js) + sum(files.css);
      }
      return { key, file: c.file, own, onDemand, over: own > budgets.routeChunk };
    })
    .sort((a, b) => b.own - a.own || a.key.localeCompare(b.key));

  const ok =
    adminInFirstPage.size === 0 &&
    pageFigures.every((p) => !p.overJs && !p.overCss) &&
    chunks.every((c) => !c.over);
  return { pages: pageFigures, chunks, adminInFirstPage: [...adminInFirstPage].sort(), ok };
}

const kB = (n: number) => `${(n / 1000).toFixed(1)} kB`;

export function formatReport(report: SizeReport, budgets: Budgets = BUDGETS, top = 15): string {
  const mark = (over: boolean) => (over ? ' **over**' : '');
  const lines = [
    `First page (gzip; budget: JS ${kB(budgets.initialJs)}, CSS ${kB(budgets.initialCss)}; target: JS ${kB(TARGETS.initialJs)}, CSS ${kB(TARGETS.initialCss)})`,
    '',
    `| page | JS | CSS | texts (${TEXT_LOCALE}, beside) |`,
    '|---|---:|---:|---:|',
    ...report.pages.map(
      (p) => `| ${p.name} | ${kB(p.js)}${mark(p.overJs)} | ${kB(p.css)}${mark(p.overCss)} | ${kB(p.texts)} |`,
    ),
    '',
    `Lazy chunks, largest ${top} of ${report.chunks.length} (gzip; budget per file ${kB(budgets.routeChunk)}, target ${kB(TARGETS.routeChunk)}; on demand = a lazy chunk with its imports the first page does not load)`,
    '',
    '| chunk | own | on demand |',
    '|---|---:|---:|',
    ...report.chunks
      .slice(0, top)
      .map((c) => `| ${c.key} | ${kB(c.own)}${mark(c.over)} | ${kB(c.onDemand)} |`),
  ];
  const overChunks = report.chunks.slice(top).filter((c) => c.over);
  for (const c of overChunks) lines.push(`| ${c.key} | ${kB(c.own)}${mark(true)} | ${kB(c.onDemand)} |`);
  if (report.adminInFirstPage.length > 0) {
    lines.push('', `Console modules in a first page (must be none): ${report.adminInFirstPage.join(', ')}`);
  }
  lines.push('', report.ok ? 'All size budgets met.' : 'Size budget exceeded.');
  return lines.join('\n');
}

/** Reads a build folder (dist/web by default) and measures it. */
export function measureDir(dir: string, budgets: Budgets = BUDGETS): SizeReport {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(readFileSync(path.join(dir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  } catch (err) {
    throw new Error(`size-report: no build manifest in ${dir} (run npm run build first): ${String(err)}`);
  }
  const cache = new Map<string, number>();
  const gzipSize = (file: string) => {
    let n = cache.get(file);
    if (n === undefined) {
      n = gzipSync(readFileSync(path.join(dir, file)), { level: 9 }).length;
      cache.set(file, n);
    }
    return n;
  };
  return measure(manifest, gzipSize, budgets);
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename);
if (isMain) {
  const args = process.argv.slice(2);
  const dir = path.resolve(args.find((a) => !a.startsWith('--')) ?? process.env.WEB_DIST_DIR ?? 'dist/web');
  const report = measureDir(dir);
  if (args.includes('--json')) console.log(JSON.stringify(report, null, 2));
  else console.log(formatReport(report, BUDGETS, args.includes('--all') ? Number.POSITIVE_INFINITY : 15));
  process.exitCode = report.ok ? 0 : 1;
}
