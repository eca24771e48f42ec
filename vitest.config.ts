import { defineConfig } from 'vitest/config';

// One runner, three projects: pure domain rules, web units (jsdom), API integration (real database per file).
export default defineConfig({
  test: {
    projects: ['packages/domain', 'apps/web', 'apps/api'],
  },
});
