import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectEnvelope, type TestApp, xsrfHeaders } from '../../../test/helpers.ts';
import { ok } from '../http/envelope.ts';
import { AppError } from '../http/errors.ts';
import { createStorage } from '../storage/index.ts';
import { checkImage, checkPdf } from './content.ts';
import { multipartLimits, receiveUpload, type UploadSpec } from './receive.ts';
import { createSignedDownloads } from './signed-downloads.ts';

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

async function pdf(): Promise<Buffer> {
  const document = await PDFDocument.create();
  document.addPage([200, 200]).drawText('Certificate of incorporation');
  return Buffer.from(await document.save({ useObjectStreams: false }));
}

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#5956D6' } })
    .png()
    .toBuffer();

describe('content checks', () => {
  it('when a real PDF is uploaded then it is accepted with its page count', async () => {
    expect(await checkPdf('Business document', await pdf(), 1_000_000)).toEqual({ pages: 1 });
  });

  it('when a file only claims to be a PDF then it is refused, saying what was wrong', async () => {
    const text = await refusal(checkPdf('Business document', Buffer.from('hello, I am a PDF'), 1_000_000));
    expect(text.message).toBe('Business document is not a PDF: its content does not start as one.');
    const broken = await refusal(
      checkPdf('LOA', Buffer.from('%PDF-1.7\n%garbage without objects'), 1_000_000),
    );
    expect(broken.message).toBe('LOA is not a readable PDF: it could not be parsed.');
    expect((await refusal(checkPdf('LOA', Buffer.alloc(0), 1_000_000))).message).toBe('LOA is empty.');
    const big = await refusal(checkPdf('LOA', await pdf(), 100));
    expect(big.httpStatus).toBe(413);
  });

  it('when a PDF is encrypted then it is refused: a reviewer could not open it', async () => {
    const plain = (await pdf()).toString('latin1');
    // Point the trailer at an encryption dictionary (any object will do for the check).
    const encrypted = Buffer.from(plain.replace('trailer\n<<', 'trailer\n<<\n/Encrypt 1 0 R'), 'latin1');
    expect((await refusal(checkPdf('LOA', encrypted, 1_000_000))).message).toBe(
      'LOA is password-protected; upload it without a password.',
    );
  });

  it('when an image has the wrong pixel size or is no image then the refusal says so', async () => {
    const rule = { label: 'Logo', maxBytes: 50_000, width: 224, height: 224 };
    expect(await checkImage(rule, await png(224, 224))).toEqual({ format: 'png', width: 224, height: 224 });
    expect((await refusal(checkImage(rule, await png(300, 200)))).message).toBe(
      'Logo is 300 x 200 px; it must be 224 x 224 px.',
    );
    expect((await refusal(checkImage(rule, await pdf()))).message).toBe(
      'Logo is not a PNG, JPEG, WebP or GIF image.',
    );
  });
});

const SPEC: UploadSpec = {
  files: { document: { label: 'Business document', maxBytes: 2_000 } },
  fields: ['documentType'],
};
const uploadRoute: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, multipartLimits(SPEC));
  app.post('/upload-test', async (request) => {
    const received = await receiveUpload(request, SPEC);
    return ok({ fields: received.fields, sizes: Object.keys(received.files) });
  });
};

function form(parts: { name: string; filename?: string; body: string }[], boundary = 'XyZ') {
  return parts
    .map((p) =>
      [
        `--${boundary}`,
        `Content-Disposition: form-data; name="${p.name}"${p.filename ? `; filename="${p.filename}"` : ''}`,
        ...(p.filename ? ['Content-Type: application/pdf'] : []),
        '',
        p.body,
      ].join('\r\n'),
    )
    .join('\r\n')
    .concat(`\r\n--${boundary}--\r\n`);
}

describe('receiving uploads', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ extraRoutes: { api: [uploadRoute] } });
  });
  afterAll(() => t.close());
  const post = (payload: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/upload-test',
      headers: {
        'content-type': 'multipart/form-data; boundary=XyZ',
        ...xsrfHeaders(),
      },
      payload,
    });

  it('when the form is what the call takes then the file and fields arrive', async () => {
    const body = expectEnvelope(
      await post(
        form([
          { name: 'documentType', body: 'INCORPORATION' },
          { name: 'document', filename: 'a.pdf', body: '%PDF-1.7 small' },
        ]),
      ),
      200,
    );
    expect(body.data).toEqual({ fields: { documentType: 'INCORPORATION' }, sizes: ['document'] });
  });

  it('when a file is over its limit, a field is unexpected or the upload is cut off then it is a clear 4xx', async () => {
    const big = expectEnvelope(
      await post(form([{ name: 'document', filename: 'a.pdf', body: 'x'.repeat(3_000) }])),
      413,
    );
    expect(big.message).toBe('Business document is larger than the limit of 2 KB.');
    expectEnvelope(await post(form([{ name: 'other', filename: 'a.pdf', body: 'x' }])), 400);
    const cut = form([{ name: 'document', filename: 'a.pdf', body: 'x'.repeat(500) }]);
    const truncated = expectEnvelope(await post(cut.slice(0, 200)), 400);
    expect(truncated.message).toMatch(/cut off|not valid|end/i);
  });
});

describe('signed downloads', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('when a signed link is followed in time then the private file downloads; forged or late it is a 404, and the public route never serves it', async () => {
    const storage = createStorage(t.config.storage);
    const key = 'private/brand-documents/test/abc.pdf';
    await storage.put(key, await pdf(), 'application/pdf');
    const downloads = await createSignedDownloads(t.database);
    const { url } = await downloads.url({ key, filename: 'Acme incorporation “2026”.pdf' });
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="Acme incorporation _2026_.pdf"; filename*=UTF-8''${encodeURIComponent('Acme incorporation “2026”.pdf')}`,
    );
    expect(response.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const forged = `${url.slice(0, -4)}AAAA`;
    expectEnvelope(await t.app.inject({ method: 'GET', url: forged }), 404);
    const late = await downloads.url({ key, filename: 'x.pdf' }, -10);
    expectEnvelope(await t.app.inject({ method: 'GET', url: late.url }), 404);
    expectEnvelope(await t.app.inject({ method: 'GET', url: `/api/v1/files/${key}` }), 404);
  });
});
