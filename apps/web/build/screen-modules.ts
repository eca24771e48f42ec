import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/** Where the build writes the screen map, beside Vite's manifest (dist/.vite/). */
export const SCREENS_FILE = '.vite/screens.json';

/**
 * A screen as features declare them in features/<name>/index.ts:
 * `'wallet.my-wallet': screen(() => import('./pages/WalletPage'))` (optionally `.then(...)` after
 * it, and the prefetch of its first data as a second argument).
 */
const SCREEN = /'([a-z][a-z-]*\.[a-z][a-z-]*)'\s*:\s*screen\(\s*\(\)\s*=>\s*import\(\s*'([^']+)'\s*\)/g;

/**
 * Each screen id of the features under `srcDir/features` -> the module of its page, as a path
 * relative to the app's root (the key of its chunk in Vite's manifest, e.g.
 * 'src/features/wallet/pages/WalletPage.tsx'). The bench reads it to count each route's chunks.
 */
export function screenModules(rootDir: string, srcDir = path.join(rootDir, 'src')): Record<string, string> {
  const featuresDir = path.join(srcDir, 'features');
  const screens: Record<string, string> = {};
  for (const entry of readdirSync(featuresDir, { withFileTypes: true })) {
    const index = path.join(featuresDir, entry.name, 'index.ts');
    if (!entry.isDirectory() || !existsSync(index)) continue;
    for (const [, id, specifier] of readFileSync(index, 'utf8').matchAll(SCREEN)) {
      if (!id || !specifier) continue;
      const base = path.resolve(path.dirname(index), specifier);
      const file = ['.tsx', '.ts', '']
        .map((ext) => `${base}${ext}`)
        .find((candidate) => existsSync(candidate));
      if (!file) throw new Error(`${index}: the screen '${id}' imports '${specifier}', which does not exist`);
      screens[id] = path.relative(rootDir, file).split(path.sep).join('/');
    }
  }
  return screens;
}

/** Writes dist/.vite/screens.json (screen id -> page module) next to the manifest. */
export function screenManifest(): Plugin {
  let root = process.cwd();
  return {
    name: 'portico-screen-manifest',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: SCREENS_FILE,
        source: `${JSON.stringify(screenModules(root), null, 2)}\n`,
      });
    },
  };
}
