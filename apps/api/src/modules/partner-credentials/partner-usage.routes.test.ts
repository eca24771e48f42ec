import { CHANNEL_TYPE, ZPartnerUsage } from '@portico/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectEnvelope, type TestApp } from '../../../test/helpers.ts';
import { insertBot } from '../../../test/metering.ts';
import { AIRTEL_RECIPIENT, developer, fundedDeveloper } from '../../../test/partner-api.ts';

/**
 * A bot's API usage on the API page (issue 16, point 5): metering's daily rows, written through the
 * real pricing, reservation, settlement and event counting, read back per day, status and carrier
 * with the money charged; another partner's bot is a 404; Excel and PDF exports.
 */

const URL_ = '/api/v1/secure/partner-api/usage';
const DAY_MS = 86_400_000;
const today = new Date().toISOString().slice(0, 10);
const threeDaysAgo = new Date(Date.now() - 3 * DAY_MS).toISOString().slice(0, 10);

let t: TestApp;
let token: string;
let botId: string;
let quietBotId: string;
let strangerToken: string;
let airtel: number;

beforeAll(async () => {
  t = await createTestApp();
  const setup = await fundedDeveloper(t);
  const { metering } = setup.m;
  const { partnerId } = setup;
  token = setup.developerToken;
  airtel = setup.airtel;
  strangerToken = (await developer(t)).token;
  botId = await insertBot(t.database, partnerId);
  quietBotId = await insertBot(t.database, partnerId);

  // Three messages sent and one failed to Airtel India, charged by the settlement as in production.
  for (let n = 0; n < 4; n++) {
    const price = await metering.price({
      partnerId,
      botId,
      channel: CHANNEL_TYPE.rcs,
      msisdn: AIRTEL_RECIPIENT,
    });
    const reserved = await metering.reserve({
      partnerId,
      botId,
      messageId: `m-${n}`,
      channel: CHANNEL_TYPE.rcs,
      ...price,
    });
    expect(reserved.ok).toBe(true);
    await metering.settle({ botId, messageId: `m-${n}` }, n === 3 ? 'failed' : 'sent');
  }
  await metering.settleBatches();
  const event = { partnerId, botId, carrierId: airtel, countryId: 'IN' };
  await metering.recordEvents([
    { ...event, status: 'DELIVERED' },
    { ...event, status: 'DELIVERED' },
    { ...event, status: 'READ' },
    { ...event, status: 'USER_MESSAGE' },
    // An event of an unknown carrier, three days ago.
    { partnerId, botId, status: 'DELIVERED', at: new Date(Date.now() - 3 * DAY_MS) },
  ]);
});
afterAll(() => t.close());

const get = (query: string, bearer = token) =>
  t.app.inject({ method: 'GET', url: `${URL_}?${query}`, headers: { authorization: `Bearer ${bearer}` } });

describe('GET /api/v1/secure/partner-api/usage', () => {
  it('when the developer reads a bot usage then messages and events are counted per day, status and carrier with the charge', async () => {
    const usage = ZPartnerUsage.parse(
      expectEnvelope(await get(`bot_id=${botId}&from=${threeDaysAgo}&to=${today}`), 200).data,
    );
    expect(usage).toMatchObject({ bot_id: botId, from: threeDaysAgo, to: today, currency: 'USD' });
    expect(usage.days).toEqual([
      {
        day: threeDaysAgo,
        sent: 0,
        pending: 0,
        delivered: 1,
        read: 0,
        failed: 0,
        events: 0,
        charged: '0.00',
        pending_amount: '0.00',
      },
      {
        day: today,
        sent: 3,
        pending: 0,
        delivered: 2,
        read: 1,
        failed: 1,
        events: 1,
        charged: '0.009',
        pending_amount: '0.00',
      },
    ]);
    expect(usage.totals).toEqual({
      sent: 3,
      pending: 0,
      delivered: 3,
      read: 1,
      failed: 1,
      events: 1,
      charged: '0.009',
      pending_amount: '0.00',
    });
    expect(usage.carriers).toEqual([
      {
        carrier_id: airtel,
        carrier_name: 'Bharti Airtel',
        country_id: 'IN',
        sent: 3,
        delivered: 2,
        read: 1,
        failed: 1,
        events: 1,
        charged: '0.009',
        pending: 0,
        pending_amount: '0.00',
      },
      {
        carrier_id: null,
        carrier_name: null,
        country_id: null,
        sent: 0,
        delivered: 1,
        read: 0,
        failed: 0,
        events: 0,
        charged: '0.00',
        pending: 0,
        pending_amount: '0.00',
      },
    ]);
  });

  it('when no dates are given then the last 30 days up to today are read', async () => {
    const usage = ZPartnerUsage.parse(expectEnvelope(await get(`bot_id=${botId}`), 200).data);
    expect(usage.to).toBe(today);
    expect(usage.from).toBe(new Date(Date.now() - 29 * DAY_MS).toISOString().slice(0, 10));
    expect(usage.totals.sent).toBe(3);
  });

  it('when a bot has no usage then the days and carriers are empty and the totals zero', async () => {
    const usage = ZPartnerUsage.parse(expectEnvelope(await get(`bot_id=${quietBotId}`), 200).data);
    expect(usage.days).toEqual([]);
    expect(usage.carriers).toEqual([]);
    expect(usage.totals).toEqual({
      sent: 0,
      pending: 0,
      delivered: 0,
      read: 0,
      failed: 0,
      events: 0,
      charged: '0.00',
      pending_amount: '0.00',
    });
  });

  it("when another partner's bot or no bot is named then 404; a wrong window is a 400, never a 500", async () => {
    expectEnvelope(await get(`bot_id=${botId}`, strangerToken), 404);
    expectEnvelope(await get('bot_id=00000000-0000-4000-8000-00000000dead'), 404);
    expectEnvelope(await get(''), 400);
    expectEnvelope(await get('bot_id=not-a-uuid'), 400);
    expectEnvelope(await get(`bot_id=${botId}&from=${today}&to=${threeDaysAgo}`), 400);
    expectEnvelope(await get(`bot_id=${botId}&from=2024-01-01&to=${today}`), 400);
    expectEnvelope(await get(`bot_id=${botId}&from=2026-02-30`), 400);
  });
});

describe('GET /api/v1/secure/partner-api/usage/export', () => {
  it('when Excel or PDF is asked for then the file comes with its type and name', async () => {
    const xlsx = await t.app.inject({
      method: 'GET',
      url: `${URL_}/export?bot_id=${botId}&from=${threeDaysAgo}&to=${today}&format=xlsx`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(xlsx.statusCode, xlsx.body).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    expect(xlsx.headers['content-disposition']).toMatch(/attachment; filename="api-usage-.*\.xlsx"/);
    const { default: ExcelJS } = await import('exceljs');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    if (!sheet) throw new Error('the workbook has no sheet');
    const values = (row: number) => (sheet.getRow(row).values as unknown[]).slice(1);
    expect(values(1)).toEqual([
      'Day / carrier',
      'Sent',
      'Delivered',
      'Read',
      'Failed',
      'Other events',
      'Charged (USD)',
      'Charge pending',
      'Pending (USD)',
    ]);
    expect(values(3)).toEqual([today, 3, 2, 1, 1, 1, 0.009, 0, 0]);
    expect(values(4)).toEqual(['Total', 3, 3, 1, 1, 1, 0.009, 0, 0]);
    expect(values(5)?.[0]).toBe('Carrier: Bharti Airtel (IN)');

    const pdf = await t.app.inject({
      method: 'GET',
      url: `${URL_}/export?bot_id=${botId}&format=pdf`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it("when another partner's bot is exported or the format is unknown then 404 or 400", async () => {
    const other = await t.app.inject({
      method: 'GET',
      url: `${URL_}/export?bot_id=${botId}&format=xlsx`,
      headers: { authorization: `Bearer ${strangerToken}` },
    });
    expect(other.statusCode).toBe(404);
    const wrong = await t.app.inject({
      method: 'GET',
      url: `${URL_}/export?bot_id=${botId}&format=csv`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(wrong.statusCode).toBe(400);
  });
});
