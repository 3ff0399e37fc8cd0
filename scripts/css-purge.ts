import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * Bootstrap's utility API writes a rule for every utility class at every breakpoint (`.mt-lg-5`, `.text-opacity-25`,
 * `.overflow-x-scroll`, ...): about 8 kB of gzip in the first page's CSS, most of it never named. This build plugin
 * drops from the app's stylesheet the rules whose selectors all name a utility class that nothing uses; every other
 * rule (components, the app's own styles, keyframes, font faces) stays as it is.
 *
 * A utility class counts as used when the sources name it: the scan is wide (every word of every .ts/.tsx/.json/.html
 * file under the source folders and of React Bootstrap's code), and class names made at run time are kept too: a
 * template such as `text-bg-${variant}` or React Bootstrap's `bg-${bg}` keeps every utility class that is such a
 * prefix followed by a word of the sources (`text-bg-warning` when 'warning' is written somewhere). Keeping a few
 * unused rules costs bytes; dropping a used one would change the look, so when in doubt a rule stays.
 */

/** A class name in a selector (Bootstrap's utility names need no escapes). */
const CLASS = /\.(-?[_a-zA-Z][_a-zA-Z0-9-]*)/g;

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules') yield* sourceFiles(full);
    } else if (/\.(?:m?js|tsx?|json|html)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) yield full;
  }
}

export interface UsedNames {
  /** every word (letters, digits, `-`, `_`) of the sources */
  words: Set<string>;
  /** the literal starts of class names built at run time (`text-bg-` of `text-bg-${x}`) */
  prefixes: Set<string>;
}

/** Reads the words and run-time class prefixes of source texts. */
export function scanTexts(texts: Iterable<string>): UsedNames {
  const words = new Set<string>();
  const prefixes = new Set<string>();
  for (const text of texts) {
    for (const m of text.matchAll(/[A-Za-z0-9_-]+/g)) words.add(m[0]);
    // `prefix-${...}` in a template, and 'prefix-' + x
    for (const m of text.matchAll(/([a-z][a-z0-9-]*-)\$\{/g)) prefixes.add(m[1] as string);
    for (const m of text.matchAll(/['"`]([a-z][a-z0-9-]*-)['"`]\s*\+/g)) prefixes.add(m[1] as string);
  }
  return { words, prefixes };
}

export function scanDirs(dirs: string[]): UsedNames {
  const texts: string[] = [];
  for (const dir of dirs) for (const file of sourceFiles(dir)) texts.push(readFileSync(file, 'utf8'));
  return scanTexts(texts);
}

/** Whether a utility class may be in use (see above). */
export function isUsed(name: string, used: UsedNames): boolean {
  if (used.words.has(name)) return true;
  for (const p of used.prefixes) if (name.startsWith(p) && used.words.has(name.slice(p.length))) return true;
  return false;
}

interface Block {
  /** the text before `{` (a selector list or an at-rule's prelude), or the whole text of a statement without block */
  head: string;
  /** the text inside the braces; undefined for a statement such as `@import ...;` */
  body?: string;
}

/** Splits CSS into its top-level statements (comments dropped, strings respected). */
export function splitBlocks(css: string): Block[] {
  const blocks: Block[] = [];
  let i = 0;
  let start = 0;
  const n = css.length;
  const skipString = (q: string) => {
    i++;
    while (i < n && css[i] !== q) i += css[i] === '\\' ? 2 : 1;
    i++;
  };
  while (i < n) {
    const c = css[i];
    if (c === '/' && css[i + 1] === '*') {
      const end = css.indexOf('*/', i + 2);
      const stop = end < 0 ? n : end + 2;
      css = css.slice(0, i) + ' '.repeat(stop - i) + css.slice(stop);
      i = stop;
      continue;
    }
    if (c === '"' || c === "'") {
      skipString(c);
      continue;
    }
    if (c === ';') {
      const head = css.slice(start, i + 1).trim();
      if (head) blocks.push({ head });
      start = ++i;
      continue;
    }
    if (c === '{') {
      const head = css.slice(start, i).trim();
      let depth = 1;
      const bodyStart = ++i;
      while (i < n && depth > 0) {
        const d = css[i];
        if (d === '"' || d === "'") {
          skipString(d);
          continue;
        }
        if (d === '{') depth++;
        else if (d === '}') depth--;
        i++;
      }
      blocks.push({ head, body: css.slice(bodyStart, i - 1) });
      start = i;
      continue;
    }
    i++;
  }
  const rest = css.slice(start).trim();
  if (rest) blocks.push({ head: rest });
  return blocks;
}

/** Splits a selector list at its top-level commas. */
function selectorsOf(list: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < list.length; i++) {
    const c = list[i];
    if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth--;
    else if (c === ',' && depth === 0) {
      out.push(list.slice(start, i).trim());
      start = i + 1;
    }
  }
  out.push(list.slice(start).trim());
  return out.filter(Boolean);
}

/** The stylesheet without the rules that only name unused utility classes. */
export function purgeUtilities(css: string, utilities: ReadonlySet<string>, used: UsedNames): string {
  const dead = (selector: string) => {
    for (const m of selector.matchAll(CLASS)) {
      const name = m[1] as string;
      if (utilities.has(name) && !isUsed(name, used)) return true;
    }
    return false;
  };
  const walk = (text: string): string => {
    const out: string[] = [];
    for (const b of splitBlocks(text)) {
      if (b.body === undefined) {
        out.push(b.head);
        continue;
      }
      if (/^@(?:media|supports|container|layer)\b/.test(b.head)) {
        const inner = walk(b.body);
        if (inner.trim()) out.push(`${b.head}{${inner}}`);
        continue;
      }
      if (b.head.startsWith('@')) {
        out.push(`${b.head}{${b.body}}`);
        continue;
      }
      const kept = selectorsOf(b.head).filter((s) => !dead(s));
      if (kept.length > 0) out.push(`${kept.join(',')}{${b.body}}`);
    }
    return out.join('\n');
  };
  return walk(css);
}

/** The class names of a stylesheet (used on Bootstrap's utilities alone to know which classes are utilities). */
export function classNamesOf(css: string): Set<string> {
  const names = new Set<string>();
  const walk = (text: string) => {
    for (const b of splitBlocks(text)) {
      if (b.body === undefined) continue;
      if (b.head.startsWith('@')) {
        if (/^@(?:media|supports|container|layer)\b/.test(b.head)) walk(b.body);
        continue;
      }
      for (const m of b.head.matchAll(CLASS)) names.add(m[1] as string);
    }
  };
  walk(css);
  return names;
}

/**
 * The build plugin: `stylesheet` is the app's stylesheet (its compiled CSS is purged), `utilitiesCss()` gives the CSS
 * of Bootstrap's utility API alone (which names are utilities), `sourceDirs` are scanned for the names in use.
 */
export function cssPurge(options: {
  stylesheet: RegExp;
  utilitiesCss: () => Promise<string>;
  sourceDirs: string[];
}): Plugin {
  let utilities: Set<string> | undefined;
  return {
    name: 'amora-css-purge',
    apply: 'build',
    async transform(code, id) {
      if (!options.stylesheet.test(id.split('?')[0] as string)) return null;
      utilities ??= classNamesOf(await options.utilitiesCss());
      const used = scanDirs(options.sourceDirs);
      return { code: purgeUtilities(code, utilities, used), map: null };
    },
  };
}
