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
    restoreMocks: true,
    unstubGlobals: true,
  },
});
