import { defineProject } from 'vitest/config';

// Pure rules: no DOM, no I/O. TZ is pinned to a zone east of UTC with a half-hour offset so a
// formatter that confuses UTC and local time fails here rather than in a user's browser.
export default defineProject({
  test: {
    name: 'domain',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    env: { TZ: 'Asia/Kolkata' },
    // Vitest's default in a run is one worker less than the cores (one on CI's 2 cores).
    maxWorkers: 2,
  },
});
