import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { devProxy } from './build/dev-proxy.ts';
import { precompress } from './build/precompress.ts';
import { screenManifest } from './build/screen-modules.ts';

const apiTarget = process.env.PORTICO_API_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), precompress(), screenManifest()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    port: 5173,
    proxy: devProxy(apiTarget),
  },
  preview: { port: 4173 },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // .vite/manifest.json (and .vite/screens.json, screenManifest): the bench sums the gzipped JS each
    // route loads from them.
    manifest: true,
    target: 'es2022',
    sourcemap: false,
    // Preload lists on (decision 0018, superseding 0010): a screen's chunk and the chunks it imports
    // are fetched in parallel, not one round trip after another. Every browser the portal supports
    // has <link rel=modulepreload>, so no polyfill.
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
    rolldownOptions: {
      treeshake: {
        // packages/domain is pure (no I/O, no global effects): the modules the app does not use are left
        // out of the bundle.
        moduleSideEffects: [{ test: /[\\/]packages[\\/]domain[\\/]src[\\/]/, sideEffects: false }],
      },
    },
  },
});
