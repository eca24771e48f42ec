import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { MODULE_MOCKING_TESTS } from './module-mocking-tests.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function testFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(relative);
    return /\.test\.tsx?$/.test(entry.name) ? [relative] : [];
  });
}

describe('test isolation', () => {
  it('when a screen test replaces a module with vi.mock then it runs in the isolated project', () => {
    const mocking = testFiles('src').filter((file) =>
      /\bvi\.mock\(/.test(readFileSync(path.join(root, file), 'utf8')),
    );
    expect(mocking.sort()).toEqual([...MODULE_MOCKING_TESTS].sort());
  });
});
