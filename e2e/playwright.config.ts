import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3100);
export const baseURL = `http://localhost:${port}`;

/**
 * Debian's headless shell when it is installed (`apt-get install -y chromium-headless-shell`): the same
 * Blink without the browser's UI, about a fifth less CPU per journey on 2 cores. Debian's full
 * Chromium otherwise; CHROMIUM_PATH chooses (the full one for `--headed`).
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const chromiumPath =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

/** Journeys run in Debian's Chromium against the real stack (API + built SPA + PGlite or PostgreSQL). */
export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  fullyParallel: true,
  workers: process.env.CI ? 2 : 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    ...devices['Desktop Chrome'],
    baseURL,
    // Tracing doubles the run time on 2 cores: record on the CI retry, or always with E2E_TRACE=1.
    trace: process.env.E2E_TRACE ? 'on' : 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
        // Outbound network is blocked: only the stack on localhost answers.
        '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1',
      ],
    },
  },
  projects: [
    // Signs every role in once for the journeys that start signed in.
    { name: 'setup', testMatch: /.*\.setup\.ts/ },
    // Each role's journey signs in through the page itself: it needs no setup and runs alongside.
    { name: 'roles', testMatch: /(roles|accounts)\.spec\.ts/ },
    {
      name: 'signed-in',
      testIgnore: [/.*\.setup\.ts/, /(roles|accounts)\.spec\.ts/],
      dependencies: ['setup'],
    },
  ],
  webServer: {
    command: 'npx tsx support/start-stack.ts',
    url: `${baseURL}/readyz`,
    timeout: 300_000,
    reuseExistingServer: !process.env.CI,
    stdout: 'ignore',
    stderr: 'pipe',
    // SIGTERM (not the default SIGKILL) so start-stack removes its temporary database.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    env: { E2E_PORT: String(port) },
  },
});
