import { createHash } from 'node:crypto';
import { AwsV4Signer } from 'aws4fetch';
import pRetry from 'p-retry';
import { request as undiciRequest } from 'undici';
import { assertStorageKey, isStorageKey, type Storage, StorageError, type StoredObject } from './storage.ts';

export interface AwsCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  /** Temporary credentials (STS) also send this as x-amz-security-token. */
  sessionToken?: string | undefined;
}

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
}

/** S3's `<Error><Code>NoSuchKey</Code>...` -> `NoSuchKey` (empty when the body says nothing useful). */
function errorCodeOf(body: string): string {
  return /<Code>([^<]{1,100})<\/Code>/.exec(body)?.[1] ?? '';
}

const sha256Hex = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

interface S3Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  bytes: Buffer;
}

/**
 * An S3-compatible bucket over plain HTTP: PUT, GET and DELETE Object, signed with SigV4 by
 * aws4fetch, with path-style addressing (`{endpoint}/{bucket}/{key}`) so MinIO, Ceph, R2 and the
 * like work as well as AWS. Three calls do not justify the AWS SDK (decision 0011).
 */
export function createS3Storage(options: S3StorageOptions): Storage {
  const endpoint = new URL(options.endpoint);
  const basePath = endpoint.pathname.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 30_000;
  const maxAttempts = options.maxAttempts ?? 3;
  // Bucket names, prefixes and keys are limited to [a-z0-9._-/] (settings.ts, assertStorageKey): no escaping needed.
  const objectUrl = (key: string) => {
    assertStorageKey(key);
    return `${endpoint.origin}${basePath}/${options.bucket}/${options.prefix}${key}`;
  };

  async function attempt(
    method: 'PUT' | 'GET' | 'DELETE',
    key: string,
    url: string,
    body?: { bytes: Uint8Array; contentType: string },
  ): Promise<S3Answer> {
    // Signed per attempt: the signature carries the time, and S3 refuses one older than 15 minutes.
    const signed = await new AwsV4Signer({
      url,
      method,
      service: 's3',
      region: options.region,
      ...options.credentials,
      headers: {
        ...(body ? { 'content-type': body.contentType } : {}),
        // The payload is signed (aws4fetch's S3 default would be UNSIGNED-PAYLOAD).
        'x-amz-content-sha256': sha256Hex(body?.bytes ?? new Uint8Array()),
      },
    }).sign();
    let response: Awaited<ReturnType<typeof undiciRequest>>;
    let bytes: Buffer;
    try {
      response = await undiciRequest(signed.url, {
        method,
        headers: Object.fromEntries(signed.headers),
        body: body ? Buffer.from(body.bytes) : null,
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
      });
      bytes = Buffer.from(await response.body.arrayBuffer());
    } catch (error) {
      throw new StorageError(`S3 ${method} ${key} failed: ${(error as Error).message}`);
    }
    const answer = { status: response.statusCode, headers: response.headers, bytes };
    if (answer.status >= 500) throw failure(method, key, answer.status, bytes);
    return answer;
  }

  /** Every call is idempotent (a key is never reused): retried on 5xx and connection errors. */
  const call = (
    method: 'PUT' | 'GET' | 'DELETE',
    key: string,
    body?: { bytes: Uint8Array; contentType: string },
  ) => {
    const url = objectUrl(key);
    return pRetry(() => attempt(method, key, url, body), {
      retries: maxAttempts - 1,
      minTimeout: 100,
      factor: 2,
      shouldRetry: ({ error }) =>
        error instanceof StorageError && (error.status === undefined || error.status >= 500),
    });
  };

  /** One page of ListObjectsV2 (keys under our prefix, their times, and where the next page starts). */
  async function listPage(prefix: string, continuation: string | undefined) {
    const query = new URLSearchParams({ 'list-type': '2', prefix: `${options.prefix}${prefix}` });
    if (continuation) query.set('continuation-token', continuation);
    const url = `${endpoint.origin}${basePath}/${options.bucket}?${query.toString()}`;
    const response = await pRetry(() => attempt('GET', `list ${prefix}`, url), {
      retries: maxAttempts - 1,
      minTimeout: 100,
      factor: 2,
      shouldRetry: ({ error }) =>
        error instanceof StorageError && (error.status === undefined || error.status >= 500),
    });
    if (response.status !== 200) throw failure('LIST', prefix, response.status, response.bytes);
    return parseListing(response.bytes.toString('utf8'), options.prefix);
  }

  /** One signed call with a body of bytes (multipart steps), its answer read whole (small XML). */
  async function signedCall(method: 'POST' | 'PUT' | 'DELETE', url: string, bytes?: Uint8Array) {
    const body = bytes ?? new Uint8Array();
    const signed = await new AwsV4Signer({
      url,
      method,
      service: 's3',
      region: options.region,
      ...options.credentials,
      headers: { 'x-amz-content-sha256': sha256Hex(body) },
    }).sign();
    return pRetry(
      async () => {
        const response = await undiciRequest(signed.url, {
          method,
          headers: Object.fromEntries(signed.headers),
          body: bytes ? Buffer.from(bytes) : null,
          headersTimeout: timeoutMs,
          bodyTimeout: timeoutMs,
        });
        const answer = {
          status: response.statusCode,
          headers: response.headers,
          bytes: Buffer.from(await response.body.arrayBuffer()),
        };
        if (answer.status >= 500) throw failure(method, url, answer.status, answer.bytes);
        return answer;
      },
      { retries: maxAttempts - 1, minTimeout: 100, factor: 2 },
    );
  }

  /**
   * A stream in S3's multipart upload (CreateMultipartUpload, UploadPart per MULTIPART_PART_BYTES,
   * CompleteMultipartUpload; aborted on failure): at most one part is held in memory. A stream
   * shorter than one part is one PutObject.
   */
  async function putStream(
    key: string,
    body: AsyncIterable<Uint8Array>,
    contentType: string,
  ): Promise<number> {
    const url = objectUrl(key);
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    let total = 0;
    let uploadId: string | undefined;
    const parts: string[] = [];
    const flushPart = async () => {
      if (!uploadId) {
        const created = await signedCall('POST', `${url}?uploads=`);
        uploadId = tag(created.bytes.toString('utf8'), 'UploadId');
        if (created.status !== 200 || !uploadId)
          throw failure('CreateMultipartUpload', key, created.status, created.bytes);
      }
      const part = Buffer.concat(pending);
      pending = [];
      pendingBytes = 0;
      const number = parts.length + 1;
      const answer = await signedCall(
        'PUT',
        `${url}?partNumber=${number}&uploadId=${encodeURIComponent(uploadId)}`,
        part,
      );
      const etag = answer.headers.etag;
      if (answer.status !== 200 || typeof etag !== 'string')
        throw failure('UploadPart', key, answer.status, answer.bytes);
      parts.push(etag);
    };
    try {
      for await (const chunk of body) {
        pending.push(Buffer.from(chunk));
        pendingBytes += chunk.byteLength;
        total += chunk.byteLength;
        if (pendingBytes >= MULTIPART_PART_BYTES) await flushPart();
      }
      if (!uploadId) {
        await call('PUT', key, { bytes: Buffer.concat(pending), contentType }).then((r) => {
          if (r.status !== 200) throw failure('PUT', key, r.status, r.bytes);
        });
        return total;
      }
      if (pendingBytes > 0) await flushPart();
      const xml = `<CompleteMultipartUpload>${parts
        .map((etag, i) => `<Part><PartNumber>${i + 1}</PartNumber><ETag>${etag}</ETag></Part>`)
        .join('')}</CompleteMultipartUpload>`;
      const done = await signedCall(
        'POST',
        `${url}?uploadId=${encodeURIComponent(uploadId)}`,
        Buffer.from(xml),
      );
      if (done.status !== 200 || done.bytes.includes('<Error>'))
        throw failure('CompleteMultipartUpload', key, done.status, done.bytes);
      return total;
    } catch (error) {
      if (uploadId)
        await signedCall('DELETE', `${url}?uploadId=${encodeURIComponent(uploadId)}`).catch(() => undefined);
      throw error;
    }
  }

  return {
    kind: 's3',
    putStream,
    async getStream(key) {
      const url = objectUrl(key);
      const signed = await new AwsV4Signer({
        url,
        method: 'GET',
        service: 's3',
        region: options.region,
        ...options.credentials,
        headers: { 'x-amz-content-sha256': sha256Hex(new Uint8Array()) },
      }).sign();
      const response = await undiciRequest(signed.url, {
        method: 'GET',
        headers: Object.fromEntries(signed.headers),
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
      });
      if (response.statusCode === 404) {
        await response.body.dump();
        return null;
      }
      if (response.statusCode !== 200)
        throw failure('GET', key, response.statusCode, Buffer.from(await response.body.arrayBuffer()));
      return response.body;
    },
    async *list(prefix) {
      let continuation: string | undefined;
      do {
        const page = await listPage(prefix, continuation);
        yield* page.objects;
        continuation = page.next;
      } while (continuation);
    },
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

/** S3's smallest part but the last is 5 MiB; 8 MiB parts keep memory bounded and calls few. */
export const MULTIPART_PART_BYTES = 8 * 1024 * 1024;

const tag = (xml: string, name: string) => new RegExp(`<${name}>([^<]*)</${name}>`).exec(xml)?.[1];

/**
 * A ListObjectsV2 answer: each <Contents> with its Key (our keys are plain [A-Za-z0-9._/-], so no
 * XML entities to decode) and LastModified, and the continuation token when truncated.
 */
export function parseListing(xml: string, bucketPrefix: string): { objects: StoredObject[]; next?: string } {
  const objects: StoredObject[] = [];
  for (const [, contents = ''] of xml.matchAll(/<Contents>([\s\S]*?)<\/Contents>/g)) {
    const key = tag(contents, 'Key');
    const modified = tag(contents, 'LastModified');
    if (!key?.startsWith(bucketPrefix) || !modified) continue;
    const ours = key.slice(bucketPrefix.length);
    if (isStorageKey(ours)) objects.push({ key: ours, modifiedAt: new Date(modified) });
  }
  const next = tag(xml, 'IsTruncated') === 'true' ? tag(xml, 'NextContinuationToken') : undefined;
  return next ? { objects, next } : { objects };
}

function failure(method: string, key: string, status: number, bytes: Buffer): StorageError {
  const code = errorCodeOf(bytes.toString('utf8'));
  return new StorageError(`S3 ${method} ${key} answered ${status}${code ? ` ${code}` : ''}`, status);
}
