import { ROLES, XSS_CORPUS } from '@portico/domain';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectEnvelope, sheetRows, type TestApp } from '../../../test/helpers.ts';
import { parseAudienceFile } from './sample-files.ts';
import { zipOf } from './seed-files.ts';

const S = '/api/v1/secure';
const ADMIN = ROLES.ADMIN_PORTICO_READWRITE;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A multipart/form-data body: text fields and files. */
function form(
  fields: Record<string, string>,
  files: { name: string; filename: string; type: string; bytes: Buffer }[] = [],
) {
  const boundary = `----portico${Date.now()}${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  for (const file of files) {
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

async function pdf(): Promise<Buffer> {
  const document = await PDFDocument.create();
  document.addPage();
  return Buffer.from(await document.save());
}
const webm = Buffer.concat([
  Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x84]),
  Buffer.from('webm'),
  Buffer.alloc(2000, 7),
]);

async function auditChanges(kind: string) {
  const { rows } = await t.database.sql.query<{ detail: { kind: string; change: string } }>(
    `SELECT detail FROM audit_log WHERE action = 'content.changed' ORDER BY id`,
  );
  return rows
    .map((r) => r.detail)
    .filter((d) => d.kind === kind)
    .map((d) => d.change);
}

describe('FAQs', () => {
  it('when an admin adds and publishes an FAQ then a developer finds it by full-text search, sanitised', async () => {
    const created = expectEnvelope(
      await t.injectAs(ADMIN, {
        method: 'POST',
        url: `${S}/content/faqs`,
        payload: {
          category: 'rcs',
          question: 'How long does carrier verification take?',
          answer_html:
            '<p>Usually <b>three</b> working days.<script>window.__xss=1</script><img src=x onerror=alert(1)></p>',
        },
      }),
      201,
    ).data as { id: number; answer_html: string; published: boolean };
    expect(created.published).toBe(false);
    expect(created.answer_html).toBe('<p>Usually <b>three</b> working days.</p>');

    const search = async (q: string) =>
      expectEnvelope(
        await t.injectAs(null, { method: 'GET', url: `${S}/content/faqs?search=${encodeURIComponent(q)}` }),
        200,
      ).data as { items: { id: number }[]; total: number; support_email: string };
    expect((await search('verifying carriers')).total).toBe(0);

    expectEnvelope(
      await t.injectAs(ADMIN, { method: 'POST', url: `${S}/content/faqs/${created.id}/publish` }),
      200,
    );
    const found = await search('carriers verification');
    expect(found.items.map((i) => i.id)).toEqual([created.id]);
    expect(found.support_email).toMatch(/^support@/);
    // The words of the answer are indexed without its tags.
    expect((await search('working days')).items.map((i) => i.id)).toEqual([created.id]);
    expect(await auditChanges('faqs')).toEqual(['created', 'published']);
  });

  it('when the answer is only script then it is refused with a clear message', async () => {
    const body = expectEnvelope(
      await t.injectAs(ADMIN, {
        method: 'POST',
        url: `${S}/content/faqs`,
        payload: { category: 'rcs', question: 'Bad', answer_html: '<script>alert(1)</script>' },
      }),
      400,
    );
    expect(body.message).toMatch(/no text left/);
  });

  it('when every XSS payload is stored then what comes back holds no script', async () => {
    for (const payload of XSS_CORPUS) {
      const response = await t.injectAs(ADMIN, {
        method: 'POST',
        url: `${S}/content/faqs`,
        payload: { category: 'onboarding', question: 'XSS', answer_html: `<p>text</p>${payload}` },
      });
      const faq = expectEnvelope(response, 201).data as { answer_html: string };
      expect(faq.answer_html).not.toMatch(/<script|onerror|onload|javascript:|<iframe|<svg|<img|<style/i);
    }
  });

  it('when a read-only admin or a developer tries to change an FAQ then 403, and a missing FAQ is 404', async () => {
    for (const subject of [ROLES.ADMIN_PORTICO_READONLY, null, ROLES.MARKETING_ADMIN]) {
      expectEnvelope(
        await t.injectAs(subject, { method: 'POST', url: `${S}/content/faqs/1/unpublish` }),
        403,
      );
    }
    expectEnvelope(await t.injectAs(ADMIN, { method: 'DELETE', url: `${S}/content/faqs/999999` }), 404);
    expectEnvelope(
      await t.injectAs(ADMIN, { method: 'PUT', url: `${S}/content/faqs/abc`, payload: {} }),
      400,
    );
  });

  it('when drafts are asked for then only the admins get them', async () => {
    const all = async (subject: Parameters<TestApp['injectAs']>[0]) =>
      (
        expectEnvelope(
          await t.injectAs(subject, {
            method: 'GET',
            url: `${S}/content/faqs?include_unpublished=true&end=500`,
          }),
          200,
        ).data as { total: number }
      ).total;
    const published = (
      expectEnvelope(await t.injectAs(null, { method: 'GET', url: `${S}/content/faqs?end=500` }), 200)
        .data as { total: number }
    ).total;
    expect(await all(null)).toBe(published);
    expect(await all(ROLES.ADMIN_PORTICO_READONLY)).toBeGreaterThan(published);
  });
});

describe('downloads', () => {
  it('when an admin uploads a PDF and a ZIP then developers see them by category and download the bytes', async () => {
    const guide = await pdf();
    const created = expectEnvelope(
      await t.injectAs(ADMIN, {
        method: 'POST',
        url: `${S}/content/downloads`,
        ...form(
          { category: 'guide', name: 'Launch guide', description: 'How to launch', published: 'true' },
          [{ name: 'file', filename: 'guide.pdf', type: 'application/pdf', bytes: guide }],
        ),
      }),
      201,
    ).data as { id: number; type: string; size: number; url: string };
    expect(created).toMatchObject({ type: 'PDF', size: guide.length });
    const sdk = zipOf([{ name: 'sdk/readme.md', text: '# SDK' }]);
    expectEnvelope(
      await t.injectAs(ROLES.SUPER_ADMIN_PORTICO, {
        method: 'POST',
        url: `${S}/content/downloads`,
        ...form({ category: 'sdk', name: 'SDK', published: 'true' }, [
          { name: 'file', filename: 'sdk.bin', type: 'application/octet-stream', bytes: sdk },
        ]),
      }),
      201,
    );
    const list = expectEnvelope(
      await t.injectAs(ROLES.USER_BILLING, { method: 'GET', url: `${S}/content/downloads?category=sdk` }),
      200,
    ).data as { items: { name: string; type: string; file_name: string }[] };
    expect(list.items).toEqual([expect.objectContaining({ name: 'SDK', type: 'ZIP', file_name: 'sdk.zip' })]);

    const file = await t.injectAs(null, { method: 'GET', url: created.url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="guide.pdf"/);
    expect(file.rawPayload.equals(guide)).toBe(true);
  });

  it('when the file is not what it claims, empty, missing or the form is JSON then 4xx naming the problem', async () => {
    const fake = await t.injectAs(ADMIN, {
      method: 'POST',
      url: `${S}/content/downloads`,
      ...form({ category: 'guide', name: 'Fake' }, [
        {
          name: 'file',
          filename: 'fake.pdf',
          type: 'application/pdf',
          bytes: Buffer.from('MZ\x90\x00 an executable'),
        },
      ]),
    });
    expect(expectEnvelope(fake, 400).message).toMatch(/PDF, ZIP, CSV or image/);
    const missing = await t.injectAs(ADMIN, {
      method: 'POST',
      url: `${S}/content/downloads`,
      ...form({ category: 'guide', name: 'x' }),
    });
    expect(expectEnvelope(missing, 400).message).toMatch(/Choose the file/);
    const badCategory = await t.injectAs(ADMIN, {
      method: 'POST',
      url: `${S}/content/downloads`,
      ...form({ category: 'nope', name: 'x' }, [
        { name: 'file', filename: 'a.zip', type: 'application/zip', bytes: zipOf([]) },
      ]),
    });
    expect(expectEnvelope(badCategory, 400).message).toMatch(/category/);
    expectEnvelope(
      await t.injectAs(ADMIN, { method: 'POST', url: `${S}/content/downloads`, payload: { name: 'x' } }),
      415,
    );
  });

  it('when an unpublished download is asked for by a developer then 404; reorder and delete are audited', async () => {
    const created = expectEnvelope(
      await t.injectAs(ADMIN, {
        method: 'POST',
        url: `${S}/content/downloads`,
        ...form({ category: 'brand', name: 'Draft logo' }, [
          { name: 'file', filename: 'l.zip', type: 'application/zip', bytes: zipOf([]) },
        ]),
      }),
      201,
    ).data as { id: number; url: string };
    expectEnvelope(await t.injectAs(null, { method: 'GET', url: created.url }), 404);
    expect(
      (await t.injectAs(ROLES.ADMIN_PORTICO_READONLY, { method: 'GET', url: created.url })).statusCode,
    ).toBe(200);
    expectEnvelope(
      await t.injectAs(ADMIN, {
        method: 'PUT',
        url: `${S}/content/downloads/order`,
        payload: { ids: [created.id] },
      }),
      200,
    );
    expectEnvelope(
      await t.injectAs(ADMIN, {
        method: 'PUT',
        url: `${S}/content/downloads/order`,
        payload: { ids: [created.id, 999999] },
      }),
      404,
    );
    expectEnvelope(
      await t.injectAs(ADMIN, {
        method: 'PUT',
        url: `${S}/content/downloads/order`,
        payload: { ids: [1, 1] },
      }),
      400,
    );
    expectEnvelope(
      await t.injectAs(ADMIN, { method: 'DELETE', url: `${S}/content/downloads/${created.id}` }),
      200,
    );
    expect(await auditChanges('downloads')).toEqual(
      expect.arrayContaining(['created', 'reordered', 'deleted']),
    );
  });
});

describe('videos', () => {
  it('when a WebM with poster and captions is added then it streams with HTTP Range', async () => {
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
      'base64',
    );
    const video = expectEnvelope(
      await t.injectAs(ROLES.SUPER_ADMIN_PORTICO, {
        method: 'POST',
        url: `${S}/content/videos`,
        ...form({ title: 'Intro', description: 'A tour', duration_seconds: '6', published: 'true' }, [
          { name: 'video', filename: 'intro.webm', type: 'video/webm', bytes: webm },
          { name: 'poster', filename: 'p.png', type: 'image/png', bytes: png },
          {
            name: 'captions',
            filename: 'c.vtt',
            type: 'text/vtt',
            bytes: Buffer.from('WEBVTT\n\n00:00.000 --> 00:01.000\nHello\n'),
          },
        ]),
      }),
      201,
    ).data as { stream_url: string; poster_url: string; captions_url: string };

    const listed = expectEnvelope(
      await t.injectAs(ROLES.DEVELOPER, { method: 'GET', url: `${S}/content/videos` }),
      200,
    ).data as {
      items: { title: string; duration_seconds: number }[];
    };
    expect(listed.items).toEqual([expect.objectContaining({ title: 'Intro', duration_seconds: 6 })]);

    const whole = await t.app.inject({ method: 'GET', url: video.stream_url });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.headers['content-type']).toBe('video/webm');
    expect(whole.rawPayload.length).toBe(webm.length);

    const part = await t.app.inject({
      method: 'GET',
      url: video.stream_url,
      headers: { range: 'bytes=10-19' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 10-19/${webm.length}`);
    expect(part.rawPayload.equals(webm.subarray(10, 20))).toBe(true);

    const tooFar = await t.app.inject({
      method: 'GET',
      url: video.stream_url,
      headers: { range: `bytes=${webm.length}-` },
    });
    expect(tooFar.statusCode).toBe(416);
    expect(tooFar.headers['content-range']).toBe(`bytes */${webm.length}`);

    expect((await t.app.inject({ method: 'GET', url: video.captions_url })).headers['content-type']).toBe(
      'text/vtt',
    );
    expect((await t.app.inject({ method: 'GET', url: video.poster_url })).headers['content-type']).toBe(
      'image/png',
    );
    expectEnvelope(
      await t.app.inject({ method: 'GET', url: '/api/v1/content/media/forged.token.here' }),
      404,
    );
  });

  it('when the video is not a video or the duration is missing then 400', async () => {
    const notVideo = await t.injectAs(ADMIN, {
      method: 'POST',
      url: `${S}/content/videos`,
      ...form({ title: 'x', duration_seconds: '5' }, [
        { name: 'video', filename: 'x.mp4', type: 'video/mp4', bytes: Buffer.from('<html></html>') },
      ]),
    });
    expect(expectEnvelope(notVideo, 400).message).toMatch(/MP4 or WebM/);
    const noDuration = await t.injectAs(ADMIN, {
      method: 'POST',
      url: `${S}/content/videos`,
      ...form({ title: 'x' }, [{ name: 'video', filename: 'x.webm', type: 'video/webm', bytes: webm }]),
    });
    expect(expectEnvelope(noDuration, 400).message).toMatch(/duration_seconds/);
  });
});

describe('sample files', () => {
  for (const format of ['csv', 'xlsx', 'txt'] as const) {
    for (const kind of ['audience', 'personalised'] as const) {
      it(`when the ${kind} sample is downloaded as ${format} then the audience parser reads every row`, async () => {
        const response = await t.injectAs(ROLES.CHILD_AGGREGATOR_READONLY, {
          method: 'GET',
          url: `${S}/content/sample-files/${kind}?format=${format}`,
        });
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-disposition']).toContain(`${kind}-sample.${format}`);
        const parsed = await parseAudienceFile(kind, format, response.rawPayload);
        expect(parsed.errors).toEqual([]);
        expect(parsed.records.length).toBe(4);
        expect(parsed.records[0]?.msisdn).toBe('+919876543210');
      });
    }
  }
  it('when the format or kind is unknown then 400', async () => {
    expectEnvelope(
      await t.injectAs(null, { method: 'GET', url: `${S}/content/sample-files/audience?format=exe` }),
      400,
    );
    expectEnvelope(
      await t.injectAs(null, { method: 'GET', url: `${S}/content/sample-files/other?format=csv` }),
      400,
    );
  });
});

describe('press releases', () => {
  it('when the marketing admin writes and submits a release then a signed-out visitor reads it', async () => {
    const draft = expectEnvelope(
      await t.injectAs(ROLES.MARKETING_ADMIN, {
        method: 'POST',
        url: `${S}/press-releases`,
        payload: {
          title: 'Launch',
          summary: 'We launched',
          body_html:
            '<p onclick="x()">Today <a href="javascript:alert(1)">we</a> <strong>launched</strong></p>',
          publish_date: '2026-01-05',
        },
      }),
      201,
    ).data as { id: number; status: string; body_html: string };
    expect(draft.status).toBe('draft');
    expect(draft.body_html).toBe('<p>Today <a>we</a> <strong>launched</strong></p>');
    expectEnvelope(await t.app.inject({ method: 'GET', url: `/api/v1/press-releases/${draft.id}` }), 404);

    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
      'base64',
    );
    const withImage = expectEnvelope(
      await t.injectAs(ROLES.MARKETING_ADMIN, {
        method: 'POST',
        url: `${S}/press-releases/${draft.id}/image`,
        ...form({}, [{ name: 'image', filename: 'i.png', type: 'image/png', bytes: png }]),
      }),
      200,
    ).data as { image_url: string };
    expect(withImage.image_url).toMatch(/^\/api\/v1\/files\/public\/press-releases\//);

    expectEnvelope(
      await t.injectAs(ROLES.MARKETING_ADMIN, {
        method: 'POST',
        url: `${S}/press-releases/${draft.id}/submit`,
      }),
      200,
    );
    const read = expectEnvelope(
      await t.app.inject({ method: 'GET', url: `/api/v1/press-releases/${draft.id}` }),
      200,
    ).data as {
      title: string;
    };
    expect(read.title).toBe('Launch');
    const list = expectEnvelope(await t.app.inject({ method: 'GET', url: '/api/v1/press-releases' }), 200)
      .data as {
      items: { id: number }[];
    };
    expect(list.items.map((i) => i.id)).toContain(draft.id);
    expect((await t.app.inject({ method: 'GET', url: withImage.image_url })).statusCode).toBe(200);
    expect(await auditChanges('press-releases')).toEqual(['created', 'image', 'published']);
  });

  it('when a release is published with a future date then the public does not see it yet', async () => {
    const future = expectEnvelope(
      await t.injectAs(ROLES.MARKETING_ADMIN, {
        method: 'POST',
        url: `${S}/press-releases`,
        payload: { title: 'Soon', body_html: '<p>Soon</p>', publish_date: '2999-01-01' },
      }),
      201,
    ).data as { id: number };
    expectEnvelope(
      await t.injectAs(ROLES.MARKETING_ADMIN, {
        method: 'POST',
        url: `${S}/press-releases/${future.id}/submit`,
      }),
      200,
    );
    expectEnvelope(await t.app.inject({ method: 'GET', url: `/api/v1/press-releases/${future.id}` }), 404);
  });

  it('when the list is searched and sorted by title then it follows; a bad sort is a 400; the export holds the same rows', async () => {
    for (const title of ['Zeta sortable', 'Alpha sortable', 'Mid sortable']) {
      expectEnvelope(
        await t.injectAs(ROLES.MARKETING_ADMIN, {
          method: 'POST',
          url: `${S}/press-releases`,
          payload: { title, summary: 'sortable news', body_html: '<p>x</p>', publish_date: '2026-03-01' },
        }),
        201,
      );
    }
    const titles = async (query: string) =>
      (
        expectEnvelope(
          await t.injectAs(ROLES.MARKETING_ADMIN, { method: 'GET', url: `${S}/press-releases?${query}` }),
          200,
        ).data as { items: { title: string }[] }
      ).items.map((item) => item.title);
    expect(await titles('search=sortable&sort=title&order=asc')).toEqual([
      'Alpha sortable',
      'Mid sortable',
      'Zeta sortable',
    ]);
    expect(await titles('search=SORTABLE&sort=title&order=desc')).toEqual([
      'Zeta sortable',
      'Mid sortable',
      'Alpha sortable',
    ]);
    const bad = expectEnvelope(
      await t.injectAs(ROLES.MARKETING_ADMIN, { method: 'GET', url: `${S}/press-releases?sort=body_html` }),
      400,
    );
    expect(JSON.stringify(bad)).toMatch(/sort must be one of publish_date, title, status, updated_at/);
    expectEnvelope(
      await t.injectAs(ROLES.MARKETING_ADMIN, {
        method: 'GET',
        url: `${S}/press-releases/export?format=doc`,
      }),
      400,
    );
    const xlsx = await t.injectAs(ROLES.MARKETING_ADMIN, {
      method: 'GET',
      url: `${S}/press-releases/export?format=xlsx&search=sortable&sort=title&order=asc`,
    });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-disposition']).toMatch(
      /^attachment; filename="press-releases-[\d-]+\.xlsx"$/,
    );
    const rows = await sheetRows(xlsx.rawPayload);
    expect(rows).toEqual([
      ['Title', 'Summary', 'Status', 'Publish date', 'Last changed (UTC)'],
      ...['Alpha', 'Mid', 'Zeta'].map((name) => [
        `${name} sortable`,
        'sortable news',
        'Draft',
        '1 Mar 2026',
        expect.stringMatching(/^\d{2}\/\d{2}\/\d{4} \| \d{2}:\d{2} [AP]M$/),
      ]),
    ]);
    const pdf = await t.injectAs(ROLES.MARKETING_ADMIN, {
      method: 'GET',
      url: `${S}/press-releases/export?format=pdf`,
    });
    expect(pdf.headers['content-type']).toBe('application/pdf');
  });

  it('when the input is bad then 400 naming the field; other roles get 403', async () => {
    const bad = await t.injectAs(ROLES.MARKETING_ADMIN, {
      method: 'POST',
      url: `${S}/press-releases`,
      payload: { title: '', body_html: '<p>x</p>', publish_date: '2026-02-30' },
    });
    expectEnvelope(bad, 400);
    for (const subject of [ROLES.SUPER_ADMIN_PORTICO, null]) {
      expectEnvelope(await t.injectAs(subject, { method: 'GET', url: `${S}/press-releases` }), 403);
    }
  });
});
