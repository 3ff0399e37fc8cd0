import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { cssPurge } from './scripts/css-purge';
import { iconSubset } from './scripts/icon-subset';
import { precompressAssets } from './scripts/precompress-assets';
import { serviceWorker } from './scripts/service-worker';

const apiPort = Number(process.env.API_PORT ?? 3001);

/** The CSS of Bootstrap's utility API alone, with the app's theme: which class names are utilities (css-purge). */
async function bootstrapUtilitiesCss(): Promise<string> {
  const sass = await import('sass-embedded');
  const styles = path.resolve(import.meta.dirname, 'src/web/styles');
  const parts = ['functions', 'variables', 'variables-dark', 'maps', 'mixins', 'utilities', 'utilities/api'];
  const source = ['@import "theme";', ...parts.map((p) => `@import "bootstrap/scss/${p}";`)].join('\n');
  const result = await sass.compileStringAsync(source, {
    loadPaths: [styles, path.resolve(import.meta.dirname, 'node_modules')],
    quietDeps: true,
    silenceDeprecations: ['import', 'global-builtin', 'color-functions', 'if-function'],
    logger: sass.Logger.silent,
  });
  return result.css;
}

export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  // Bootstrap Icons: only the rules of the icons the sources name (scripts/icon-subset.ts).
  plugins: [
    react(),
    iconSubset(
      ['src/web', 'src/shared', 'src/server/modules', 'src/server/demo'].map((d) =>
        path.resolve(import.meta.dirname, d),
      ),
    ),
    // Bootstrap's utility classes that nothing names left out of the app's stylesheet (scripts/css-purge.ts).
    cssPurge({
      stylesheet: /[\\/]src[\\/]web[\\/]styles[\\/]main\.scss$/,
      utilitiesCss: bootstrapUtilitiesCss,
      sourceDirs: [
        ...['src/web', 'src/shared', 'src/server', 'scripts'],
        ...['node_modules/react-bootstrap/esm', 'node_modules/@restart/ui/esm'],
      ].map((d) => path.resolve(import.meta.dirname, d)),
    }),
    // The service worker /sw.js and the offline page (scripts/service-worker.ts).
    serviceWorker(),
    precompressAssets(),
  ],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    sourcemap: true,
    // .vite/manifest.json: which chunks and CSS each page loads, for the size budgets (npm run size).
    manifest: true,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        // zod in a chunk of its own, loaded with the screens that build schemas. Jitless (no eval probe: a CSP
        // violation, script-src has no 'unsafe-eval') is set by lib/zod-jitless.ts, first in main.tsx, on the
        // global config object zod takes over when it loads.
        codeSplitting: {
          groups: [
            { name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]/ },
            // The phone metadata (direct debit's mobile check) in a chunk of its own, cached apart from the screen.
            { name: 'phone', test: /[\\/]node_modules[\\/]libphonenumber-js[\\/]/ },
          ],
        },
      },
    },
  },
  css: {
    preprocessorOptions: {
      scss: {
        quietDeps: true,
        silenceDeprecations: ['import', 'global-builtin', 'color-functions', 'if-function'],
      },
    },
  },
  server: {
    port: 3000,
    proxy: {
      '/api': { target: `http://127.0.0.1:${apiPort}`, ws: true },
      '/media': `http://127.0.0.1:${apiPort}`,
    },
  },
});
