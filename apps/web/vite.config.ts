import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress.ts';

const apiTarget = process.env.PORTICO_API_URL ?? 'http://localhost:3000';
const proxied = ['/api', '/oidc', '/sandbox', '/healthz'];

export default defineConfig({
  plugins: [react(), precompress()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    port: 5173,
    proxy: Object.fromEntries(proxied.map((prefix) => [prefix, { target: apiTarget, changeOrigin: false }])),
  },
  preview: { port: 4173 },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // .vite/manifest.json: the bench sums the gzipped JS each route loads from it.
    manifest: true,
    target: 'es2022',
    sourcemap: false,
    // No preload lists: each lazy route's list of dependency chunks is shipped in the shell and grew
    // the dashboard's JS with every screen (decision 0010). The browser fetches a route chunk's static
    // imports in parallel as soon as it parses it. (No polyfill either: the CSP forbids inline scripts.)
    modulePreload: false,
    assetsInlineLimit: 0,
    rolldownOptions: {
      treeshake: {
        // packages/domain is pure (no I/O, no global effects): modules the app does not use, such as the
        // zod contracts the API validates with, are left out of the bundle.
        moduleSideEffects: [{ test: /[\\/]packages[\\/]domain[\\/]src[\\/]/, sideEffects: false }],
      },
    },
  },
});
