import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * Bootstrap Icons' stylesheet has a rule for each of its ~2,000 icons (about 13 kB of gzip in the first page's CSS);
 * the app uses a few hundred at most. This build plugin keeps the font face, the shared `.bi` rule and the rules of
 * the icons named anywhere in the sources: as `bi-<name>` or as a string that is exactly an icon name (icons chosen
 * in data: interests' icons, the fictional-profile mark, section icons, `bi-${icon}` in components). Taking a
 * few common words too ('list', 'check') costs a few bytes; missing one would show an empty square, so the scan is
 * wide: every .ts/.tsx/.json file under the source folders.
 */
const ICONS_CSS = /[\\/]bootstrap-icons[\\/]font[\\/]bootstrap-icons(?:\.min)?\.css$/;
const ICON_RULE = /^\.bi-([a-z0-9-]+)::?before\s*\{[^}]*\}\s*$/;

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules') yield* sourceFiles(full);
    } else if (/\.(?:tsx?|json)$/.test(entry.name)) yield full;
  }
}

/** Every icon name the sources mention (see above). */
export function usedIconNames(sourceDirs: string[], known: ReadonlySet<string>): Set<string> {
  const used = new Set<string>();
  for (const dir of sourceDirs) {
    for (const file of sourceFiles(dir)) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/\bbi-([a-z0-9]+(?:-[a-z0-9]+)*)/g)) {
        if (known.has(m[1] as string)) used.add(m[1] as string);
      }
      for (const m of text.matchAll(/['"`]([a-z0-9]+(?:-[a-z0-9]+)*)['"`]/g)) {
        if (known.has(m[1] as string)) used.add(m[1] as string);
      }
    }
  }
  return used;
}

/** The stylesheet without the rules of icons not in `used` (everything else kept as it is). */
export function subsetIconCss(css: string, used: ReadonlySet<string>): string {
  return css
    .split('\n')
    .filter((line) => {
      const m = ICON_RULE.exec(line);
      return !m || used.has(m[1] as string);
    })
    .join('\n');
}

/** The names of all icons of the stylesheet. */
export function iconNamesOf(css: string): Set<string> {
  const names = new Set<string>();
  for (const line of css.split('\n')) {
    const m = ICON_RULE.exec(line);
    if (m) names.add(m[1] as string);
  }
  return names;
}

export function iconSubset(sourceDirs: string[]): Plugin {
  return {
    name: 'amora-icon-subset',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!ICONS_CSS.test(id.split('?')[0] as string)) return null;
      for (const dir of sourceDirs) this.addWatchFile(dir);
      return { code: subsetIconCss(code, usedIconNames(sourceDirs, iconNamesOf(code))), map: null };
    },
  };
}
