import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type TAudience, ZAudience, ZAudienceList, ZAudienceRecipientList } from '@portico/domain';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Account } from '../../../test/factories.ts';
import { createTestApp, expectEnvelope, type TestApp, xsrfHeaders } from '../../../test/helpers.ts';

/**
 * Issue 27's "Bad input" list, one table: each bad file is either refused at upload with a 4xx and a
 * clear message (nothing kept), or found during the check: then the audience fails with a clear
 * message and keeps nothing, or the file is read right and only its bad lines are refused with their
 * reasons. Never a 500, never a half-kept audience that looks complete.
 */

const S = '/api/v1/secure';
/** A test that waits for a check (checked() polls up to 30 s) may take that long on a busy machine. */
const CHECKED_TIMEOUT = 40_000;
const MAX_RECIPIENTS = 50;
let t: TestApp;
let address: string;
let dataDir: string;
type Caller = Account & { token: string };
let owner: Caller;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'portico-bad-input-'));
  t = await createTestApp({
    env: { PORTICO_ROLE: 'all', AUDIENCE_MAX_RECIPIENTS: String(MAX_RECIPIENTS), DATA_DIR: dataDir },
  });
  address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  owner = await t.factories
    .account(null)
    .then(async (a) => ({ ...a, token: await t.tokenFor(a.user.userId) }));
  await t.database.sql.query(
    `UPDATE partners SET address = '{"countryId":"IN"}'::jsonb WHERE partner_id = $1`,
    [owner.partner.partnerId],
  );
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

const call = (options: InjectOptions) =>
  t.app.inject({
    ...options,
    headers: { authorization: `Bearer ${owner.token}`, ...xsrfHeaders(), ...options.headers },
  });

function upload(fileName: string, content: Buffer | string) {
  const boundary = '----portico-bad-input';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    Buffer.isBuffer(content) ? content : Buffer.from(content, 'utf8'),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return call({
    method: 'POST',
    url: `${S}/audiences`,
    payload: body,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
}

/** A resumable (tus) upload announced with its size: the size limit is held before any byte. */
async function announce(fileName: string, length: number) {
  const response = await fetch(`${address}${S}/audiences/uploads`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${owner.token}`,
      ...xsrfHeaders(),
      'tus-resumable': '1.0.0',
      'upload-length': String(length),
      'upload-metadata': `filename ${Buffer.from(fileName).toString('base64')}`,
    },
  });
  return { statusCode: response.status, message: ((await response.json()) as { message: string }).message };
}

async function audienceCount(): Promise<number> {
  return ZAudienceList.parse(expectEnvelope(await call({ method: 'GET', url: `${S}/audiences` }), 200).data)
    .total;
}

async function checked(audienceId: string): Promise<TAudience> {
  const started = Date.now();
  for (;;) {
    const audience = ZAudience.parse(
      expectEnvelope(await call({ method: 'GET', url: `${S}/audiences/${audienceId}` }), 200).data,
    );
    if (audience.status === 'ready' || audience.status === 'failed') return audience;
    if (Date.now() - started > 30_000) throw new Error(`audience still ${audience.status}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function recipientsOf(audienceId: string) {
  return ZAudienceRecipientList.parse(
    expectEnvelope(await call({ method: 'GET', url: `${S}/audiences/${audienceId}/recipients` }), 200).data,
  );
}

/** The refused-lines download as rows of [line, reason, detail, content]. */
async function refusedLinesOf(audienceId: string): Promise<string[][]> {
  const response = await call({
    method: 'GET',
    url: `${S}/audiences/${audienceId}/refused-lines?format=csv`,
  });
  expect(response.statusCode).toBe(200);
  const { parse } = await import('csv-parse/sync');
  const rows = parse(response.body.replace(/^\uFEFF/, ''), { relax_column_count: true }) as string[][];
  return rows.slice(1);
}

async function workbook(fill: (sheet: import('exceljs').Worksheet) => void): Promise<Buffer> {
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.Workbook();
  fill(book.addWorksheet('Audience'));
  return Buffer.from(await book.xlsx.writeBuffer());
}

const numbers = (count: number) =>
  Array.from({ length: count }, (_, i) => `+9198100${String(10000 + i)}`).join('\n');

describe('bad input refused at upload: a 4xx saying why, and no audience', () => {
  it.each([
    [
      'text named .xlsx (not what its extension says)',
      'list.xlsx',
      'msisdn\n+919876543210\n',
      400,
      /not an Excel workbook/,
    ],
    [
      'a workbook named .csv (not what its extension says)',
      'list.csv',
      Buffer.from('PK\u0003\u0004rest', 'latin1'),
      400,
      /spreadsheet or archive/,
    ],
    [
      'a PDF named .txt (not what its extension says)',
      'list.txt',
      Buffer.from('%PDF-1.7\n%\u00e2\u00e3\u00cf\u00d3\n1 0 obj\n', 'latin1'),
      400,
      /./,
    ],
    [
      'a binary file',
      'list.csv',
      Buffer.from([0x00, 0x01, 0x02, 0x03, 0xff, 0xfe, 0x00, 0x10]),
      400,
      /binary/,
    ],
    [
      'a binary file named .txt',
      'list.txt',
      Buffer.from(Array.from({ length: 512 }, (_, i) => (i * 37) % 256)),
      400,
      /binary/,
    ],
    [
      'a name over 50 characters',
      `${'n'.repeat(47)}.csv`,
      'msisdn\n+919876543210\n',
      400,
      /longer than 50 characters/,
    ],
    ['an unsupported extension', 'list.pdf', '%PDF-1.4', 400, /CSV, TXT or XLSX/],
    ['an empty file', 'empty.csv', '', 400, /empty/],
  ])(
    'when %s is uploaded then the answer is %#: a 4xx with a clear message',
    async (_label, name, content, status, message) => {
      const before = await audienceCount();
      const response = await upload(name, content);
      expect(response.statusCode).toBe(status);
      expect(expectEnvelope(response, status).message).toMatch(message);
      expect(await audienceCount()).toBe(before);
    },
  );

  it('when a file over the 100 MB limit is announced then it is refused (413) before any byte, saying the limit', async () => {
    const before = await audienceCount();
    const answer = await announce('big.csv', 100_000_001);
    expect(answer.statusCode).toBe(413);
    expect(answer.message).toMatch(/larger than 100\.0 MB/);
    expect(await audienceCount()).toBe(before);
  });
});

describe('bad input found during the check: the audience fails with the reason and keeps nothing', () => {
  it.each<[string, string, () => Promise<Buffer | string>, RegExp]>([
    ['a file with only a header', 'header.csv', async () => 'msisdn,first_name\r\n', /only a header/],
    ['a file with only a header and a BOM', 'bom-header.csv', async () => '\uFEFFmsisdn\n', /only a header/],
    [
      `more recipients than the ${MAX_RECIPIENTS} configured`,
      'many.csv',
      async () => `msisdn\n${numbers(MAX_RECIPIENTS + 1)}\n`,
      new RegExp(`more than ${MAX_RECIPIENTS} different recipients`),
    ],
    [
      'a 10 MB single line',
      'long.csv',
      async () => `msisdn\n${'9'.repeat(10_000_001)}\n`,
      /longer than 10,000 characters/,
    ],
    [
      'a 10 MB single line with no line end',
      'long.txt',
      async () => '9'.repeat(10_000_001),
      /longer than 10,000 characters/,
    ],
    [
      'a spreadsheet with a formula',
      'formula.xlsx',
      () =>
        workbook((sheet) => {
          sheet.addRow(['msisdn']);
          sheet.addRow(['+919876543210']);
          sheet.getCell('A3').value = { formula: 'A2', result: '+919876543210' };
        }),
      /formula \(line 3, column 1\)/,
    ],
    [
      'a file of no number column',
      'cities.csv',
      async () => 'name,city\nAsha,Pune\n',
      /header naming the number column/,
    ],
    [
      'a broken workbook (cut in half)',
      'cut.xlsx',
      async () => {
        const whole = await workbook((sheet) => {
          sheet.addRow(['msisdn']);
          for (let i = 0; i < 200; i++) sheet.addRow([`+9198100${String(10000 + i)}`]);
        });
        return whole.subarray(0, Math.floor(whole.length / 2));
      },
      /./,
    ],
    [
      'an unclosed quote',
      'quote.csv',
      async () => 'msisdn,first_name\n+919876543210,"Asha\n+919810012345,Ravi\n',
      /./,
    ],
  ])(
    'when the file is %s then the audience fails saying why, with no recipient kept',
    async (_label, name, content, reason) => {
      const response = await upload(name, await content());
      const created = ZAudience.parse(expectEnvelope(response, 200).data);
      const audience = await checked(created.audience_id);
      expect(audience.status).toBe('failed');
      expect(audience.failure).toMatch(reason);
      expect(audience.kept).toBe(0);
      expect((await recipientsOf(audience.audience_id)).total).toBe(0);
    },
    CHECKED_TIMEOUT,
  );
});

describe('awkward but readable files: every line kept or refused with its reason', () => {
  it.each<
    [
      string,
      string,
      () => Promise<Buffer | string>,
      { msisdn: string; fields?: Record<string, string> }[],
      string[][],
    ]
  >([
    [
      'quotes and separators inside values',
      'quoted.csv',
      async () =>
        'msisdn,first_name,order_id\n"+91 98100 12345","José, Jr.","ORD ""7"""\n+919810012346,"a,b,c","x"\n"not, a number",X,Y\n',
      [
        { msisdn: '+919810012345', fields: { first_name: 'José, Jr.', order_id: 'ORD "7"' } },
        { msisdn: '+919810012346', fields: { first_name: 'a,b,c', order_id: 'x' } },
      ],
      [['4', 'Not a valid mobile number']],
    ],
    [
      'tabs and quotes inside a TXT',
      'quoted.txt',
      async () => 'msisdn\tfirst_name\n+919810012345\t"Tab\there"\n',
      [{ msisdn: '+919810012345', fields: { first_name: 'Tab\there' } }],
      [],
    ],
    [
      'a BOM',
      'bom.csv',
      async () => '\uFEFFmsisdn,first_name\n+919810012345,Asha\n',
      [{ msisdn: '+919810012345', fields: { first_name: 'Asha' } }],
      [],
    ],
    [
      'CRLF line ends (and an empty line)',
      'crlf.csv',
      async () => 'msisdn,first_name\r\n+919810012345,Asha\r\n\r\n+919810012346,Ravi\r\n',
      [
        { msisdn: '+919810012345', fields: { first_name: 'Asha' } },
        { msisdn: '+919810012346', fields: { first_name: 'Ravi' } },
      ],
      [['3', 'Empty line']],
    ],
    [
      'a CSV cell that reads as a formula',
      'formula.csv',
      async () => 'msisdn,first_name\n=HYPERLINK("http://x"),Asha\n+919810012345,=1+1\n',
      [{ msisdn: '+919810012345', fields: { first_name: '=1+1' } }],
      [['2', 'Not a valid mobile number']],
    ],
  ])(
    'when the file has %s then it is read right',
    async (_label, name, content, kept, refused) => {
      const response = await upload(name, await content());
      const created = ZAudience.parse(expectEnvelope(response, 200).data);
      const audience = await checked(created.audience_id);
      expect(audience.status).toBe('ready');
      expect(audience.kept).toBe(kept.length);
      expect(audience.kept + audience.refused).toBe(audience.read);
      const recipients = await recipientsOf(audience.audience_id);
      expect(recipients.items.map(({ msisdn, fields }) => ({ msisdn, fields: fields ?? undefined }))).toEqual(
        kept.map(({ msisdn, fields }) => ({ msisdn, fields })),
      );
      const lines = await refusedLinesOf(audience.audience_id);
      expect(lines.map((row) => row.slice(0, 2))).toEqual(refused);
      // A refused cell that reads as a formula is downloaded as text, never as a formula.
      for (const row of lines) for (const cell of row.slice(2)) expect(cell).not.toMatch(/^[=+\-@]/);
    },
    CHECKED_TIMEOUT,
  );
});
