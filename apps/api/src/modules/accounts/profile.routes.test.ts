import { existsSync } from 'node:fs';
import path from 'node:path';
import {
  PROFILE_IMAGE_MAX_BYTES,
  PROFILE_IMAGE_TOO_LARGE,
  PROFILE_IMAGE_UNREADABLE,
  PROFILE_IMAGE_WRONG_TYPE,
} from '@portico/domain';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeS3, startFakeS3 } from '../../../test/fake-s3.ts';
import { createTestApp, expectEnvelope, type TestApp, xsrfHeaders } from '../../../test/helpers.ts';
import { partners } from '../../platform/db/core.schema.ts';

const URL = '/api/v1/secure/update-partner-profile';
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const STORED_URL = /^\/api\/v1\/files\/profile-images\/[0-9a-f-]{36}\/[A-Za-z0-9_-]{22}\.webp$/;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A multipart/form-data body: text fields and at most one file. */
function form(
  fields: Record<string, string>,
  file?: { name: string; filename: string; type: string; bytes: Buffer },
) {
  const boundary = `----portico${Date.now()}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="${file.filename}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const picture = (bytes: Buffer, filename = 'me.png', type = 'image/png') =>
  form({}, { name: 'profile_image', filename, type, bytes });

async function send(
  subject: Parameters<TestApp['injectAs']>[0],
  body: ReturnType<typeof form>,
  app: TestApp = t,
) {
  return app.injectAs(subject, {
    method: 'POST',
    url: URL,
    payload: body.payload,
    headers: { ...body.headers, ...xsrfHeaders() },
  });
}

/** Uploads a picture and returns the stored image's URL path. */
async function upload(subject: Parameters<TestApp['injectAs']>[0], bytes: Buffer, app: TestApp = t) {
  const body = expectEnvelope(await send(subject, picture(bytes), app), 200);
  const url = (body.data as { profileImage: string }).profileImage;
  expect(url).toMatch(STORED_URL);
  return url;
}

/** A photo-like PNG (gradient and shapes) of this size, well under 5 MB. */
function largePng(width: number, height: number) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g"><stop offset="0" stop-color="#5956D6"/><stop offset="1" stop-color="#FF3964"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/><circle cx="50%" cy="50%" r="30%" fill="#fff"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** The directory the test app's local storage writes to. */
const filesDir = () => {
  const { storage } = t.config;
  if (storage.kind !== 'file') throw new Error('the test app stores files locally');
  return storage.dir;
};

describe('update partner profile (multipart)', () => {
  it('when names and a PNG are sent then both are saved and partner details show the stored image', async () => {
    const response = await send(
      'ADMIN_BILLING',
      form(
        { firstName: 'Carla', lastName: 'Rossi' },
        { name: 'profile_image', filename: 'me.png', type: 'image/png', bytes: PNG },
      ),
    );
    const body = expectEnvelope(response, 200);
    const url = (body.data as { profileImage: string }).profileImage;
    expect(url).toMatch(STORED_URL);
    const details = expectEnvelope(
      await t.injectAs('ADMIN_BILLING', { method: 'GET', url: '/api/v1/secure/partner-details' }),
      200,
    );
    expect(details.data).toMatchObject({
      partners_profile: { firstName: 'Carla', lastName: 'Rossi' },
      profile_image: url,
    });
    // A 1x1 picture is not enlarged.
    const served = await t.app.inject({ method: 'GET', url });
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 1, height: 1 });
  });

  it('when a large PNG is uploaded then a WebP of at most 512 px is stored and served back publicly', async () => {
    const original = await largePng(3000, 2000);
    expect(original.length).toBeLessThan(PROFILE_IMAGE_MAX_BYTES);
    const url = await upload('DEVELOPER', original);

    // No token: <img> tags cannot send one.
    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers).toMatchObject({
      'content-type': 'image/webp',
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
      'content-disposition': expect.stringMatching(/^inline; filename="[A-Za-z0-9_-]{22}\.webp"$/),
      'cross-origin-resource-policy': 'same-origin',
    });
    expect(served.headers['content-security-policy']).toMatch(/default-src 'none'.*sandbox/);
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 512, height: 341 });
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(served.rawPayload.length).toBeLessThan(original.length);
    // The web app's pages may show it: images from our own origin are allowed.
    const page = await t.app.inject({ method: 'GET', url: '/api/v1/app-config' });
    expect(page.headers['content-security-policy']).toMatch(/img-src 'self'/);
  });

  it('when a photo carries an EXIF orientation then it is stored upright, without its metadata', async () => {
    // 1200x600 pixels that a camera says to rotate 90° clockwise (orientation 6): 600x1200 upright.
    const photo = await sharp({
      create: { width: 1200, height: 600, channels: 3, background: { r: 200, g: 120, b: 40 } },
    })
      .jpeg()
      .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: 'someone' } } })
      .toBuffer();
    expect((await sharp(photo).metadata()).orientation).toBe(6);
    const url = await upload('CHILD_AGGREGATOR_READWRITE', photo);
    const served = await t.app.inject({ method: 'GET', url });
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 256, height: 512 });
    expect(meta.orientation).toBeUndefined();
    expect(meta.exif).toBeUndefined();
  });

  it('when a new picture replaces a stored one then the old file is deleted after the new one is saved', async () => {
    const first = await upload('SUPER_ADMIN_PORTICO', PNG);
    const firstFile = path.join(filesDir(), first.replace('/api/v1/files/', ''));
    expect(existsSync(firstFile)).toBe(true);
    const second = await upload('SUPER_ADMIN_PORTICO', await largePng(800, 800));
    expect(second).not.toBe(first);
    expect(existsSync(firstFile)).toBe(false);
    expectEnvelope(await t.app.inject({ method: 'GET', url: first }), 404);
    expect((await t.app.inject({ method: 'GET', url: second })).statusCode).toBe(200);
  });

  it('when the profile image is an older data: URI then it keeps showing, and an upload replaces it', async () => {
    const { partner } = await t.accountOf('MARKETING_ADMIN');
    const dataUri = `data:image/png;base64,${PNG.toString('base64')}`;
    await t.database.db
      .update(partners)
      .set({ profileImage: dataUri })
      .where(eq(partners.partnerId, partner.partnerId));
    const details = expectEnvelope(
      await t.injectAs('MARKETING_ADMIN', { method: 'GET', url: '/api/v1/secure/partner-details' }),
      200,
    );
    expect((details.data as { profile_image: string }).profile_image).toBe(dataUri);
    const url = await upload('MARKETING_ADMIN', PNG);
    expect(url).toContain(partner.partnerId);
  });

  it('refuses content that is not an image whatever its name, a corrupt image, an oversize file, blank names and no payload', async () => {
    const svg = picture(Buffer.from('<svg onload="alert(1)"/>'), 'x.png');
    expect(expectEnvelope(await send('SUPER_ADMIN_PORTICO', svg), 400).message).toBe(
      PROFILE_IMAGE_WRONG_TYPE,
    );
    const text = picture(Buffer.from('just some text, not a picture'), 'notes.jpg', 'image/jpeg');
    expect(expectEnvelope(await send('SUPER_ADMIN_PORTICO', text), 400).message).toBe(
      PROFILE_IMAGE_WRONG_TYPE,
    );

    // The right magic bytes, then garbage or a cut-off file: sharp cannot decode it.
    const valid = await largePng(400, 300);
    const corrupt = Buffer.concat([valid.subarray(0, 64), Buffer.alloc(2000, 0xab)]);
    expect(expectEnvelope(await send('SUPER_ADMIN_PORTICO', picture(corrupt)), 400).message).toBe(
      PROFILE_IMAGE_UNREADABLE,
    );
    const truncated = valid.subarray(0, Math.floor(valid.length / 2));
    expect(expectEnvelope(await send('SUPER_ADMIN_PORTICO', picture(truncated)), 400).message).toBe(
      PROFILE_IMAGE_UNREADABLE,
    );

    const big = picture(Buffer.concat([PNG, Buffer.alloc(PROFILE_IMAGE_MAX_BYTES)]), 'big.png');
    const tooLarge = expectEnvelope(await send('SUPER_ADMIN_PORTICO', big), 413);
    expect(tooLarge.message).toBe(PROFILE_IMAGE_TOO_LARGE);
    expect(tooLarge.message).toMatch(/at most 5 MB/);

    expect(expectEnvelope(await send('SUPER_ADMIN_PORTICO', form({ firstName: ' ' })), 400).message).toBe(
      'First name is required.',
    );
    expect(expectEnvelope(await send('SUPER_ADMIN_PORTICO', form({})), 400).message).toBe(
      'Payload is required',
    );
    const json = await t.injectAs('SUPER_ADMIN_PORTICO', {
      method: 'POST',
      url: URL,
      payload: { firstName: 'X' },
      headers: xsrfHeaders(),
    });
    expectEnvelope(json, 415);
  });

  it('refuses a small file that would decode to more than 24 megapixels', async () => {
    const bomb = await sharp({
      create: { width: 10_000, height: 6_000, channels: 3, background: '#ffffff' },
    })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(PROFILE_IMAGE_MAX_BYTES);
    expect(expectEnvelope(await send('SUPER_ADMIN_PORTICO', picture(bomb)), 413).message).toMatch(
      /at most 24 megapixels/,
    );
  });

  it('the read-only child user is refused', async () => {
    expectEnvelope(await send('CHILD_AGGREGATOR_READONLY', form({ firstName: 'No' })), 403);
  });
});

describe('stored files', () => {
  it('answers 404 for an unknown key and for anything that is not a key', async () => {
    for (const url of [
      '/api/v1/files/profile-images/nobody/nothing.webp',
      '/api/v1/files/..%2F..%2Fpackage.json',
      '/api/v1/files/.meta/x.json',
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expectEnvelope(response, 404);
      expect(response.headers['cache-control'] ?? '').not.toMatch(/immutable/);
    }
  });
});

describe('profile images in an S3-compatible store', () => {
  let s3: FakeS3;
  let app: TestApp;
  beforeAll(async () => {
    s3 = await startFakeS3();
    app = await createTestApp({
      env: {
        STORAGE_URL: `s3://${s3.bucket}/portico?endpoint=${s3.endpoint}&region=eu-west-1`,
        AWS_ACCESS_KEY_ID: s3.accessKeyId,
        AWS_SECRET_ACCESS_KEY: s3.secretAccessKey,
      },
    });
  });
  afterAll(async () => {
    await app?.close();
    await s3?.close();
  });

  it('when STORAGE_URL is s3:// then uploads go to the bucket, are served from it, and replaced ones are deleted there', async () => {
    const first = await upload('DEVELOPER', await largePng(1024, 1024), app);
    const firstKey = `portico/${first.replace('/api/v1/files/', '')}`;
    expect(s3.objects.get(firstKey)?.contentType).toBe('image/webp');
    const served = await app.app.inject({ method: 'GET', url: first });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ width: 512, height: 512 });

    const second = await upload('DEVELOPER', PNG, app);
    expect(s3.objects.has(firstKey)).toBe(false);
    expect(s3.objects.has(`portico/${second.replace('/api/v1/files/', '')}`)).toBe(true);
    expect(s3.requests.every((r) => r.status !== 403)).toBe(true);
  });
});
