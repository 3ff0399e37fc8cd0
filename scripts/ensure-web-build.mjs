#!/usr/bin/env node
// Builds the web app when dist/web is missing or older than any source it is built from (used by `npm start`).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
// WEB_DIST_DIR (the server's setting of the same name) lets several checkouts or test runs build side by side.
const outDir = path.resolve(root, process.env.WEB_DIST_DIR || 'dist/web');
const built = path.join(outDir, 'index.html');
const sources = ['src/web', 'src/shared', 'vite.config.ts', 'package-lock.json'];

function newest(p) {
  const full = path.join(root, p);
  if (!existsSync(full)) return 0;
  const st = statSync(full);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = 0;
  for (const entry of readdirSync(full, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.endsWith('.test.ts') || entry.name.endsWith('.test.tsx'))
      continue;
    max = Math.max(max, newest(path.join(p, entry.name)));
  }
  return max;
}

const builtAt = existsSync(built) ? statSync(built).mtimeMs : 0;
const sourceAt = Math.max(...sources.map(newest));
if (builtAt >= sourceAt) process.exit(0);
console.log(
  builtAt ? '[amora] web app sources changed: rebuilding…' : '[amora] building the web app (first start)…',
);
const res = spawnSync(
  process.execPath,
  [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn', '--outDir', outDir],
  {
    cwd: root,
    stdio: 'inherit',
  },
);
process.exit(res.status ?? 1);
