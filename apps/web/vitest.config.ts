import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    setupFiles: ['./src/test/setup.ts'],
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
