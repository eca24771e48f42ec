import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectEnvelope, type TestApp, xsrfHeaders } from '../../../test/helpers.ts';

const URL = '/api/v1/secure/update-partner-profile';
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
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

async function send(subject: Parameters<TestApp['injectAs']>[0], body: ReturnType<typeof form>) {
  return t.injectAs(subject, {
    method: 'POST',
    url: URL,
    payload: body.payload,
    headers: { ...body.headers, ...xsrfHeaders() },
  });
}

describe('update partner profile (multipart)', () => {
  it('when names and a PNG are sent then both are saved and partner details show them', async () => {
    const response = await send(
      'ADMIN_BILLING',
      form(
        { firstName: 'Carla', lastName: 'Rossi' },
        { name: 'profile_image', filename: 'me.png', type: 'image/png', bytes: PNG },
      ),
    );
    const body = expectEnvelope(response, 200);
    expect((body.data as { profileImage: string }).profileImage).toMatch(/^data:image\/png;base64,iVBOR/);
    const details = expectEnvelope(
      await t.injectAs('ADMIN_BILLING', { method: 'GET', url: '/api/v1/secure/partner-details' }),
      200,
    );
    expect(details.data).toMatchObject({
      partners_profile: { firstName: 'Carla', lastName: 'Rossi' },
      profile_image: expect.stringMatching(/^data:image\/png/),
    });
  });

  it('refuses content that is not an image whatever its name, an oversize image, blank names and no payload', async () => {
    const svg = form(
      {},
      {
        name: 'profile_image',
        filename: 'x.png',
        type: 'image/png',
        bytes: Buffer.from('<svg onload="alert(1)"/>'),
      },
    );
    expect(expectEnvelope(await send('SUPER_ADMIN_PORTICO', svg), 400).message).toBe(
      'The profile image must be a PNG, JPEG, GIF or WebP picture.',
    );
    const big = form(
      {},
      {
        name: 'profile_image',
        filename: 'big.png',
        type: 'image/png',
        bytes: Buffer.concat([PNG, Buffer.alloc(300 * 1024)]),
      },
    );
    expect(expectEnvelope(await send('SUPER_ADMIN_PORTICO', big), 413).message).toMatch(
      /too large: at most 256 KB/,
    );
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

  it('the read-only child user is refused', async () => {
    expectEnvelope(await send('CHILD_AGGREGATOR_READONLY', form({ firstName: 'No' })), 403);
  });
});
