import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  assertStorageKey,
  InvalidStorageKeyError,
  isStorageKey,
  type Storage,
  type StoredObject,
} from './storage.ts';

/** Beside the objects: `<dir>/.meta/<key>.json` holds each object's content type (no key starts with '.'). */
const META_DIR = '.meta';
const FALLBACK_CONTENT_TYPE = 'application/octet-stream';

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * Writes a file so that readers see the old content or the new, never a part: a temporary file in
 * the same directory (so the rename stays on one file system), flushed, then renamed over the target.
 */
async function writeAtomically(target: string, bytes: Uint8Array): Promise<void> {
  await mkdir(path.dirname(target), { recursive: true });
  const temporary = path.join(
    path.dirname(target),
    `.${path.basename(target)}.${randomBytes(6).toString('hex')}.tmp`,
  );
  try {
    const handle = await open(temporary, 'wx', 0o644);
    try {
      await handle.writeFile(bytes);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temporary, target);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

/**
 * Files in a directory (STORAGE_URL unset -> `$DATA_DIR/files`, or `file://DIR`). Keys map to paths
 * under the directory; one that would resolve outside it is refused before any file is touched.
 */
export function createLocalStorage(dir: string): Storage & { readonly dir: string } {
  const root = path.resolve(dir);
  const pathOf = (base: string, key: string, suffix = '') => {
    assertStorageKey(key);
    const full = path.resolve(base, `${key}${suffix}`);
    if (!full.startsWith(`${base}${path.sep}`)) throw new InvalidStorageKeyError(key);
    return full;
  };
  const dataPath = (key: string) => pathOf(root, key);
  const metaPath = (key: string) => pathOf(path.join(root, META_DIR), key, '.json');

  return {
    kind: 'file',
    dir: root,
    async put(key, bytes, contentType) {
      const data = dataPath(key);
      const meta = metaPath(key);
      // The content type first: once the object is visible, its type is there too.
      await writeAtomically(meta, Buffer.from(JSON.stringify({ contentType })));
      await writeAtomically(data, bytes);
    },
    async get(key) {
      let bytes: Buffer;
      try {
        bytes = await readFile(dataPath(key));
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
      let contentType = FALLBACK_CONTENT_TYPE;
      try {
        const meta = JSON.parse(await readFile(metaPath(key), 'utf8')) as { contentType?: unknown };
        if (typeof meta.contentType === 'string') contentType = meta.contentType;
      } catch (error) {
        // An object without readable metadata is still served, as bytes of no particular type.
        if (!isMissing(error) && !(error instanceof SyntaxError)) throw error;
      }
      return { bytes, contentType };
    },
    async putStream(key, body, contentType) {
      const data = dataPath(key);
      await writeAtomically(metaPath(key), Buffer.from(JSON.stringify({ contentType })));
      await mkdir(path.dirname(data), { recursive: true });
      const temporary = path.join(
        path.dirname(data),
        `.${path.basename(data)}.${randomBytes(6).toString('hex')}.tmp`,
      );
      let bytes = 0;
      try {
        await pipeline(
          Readable.from(body),
          async function* (source: AsyncIterable<Uint8Array>) {
            for await (const chunk of source) {
              bytes += chunk.byteLength;
              yield chunk;
            }
          },
          createWriteStream(temporary, { flags: 'wx', mode: 0o644 }),
        );
        await rename(temporary, data);
        return bytes;
      } catch (error) {
        await rm(temporary, { force: true });
        await rm(metaPath(key), { force: true });
        throw error;
      }
    },
    async getStream(key) {
      const data = dataPath(key);
      try {
        await stat(data);
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
      return createReadStream(data);
    },
    async delete(key) {
      await rm(dataPath(key), { force: true });
      await rm(metaPath(key), { force: true });
    },
    async *list(prefix) {
      yield* walk(root, '', prefix);
    },
  };
}

/** The objects under `dir` (relative key `base`), skipping the metadata folder and temporary files. */
async function* walk(dir: string, base: string, prefix: string): AsyncGenerator<StoredObject> {
  let entries: import('node:fs').Dirent[];
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (error) {
    if (isMissing(error)) return;
    throw error;
  }
  for (const entry of entries) {
    const key = base ? `${base}/${entry.name}` : entry.name;
    // Only keys of ours: no '.meta', no temporary '.x.tmp' files, nothing a key could not name.
    if (!isStorageKey(key)) continue;
    if (!(prefix.startsWith(`${key}/`) || key.startsWith(prefix) || prefix === '')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full, key, prefix);
    else if (entry.isFile() && key.startsWith(prefix)) yield { key, modifiedAt: (await stat(full)).mtime };
  }
}
