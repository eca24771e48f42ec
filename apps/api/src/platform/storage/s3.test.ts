import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeS3, startFakeS3 } from '../../../test/fake-s3.ts';
import { createS3Storage, MULTIPART_PART_BYTES, type S3StorageOptions } from './s3.ts';
import { InvalidStorageKeyError, StorageError } from './storage.ts';

let s3: FakeS3;
beforeAll(async () => {
  s3 = await startFakeS3();
});
afterAll(() => s3.close());

const storageWith = (overrides: Partial<S3StorageOptions> = {}) =>
  createS3Storage({
    endpoint: s3.endpoint,
    bucket: s3.bucket,
    prefix: 'portico/',
    region: 'eu-west-1',
    credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
    ...overrides,
  });

describe('S3 storage against a server that checks SigV4 like S3', () => {
  it('puts, gets and deletes an object, path-style under the prefix', async () => {
    const storage = storageWith();
    const bytes = Buffer.from([0x52, 0x49, 0x46, 0x46, 0, 1, 2, 3, 255]);
    await storage.put('profile-images/p-1/Ab_9-z.webp', bytes, 'image/webp');
    expect(s3.objects.get('portico/profile-images/p-1/Ab_9-z.webp')).toEqual({
      bytes,
      contentType: 'image/webp',
    });
    expect(s3.requests.at(-1)).toEqual({
      method: 'PUT',
      url: `/${s3.bucket}/portico/profile-images/p-1/Ab_9-z.webp`,
      status: 200,
    });
    expect(await storage.get('profile-images/p-1/Ab_9-z.webp')).toEqual({ bytes, contentType: 'image/webp' });
    await storage.delete('profile-images/p-1/Ab_9-z.webp');
    expect(s3.objects.has('portico/profile-images/p-1/Ab_9-z.webp')).toBe(false);
    expect(await storage.get('profile-images/p-1/Ab_9-z.webp')).toBeNull();
    // Deleting what is not there is not an error (S3 says 204 either way).
    await storage.delete('profile-images/p-1/Ab_9-z.webp');
  });

  it('streams a large object in multipart parts and a small one in one PUT, and reads both back as streams', async () => {
    const storage = storageWith();
    const big = Buffer.alloc(MULTIPART_PART_BYTES * 2 + 123, 7);
    async function* chunks(bytes: Buffer) {
      for (let at = 0; at < bytes.length; at += 1_000_000) yield bytes.subarray(at, at + 1_000_000);
    }
    expect(await storage.putStream('private/audiences/p/big.csv', chunks(big), 'text/csv')).toBe(big.length);
    expect(s3.objects.get('portico/private/audiences/p/big.csv')?.bytes.equals(big)).toBe(true);
    // 1 MB chunks: a part once 8 MiB are held, the rest in the last part.
    expect(s3.requests.filter((r) => r.url.includes('partNumber=')).length).toBe(2);
    const small = Buffer.from('msisdn\n+919876543210\n');
    expect(await storage.putStream('private/audiences/p/small.csv', chunks(small), 'text/csv')).toBe(
      small.length,
    );
    const read = async (key: string) => {
      const stream = await storage.getStream(key);
      const parts: Buffer[] = [];
      for await (const chunk of stream ?? []) parts.push(chunk as Buffer);
      return Buffer.concat(parts);
    };
    expect((await read('private/audiences/p/small.csv')).equals(small)).toBe(true);
    expect((await read('private/audiences/p/big.csv')).length).toBe(big.length);
    expect(await storage.getStream('private/audiences/p/none.csv')).toBeNull();
  });

  it('works with an endpoint that has a base path and no prefix', async () => {
    // The fake serves buckets at the root, so a base path must reach it as part of the signed path:
    // a wrong canonical path would be a SignatureDoesNotMatch, a right one a NoSuchBucket.
    const storage = storageWith({ endpoint: `${s3.endpoint}/s3`, prefix: '' });
    await expect(storage.put('k.txt', Buffer.from('x'), 'text/plain')).rejects.toThrow(/404 NoSuchBucket/);
    await storageWith({ prefix: '' }).put('k.txt', Buffer.from('x'), 'text/plain');
    expect(s3.objects.has('k.txt')).toBe(true);
  });

  it('a wrong secret is refused by the server and surfaces as a StorageError with the S3 code', async () => {
    const storage = storageWith({
      credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: 'not-the-secret' },
    });
    const error = await storage.put('x/y.webp', Buffer.from('x'), 'image/webp').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StorageError);
    expect((error as StorageError).status).toBe(403);
    expect((error as Error).message).toMatch(/403 SignatureDoesNotMatch/);
    await expect(
      storageWith({ credentials: { accessKeyId: 'AKIAUNKNOWN', secretAccessKey: s3.secretAccessKey } }).get(
        'x',
      ),
    ).rejects.toThrow(/403 InvalidAccessKeyId/);
  });

  it('retries a 503 SlowDown, then gives up after the last attempt', async () => {
    const storage = storageWith();
    s3.failNext(2);
    await storage.put('retry/ok.txt', Buffer.from('ok'), 'text/plain');
    expect(s3.objects.get('portico/retry/ok.txt')?.bytes.toString()).toBe('ok');
    s3.failNext(3);
    await expect(storage.get('retry/ok.txt')).rejects.toThrow(/503 SlowDown/);
  });

  it('with temporary credentials the session token is sent and signed', async () => {
    const sts = await startFakeS3({ sessionToken: 'FwoGZXIvYXdzEXAMPLE//token+with/odd=chars' });
    try {
      const credentials = { accessKeyId: sts.accessKeyId, secretAccessKey: sts.secretAccessKey };
      const storage = (sessionToken?: string) =>
        createS3Storage({
          endpoint: sts.endpoint,
          bucket: sts.bucket,
          prefix: '',
          region: 'us-east-1',
          credentials: { ...credentials, sessionToken },
        });
      await storage(sts.sessionToken).put('t/ok.txt', Buffer.from('ok'), 'text/plain');
      expect(sts.objects.get('t/ok.txt')?.bytes.toString()).toBe('ok');
      await expect(storage().get('t/ok.txt')).rejects.toThrow(/403 InvalidToken/);
    } finally {
      await sts.close();
    }
  });

  it('refuses keys that are not ours before sending anything', async () => {
    const before = s3.requests.length;
    await expect(storageWith().get('../other-bucket/secret')).rejects.toBeInstanceOf(InvalidStorageKeyError);
    expect(s3.requests.length).toBe(before);
  });

  it('lists the objects under a prefix, page after page, without the bucket prefix', async () => {
    const storage = storageWith();
    for (const key of ['sweep/a.webp', 'sweep/b.webp', 'sweep/c.webp', 'other/d.webp']) {
      await storage.put(key, Buffer.from(key), 'image/webp');
    }
    const listed: string[] = [];
    for await (const object of storage.list('sweep/')) {
      listed.push(object.key);
      expect(object.modifiedAt.toISOString()).toBe('2026-01-01T00:00:00.000Z');
    }
    expect(listed).toEqual(['sweep/a.webp', 'sweep/b.webp', 'sweep/c.webp']);
  });
});
