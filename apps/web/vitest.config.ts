import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { configDefaults, defineProject } from 'vitest/config';
import { MODULE_MOCKING_TESTS } from './build/module-mocking-tests.ts';

export default defineProject({
  plugins: [react()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    // Those that replace a module run isolated (vitest.isolated.config.ts).
    exclude: [...configDefaults.exclude, ...MODULE_MOCKING_TESTS],
    setupFiles: ['./src/test/setup.ts'],
    // Each worker keeps its jsdom and module cache from file to file (MUI, React and the screens load
    // once per worker, not once per file: half the step's time). What a file leaves behind is reset
    // after each test by the setup file (DOM, cookies, storage, the app's query cache), and globals
    // and mocks are restored below.
    isolate: false,
    // Screen tests type with user-event into lazily loaded pages: on a busy 2-core machine one can take
    // longer than vitest's default 5 s. A limit on a hung test, not an assertion on time.
    testTimeout: 20_000,
    // Vitest's default in a run is one worker less than the cores: one worker on CI's 2 cores. Screen
    // tests are CPU work in jsdom, so both cores halve the unit step.
    maxWorkers: 2,
    restoreMocks: true,
    unstubGlobals: true,
  },
});
