import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);

/**
 * The directory of a workspace package, found through module resolution rather than this file's own
 * location: the same answer whether the API runs from its TypeScript sources or from the bundle in
 * apps/api/dist (where every module shares one file). Files that are not code (migrations, page
 * assets, the built web app) are found from here.
 */
export function packageDir(name: '@portico/api' | '@portico/sandbox'): string {
  return path.dirname(require.resolve(`${name}/package.json`));
}
