/**
 * Screen tests that replace a module with `vi.mock`: they run in a project of their own, isolated
 * (vitest.isolated.config.ts), since a worker shared with other files may have loaded the real module
 * first. `test-isolation.test.ts` keeps this list equal to the files that call `vi.mock`.
 */
export const MODULE_MOCKING_TESTS = [
  'src/features/bot-testing/console-price.test.tsx',
  'src/lib/audiences/UploadPanel.test.tsx',
];
