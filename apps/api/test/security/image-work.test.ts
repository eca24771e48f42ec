// Finding 11 (issue 10): image decoding cannot be used to exhaust the server. Pictures are decoded
// a few at a time through a small queue (libvips on one thread each, no decoded-image cache), a
// full queue refuses with 503, and the pixel cap is lower (24 MP).
import { PROFILE_IMAGE_MAX_PIXELS } from '@portico/domain';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toProfileWebp } from '../../src/modules/accounts/profile-image.ts';
import {
  createImageQueue,
  IMAGE_QUEUE_LIMIT,
  IMAGE_WORKERS,
  ImageWorkBusyError,
} from '../../src/platform/uploads/image-work.ts';
import { createTestApp, expectEnvelope, type TestApp, xsrfHeaders } from '../helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A task that runs until released. */
function task() {
  let release: () => void = () => {};
  const done = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { run: () => done, release };
}
const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('the image queue', () => {
  it('runs a few pictures at once, queues a bounded number more, and refuses the next', async () => {
    const queue = createImageQueue(2, 3);
    const tasks = Array.from({ length: 5 }, task);
    const running = tasks.map((t) => queue.run(t.run));
    await tick();
    expect(queue.active).toBe(2);
    expect(queue.waiting).toBe(3);
    await expect(queue.run(async () => 'too many')).rejects.toBeInstanceOf(ImageWorkBusyError);

    tasks[0]?.release();
    await tick();
    expect(queue.active).toBe(2);
    expect(queue.waiting).toBe(2);
    // A place came free: one more is queued, not refused.
    const another = queue.run(async () => 'room again');
    for (const t of tasks) t.release();
    await Promise.all(running);
    await expect(another).resolves.toBe('room again');
  });

  it('is what the profile pictures go through, with libvips on one thread and no image cache', async () => {
    expect(IMAGE_WORKERS).toBeLessThanOrEqual(2);
    expect(IMAGE_QUEUE_LIMIT).toBeGreaterThan(0);
    const seen: string[] = [];
    const recording = {
      run: <T>(work: (s: typeof sharp) => Promise<T>) => {
        seen.push('queued');
        return work(sharp);
      },
    };
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    await toProfileWebp(png, recording);
    expect(seen).toEqual(['queued']);
    // The shared queue sets sharp up on its first picture.
    await createImageQueue().run(async () => undefined);
    expect(sharp.concurrency()).toBe(1);
    expect(sharp.cache().memory.max).toBe(0);
    const busy = { run: () => Promise.reject(new ImageWorkBusyError()) };
    await expect(toProfileWebp(png, busy)).rejects.toMatchObject({ reason: 'busy' });
  });
});

describe('the pixel cap', () => {
  it('is 24 megapixels', () => {
    expect(PROFILE_IMAGE_MAX_PIXELS).toBe(24_000_000);
  });

  it('when a small PNG would decode to 30 megapixels then 413 before it is decoded', async () => {
    const big = await sharp({ create: { width: 6_000, height: 5_000, channels: 3, background: '#ffffff' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const boundary = 'pixelcap';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="profile_image"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      big,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const response = await t.injectAs(null, {
      method: 'POST',
      url: '/api/v1/secure/update-partner-profile',
      headers: { ...xsrfHeaders(), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(expectEnvelope(response, 413).message).toMatch(/at most 24 megapixels/);
  });
});
