import { defineProject } from 'vitest/config';

// Pure rules: no DOM, no I/O. TZ is pinned to a zone east of UTC with a half-hour offset so a
// formatter that confuses UTC and local time fails here rather than in a user's browser.
export default defineProject({
  test: {
    name: 'domain',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    env: { TZ: 'Asia/Kolkata' },
  },
});
