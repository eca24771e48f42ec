import { createLocalStorage } from './local.ts';
import { createS3Storage } from './s3.ts';
import type { StorageSettings } from './settings.ts';
import { isStorageKey, type Storage } from './storage.ts';

export type { StorageSettings } from './settings.ts';
export { isStorageKey, type Storage, type StoredFile } from './storage.ts';

/** Where stored files are served: `/api/v1/files/<key>`. */
export const FILES_URL_PREFIX = '/api/v1/files';

/** The URL path (same origin) a stored object is served at; what the database keeps. */
export function fileUrlOf(key: string): string {
  return `${FILES_URL_PREFIX}/${key}`;
}

/** The key of a stored object from its URL path, or null for anything else (a data: URI, say). */
export function fileKeyOf(url: string): string | null {
  if (!url.startsWith(`${FILES_URL_PREFIX}/`)) return null;
  const key = url.slice(FILES_URL_PREFIX.length + 1);
  return isStorageKey(key) ? key : null;
}

/** The store the configuration names (config.storage, parsed from STORAGE_URL). */
export function createStorage(settings: StorageSettings): Storage {
  return settings.kind === 's3' ? createS3Storage(settings) : createLocalStorage(settings.dir);
}
