import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The pages' Content-Security-Policy allows no inline styles (style-src 'self'): static styles are classes of
 * main.scss. React's style props would still work (React sets them through the CSSOM), so this keeps the convention
 * that the browser tests (e2e/csp.spec.ts) cannot see; a dynamic value goes through components/ui/ProgressBar's way.
 */
const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'public' ? [] : sources(full);
    return /\.(tsx|html)$/.test(entry.name) && !/\.test\.tsx$/.test(entry.name) ? [full] : [];
  });
}

describe('web sources', () => {
  it('use no style attributes or props, and no <style> elements', () => {
    const offenders = sources(webRoot).flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .map((line, i) => ({ line, at: `${path.relative(webRoot, file)}:${i + 1}` }))
        .filter(({ line }) => /(?<![\w-])style=|<style[\s>]/.test(line))
        .map(({ at, line }) => `${at}: ${line.trim()}`),
    );
    expect(offenders).toEqual([]);
  });
});
