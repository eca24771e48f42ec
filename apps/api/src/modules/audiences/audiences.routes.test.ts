import { type TAudience, ZAudience, ZAudienceList, ZAudienceRecipientList } from '@portico/domain';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Account } from '../../../test/factories.ts';
import { createTestApp, expectEnvelope, type TestApp, xsrfHeaders } from '../../../test/helpers.ts';
import { audiences } from './audiences.schema.ts';

/**
 * Audiences through the API with workers running: uploads streamed to storage, the check job's
 * verdicts (kept, refused with reasons and line numbers), the refused lines as CSV and Excel, bad
 * files each refused with a clear 4xx or a failed audience naming why, isolation, delete.
 */

const S = '/api/v1/secure';
let t: TestApp;
type Caller = Account & { token: string };
let owner: Caller;
let stranger: Caller;

beforeAll(async () => {
  t = await createTestApp({ env: { PORTICO_ROLE: 'all', AUDIENCE_MAX_RECIPIENTS: '50' } });
  owner = await t.factories
    .account(null)
    .then(async (a) => ({ ...a, token: await t.tokenFor(a.user.userId) }));
  stranger = await t.factories
    .account(null)
    .then(async (a) => ({ ...a, token: await t.tokenFor(a.user.userId) }));
  await t.database.sql.query(
    `UPDATE partners SET address = '{"countryId":"IN"}'::jsonb WHERE partner_id = $1`,
    [owner.partner.partnerId],
  );
});
afterAll(() => t.close());

const call = (who: Caller, options: InjectOptions) =>
  t.app.inject({
    ...options,
    headers: { authorization: `Bearer ${who.token}`, ...xsrfHeaders(), ...options.headers },
  });

function upload(who: Caller, fileName: string, content: Buffer | string, query = '') {
  const boundary = '----portico-audience';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    Buffer.isBuffer(content) ? content : Buffer.from(content, 'utf8'),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return call(who, {
    method: 'POST',
    url: `${S}/audiences${query}`,
    payload: body,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
}

async function checked(who: Caller, audienceId: string): Promise<TAudience> {
  const started = Date.now();
  for (;;) {
    const audience = ZAudience.parse(
      expectEnvelope(await call(who, { method: 'GET', url: `${S}/audiences/${audienceId}` }), 200).data,
    );
    if (audience.status === 'ready' || audience.status === 'failed') return audience;
    if (Date.now() - started > 30_000) throw new Error(`audience still ${audience.status}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
async function uploadAndCheck(fileName: string, content: Buffer | string) {
  const response = await upload(owner, fileName, content);
  const created = ZAudience.parse(expectEnvelope(response, 200).data);
  return checked(owner, created.audience_id);
}

describe('uploading and checking', () => {
  it('when the personalised sample has bad lines then each keeps its line and reason, and the rest are kept with their fields', async () => {
    await call(owner, { method: 'POST', url: `${S}/opt-outs`, payload: { msisdn: '+919812345678' } });
    const csv = [
      '\uFEFFmsisdn,first_name,order_id',
      '+919876543210,Asha,ORD-1',
      '"+91 98100 12345","José, Jr.","ORD ""2"""',
      '9810012346,Ravi,ORD-3',
      '+919876543210,Asha again,ORD-4',
      '+919812345678,Opted,ORD-5',
      'not-a-number,X,ORD-6',
      `+447400123456,${'x'.repeat(1100)},ORD-7`,
      ',,',
      '"+14155550100","Multi',
      'line",ORD-9',
    ].join('\r\n');
    const audience = await uploadAndCheck('personalised.csv', csv);
    expect(audience).toMatchObject({
      status: 'ready',
      fields: ['first_name', 'order_id'],
      read: 9,
      kept: 4,
      refused: 5,
      refused_by_reason: { duplicate: 1, opted_out: 1, bad_number: 1, too_long: 1, empty: 1 },
    });
    const recipients = ZAudienceRecipientList.parse(
      expectEnvelope(
        await call(owner, { method: 'GET', url: `${S}/audiences/${audience.audience_id}/recipients` }),
        200,
      ).data,
    );
    expect(recipients.items).toEqual([
      { line: 2, msisdn: '+919876543210', fields: { first_name: 'Asha', order_id: 'ORD-1' } },
      { line: 3, msisdn: '+919810012345', fields: { first_name: 'José, Jr.', order_id: 'ORD "2"' } },
      { line: 4, msisdn: '+919810012346', fields: { first_name: 'Ravi', order_id: 'ORD-3' } },
      { line: 10, msisdn: '+14155550100', fields: { first_name: 'Multi\r\nline', order_id: 'ORD-9' } },
    ]);

    const refusedCsv = await call(owner, {
      method: 'GET',
      url: `${S}/audiences/${audience.audience_id}/refused-lines?format=csv`,
    });
    expect(refusedCsv.statusCode).toBe(200);
    const lines = refusedCsv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('line,reason,detail,content');
    expect(lines.slice(1).map((l) => l.split(',').slice(0, 2).join(','))).toEqual([
      '5,Duplicate of an earlier line',
      '6,Opted out',
      '7,Not a valid mobile number',
      '8,Too long',
      '9,Empty line',
    ]);
    const refusedXlsx = await call(owner, {
      method: 'GET',
      url: `${S}/audiences/${audience.audience_id}/refused-lines?format=xlsx`,
    });
    expect(refusedXlsx.statusCode).toBe(200);
    const { default: ExcelJS } = await import('exceljs');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(refusedXlsx.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets[0]?.getRow(2).values).toEqual([
      undefined,
      5,
      'Duplicate of an earlier line',
      expect.any(String),
      expect.any(String),
    ]);
  });

  it('when the file is XLSX or a TXT of one number a line then it is read the same way', async () => {
    const { default: ExcelJS } = await import('exceljs');
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Audience');
    sheet.addRow(['msisdn', 'first_name']);
    sheet.addRow(['+919876543210', 'Asha']);
    sheet.addRow([919810012345, 'Ravi']);
    const xlsx = await uploadAndCheck('list.xlsx', Buffer.from(await workbook.xlsx.writeBuffer()));
    expect(xlsx).toMatchObject({ status: 'ready', kept: 2, refused: 0 });
    const txt = await uploadAndCheck('numbers.txt', '+919876543210\n9810012345\n+919876543210\n');
    expect(txt).toMatchObject({ status: 'ready', read: 3, kept: 2, refused_by_reason: { duplicate: 1 } });
  });
});

describe('bad files', () => {
  it.each([
    [
      'a name over 50 characters',
      `${'n'.repeat(47)}.csv`,
      'msisdn\n+919876543210\n',
      400,
      /longer than 50 characters/,
    ],
    ['an unsupported extension', 'list.pdf', '%PDF-1.4', 400, /CSV, TXT or XLSX/],
    ['a binary file named .csv', 'list.csv', Buffer.from([0x00, 0x01, 0x02, 0x03, 0xff]), 400, /binary/],
    [
      'a workbook named .csv',
      'list.csv',
      Buffer.from('PK\u0003\u0004rest', 'latin1'),
      400,
      /spreadsheet or archive/,
    ],
    ['text named .xlsx', 'list.xlsx', 'msisdn\n+919876543210\n', 400, /not an Excel workbook/],
    ['an empty file', 'empty.csv', '', 400, /empty/],
  ])(
    'when %s is uploaded then the answer is a 4xx saying why, and nothing is kept',
    async (_label, name, content, status, message) => {
      const before = ZAudienceList.parse(
        expectEnvelope(await call(owner, { method: 'GET', url: `${S}/audiences` }), 200).data,
      ).total;
      const response = await upload(owner, name, content);
      expect(expectEnvelope(response, status).message).toMatch(message);
      expect(
        ZAudienceList.parse(
          expectEnvelope(await call(owner, { method: 'GET', url: `${S}/audiences` }), 200).data,
        ).total,
      ).toBe(before);
    },
  );

  it.each([
    ['only a header', 'header.csv', 'msisdn,first_name\r\n', /only a header/],
    ['no number column', 'cities.csv', 'name,city\nAsha,Pune\n', /header naming the number column/],
    [
      'a 10 MB single line',
      'long.csv',
      `msisdn\n${'9'.repeat(10_000_001)}\n`,
      /longer than 10,000 characters/,
    ],
    [
      'more recipients than configured',
      'many.csv',
      `msisdn\n${Array.from({ length: 51 }, (_, i) => `+9198100${String(10000 + i)}`).join('\n')}\n`,
      /more than 50 different recipients/,
    ],
  ])(
    'when the file has %s then the audience fails with the reason and keeps no recipient',
    async (_label, name, content, reason) => {
      const audience = await uploadAndCheck(name, content);
      expect(audience.status).toBe('failed');
      expect(audience.failure).toMatch(reason);
      expect(audience.kept).toBe(0);
      const recipients = ZAudienceRecipientList.parse(
        expectEnvelope(
          await call(owner, { method: 'GET', url: `${S}/audiences/${audience.audience_id}/recipients` }),
          200,
        ).data,
      );
      expect(recipients.total).toBe(0);
    },
  );

  it('when a spreadsheet holds a formula then the audience fails naming the cell', async () => {
    const { default: ExcelJS } = await import('exceljs');
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Audience');
    sheet.addRow(['msisdn']);
    sheet.addRow(['+919876543210']);
    sheet.getCell('A3').value = { formula: 'A2', result: '+919876543210' };
    const audience = await uploadAndCheck('formula.xlsx', Buffer.from(await workbook.xlsx.writeBuffer()));
    expect(audience).toMatchObject({ status: 'failed', kept: 0 });
    expect(audience.failure).toMatch(/formula \(line 3, column 1\)/);
  });
});

describe('the approval gate', () => {
  it('when an aggregator awaits approval then audience and opt-out writes are refused saying why, reads stay open', async () => {
    const pending = await t.factories
      .account(null, { partner: { isAggregator: true, launchApproved: false, approvalStatus: null } })
      .then(async (a) => ({ ...a, token: await t.tokenFor(a.user.userId) }));
    const refusedUpload = await upload(pending, 'list.csv', 'msisdn\n+919876543210\n');
    expect(expectEnvelope(refusedUpload, 403).message).toMatch(/campaigns open once it is approved/);
    const refusedOptOut = await call(pending, {
      method: 'POST',
      url: `${S}/opt-outs`,
      payload: { msisdn: '+919876543210' },
    });
    expect(expectEnvelope(refusedOptOut, 403).message).toMatch(/campaigns open once it is approved/);
    expectEnvelope(await call(pending, { method: 'GET', url: `${S}/audiences` }), 200);
    expectEnvelope(await call(pending, { method: 'GET', url: `${S}/opt-outs` }), 200);
  });
});

describe('lists, isolation and delete', () => {
  it("when another partner asks for, downloads from or deletes the owner's audience then it is 404", async () => {
    const audience = await uploadAndCheck('mine.csv', 'msisdn\n+919876543210\n');
    for (const [method, url] of [
      ['GET', `${S}/audiences/${audience.audience_id}`],
      ['GET', `${S}/audiences/${audience.audience_id}/recipients`],
      ['GET', `${S}/audiences/${audience.audience_id}/refused-lines?format=csv`],
      ['DELETE', `${S}/audiences/${audience.audience_id}`],
    ] as const)
      expectEnvelope(await call(stranger, { method, url }), 404);
    expect(
      ZAudienceList.parse(
        expectEnvelope(await call(stranger, { method: 'GET', url: `${S}/audiences` }), 200).data,
      ).total,
    ).toBe(0);
  });

  it('when the owner searches, exports and deletes then the list follows', async () => {
    const audience = await uploadAndCheck('deleteme.csv', 'msisdn\n+919876543210\n');
    const found = ZAudienceList.parse(
      expectEnvelope(await call(owner, { method: 'GET', url: `${S}/audiences?search=deleteme` }), 200).data,
    );
    expect(found.items.map((a) => a.audience_id)).toEqual([audience.audience_id]);
    const xlsx = await call(owner, { method: 'GET', url: `${S}/audiences/export?format=xlsx&status=ready` });
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    expectEnvelope(
      await call(owner, { method: 'DELETE', url: `${S}/audiences/${audience.audience_id}` }),
      200,
    );
    expectEnvelope(await call(owner, { method: 'GET', url: `${S}/audiences/${audience.audience_id}` }), 404);
  });
});

describe('the sort by a column header', () => {
  it('when the list is sorted by a field then it comes in that order both ways; the default is the newest upload first', async () => {
    const sorter = await t.factories
      .account(null)
      .then(async (a) => ({ ...a, token: await t.tokenFor(a.user.userId) }));
    const row = (name: string, status: string, kept: number, refused: number, day: number) => ({
      partnerId: sorter.partner.partnerId,
      name,
      fileName: `${name}.csv`,
      format: 'csv',
      bytes: 10,
      storageKey: `private/audiences/sort-test/${name}`,
      status,
      keptCount: kept,
      refusedCount: refused,
      createdAt: new Date(Date.UTC(2026, 0, day)),
    });
    await t.database.db
      .insert(audiences)
      .values([
        row('beta', 'ready', 30, 0, 2),
        row('Alpha', 'failed', 0, 5, 3),
        row('gamma', 'ready', 10, 2, 1),
      ]);
    const names = async (query: string) =>
      ZAudienceList.parse(
        expectEnvelope(await call(sorter, { method: 'GET', url: `${S}/audiences?${query}` }), 200).data,
      ).items.map((a) => a.name);
    expect(await names('')).toEqual(['Alpha', 'beta', 'gamma']);
    expect(await names('sort=created_at&order=asc')).toEqual(['gamma', 'beta', 'Alpha']);
    expect(await names('sort=name&order=asc')).toEqual(['Alpha', 'beta', 'gamma']);
    expect(await names('sort=name&order=desc')).toEqual(['gamma', 'beta', 'Alpha']);
    expect(await names('sort=kept&order=desc')).toEqual(['beta', 'gamma', 'Alpha']);
    expect(await names('sort=refused&order=asc')).toEqual(['beta', 'gamma', 'Alpha']);
    expect((await names('sort=status&order=asc'))[0]).toBe('Alpha');
    expect((await names('sort=status&order=desc'))[2]).toBe('Alpha');
    const xlsx = await call(sorter, {
      method: 'GET',
      url: `${S}/audiences/export?format=xlsx&sort=kept&order=asc`,
    });
    expect(xlsx.statusCode).toBe(200);
  });

  it('when the sort or the order is not one the list knows then the answer is 400 saying which fields are', async () => {
    const bad = await call(owner, { method: 'GET', url: `${S}/audiences?sort=bytes` });
    expect(expectEnvelope(bad, 400).message).toMatch(
      /sort must be one of created_at, name, status, kept, refused/,
    );
    expectEnvelope(await call(owner, { method: 'GET', url: `${S}/audiences?sort=name&order=up` }), 400);
    expectEnvelope(
      await call(owner, { method: 'GET', url: `${S}/audiences/export?format=pdf&sort=bytes` }),
      400,
    );
  });
});
