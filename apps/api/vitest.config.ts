import { defineProject } from 'vitest/config';

// API integration tests: each file builds the real app on its own freshly migrated database,
// cloned from a template prepared once by the global setup (PGlite dump, or PostgreSQL
// `CREATE DATABASE ... TEMPLATE` when TEST_DATABASE_URL is set).
export default defineProject({
  test: {
    name: 'api',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['./test/global-setup.ts'],
    pool: 'forks',
    // Files are dominated by database and crypto work, not imports: two workers even on two cores.
    maxWorkers: 2,
    // Reuse each worker's module cache across files (fastify, oidc-provider, PGlite load once per
    // worker): every file builds its own app and database, so nothing is shared through modules.
    // A test that needs module mocks (vi.mock) must opt back into isolation.
    isolate: false,
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // No test may reach the internet; the identity provider and sandbox run in-process.
    env: { NODE_ENV: 'test' },
  },
});
