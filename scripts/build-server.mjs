#!/usr/bin/env node
// Compiles the API server into dist/server/main.js (one ESM file; packages stay in node_modules), for the container
// image and any deployment that should not compile TypeScript at start-up (`npm run build:server`, then
// `node dist/server/main.js`). The files the server reads at run time go beside it, at the same relative places as
// in src/: its texts (server/i18n/locales, shared/i18n) and the migrations (server/db/migrations).
import { cp, rm } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const src = path.join(root, 'src');
const out = path.join(root, 'dist');
const serverOut = path.join(out, 'server');

/**
 * A bundled module's `import.meta.url` would be the bundle's; the modules that find files next to themselves get the
 * URL their own compiled file would have in dist/ instead (src/server/i18n/translate.ts → dist/server/i18n/translate.js).
 */
const ownUrl = {
  name: 'own-import-meta-url',
  setup(b) {
    b.onLoad({ filter: /[\\/]src[\\/].*\.ts$/ }, async (args) => {
      const { readFile } = await import('node:fs/promises');
      let contents = await readFile(args.path, 'utf8');
      if (contents.includes('import.meta.url')) {
        const rel = path
          .relative(path.join(src, 'server'), args.path)
          .replace(/\.ts$/, '.js')
          .split(path.sep)
          .join('/');
        const spec = rel.startsWith('.') ? rel : `./${rel}`;
        contents = contents.replaceAll(
          'import.meta.url',
          `new URL(${JSON.stringify(spec)}, import.meta.url).href`,
        );
      }
      return { contents, loader: 'ts' };
    });
  },
};

await rm(serverOut, { recursive: true, force: true });
await rm(path.join(out, 'shared'), { recursive: true, force: true });
await build({
  entryPoints: [path.join(src, 'server/main.ts')],
  outfile: path.join(serverOut, 'main.js'),
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [ownUrl],
});
await cp(path.join(src, 'server/i18n/locales'), path.join(serverOut, 'i18n/locales'), { recursive: true });
await cp(path.join(src, 'shared/i18n'), path.join(out, 'shared/i18n'), { recursive: true });
await cp(path.join(src, 'server/db/migrations'), path.join(serverOut, 'db/migrations'), { recursive: true });
// The face model's worker thread is plain JavaScript, started by file from beside face-analyzer (modules/verification).
await cp(
  path.join(src, 'server/modules/verification/face-worker.mjs'),
  path.join(serverOut, 'modules/verification/face-worker.mjs'),
);
console.log('server compiled into dist/server/main.js');
