/**
 * The API's production build: src/main.ts and the workspace packages it imports (@portico/domain,
 * @portico/sandbox, all TypeScript) bundled by esbuild into dist/main.js (and each worker thread's entry
 * next to it). Every other package stays an
 * import resolved from node_modules at run time, so `npm ci --omit=dev` plus dist/ runs the product;
 * dist/externals.json lists them (a test checks each is a runtime dependency). Files that are not code
 * (migrations, page assets) are read from the package directories (src/platform/package-paths.ts).
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const builtins = new Set(builtinModules);

/** A bare import's package name: 'pg', '@fastify/cookie', 'drizzle-orm' of 'drizzle-orm/pg-core'. */
export function packageNameOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier);
}

/** Workspace packages are bundled (their sources are TypeScript); every other bare import stays external. */
function externalPackages(found: Set<string>): Plugin {
  return {
    name: 'portico-externals',
    setup(context) {
      context.onResolve({ filter: /^[^./]/ }, (args) => {
        if (args.path.startsWith('@portico/')) return undefined;
        const name = args.path.startsWith('node:') ? args.path : packageNameOf(args.path);
        if (!name.startsWith('node:') && !builtins.has(name)) found.add(name);
        return { path: args.path, external: true };
      });
    },
  };
}

/** Builds into `outdir` (default apps/api/dist; it must stay inside apps/api so node_modules resolve). */
export async function buildApi(outdir = path.join(root, 'dist')): Promise<{ externals: string[] }> {
  await rm(outdir, { recursive: true, force: true });
  await mkdir(outdir, { recursive: true });
  const found = new Set<string>();
  await build({
    // Worker threads' entries sit next to main.js: the export worker (platform/export/worker-pool.ts)
    // and the audience check's (audience-check.thread.ts finds its worker there).
    entryPoints: {
      main: path.join(root, 'src/main.ts'),
      // npm run backup / restore (docs/OPERATIONS.md).
      backup: path.join(root, 'src/backup.ts'),
      'export-worker': path.join(root, 'src/platform/export/export-worker.ts'),
      'audience-check.worker': path.join(root, 'src/modules/audiences/audience-check.worker.ts'),
    },
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    legalComments: 'none',
    logLevel: 'warning',
    plugins: [externalPackages(found)],
  });
  const externals = [...found].sort();
  await writeFile(path.join(outdir, 'externals.json'), `${JSON.stringify(externals, null, 2)}\n`);
  return { externals };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  buildApi()
    .then(({ externals }) =>
      process.stdout.write(`apps/api/dist/main.js built (${externals.length} runtime packages external)\n`),
    )
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
