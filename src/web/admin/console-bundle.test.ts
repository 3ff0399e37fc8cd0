import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The console stays out of the member bundle, and the member app stays out of the console: walks the static
 * imports (not `import()`, which makes a chunk of its own) from each entry, as the bundler does.
 */
const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const adminRoot = path.join(webRoot, 'admin');

function resolve(from: string, spec: string): string | undefined {
  if (!spec.startsWith('.')) return undefined; // a package
  const base = path.resolve(path.dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
    if (existsSync(candidate) && /\.(ts|tsx|json|scss|css)$/.test(candidate)) return candidate;
  }
  return undefined;
}

function staticGraph(entry: string): Set<string> {
  const seen = new Set<string>();
  const queue = [entry];
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    if (!/\.(ts|tsx)$/.test(file)) continue;
    const source = readFileSync(file, 'utf8');
    // `import x from '…'`, `import '…'`, `export … from '…'` (type-only imports vanish in the build)
    for (const m of source.matchAll(
      /^\s*(import|export)\s+(?!type\s)(?:[^'"]*?\sfrom\s+)?['"]([^'"]+)['"]/gm,
    )) {
      const target = resolve(file, m[2]!);
      if (target) queue.push(target);
    }
  }
  return seen;
}

const rel = (files: Iterable<string>) => [...files].map((f) => path.relative(webRoot, f));

describe('console bundle', () => {
  it('the member entry imports no console code or texts statically', () => {
    const member = staticGraph(path.join(webRoot, 'main.tsx'));
    expect(member.size).toBeGreaterThan(10);
    expect(rel(member).filter((f) => f.startsWith('admin/'))).toEqual([]);
  });

  it('the console imports no member screens, features, layouts or texts', () => {
    const console = staticGraph(path.join(adminRoot, 'AdminApp.tsx'));
    expect(rel(console)).toContain('admin/sections.tsx');
    const member = rel(console).filter(
      (f) =>
        !f.startsWith('admin/') &&
        !f.startsWith('lib/') &&
        !f.startsWith('components/ui/') &&
        !f.startsWith('../'),
    );
    expect(member).toEqual([]);
  });
});
