import path from 'node:path';
import { Eta } from 'eta';
import { packageDir } from './package-paths.ts';

/**
 * A folder of templates beside its code, named by its path under apps/api/src and read from the API
 * package's source tree, whether the API runs from its sources or bundled into dist/main.js.
 */
export const templatesFolder = (pathInSrc: string) => path.join(packageDir('@portico/api'), 'src', pathInSrc);

/**
 * Server-rendered HTML: Eta templates (`*.eta`) with every `<%= value %>` HTML-escaped; `<%~ %>`
 * (raw) is only for markup another template or a trusted library produced. Compiled once, cached.
 */
export const htmlTemplates = (views: string) => new Eta({ views, cache: true, autoEscape: true });

/** Plain-text templates (mail bodies): nothing is escaped, the output is not HTML. */
export const textTemplates = (views: string) => new Eta({ views, cache: true, autoEscape: false });
