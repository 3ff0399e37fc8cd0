import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { iconNamesOf, subsetIconCss, usedIconNames } from './icon-subset';

const require = createRequire(import.meta.url);
const css = readFileSync(require.resolve('bootstrap-icons/font/bootstrap-icons.css'), 'utf8');
const root = path.resolve(import.meta.dirname, '..');
const dirs = ['src/web', 'src/shared', 'src/server/modules', 'src/server/demo'].map((d) =>
  path.join(root, d),
);

describe('bootstrap icons subset', () => {
  const known = iconNamesOf(css);
  const used = usedIconNames(dirs, known);
  const subset = subsetIconCss(css, used);

  it('keeps the font face, the shared rule and exactly the used icons', () => {
    expect(known.size).toBeGreaterThan(1500);
    expect(subset).toContain('@font-face');
    expect(subset).toContain('font-family: bootstrap-icons !important;');
    expect(iconNamesOf(subset)).toEqual(used);
    expect(subset.length).toBeLessThan(css.length / 3);
  });

  it('finds icons named as bi-<name>, in data (interests, fictional mark) and in bi-${name} templates', () => {
    for (const name of ['x-lg', 'heart-fill', 'emoji-kiss', 'robot', 'check-circle-fill', 'eye-slash']) {
      expect(used.has(name), name).toBe(true);
    }
    expect(used.has('alarm-fill')).toBe(false);
  });

  it('drops an icon rule only when its name is unused', () => {
    const sample =
      '.bi::before { x }\n.bi-alarm::before { content: "\\f102"; }\n.bi-app::before { content: "\\f10b"; }';
    expect(subsetIconCss(sample, new Set(['app']))).toBe(
      '.bi::before { x }\n.bi-app::before { content: "\\f10b"; }',
    );
  });
});
