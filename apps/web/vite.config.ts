import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { devProxy } from './build/dev-proxy.ts';
import { precompress } from './build/precompress.ts';
import { screenManifest } from './build/screen-modules.ts';

const apiTarget = process.env.PORTICO_API_URL ?? 'http://localhost:3000';
/** A module that this many lazy screens (or more) import goes in the common chunk (build.rolldownOptions). */
const COMMON_CHUNK_MIN_SCREENS = 45;
/**
 * The parts of MUI's modal dialogs and of a text field or select (TextInput), each a chunk of its own
 * loaded by the screens that use them (decision 0059): more than 45 screens have one, so without
 * these groups they would go into the common chunk, and every page (the landing page and the
 * policies too) would load them.
 */
const DIALOGS = /[\\/]@mui[\\/]material[\\/](Modal|Backdrop|Fade|Portal|Unstable_TrapFocus)[\\/]/;
const INPUTS =
  /[\\/](@mui[\\/]material[\\/](InputBase|OutlinedInput|Input|FormControl|FormLabel|InputLabel|FormHelperText|NativeSelect|TextareaAutosize)[\\/]|src[\\/]lib[\\/]ui[\\/]TextInput\.tsx)/;

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
      output: {
        codeSplitting: {
          // Code that nearly every screen loads (React, MUI's core, zod, TanStack Query, the lib) in
          // one chunk with the shell instead of a few dozen small ones: each route's JavaScript, counted
          // as the bench counts it (decision 0031), is 0 to 6.4 KB gzip smaller (no route larger), in
          // fewer requests. The threshold is in screens (dynamic entries); lower ones put code in the
          // shell that some routes never use. Dialogs and fields go first into chunks of their own
          // (decision 0059); `includeDependenciesRecursively: false` leaves what they import (React,
          // emotion) where it was, so the shell does not import them.
          groups: [
            { name: 'inputs', test: INPUTS, priority: 2, includeDependenciesRecursively: false },
            { name: 'dialogs', test: DIALOGS, priority: 2, includeDependenciesRecursively: false },
            { name: 'common', minShareCount: COMMON_CHUNK_MIN_SCREENS, priority: 1 },
          ],
        },
      },
      treeshake: {
        // packages/domain is pure (no I/O, no global effects): the modules the app does not use are left
        // out of the bundle.
        moduleSideEffects: [{ test: /[\\/]packages[\\/]domain[\\/]src[\\/]/, sideEffects: false }],
      },
    },
  },
});
