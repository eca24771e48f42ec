import { type Dispatcher, request as undiciRequest } from 'undici';
import { type AwsCredentials, sha256Hex, signV4, uriEncode } from './sigv4.ts';
import { assertStorageKey, type Storage, StorageError } from './storage.ts';

export interface S3StorageOptions {
  /** The service's base URL, e.g. `https://s3.eu-west-1.amazonaws.com` or `http://minio:9000`. */
  endpoint: string;
  bucket: string;
  /** Prepended to every key: '' or ending in '/'. */
  prefix: string;
  region: string;
  credentials: AwsCredentials;
  /** Time-out of each attempt (headers, then body). */
  timeoutMs?: number;
  /** Attempts per call on 5xx and connection errors (every call here is idempotent). */
  maxAttempts?: number;
  dispatcher?: Dispatcher;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** S3's `<Error><Code>NoSuchKey</Code>...` -> `NoSuchKey` (empty when the body says nothing useful). */
function errorCodeOf(body: string): string {
  return /<Code>([^<]{1,100})<\/Code>/.exec(body)?.[1] ?? '';
}

/**
 * An S3-compatible bucket over plain HTTP: PUT, GET and DELETE Object, signed with SigV4, with
 * path-style addressing (`{endpoint}/{bucket}/{key}`) so MinIO, Ceph, R2 and the like work as well
 * as AWS. No SDK: three calls do not justify one (decision 0011).
 */
export function createS3Storage(options: S3StorageOptions): Storage {
  const endpoint = new URL(options.endpoint);
  const basePath = endpoint.pathname.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 30_000;
  const maxAttempts = options.maxAttempts ?? 3;

  const objectPath = (key: string) => {
    assertStorageKey(key);
    return `${basePath}/${uriEncode(options.bucket)}/${uriEncode(`${options.prefix}${key}`, true)}`;
  };

  async function call(
    method: 'PUT' | 'GET' | 'DELETE',
    key: string,
    body?: { bytes: Uint8Array; contentType: string },
  ): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; bytes: Buffer }> {
    const path = objectPath(key);
    for (let attempt = 1; ; attempt++) {
      // Signed per attempt: the signature carries the time, and S3 refuses one older than 15 minutes.
      const signed = signV4(
        {
          method,
          host: endpoint.host,
          path,
          headers: body ? { 'content-type': body.contentType } : {},
          payloadHash: sha256Hex(body?.bytes ?? ''),
        },
        { credentials: options.credentials, region: options.region },
      );
      try {
        const response = await undiciRequest(`${endpoint.origin}${path}`, {
          method,
          headers: signed.headers,
          body: body ? Buffer.from(body.bytes) : null,
          headersTimeout: timeoutMs,
          bodyTimeout: timeoutMs,
          ...(options.dispatcher ? { dispatcher: options.dispatcher } : {}),
        });
        const bytes = Buffer.from(await response.body.arrayBuffer());
        if (response.statusCode >= 500 && attempt < maxAttempts) {
          await sleep(100 * 2 ** (attempt - 1));
          continue;
        }
        return { status: response.statusCode, headers: response.headers, bytes };
      } catch (error) {
        if (attempt >= maxAttempts) {
          throw new StorageError(`S3 ${method} ${key} failed: ${(error as Error).message}`);
        }
        await sleep(100 * 2 ** (attempt - 1));
      }
    }
  }

  const failure = (method: string, key: string, status: number, bytes: Buffer) => {
    const code = errorCodeOf(bytes.toString('utf8'));
    return new StorageError(`S3 ${method} ${key} answered ${status}${code ? ` ${code}` : ''}`, status);
  };

  return {
    kind: 's3',
    async put(key, bytes, contentType) {
      const response = await call('PUT', key, { bytes, contentType });
      if (response.status !== 200) throw failure('PUT', key, response.status, response.bytes);
    },
    async get(key) {
      const response = await call('GET', key);
      if (response.status === 404) return null;
      if (response.status !== 200) throw failure('GET', key, response.status, response.bytes);
      const type = response.headers['content-type'];
      return {
        bytes: response.bytes,
        contentType: (Array.isArray(type) ? type[0] : type) ?? 'application/octet-stream',
      };
    },
    async delete(key) {
      const response = await call('DELETE', key);
      // S3 answers 204 whether or not the key existed; some compatible stores say 404.
      if (response.status !== 204 && response.status !== 200 && response.status !== 404)
        throw failure('DELETE', key, response.status, response.bytes);
    },
  };
}
