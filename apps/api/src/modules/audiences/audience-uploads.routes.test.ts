import { mkdtemp, rm } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROLES, type TAudience, ZAudience } from '@portico/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Account } from '../../../test/factories.ts';
import { createTestApp, expectEnvelope, type TestApp, xsrfHeaders } from '../../../test/helpers.ts';

/**
 * Resumable audience uploads through the tus protocol: chunks, a resume from the server's offset
 * after a PATCH cut short, the limits refused before a byte is stored, another partner's upload
 * not found, read-only roles refused, and completion starting the check exactly once.
 */

const S = '/api/v1/secure';
const UPLOADS = `${S}/audiences/uploads`;
let t: TestApp;
type Caller = Account & { token: string };
let owner: Caller;
let stranger: Caller;
let address: string;
let dataDir: string;

beforeAll(async () => {
  // Unfinished uploads are staged under DATA_DIR: a folder of this test's own.
  dataDir = await mkdtemp(path.join(tmpdir(), 'portico-tus-'));
  t = await createTestApp({ env: { PORTICO_ROLE: 'all', DATA_DIR: dataDir } });
  address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const signedIn = async (a: Account) => ({ ...a, token: await t.tokenFor(a.user.userId) });
  owner = await t.factories.account(null).then(signedIn);
  stranger = await t.factories.account(null).then(signedIn);
  await t.database.sql.query(
    `UPDATE partners SET address = '{"countryId":"IN"}'::jsonb WHERE partner_id = $1`,
    [owner.partner.partnerId],
  );
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

interface Answer {
  statusCode: number;
  headers: Record<string, string>;
  body: string;
  json(): { message: string };
}
/**
 * Over a real socket: @tus/server reads the request as a stream and waits for its end, which
 * Fastify's in-process inject never signals for a body the route does not parse.
 */
async function call(
  who: Caller,
  options: { method: string; url: string; headers?: Record<string, string>; payload?: Buffer },
): Promise<Answer> {
  const response = await fetch(`${address}${options.url}`, {
    method: options.method,
    ...(options.payload ? { body: options.payload } : {}),
    headers: {
      authorization: `Bearer ${who.token}`,
      'tus-resumable': '1.0.0',
      ...xsrfHeaders(),
      ...options.headers,
    },
  });
  const body = await response.text();
  return {
    statusCode: response.status,
    headers: Object.fromEntries(response.headers.entries()),
    body,
    json: () => JSON.parse(body) as { message: string },
  };
}

const metadata = (values: Record<string, string>) =>
  Object.entries(values)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');

async function create(who: Caller, fileName: string, length: number) {
  return call(who, {
    method: 'POST',
    url: UPLOADS,
    headers: { 'upload-length': String(length), 'upload-metadata': metadata({ filename: fileName }) },
  });
}
async function created(who: Caller, fileName: string, length: number): Promise<string> {
  const response = await create(who, fileName, length);
  expect(response.statusCode, response.body).toBe(201);
  const location = String(response.headers.location);
  expect(location).toMatch(new RegExp(`^${UPLOADS}/[0-9a-f]{32}$`));
  return location;
}
const patch = (who: Caller, location: string, offset: number, bytes: Buffer) =>
  call(who, {
    method: 'PATCH',
    url: location,
    payload: bytes,
    headers: { 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
  });
const head = (who: Caller, location: string) => call(who, { method: 'HEAD', url: location });

async function checked(audienceId: string): Promise<TAudience> {
  const started = Date.now();
  for (;;) {
    const audience = ZAudience.parse(
      expectEnvelope(
        await t.app.inject({
          method: 'GET',
          url: `${S}/audiences/${audienceId}`,
          headers: { authorization: `Bearer ${owner.token}` },
        }),
        200,
      ).data,
    );
    if (audience.status === 'ready' || audience.status === 'failed') return audience;
    if (Date.now() - started > 30_000) throw new Error(`audience still ${audience.status}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
async function checkJobs(audienceId: string): Promise<number> {
  const { rows } = await t.database.sql.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'audiences.check' AND data->>'audienceId' = $1`,
    [audienceId],
  );
  return rows[0]?.n ?? 0;
}

const CSV = Buffer.from(
  [
    'msisdn,first_name',
    ...Array.from({ length: 40 }, (_, i) => `+9198765${String(43000 + i)},Name ${i}`),
  ].join('\n'),
);

describe('resumable uploads (tus)', () => {
  it('when a file is sent in chunks then each PATCH moves the offset and the last one makes the audience and its check', async () => {
    const location = await created(owner, 'chunks.csv', CSV.length);
    let offset = 0;
    let last: Answer | undefined;
    for (const size of [100, 300, CSV.length]) {
      const part = CSV.subarray(offset, Math.min(offset + size, CSV.length));
      last = await patch(owner, location, offset, part);
      expect(last.statusCode, last.body).toBe(204);
      offset += part.length;
      expect(Number(last.headers['upload-offset'])).toBe(offset);
      if (offset === CSV.length) break;
    }
    const audienceId = String(last?.headers['audience-id']);
    const audience = await checked(audienceId);
    expect(audience).toMatchObject({ status: 'ready', kept: 40, file_name: 'chunks.csv', bytes: CSV.length });
  });

  it('when a PATCH claims the wrong offset then it is refused (409), HEAD says what arrived and the upload continues from there', async () => {
    const location = await created(owner, 'resumed.csv', CSV.length);
    const p1 = await patch(owner, location, 0, CSV.subarray(0, 500));
    expect(p1.statusCode).toBe(204);
    // A PATCH claiming the wrong offset (a client that lost track) is refused, nothing written.
    expect((await patch(owner, location, 200, CSV.subarray(200, 700))).statusCode).toBe(409);
    const status = await head(owner, location);
    expect(status.statusCode).toBe(200);
    expect(status.headers['upload-offset']).toBe('500');
    expect(status.headers['upload-length']).toBe(String(CSV.length));
    const rest = await patch(owner, location, 500, CSV.subarray(500));
    expect(rest.statusCode, rest.body).toBe(204);
    expect((await checked(String(rest.headers['audience-id']))).kept).toBe(40);
  });

  it('when the connection drops in the middle of a PATCH then the bytes that arrived are kept and the rest resumes from there', async () => {
    const location = await created(owner, 'dropped.csv', CSV.length);
    const url = new URL(`${address}${location}`);
    await new Promise<void>((resolve) => {
      const request = httpRequest(url, {
        method: 'PATCH',
        headers: {
          authorization: `Bearer ${owner.token}`,
          'tus-resumable': '1.0.0',
          ...xsrfHeaders(),
          'upload-offset': '0',
          'content-type': 'application/offset+octet-stream',
          'content-length': String(CSV.length),
        },
      });
      request.on('error', () => resolve());
      request.on('close', () => resolve());
      request.write(CSV.subarray(0, 300), () => setTimeout(() => request.destroy(), 300));
    });
    // The server notices the cut and keeps what it wrote.
    let offset = 0;
    for (let i = 0; i < 50 && offset === 0; i += 1) {
      offset = Number((await head(owner, location)).headers['upload-offset']);
      if (offset === 0) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(offset).toBe(300);
    const rest = await patch(owner, location, offset, CSV.subarray(offset));
    expect(rest.statusCode, rest.body).toBe(204);
    expect((await checked(String(rest.headers['audience-id']))).kept).toBe(40);
  });

  it('when the last PATCH is sent again then the check started once and HEAD answers the same audience', async () => {
    const location = await created(owner, 'twice.csv', CSV.length);
    const first = await patch(owner, location, 0, CSV);
    expect(first.statusCode, first.body).toBe(204);
    const audienceId = String(first.headers['audience-id']);
    const again = await patch(owner, location, 0, CSV);
    expect(again.statusCode).toBe(409);
    const status = await head(owner, location);
    expect(status.statusCode).toBe(200);
    expect(status.headers['upload-offset']).toBe(String(CSV.length));
    expect(status.headers['audience-id']).toBe(audienceId);
    await checked(audienceId);
    expect(await checkJobs(audienceId)).toBe(1);
    const { rows } = await t.database.sql.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM audiences WHERE partner_id = $1 AND file_name = 'twice.csv'`,
      [owner.partner.partnerId],
    );
    expect(rows[0]?.n).toBe(1);
  });

  it('when the file is over 100 MB, its name over 50 characters, or its size unknown then nothing is created, with the reason', async () => {
    const big = await create(owner, 'big.csv', 100_000_001);
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toMatch(/larger than 100\.0 MB/);
    const long = await create(owner, `${'n'.repeat(47)}.csv`, 100);
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toMatch(/longer than 50 characters/);
    const unknown = await call(owner, {
      method: 'POST',
      url: UPLOADS,
      headers: { 'upload-defer-length': '1', 'upload-metadata': metadata({ filename: 'a.csv' }) },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toMatch(/Upload-Length/);
    // More bytes than declared are refused by the protocol.
    const location = await created(owner, 'short.csv', 10);
    expect((await patch(owner, location, 0, Buffer.from('msisdn\n+919876543210\n'))).statusCode).toBe(413);
  });

  it('when a binary file ends the upload then it is refused with the reason and no audience is made', async () => {
    const bytes = Buffer.from([0x00, 0x01, 0x02, 0x03, 0x00, 0xff]);
    const location = await created(owner, 'binary.csv', bytes.length);
    const last = await patch(owner, location, 0, bytes);
    expect(last.statusCode).toBe(400);
    expect(last.body).toMatch(/binary/);
    expect((await head(owner, location)).statusCode).toBe(404);
  });

  it("when another partner asks for or writes to an upload then it is not found, and the owner's upload is untouched", async () => {
    const location = await created(owner, 'private.csv', CSV.length);
    expect((await patch(owner, location, 0, CSV.subarray(0, 50))).statusCode).toBe(204);
    expect((await head(stranger, location)).statusCode).toBe(404);
    const theirs = await patch(stranger, location, 50, CSV.subarray(50, 100));
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().message).toBe('Upload not found.');
    expect((await call(stranger, { method: 'DELETE', url: location })).statusCode).toBe(404);
    expect((await head(owner, location)).headers['upload-offset']).toBe('50');
    expect((await call(owner, { method: 'DELETE', url: location })).statusCode).toBe(204);
    expect((await head(owner, location)).statusCode).toBe(404);
  });

  it('when an aggregator awaits approval then it cannot start or continue an upload, and is told why', async () => {
    const pending = await t.factories
      .account(null, { partner: { isAggregator: true, launchApproved: false, approvalStatus: null } })
      .then(async (a) => ({ ...a, token: await t.tokenFor(a.user.userId) }));
    const refused = await create(pending, 'list.csv', 100);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/campaigns open once it is approved/);
    expect((await head(pending, `${UPLOADS}/0123456789abcdef0123456789abcdef`)).statusCode).toBe(403);
  });

  it('when a read-only user starts or resumes an upload then it is refused (403)', async () => {
    const readOnly = await t.factories
      .account(ROLES.CHILD_AGGREGATOR_READONLY)
      .then(async (a) => ({ ...a, token: await t.tokenFor(a.user.userId) }));
    expect((await create(readOnly, 'ro.csv', 100)).statusCode).toBe(403);
    const location = await created(owner, 'ro-owner.csv', CSV.length);
    expect((await head(readOnly, location)).statusCode).toBe(403);
    expect((await patch(readOnly, location, 0, CSV)).statusCode).toBe(403);
  });
});
