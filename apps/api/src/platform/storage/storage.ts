import type { Readable } from 'node:stream';

/** A stored object: its bytes and the content type it was stored with. */
export interface StoredFile {
  bytes: Buffer;
  contentType: string;
}

/**
 * Where uploaded files live: a directory (STORAGE_URL unset or file://) or an S3-compatible bucket
 * (s3://). Keys are chosen by the server (see isStorageKey), never taken from a request as a path.
 */
export interface Storage {
  readonly kind: 'file' | 's3';
  /** Stores bytes under key, replacing any object there. */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The object under key, or null when there is none. */
  get(key: string): Promise<StoredFile | null>;
  /**
   * Stores a stream under key without holding it whole in memory (large uploads: audience files);
   * answers the bytes written. Nothing is left under key when the stream fails.
   */
  putStream(key: string, body: AsyncIterable<Uint8Array>, contentType: string): Promise<number>;
  /** The object under key as a stream, or null when there is none. */
  getStream(key: string): Promise<Readable | null>;
  /** Removes the object under key; a missing object is not an error. */
  delete(key: string): Promise<void>;
  /** Every object whose key starts with `prefix`, with when it was last written (the orphan sweep). */
  list(prefix: string): AsyncIterable<StoredObject>;
}

/** An object as a listing names it. */
export interface StoredObject {
  key: string;
  modifiedAt: Date;
}

/** A key that is not one of ours (empty, absolute, `..`, hidden segments, odd characters). */
export class InvalidStorageKeyError extends Error {
  constructor(key: string) {
    super(`Invalid storage key: ${JSON.stringify(key.slice(0, 100))}`);
    this.name = 'InvalidStorageKeyError';
  }
}

/** The store answered with something other than success (an S3 error code, say). */
export class StorageError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'StorageError';
  }
}

const MAX_KEY_LENGTH = 512;
// A segment starts with a letter, digit, '-' or '_': so no '.', '..', hidden files, or the local
// store's own '.meta' and temporary files can ever be named by a key.
const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}$/;

/** True for `segment/segment/...` keys of safe characters: the same keys on disk, in S3 and in URLs. */
export function isStorageKey(key: string): boolean {
  return key.length > 0 && key.length <= MAX_KEY_LENGTH && key.split('/').every((s) => SEGMENT.test(s));
}

export function assertStorageKey(key: string): void {
  if (!isStorageKey(key)) throw new InvalidStorageKeyError(key);
}
