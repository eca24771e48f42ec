import { configDefaults, defineProject } from 'vitest/config';
import { MODULE_MOCKING_TESTS } from './build/module-mocking-tests.ts';
import web from './vitest.config.ts';

/** The screen tests that replace a module (`vi.mock`), each file in a fresh worker context. */
export default defineProject({
  ...web,
  test: {
    ...web.test,
    name: 'web-isolated',
    include: MODULE_MOCKING_TESTS,
    exclude: configDefaults.exclude,
    isolate: true,
  },
});
