import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SCREEN_IDS } from '@portico/domain';
import { describe, expect, it } from 'vitest';
import { SCREENS } from '../src/app/screens.ts';
import { screenModules } from './screen-modules.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

describe('the screen map the build writes for the bench', () => {
  it('when read from the features then it has exactly the screens the router has', () => {
    const modules = screenModules(root);
    expect(Object.keys(modules).sort()).toEqual([...SCREENS.keys()].sort());
    expect(Object.keys(modules).sort()).toEqual([...SCREEN_IDS].sort());
  });

  it('names each page by its path from the app root, as the Vite manifest keys it', () => {
    const modules = screenModules(root);
    expect(modules['wallet.my-wallet']).toBe('src/features/wallet/pages/WalletPage.tsx');
    expect(modules['legal.terms']).toBe('src/features/legal/pages/PolicyPage.tsx');
    for (const file of Object.values(modules)) expect(existsSync(path.join(root, file)), file).toBe(true);
  });
});
