import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { iconSubset } from './scripts/icon-subset';
import { precompressAssets } from './scripts/precompress-assets';
import { serviceWorker } from './scripts/service-worker';

const apiPort = Number(process.env.API_PORT ?? 3001);

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
