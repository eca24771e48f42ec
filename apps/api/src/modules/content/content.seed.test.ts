import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectEnvelope, type TestApp } from '../../../test/helpers.ts';
import { seedDemoContent } from './content.seed.ts';

const S = '/api/v1/secure';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoContent({ config: t.config, database: t.database, settings: undefined });
});
afterAll(() => t.close());

describe('demo content', () => {
  it('when seeded then every developer-assets tab and the press page have real content, once', async () => {
    const faqs = expectEnvelope(
      await t.injectAs(null, { method: 'GET', url: `${S}/content/faqs?search=WhatsApp%20template` }),
      200,
    ).data as { items: { question: string }[] };
    expect(faqs.items[0]?.question).toMatch(/template/i);

    const downloads = expectEnvelope(
      await t.injectAs(null, { method: 'GET', url: `${S}/content/downloads` }),
      200,
    ).data as {
      items: { type: string; url: string }[];
    };
    expect(downloads.items.map((d) => d.type).sort()).toEqual(['CSV', 'PDF', 'PDF', 'PNG', 'ZIP']);
    for (const item of downloads.items) {
      expect((await t.injectAs(null, { method: 'GET', url: item.url })).statusCode).toBe(200);
    }

    const videos = expectEnvelope(await t.injectAs(null, { method: 'GET', url: `${S}/content/videos` }), 200)
      .data as {
      items: { stream_url: string; captions_url: string | null; poster_url: string | null }[];
    };
    const [video] = videos.items;
    expect(video?.captions_url).toBeTruthy();
    expect(video?.poster_url).toBeTruthy();
    const stream = await t.app.inject({
      method: 'GET',
      url: video?.stream_url ?? '',
      headers: { range: 'bytes=0-3' },
    });
    expect(stream.statusCode).toBe(206);
    expect([...stream.rawPayload]).toEqual([0x1a, 0x45, 0xdf, 0xa3]);

    const releases = expectEnvelope(await t.app.inject({ method: 'GET', url: '/api/v1/press-releases' }), 200)
      .data as {
      total: number;
    };
    expect(releases.total).toBe(3);
    expect(await seedDemoContent({ config: t.config, database: t.database, settings: undefined })).toBe(0);
  });
});
