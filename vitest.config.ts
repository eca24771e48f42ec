import { defineConfig } from 'vitest/config';

// One runner, four projects: pure domain rules, web units (jsdom; those that replace a module run
// isolated), API integration (real database per file).
export default defineConfig({
  test: {
    projects: ['packages/domain', 'apps/web', 'apps/web/vitest.isolated.config.ts', 'apps/api'],
  },
});
