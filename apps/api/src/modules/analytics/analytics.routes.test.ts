import { CHANNEL_TYPE, formatDate, ROLES, type TAnalyticsReport } from '@portico/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectEnvelope, sheetRows, type TestApp } from '../../../test/helpers.ts';
import { createMeteringForTest, insertBot } from '../../../test/metering.ts';
import { seedRatePlans } from '../wallet/wallet.seed.ts';
import { createAnalyticsRepository } from './analytics.repository.ts';
import { createAnalyticsRollups } from './analytics.rollups.ts';
import { createAnalyticsService } from './analytics.service.ts';

const SECURE = '/api/v1/secure';
let t: TestApp;
let m: ReturnType<typeof createMeteringForTest>;
let rollups: ReturnType<typeof createAnalyticsRollups>;
let jio: number;
let airtel: number;
let devPartner: string;
let devBot: string;
let otherBot: string;
let otherPartner: string;

const DAY = '2026-03-15';

async function report(
  subject: Parameters<TestApp['injectAs']>[0],
  query: Record<string, string>,
  status = 200,
): Promise<TAnalyticsReport> {
  const res = await t.injectAs(subject, {
    method: 'GET',
    url: `${SECURE}/analytics/billing?${new URLSearchParams(query)}`,
  });
  return expectEnvelope(res, status).data as TAnalyticsReport;
}

/** One metered message through metering (reserve, sent, settled), sent at `at`. */
async function send(partnerId: string, botId: string, messageId: string, msisdn: string, at: Date) {
  const price = await m.metering.price({ partnerId, botId, channel: CHANNEL_TYPE.rcs, msisdn });
  const reserved = await m.metering.reserve({
    partnerId,
    botId,
    messageId,
    channel: CHANNEL_TYPE.rcs,
    ...price,
  });
  expect(reserved.ok).toBe(true);
  // The send's time as the test needs it (metering stamps now()).
  await t.database.sql.query(
    'UPDATE metered_messages SET created_at = $3 WHERE bot_id = $1 AND message_id = $2',
    [botId, messageId, at.toISOString()],
  );
  await m.metering.settle({ botId, messageId }, 'sent');
  return price;
}

beforeAll(async () => {
  t = await createTestApp();
  await seedRatePlans(t.database);
  rollups = createAnalyticsRollups(t.database.sql);
  m = createMeteringForTest(t.database, { rollups });
  jio = await t.factories.carrierId('Reliance Jio', 'IN');
  airtel = await t.factories.carrierId('Bharti Airtel', 'IN');
  const dev = await t.accountOf(ROLES.DEVELOPER);
  devPartner = dev.partner.partnerId;
  devBot = await insertBot(t.database, devPartner);
  await m.ledger.credit({
    partnerId: devPartner,
    idempotencyKey: 'fund',
    amount: 50_000_000n,
    description: 'Top-up',
  });
  // 23:30 UTC on the 15th: the 16th in Indian Standard Time.
  await send(devPartner, devBot, 'late', '+919810012345', new Date(`${DAY}T23:30:00Z`));
  await send(devPartner, devBot, 'noon', '+919810012345', new Date(`${DAY}T12:00:00Z`));
  await m.metering.settleBatches();
  // Another partner's traffic, on two carriers.
  const other = await t.factories.partner({
    kind: 'developer',
    hasEwallet: true,
    company: { name: 'Other Co' },
  });
  otherBot = await insertBot(t.database, other.partnerId);
  otherPartner = other.partnerId;
  await rollups.events([
    {
      partnerId: other.partnerId,
      botId: otherBot,
      carrierId: jio,
      countryId: 'IN',
      status: 'DELIVERED',
      at: new Date(`${DAY}T10:00:00Z`),
    },
    {
      partnerId: other.partnerId,
      botId: otherBot,
      carrierId: airtel,
      countryId: 'IN',
      status: 'DELIVERED',
      at: new Date(`${DAY}T10:00:00Z`),
    },
    {
      partnerId: other.partnerId,
      botId: otherBot,
      carrierId: airtel,
      countryId: 'IN',
      status: 'DELIVERED',
      at: new Date(`${DAY}T11:00:00Z`),
    },
  ]);
});
afterAll(() => t.close());

const custom = (zone: string) => ({ preset: 'custom', from: '2026-03-15', to: '2026-03-16', zone });

describe('billing analytics', () => {
  it('when a message is sent at 23:30 UTC then it counts on that day in GMT and on the next day in Indian Standard Time', async () => {
    const gmt = await report(ROLES.DEVELOPER, custom('+00:00'));
    expect(gmt.series.map((d) => [d.day, d.sent])).toEqual([
      ['2026-03-15', 2],
      ['2026-03-16', 0],
    ]);
    const ist = await report(ROLES.DEVELOPER, custom('+05:30'));
    expect(ist.series.map((d) => [d.day, d.sent])).toEqual([
      ['2026-03-15', 1],
      ['2026-03-16', 1],
    ]);
    expect(ist.totals.sent).toBe(2);
    expect(ist.range).toMatchObject({ previous_from: '2026-03-13', previous_to: '2026-03-14' });
  });

  it('when a developer reads then it sees its own partner only, its wallet, and no partner breakdown', async () => {
    const r = await report(ROLES.DEVELOPER, custom('+00:00'));
    expect(r.audience).toBe('developer');
    expect(r.totals.delivered).toBe(0);
    expect(r.breakdowns.partner).toBeUndefined();
    expect(r.breakdowns.bot?.map((b) => b.key)).toEqual([devBot]);
    expect(r.wallet).not.toBeNull();
  });

  it('when a carrier admin reads then it sees its own network only, and another carrier is not found', async () => {
    const r = await report(ROLES.USER_BILLING, custom('+00:00'));
    expect(r.audience).toBe('carrier');
    expect(r.breakdowns.carrier?.map((c) => c.key)).toEqual([String(jio)]);
    expect(r.totals.delivered).toBe(1);
    const refused = await t.injectAs(ROLES.USER_BILLING, {
      method: 'GET',
      url: `${SECURE}/analytics/billing?${new URLSearchParams({ ...custom('+00:00'), carrier_id: String(airtel) })}`,
    });
    expect(expectEnvelope(refused, 404).message).toBe('No such carrier.');
  });

  it('when the platform reads then it sees every partner and can compare carriers by drilling into one', async () => {
    const all = await report(ROLES.SUPER_ADMIN_PORTICO, custom('+00:00'));
    expect(all.audience).toBe('platform');
    expect(all.totals.delivered).toBe(3);
    expect(all.breakdowns.partner?.map((p) => p.label)).toContain('Other Co');
    const onAirtel = await report(ROLES.SUPER_ADMIN_PORTICO, {
      ...custom('+00:00'),
      carrier_id: String(airtel),
    });
    expect(onAirtel.totals.delivered).toBe(2);
    expect(onAirtel.filter_labels.carrier_id).toBe('Bharti Airtel');
  });

  it("when a developer names another partner's bot or partner then it is not found", async () => {
    const bot = await t.injectAs(ROLES.DEVELOPER, {
      method: 'GET',
      url: `${SECURE}/analytics/billing?${new URLSearchParams({ ...custom('+00:00'), bot_id: otherBot })}`,
    });
    expect(expectEnvelope(bot, 404).message).toBe('No such bot.');
    const partner = await t.injectAs(ROLES.DEVELOPER, {
      method: 'GET',
      url: `${SECURE}/analytics/billing?${new URLSearchParams({ ...custom('+00:00'), partner_id: otherPartner })}`,
    });
    expect(expectEnvelope(partner, 404).message).toBe('No such partner.');
  });

  it('when a filter or date is malformed then the answer is a 400 naming it, on the view and its export', async () => {
    const bad = async (path: string, query: Record<string, string>) =>
      expectEnvelope(
        await t.injectAs(ROLES.SUPER_ADMIN_PORTICO, {
          method: 'GET',
          url: `${SECURE}${path}?${new URLSearchParams(query)}`,
        }),
        400,
      ).message;
    for (const path of ['/analytics/billing', '/analytics/billing/export']) {
      const format: Record<string, string> = path.endsWith('export') ? { format: 'xlsx' } : {};
      expect(await bad(path, { ...format, bot_id: 'not-a-bot' })).toContain('Choose a bot.');
      expect(await bad(path, { ...format, carrier_id: 'jio' })).toContain('Choose a carrier.');
      expect(await bad(path, { ...format, partner_id: '42' })).toContain('Choose a partner.');
      expect(await bad(path, { ...format, preset: 'forever' })).toContain('Choose a date range.');
      expect(
        await bad(path, { ...format, preset: 'custom', from: '2026-02-30', to: '2026-03-01' }),
      ).toContain('Choose a start date as YYYY-MM-DD.');
    }
  });

  it('when the range is reversed, too long or in an unknown zone then the answer is a 400 saying so', async () => {
    const bad = async (query: Record<string, string>) =>
      expectEnvelope(
        await t.injectAs(ROLES.DEVELOPER, {
          method: 'GET',
          url: `${SECURE}/analytics/billing?${new URLSearchParams(query)}`,
        }),
        400,
      ).message;
    expect(await bad({ preset: 'custom', from: '2026-03-16', to: '2026-03-15' })).toBe(
      'The start date is after the end date.',
    );
    expect(await bad({ preset: 'custom', from: '2025-01-01', to: '2026-03-15' })).toBe(
      'Choose a range of at most 366 days.',
    );
    expect(await bad({ preset: '30d', zone: '+05:45' })).toContain('Choose one of the 12 time zones');
  });

  it('when the view is exported then the workbook holds the totals, days and breakdowns', async () => {
    const res = await t.injectAs(ROLES.DEVELOPER, {
      method: 'GET',
      url: `${SECURE}/analytics/billing/export?${new URLSearchParams({ ...custom('+05:30'), format: 'xlsx' })}`,
    });
    expect(res.statusCode).toBe(200);
    const rows = await sheetRows(res.rawPayload);
    expect(rows[0]).toEqual(['Section', 'Name', 'Sent', 'Delivered', 'Read', 'Failed', 'Amount (USD)']);
    expect(rows[1]?.slice(0, 3)).toEqual(['Total', '2026-03-15 to 2026-03-16', 2]);
    expect(rows.some((r) => r[0] === 'Carrier')).toBe(true);
  });
});

describe('monthly statements', () => {
  const statement = (subject: Parameters<TestApp['injectAs']>[0], query: Record<string, string>) =>
    t.injectAs(subject, {
      method: 'GET',
      url: `${SECURE}/analytics/statement?${new URLSearchParams(query)}`,
    });

  it("when a developer downloads this month's statement then it is a PDF whose closing balance is the wallet's", async () => {
    await rollups.catchUpLedger();
    const month = new Date().toISOString().slice(0, 7);
    const res = await statement(ROLES.DEVELOPER, { month });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="statement-${month}.pdf"`);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // What the PDF shows: the closing balance is the wallet's balance now (this month).
    const service = createAnalyticsService({
      database: t.database,
      repository: createAnalyticsRepository(t.database.sql),
      wallet: { balance: () => Promise.reject(new Error('not asked')) },
    });
    const dev = await t.accountOf(ROLES.DEVELOPER);
    const shown = await service.statement(
      { userId: dev.user.userId, partnerId: devPartner, email: dev.user.email, role: ROLES.DEVELOPER },
      { month },
    );
    const { rows } = await t.database.sql.query<{ balance: string }>(
      "SELECT balance::text AS balance FROM ledger_accounts WHERE partner_id = $1 AND kind = 'wallet'",
      [devPartner],
    );
    expect(shown.closing).toBe(BigInt(rows[0]?.balance ?? -1));
    expect(shown.topUps).toBe(50_000_000n);
    // The charges by carrier are by send time: the messages sent in March are March's statement's.
    const march = await service.statement(
      { userId: dev.user.userId, partnerId: devPartner, email: dev.user.email, role: ROLES.DEVELOPER },
      { month: '2026-03' },
    );
    expect(march.charges.reduce((sum, c) => sum + c.amount, 0n)).toBe(shown.messageCharges);
    expect(march.charges.map((c) => c.messages)).toEqual([2]);
  });

  it("when the platform names a partner then it gets that partner's statement; a developer naming another partner gets a 404", async () => {
    const month = new Date().toISOString().slice(0, 7);
    const res = await statement(ROLES.SUPER_ADMIN_PORTICO, { month, partner_id: devPartner });
    expect(res.statusCode).toBe(200);
    const other = await t.factories.partner({ kind: 'developer' });
    expect(
      expectEnvelope(await statement(ROLES.DEVELOPER, { month, partner_id: other.partnerId }), 404).message,
    ).toBe('No such partner.');
    expect(expectEnvelope(await statement(ROLES.DEVELOPER, { month: '2999-01' }), 400).message).toBe(
      'Choose this month or one before it.',
    );
  });

  it('when a carrier asks for the billing report of an aggregator forwarded to it then it gets it; of another partner, a 404', async () => {
    const month = '2026-03';
    expect(
      expectEnvelope(await statement(ROLES.USER_BILLING, { month, partner_id: devPartner }), 404).message,
    ).toBe('No such partner.');
    await t.database.sql.query('INSERT INTO aggregator_carriers (partner_id, carrier_id) VALUES ($1, $2)', [
      devPartner,
      jio,
    ]);
    const res = await statement(ROLES.USER_BILLING, { month, partner_id: devPartner });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});

describe("the reviewers' dashboards' exports", () => {
  const exported = async (subject: Parameters<TestApp['injectAs']>[0], url: string) => {
    const res = await t.injectAs(subject, { method: 'GET', url: `${SECURE}${url}/export?format=xlsx` });
    expect(res.statusCode, res.body).toBe(200);
    return sheetRows(res.rawPayload);
  };

  it("when the dashboards are exported then they carry the Revenue card's 30 days, a carrier's of its own network only", async () => {
    // A message on Jio today (after the statements above, which count this month's charges).
    await send(devPartner, devBot, 'today', '+919810012345', new Date());
    // On Jio's network (the test seeds no number prefixes), before the settlement rolls it up.
    await t.database.sql.query("UPDATE metered_messages SET carrier_id = $1 WHERE message_id = 'today'", [
      jio,
    ]);
    await m.metering.settleBatches();
    await rollups.catchUpLedger();
    for (const [subject, url] of [
      [ROLES.ADMIN_PORTICO_READWRITE, '/review-dashboard'],
      [ROLES.USER_BILLING, '/carrier/review-dashboard'],
    ] as const) {
      const shown = await report(subject, { preset: '30d', zone: '+00:00' });
      expect(Number(shown.money.revenue), subject).toBeGreaterThan(0);
      const rows = await exported(subject, url);
      expect(rows[0]?.at(-1)).toBe('Revenue (USD)');
      expect(rows.find((r) => r[0] === 'Revenue' && r[1] === 'Last 30 days')?.at(-1)).toBe(
        Number(shown.money.revenue),
      );
      expect(rows.find((r) => r[0] === 'Revenue' && r[1] === 'The 30 days before')?.at(-1)).toBe(
        Number(shown.previous_money.revenue),
      );
      // Today's row carries today's revenue beside its requests.
      const today = shown.series.at(-1);
      expect(
        rows.find((r) => r[0] === 'Requests per day' && r[1] === formatDate(today?.day ?? ''))?.at(-1),
      ).toBe(Number(today?.amount));
    }
    // The carrier's revenue is its network's: Airtel's admin, with no traffic, shows none.
    const airtelAdmin = await t.factories.account(ROLES.ADMIN_BILLING, { partner: { carrierId: airtel } });
    const res = await t.app.inject({
      method: 'GET',
      url: `${SECURE}/carrier/review-dashboard/export?format=xlsx`,
      headers: { authorization: `Bearer ${await t.tokenFor(airtelAdmin.user.userId)}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await sheetRows(res.rawPayload);
    expect(rows.find((r) => r[0] === 'Revenue' && r[1] === 'Last 30 days')?.at(-1)).toBe(0);
  });
});
