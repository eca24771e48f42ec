import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from './local.ts';
import { InvalidStorageKeyError, isStorageKey } from './storage.ts';

let parent: string;
let dir: string;
beforeAll(async () => {
  parent = await mkdtemp(path.join(tmpdir(), 'portico-local-storage-'));
  dir = path.join(parent, 'files');
});
afterAll(() => rm(parent, { recursive: true, force: true }));

describe('local file storage', () => {
  it('stores bytes with their content type, reads them back, and replaces them atomically', async () => {
    const storage = createLocalStorage(dir);
    const key = 'profile-images/p-1/a1B2_c3-d4.webp';
    await storage.put(key, Buffer.from('first'), 'image/webp');
    expect(await storage.get(key)).toEqual({ bytes: Buffer.from('first'), contentType: 'image/webp' });
    await storage.put(key, Buffer.from('second'), 'image/png');
    expect(await storage.get(key)).toEqual({ bytes: Buffer.from('second'), contentType: 'image/png' });
    // No temporary file is left beside the object.
    expect(await readdir(path.join(dir, 'profile-images/p-1'))).toEqual(['a1B2_c3-d4.webp']);
    expect(existsSync(path.join(dir, key))).toBe(true);
  });

  it('answers null for a missing key, and delete removes the object (twice is fine)', async () => {
    const storage = createLocalStorage(dir);
    expect(await storage.get('nothing/here.webp')).toBeNull();
    await storage.put('x/gone.webp', Buffer.from('bye'), 'image/webp');
    await storage.delete('x/gone.webp');
    expect(await storage.get('x/gone.webp')).toBeNull();
    expect(existsSync(path.join(dir, 'x/gone.webp'))).toBe(false);
    await storage.delete('x/gone.webp');
  });

  it('refuses keys that would leave the directory or name hidden files, before touching the disk', async () => {
    const storage = createLocalStorage(dir);
    const escapes = [
      '../outside.txt',
      'a/../../outside.txt',
      '/etc/passwd',
      'a/./b',
      'a//b',
      'a\\..\\..\\outside.txt',
      '.meta/x.json',
      'x/.hidden',
      'nul\0byte',
      '',
      `${'a/'.repeat(300)}b`,
    ];
    for (const key of escapes) {
      expect(isStorageKey(key), key).toBe(false);
      await expect(storage.put(key, Buffer.from('x'), 'text/plain'), key).rejects.toBeInstanceOf(
        InvalidStorageKeyError,
      );
      await expect(storage.get(key), key).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(storage.delete(key), key).rejects.toBeInstanceOf(InvalidStorageKeyError);
    }
    expect(existsSync(path.join(parent, 'outside.txt'))).toBe(false);
  });

  it('works from a relative directory, resolved against the working directory', async () => {
    const relative = path.relative(process.cwd(), path.join(parent, 'relative'));
    const storage = createLocalStorage(relative);
    expect(storage.dir).toBe(path.join(parent, 'relative'));
    await storage.put('k.txt', Buffer.from('v'), 'text/plain');
    expect((await storage.get('k.txt'))?.bytes.toString()).toBe('v');
  });

  it('lists the objects under a prefix, never its metadata or temporary files', async () => {
    const storage = createLocalStorage(dir);
    await storage.put('listing/one/a.webp', Buffer.from('a'), 'image/webp');
    await storage.put('listing/two.pdf', Buffer.from('b'), 'application/pdf');
    await storage.put('elsewhere/c.webp', Buffer.from('c'), 'image/webp');
    const listed: string[] = [];
    for await (const object of storage.list('listing/')) {
      listed.push(object.key);
      expect(object.modifiedAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
    }
    expect(listed.sort()).toEqual(['listing/one/a.webp', 'listing/two.pdf']);
    const none: string[] = [];
    for await (const object of storage.list('nothing-here/')) none.push(object.key);
    expect(none).toEqual([]);
  });
});
