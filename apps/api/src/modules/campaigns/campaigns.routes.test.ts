import {
  CAMPAIGN_RECEIPTS_WINDOW_MS,
  CHANNEL_TYPE,
  ROLES,
  type TCampaignDetails,
  ZActiveTemplateList,
  ZCampaignDetails,
  ZCampaignEstimate,
  ZCampaignFacets,
  ZCampaignHistory,
  ZCampaignList,
  ZCampaignLive,
  ZCampaignMediaUpload,
  ZCampaignRecipientList,
  ZNotificationList,
  ZTemplate,
} from '@portico/domain';
import type { InjectOptions } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recountCampaign } from '../../../test/campaign-counts.ts';
import { openEventStream } from '../../../test/event-stream.ts';
import type { Subject } from '../../../test/factories.ts';
import { createTestApp, expectEnvelope, type TestApp, xsrfHeaders } from '../../../test/helpers.ts';
import { createLedgerForTest } from '../../../test/ledger.ts';
import { postRbmEvent } from '../../../test/network-posts.ts';
import { seedAirtelPrice } from '../../../test/partner-api.ts';
import { bots } from '../bots/bots.schema.ts';
import { createCampaignsRepository } from './campaigns.repository.ts';

/**
 * Campaigns through the API with workers and the sandbox: the form's checks (each a clear 4xx),
 * the estimate by the rate plan, the start that holds it, the dispatch to the sandbox (a number
 * ending in 0 is not RCS-capable: skipped), the capture of what was sent and the release of the
 * rest, exact to the micro-unit; schedule, cancel, the platform's stop, the history, isolation,
 * the read-only child, the template refused deletion while a campaign sends it.
 */

const S = '/api/v1/secure';
const PRICE = 3_000n;
const FUNDS = 1_000_000n;
const NUMBERS = ['+919810012341', '+919810012342', '+919810012343', '+919810012344', '+919810012340'];

interface Caller {
  token: string;
  partnerId: string;
  userId: string;
}
let t: TestApp;
let developer: Caller;
let readOnlyChild: Caller;
let stranger: Caller;
let admin: Caller;
let botId: string;
let otherBotId: string;
let templateId: string;
let draftTemplateId: string;
let audienceId: string;
let strangerAudienceId: string;

const call = (who: Caller, options: InjectOptions) =>
  t.app.inject({
    ...options,
    headers: { authorization: `Bearer ${who.token}`, ...xsrfHeaders(), ...options.headers },
  });

async function caller(subject: Subject, partnerId?: string): Promise<Caller> {
  if (partnerId) {
    const user = await t.factories.user(partnerId, { role: subject });
    return { token: await t.tokenFor(user.userId), partnerId, userId: user.userId };
  }
  const account = await t.factories.account(subject);
  return {
    token: await t.tokenFor(account.user.userId),
    partnerId: account.partner.partnerId,
    userId: account.user.userId,
  };
}

async function insertBot(partnerId: string, agent: string): Promise<string> {
  const [row] = await t.database.db
    .insert(bots)
    .values({
      partnerId,
      channels: [CHANNEL_TYPE.rcs],
      status: 10,
      name: `Bot ${agent}`,
      billingCategory: 'BASIC_MESSAGE',
      messageCategory: 'Transactional',
      rbmBrand: 'brands/chai',
      rbmAgent: `brands/chai/agents/${agent}`,
    })
    .returning();
  if (!row) throw new Error('insert returned nothing');
  return row.botId;
}

async function insertAudience(partnerId: string, numbers: readonly string[]): Promise<string> {
  const { rows } = await t.database.sql.query<{ audience_id: string }>(
    `INSERT INTO audiences (partner_id, name, file_name, format, bytes, storage_key, status, fields, read_count, kept_count)
     VALUES ($1, 'Diwali list', 'diwali.csv', 'csv', 100, 'private/audiences/' || gen_random_uuid() || '.csv', 'ready', '["first_name"]', $2, $2)
     RETURNING audience_id`,
    [partnerId, numbers.length],
  );
  const id = rows[0]?.audience_id ?? '';
  for (const [i, msisdn] of numbers.entries())
    await t.database.sql.query(
      `INSERT INTO audience_recipients (audience_id, msisdn, line, fields) VALUES ($1, $2, $3, $4)`,
      [id, msisdn, i + 2, JSON.stringify({ first_name: `Name${i}` })],
    );
  return id;
}

async function rcsTemplate(name: string, approve: boolean, bot = botId): Promise<string> {
  const created = await call(developer, {
    method: 'POST',
    url: `${S}/templates`,
    payload: {
      bot_id: bot,
      channel: 'rcs',
      name,
      language: 'en',
      content: { kind: 'text', text: 'Hi {{first_name}}, lamps are 20% off', suggestions: [] },
      sample_values: { first_name: 'Asha' },
    },
  });
  const template = ZTemplate.parse(expectEnvelope(created, 201).data);
  if (approve) {
    expectEnvelope(
      await call(developer, {
        method: 'POST',
        url: `${S}/templates/${template.template_id}/submit`,
        payload: {},
      }),
      200,
    );
    expectEnvelope(
      await call(admin, {
        method: 'POST',
        url: `${S}/templates/${template.template_id}/approve`,
        payload: {},
      }),
      200,
    );
  }
  return template.template_id;
}

const form = (extra: Record<string, unknown> = {}) => ({
  name: 'Diwali offers',
  bot_id: botId,
  template_id: templateId,
  audience_id: audienceId,
  variables: { first_name: 'first_name' },
  ...extra,
});

async function create(extra: Record<string, unknown> = {}): Promise<TCampaignDetails> {
  return ZCampaignDetails.parse(
    expectEnvelope(
      await call(developer, { method: 'POST', url: `${S}/campaigns`, payload: form(extra) }),
      200,
    ).data,
  );
}
const details = async (id: string, who: Caller = developer) =>
  ZCampaignDetails.parse(
    expectEnvelope(await call(who, { method: 'GET', url: `${S}/campaigns/${id}` }), 200).data,
  );

async function until(id: string, done: (c: TCampaignDetails) => boolean, timeoutMs = 30_000) {
  const started = Date.now();
  for (;;) {
    const c = await details(id);
    if (done(c)) return c;
    if (Date.now() - started > timeoutMs)
      throw new Error(`campaign still ${c.status}: ${JSON.stringify(c.live)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function balance(partnerId: string): Promise<bigint> {
  const { rows } = await t.database.sql.query<{ balance: string }>(
    `SELECT balance::text AS balance FROM ledger_accounts WHERE partner_id = $1 AND kind = 'wallet'`,
    [partnerId],
  );
  return BigInt(rows[0]?.balance ?? 0);
}

beforeAll(async () => {
  t = await createTestApp({
    listen: true,
    env: {
      PORTICO_ROLE: 'all',
      LOG_LEVEL: 'error',
      SANDBOX_BEHAVIOUR: JSON.stringify({
        rateLimits: { enabled: false },
        deliveryDelayMs: 10,
        readDelayMs: 20,
      }),
    },
  });
  developer = await caller(ROLES.DEVELOPER);
  readOnlyChild = await caller(ROLES.CHILD_AGGREGATOR_READONLY, developer.partnerId);
  stranger = await caller(ROLES.DEVELOPER);
  admin = await caller(ROLES.ADMIN_PORTICO_READWRITE);
  await t.database.sql.query(`UPDATE partners SET has_ewallet = true WHERE partner_id = ANY($1::uuid[])`, [
    [developer.partnerId, stranger.partnerId],
  ]);
  await seedAirtelPrice(t, PRICE);
  await createLedgerForTest(t.database).credit({
    partnerId: developer.partnerId,
    idempotencyKey: 'fund',
    amount: FUNDS,
    description: 'Top-up',
  });
  botId = await insertBot(developer.partnerId, 'camp_test');
  otherBotId = await insertBot(developer.partnerId, 'camp_other');
  templateId = await rcsTemplate('diwali_offer', true);
  draftTemplateId = await rcsTemplate('diwali_draft', false);
  audienceId = await insertAudience(developer.partnerId, NUMBERS);
  strangerAudienceId = await insertAudience(stranger.partnerId, NUMBERS.slice(0, 1));
});
afterAll(() => t.close());

describe('the form', () => {
  const refused = async (extra: Record<string, unknown>, field: string, message: RegExp) => {
    const response = await call(developer, { method: 'POST', url: `${S}/campaigns`, payload: form(extra) });
    const body = expectEnvelope(response, 400);
    expect(body.message).toMatch(message);
    expect(JSON.stringify(body.data)).toContain(field);
  };

  it('when a variable is not mapped then 400 names it', () =>
    refused({ variables: {} }, 'variables', /Map \{\{first_name\}\}/));
  it('when the template is of another bot then 400', () =>
    refused({ bot_id: otherBotId }, 'template_id', /another bot/));
  it('when the template is not approved then 400', () =>
    refused({ template_id: draftTemplateId }, 'template_id', /not approved/));
  it("when the audience is another partner's then 400 as if it did not exist", () =>
    refused({ audience_id: strangerAudienceId }, 'audience_id', /audience was not found/));
  it('when the mapped column is not in the audience then 400', () =>
    refused({ variables: { first_name: 'surname' } }, 'variables', /no column surname/));
  it('when the schedule is in the past then 400', () =>
    refused(
      { schedule: { kind: 'at', date: '2020-01-01', time: '10:00', time_zone: '+05:30' } },
      'time',
      /in the past/,
    ));
  it('when the time zone is not one of the 12 then 400', () =>
    refused(
      { schedule: { kind: 'at', date: '2030-01-01', time: '10:00', time_zone: '+02:00' } },
      'time_zone',
      /12 offsets/,
    ));

  it('when the read-only child creates then 403, and it reads the list', async () => {
    expectEnvelope(
      await call(readOnlyChild, { method: 'POST', url: `${S}/campaigns`, payload: form() }),
      403,
    );
    expectEnvelope(await call(readOnlyChild, { method: 'GET', url: `${S}/campaigns` }), 200);
  });

  it('when the draft is estimated then each recipient is priced by its carrier', async () => {
    const response = await call(developer, {
      method: 'POST',
      url: `${S}/campaigns/estimate`,
      payload: { bot_id: botId, template_id: templateId, audience_id: audienceId },
    });
    const estimate = ZCampaignEstimate.parse(expectEnvelope(response, 200).data);
    expect(estimate).toMatchObject({
      recipients: 5,
      unpriced: 0,
      total: '0.015',
      hold: '0.015',
      sufficient: true,
    });
    expect(estimate.lines).toEqual([
      expect.objectContaining({
        carrier_name: 'Bharti Airtel',
        recipients: 5,
        unit_price: '0.003',
        amount: '0.015',
      }),
    ]);
  });
});

describe('a campaign run', () => {
  it('when started then it holds the estimate, sends to the reachable, skips the rest, captures what was sent and releases the rest', async () => {
    const before = await balance(developer.partnerId);
    const draft = await create();
    expect(draft).toMatchObject({
      status: 'p',
      recipients: 5,
      allowed_actions: ['start', 'schedule', 'cancel'],
    });
    const started = await call(developer, {
      method: 'POST',
      url: `${S}/campaigns/${draft.campaign_id}/start`,
    });
    expect(ZCampaignDetails.parse(expectEnvelope(started, 200).data).status).toMatch(/^[rc]$/);
    const done = await until(draft.campaign_id, (c) => c.status === 'c');
    expect(done.live.counts).toMatchObject({ recipients: 5, queued: 0, sent: 4, skipped: 1, failed: 0 });
    expect(done).toMatchObject({ test_devices_only: false, media: null });
    expect(done).toMatchObject({ estimate_total: '0.015', charged: '0.012' });
    expect(done.live).toMatchObject({ charged: '0.012', released: '0.003', held: '0.00' });
    expect(await balance(developer.partnerId)).toBe(before - 4n * PRICE);
    const { rows } = await t.database.sql.query<{ status: string; captured: string }>(
      `SELECT h.status, h.captured::text AS captured FROM ledger_holds h JOIN campaigns c ON c.hold_id = h.hold_id WHERE c.campaign_id = $1`,
      [draft.campaign_id],
    );
    expect(rows).toEqual([{ status: 'released', captured: '12000' }]);

    const recipients = ZCampaignRecipientList.parse(
      expectEnvelope(
        await call(developer, { method: 'GET', url: `${S}/campaigns/${draft.campaign_id}/recipients` }),
        200,
      ).data,
    );
    expect(recipients.items.find((r) => r.msisdn === '+919810012340')).toMatchObject({
      status: 'skipped',
      reason: 'not_rcs_capable',
    });
    const history = ZCampaignHistory.parse(
      expectEnvelope(
        await call(developer, { method: 'GET', url: `${S}/campaigns/${draft.campaign_id}/history` }),
        200,
      ).data,
    );
    expect(history.items.map((h) => [h.action, h.to.label]).reverse()).toEqual([
      ['created', 'Pending'],
      ['start', 'Running'],
      ['complete', 'Completed'],
    ]);
    // The messages went through the sandbox personalised.
    const { rows: sent } = await t.database.sql.query<{ text: string }>(
      `SELECT m.content->>'text' AS text FROM network_messages m JOIN campaign_recipients r ON m.message_id = r.message_id::text
        WHERE r.campaign_id = $1 AND r.msisdn = '+919810012341'`,
      [draft.campaign_id],
    );
    expect(sent).toEqual([{ text: 'Hi Name0, lamps are 20% off' }]);

    const report = await call(developer, {
      method: 'GET',
      url: `${S}/campaigns/${draft.campaign_id}/recipients/export?format=csv`,
    });
    expect(report.statusCode).toBe(200);
    expect(report.body.split('\n').filter(Boolean)).toHaveLength(6);

    // The receipts reach the counts: each recipient keeps a copy of its message's status, changed in
    // the receipt's unit of work, which the counts and the list read instead of every message.
    const receipted = await until(draft.campaign_id, (c) => c.live.counts.read === 4);
    expect(receipted.live.counts).toMatchObject({ sent: 4, delivered: 4, read: 4, failed: 0, skipped: 1 });
    const listed = expectEnvelope(await call(developer, { method: 'GET', url: `${S}/campaigns` }), 200)
      .data as {
      items: { campaign_id: string; sent: number; delivered: number; failed: number }[];
    };
    expect(listed.items.find((c) => c.campaign_id === draft.campaign_id)).toMatchObject({
      sent: 4,
      delivered: 4,
      failed: 0,
    });
    const { rows: copies } = await t.database.sql.query<{
      msisdn: string;
      copy: string | null;
      status: string | null;
    }>(
      `SELECT r.msisdn, r.net_status AS copy, m.status FROM campaign_recipients r
         LEFT JOIN network_messages m ON m.message_id = r.message_id::text WHERE r.campaign_id = $1 ORDER BY r.seq`,
      [draft.campaign_id],
    );
    expect(copies.map((c) => c.copy)).toEqual(copies.map((c) => c.status));
    expect(copies.filter((c) => c.copy === 'read')).toHaveLength(4);
  });

  it('when scheduled then the hold is taken, the template cannot be deleted, and a cancel gives the hold back', async () => {
    const before = await balance(developer.partnerId);
    const at = new Date(Date.now() + 3 * 3_600_000 + 5.5 * 3_600_000);
    const schedule = {
      kind: 'at',
      date: at.toISOString().slice(0, 10),
      time: at.toISOString().slice(11, 16),
      time_zone: '+05:30',
    };
    const draft = await create({ name: 'Scheduled offers', schedule });
    const scheduled = ZCampaignDetails.parse(
      expectEnvelope(
        await call(developer, { method: 'POST', url: `${S}/campaigns/${draft.campaign_id}/start` }),
        200,
      ).data,
    );
    expect(scheduled).toMatchObject({ status: 's', time_zone: '+05:30', schedule });
    expect(await balance(developer.partnerId)).toBe(before - 5n * PRICE);

    const deleted = await call(developer, { method: 'DELETE', url: `${S}/templates/${templateId}` });
    expect(expectEnvelope(deleted, 409).message).toMatch(/scheduled campaign "Scheduled offers"/);

    expectEnvelope(
      await call(readOnlyChild, {
        method: 'POST',
        url: `${S}/campaigns/${draft.campaign_id}/cancel`,
        payload: {},
      }),
      403,
    );
    const cancelled = ZCampaignDetails.parse(
      expectEnvelope(
        await call(developer, {
          method: 'POST',
          url: `${S}/campaigns/${draft.campaign_id}/cancel`,
          payload: {},
        }),
        200,
      ).data,
    );
    expect(cancelled).toMatchObject({ status: 'd', allowed_actions: [] });
    expect(await balance(developer.partnerId)).toBe(before);
    const again = await call(developer, {
      method: 'POST',
      url: `${S}/campaigns/${draft.campaign_id}/cancel`,
      payload: {},
    });
    expect(expectEnvelope(again, 409).message).toMatch(/cancelled now/);
  });

  it('when the platform stops a scheduled campaign then the partner sees the reason and the hold is back', async () => {
    const before = await balance(developer.partnerId);
    const at = new Date(Date.now() + 2 * 3_600_000);
    const draft = await create({
      name: 'To stop',
      schedule: {
        kind: 'at',
        date: at.toISOString().slice(0, 10),
        time: at.toISOString().slice(11, 16),
        time_zone: '+00:00',
      },
    });
    expectEnvelope(
      await call(developer, { method: 'POST', url: `${S}/campaigns/${draft.campaign_id}/start` }),
      200,
    );
    const list = ZCampaignList.parse(
      expectEnvelope(
        await call(admin, { method: 'GET', url: `${S}/admin/campaigns?search=To%20stop&status=s` }),
        200,
      ).data,
    );
    expect(list.items.map((c) => c.campaign_id)).toEqual([draft.campaign_id]);
    expectEnvelope(
      await call(admin, {
        method: 'POST',
        url: `${S}/admin/campaigns/${draft.campaign_id}/stop`,
        payload: { reason: '' },
      }),
      400,
    );
    expectEnvelope(
      await call(admin, {
        method: 'POST',
        url: `${S}/admin/campaigns/${draft.campaign_id}/stop`,
        payload: { reason: 'Reported as spam' },
      }),
      200,
    );
    expect(await details(draft.campaign_id)).toMatchObject({ status: 'd', end_reason: 'Reported as spam' });
    expect(await balance(developer.partnerId)).toBe(before);
  });

  it('when the balance does not cover the estimate then the start is refused and nothing is held', async () => {
    const poorBot = await insertBot(stranger.partnerId, 'camp_poor');
    const tpl = await (async () => {
      const created = await call(stranger, {
        method: 'POST',
        url: `${S}/templates`,
        payload: {
          bot_id: poorBot,
          channel: 'rcs',
          name: 'poor',
          language: 'en',
          content: { kind: 'text', text: 'Hello', suggestions: [] },
        },
      });
      const id = ZTemplate.parse(expectEnvelope(created, 201).data).template_id;
      expectEnvelope(
        await call(stranger, { method: 'POST', url: `${S}/templates/${id}/submit`, payload: {} }),
        200,
      );
      expectEnvelope(
        await call(admin, { method: 'POST', url: `${S}/templates/${id}/approve`, payload: {} }),
        200,
      );
      return id;
    })();
    const created = await call(stranger, {
      method: 'POST',
      url: `${S}/campaigns`,
      payload: { name: 'Poor', bot_id: poorBot, template_id: tpl, audience_id: strangerAudienceId },
    });
    const id = ZCampaignDetails.parse(expectEnvelope(created, 200).data).campaign_id;
    const start = await call(stranger, { method: 'POST', url: `${S}/campaigns/${id}/start` });
    expect(expectEnvelope(start, 409).message).toMatch(/does not cover/);
    const after = await call(stranger, { method: 'GET', url: `${S}/campaigns/${id}` });
    expect(ZCampaignDetails.parse(expectEnvelope(after, 200).data)).toMatchObject({
      status: 'p',
      recipients: 1,
    });
  });
});

describe('a bot not launched, with test devices', () => {
  let testingBotId: string;
  let testingTemplateId: string;
  const device = (msisdn: string, invite: string | null) =>
    t.database.sql.query(
      `INSERT INTO bot_test_devices (bot_id, partner_id, channel, msisdn, invite_status) VALUES ($1, $2, 'rcs', $3, $4)`,
      [testingBotId, developer.partnerId, msisdn, invite],
    );
  const testingForm = (extra: Record<string, unknown> = {}) =>
    form({ name: 'Test run', bot_id: testingBotId, template_id: testingTemplateId, ...extra });

  beforeAll(async () => {
    testingBotId = await insertBot(developer.partnerId, 'camp_testing');
    testingTemplateId = await rcsTemplate('diwali_testing', true, testingBotId);
    // The bot goes back to waiting for its launch: only its test devices may receive.
    await t.database.sql.query(`UPDATE bots SET status = 6 WHERE bot_id = $1`, [testingBotId]);
  });

  it('when it has no test device that may receive then the draft is refused with 400, and an invite not accepted does not count', async () => {
    const none = await call(developer, { method: 'POST', url: `${S}/campaigns`, payload: testingForm() });
    const body = expectEnvelope(none, 400);
    expect(body.message).toMatch(/not launched and has no test device/);
    expect(JSON.stringify(body.data)).toContain('bot_id');
    await device('+919810012343', 'PENDING');
    expect(
      expectEnvelope(
        await call(developer, { method: 'POST', url: `${S}/campaigns`, payload: testingForm() }),
        400,
      ).message,
    ).toMatch(/an RBM tester must accept the invite/);
  });

  it("when the campaign form's template list asks for testing bots then it lists the bot as not launched, and not without asking", async () => {
    const listed = async (testing: boolean) =>
      ZActiveTemplateList.parse(
        expectEnvelope(
          await call(developer, {
            method: 'GET',
            url: `${S}/templates/active${testing ? '?testing=true' : ''}`,
          }),
          200,
        ).data,
      ).items.filter((i) => i.bot_id === testingBotId);
    expect(await listed(false)).toEqual([]);
    expect(await listed(true)).toEqual([
      expect.objectContaining({ template_id: testingTemplateId, bot_launched: false }),
    ]);
  });

  it('when started then only the audience recipients that are its accepted test devices are priced, held and sent to', async () => {
    await device('+919810012342', 'ACCEPTED');
    const draft = ZCampaignDetails.parse(
      expectEnvelope(
        await call(developer, { method: 'POST', url: `${S}/campaigns`, payload: testingForm() }),
        200,
      ).data,
    );
    const estimate = ZCampaignEstimate.parse(
      expectEnvelope(
        await call(developer, { method: 'GET', url: `${S}/campaigns/${draft.campaign_id}/estimate` }),
        200,
      ).data,
    );
    expect(estimate).toMatchObject({ recipients: 1, total: '0.003' });
    expectEnvelope(
      await call(developer, { method: 'POST', url: `${S}/campaigns/${draft.campaign_id}/start` }),
      200,
    );
    const done = await until(draft.campaign_id, (c) => c.status === 'c' || c.status === 'i');
    expect(done.live.counts).toMatchObject({ recipients: 1, sent: 1, failed: 0 });
    // The details say it, before the start (as the bot is) and after (as it was started).
    expect(draft.test_devices_only).toBe(true);
    expect(done.test_devices_only).toBe(true);
    const { rows } = await t.database.sql.query<{ recipient: string }>(
      `SELECT m.recipient FROM network_messages m JOIN campaign_recipients r ON m.message_id = r.message_id::text
        WHERE r.campaign_id = $1`,
      [draft.campaign_id],
    );
    expect(rows).toEqual([{ recipient: '+919810012342' }]);
  });

  it('when none of the audience is a test device then the start is refused with 400 and nothing is held', async () => {
    const outsiders = await insertAudience(developer.partnerId, ['+919810012345']);
    const draft = ZCampaignDetails.parse(
      expectEnvelope(
        await call(developer, {
          method: 'POST',
          url: `${S}/campaigns`,
          payload: testingForm({ audience_id: outsiders }),
        }),
        200,
      ).data,
    );
    const refused = await call(developer, {
      method: 'POST',
      url: `${S}/campaigns/${draft.campaign_id}/start`,
    });
    expect(expectEnvelope(refused, 400).message).toMatch(
      /None of the audience's recipients is a test device/,
    );
    expect((await details(draft.campaign_id)).status).toBe('p');
  });
});

describe('isolation', () => {
  it('when another partner asks for a campaign then 404, and its list does not show it', async () => {
    const own = await create({ name: 'Mine only' });
    expectEnvelope(await call(stranger, { method: 'GET', url: `${S}/campaigns/${own.campaign_id}` }), 404);
    expectEnvelope(
      await call(stranger, { method: 'POST', url: `${S}/campaigns/${own.campaign_id}/start` }),
      404,
    );
    expectEnvelope(
      await call(stranger, {
        method: 'PATCH',
        url: `${S}/campaigns/${own.campaign_id}`,
        payload: { name: 'x' },
      }),
      404,
    );
    const list = ZCampaignList.parse(
      expectEnvelope(await call(stranger, { method: 'GET', url: `${S}/campaigns?search=Mine` }), 200).data,
    );
    expect(list.total).toBe(0);
    const childList = ZCampaignList.parse(
      expectEnvelope(await call(readOnlyChild, { method: 'GET', url: `${S}/campaigns?search=Mine` }), 200)
        .data,
    );
    expect(childList.items.map((c) => c.campaign_id)).toEqual([own.campaign_id]);
  });

  it('when an unapproved aggregator writes then 403 with the reason, and it still reads', async () => {
    const aggregator = await caller(null);
    await t.database.sql.query(
      `UPDATE partners SET is_aggregator = true, launch_approved = false WHERE partner_id = $1`,
      [aggregator.partnerId],
    );
    const refused = await call(aggregator, { method: 'POST', url: `${S}/campaigns`, payload: form() });
    expect(expectEnvelope(refused, 403).message).toMatch(/awaiting approval/);
    expectEnvelope(await call(aggregator, { method: 'GET', url: `${S}/campaigns` }), 200);
  });

  it('when a pending campaign is edited then its fields change, and a started one refuses the edit', async () => {
    const own = await create({ name: 'Edit me' });
    const edited = await call(developer, {
      method: 'PATCH',
      url: `${S}/campaigns/${own.campaign_id}`,
      payload: { name: 'Edited', fallback: { kind: 'sms', text: 'Lamps 20% off' } },
    });
    expect(ZCampaignDetails.parse(expectEnvelope(edited, 200).data)).toMatchObject({
      name: 'Edited',
      fallback: { kind: 'sms', text: 'Lamps 20% off' },
    });
    expectEnvelope(
      await call(developer, { method: 'POST', url: `${S}/campaigns/${own.campaign_id}/cancel`, payload: {} }),
      200,
    );
    const late = await call(developer, {
      method: 'PATCH',
      url: `${S}/campaigns/${own.campaign_id}`,
      payload: { name: 'x' },
    });
    expect(expectEnvelope(late, 409).message).toMatch(/Only a pending campaign/);
  });
});

/** An open campaign stream, read as the browser reads it. */
const openStream = (who: Caller, path: string) => openEventStream(`${t.config.PUBLIC_URL}${path}`, who.token);

const scheduleAhead = (hours: number) => {
  const at = new Date(Date.now() + hours * 3_600_000);
  return {
    kind: 'at',
    date: at.toISOString().slice(0, 10),
    time: at.toISOString().slice(11, 16),
    time_zone: '+00:00',
  };
};
const counts = (e: { event: string; data: unknown }) => ZCampaignLive.parse(e.data);

describe('live counts', () => {
  it('when a stream is open on a scheduled campaign then it shows its counts and is pushed the stop, and a day after the end a stream ends at once', async () => {
    const draft = await create({ name: 'Live stop', schedule: scheduleAhead(2) });
    expectEnvelope(
      await call(developer, { method: 'POST', url: `${S}/campaigns/${draft.campaign_id}/start` }),
      200,
    );
    const stream = await openStream(developer, `${S}/campaigns/${draft.campaign_id}/events`);
    expect(stream.response.status).toBe(200);
    expect(stream.response.headers.get('content-type')).toMatch(/text\/event-stream/);
    const first = counts(await stream.next((e) => e.event === 'counts'));
    expect(first).toMatchObject({ campaign_id: draft.campaign_id, status: 's', held: '0.015' });
    expect(first.counts).toMatchObject({ recipients: 5, queued: 5, sent: 0 });

    // The platform's own stream of it shows the same.
    const platform = await openStream(admin, `${S}/admin/campaigns/${draft.campaign_id}/events`);
    expect(counts(await platform.next((e) => e.event === 'counts')).status).toBe('s');

    expectEnvelope(
      await call(admin, {
        method: 'POST',
        url: `${S}/admin/campaigns/${draft.campaign_id}/stop`,
        payload: { reason: 'Reported as spam' },
      }),
      200,
    );
    const stopped = counts(await stream.next((e) => e.event === 'counts' && counts(e).status === 'd'));
    expect(stopped).toMatchObject({ held: '0.00', released: '0.015' });
    expect(stopped.ended_at).not.toBeNull();
    expect(counts(await platform.next((e) => e.event === 'counts' && counts(e).status === 'd')).status).toBe(
      'd',
    );
    // Ended now: its receipts may still come for a day, so both streams stay open.
    expect(stream.events.some((e) => e.event === 'end')).toBe(false);
    stream.close();
    platform.close();

    // A day after its end its counts no longer move: a stream opened then shows them once and ends.
    await t.database.sql.query(
      `UPDATE campaigns SET ended_at = now() - make_interval(secs => $2::double precision / 1000 + 60)
        WHERE campaign_id = $1`,
      [draft.campaign_id, CAMPAIGN_RECEIPTS_WINDOW_MS],
    );
    const late = await openStream(developer, `${S}/campaigns/${draft.campaign_id}/events`);
    expect(counts(await late.next((e) => e.event === 'counts')).status).toBe('d');
    expect((await late.next((e) => e.event === 'end')).data).toEqual({ reason: 'campaign-ended' });
    await late.ended();
  });

  it('when a campaign runs with a stream open then the stream shows its final counts, and the receipts that come after its end', async () => {
    const draft = await create({ name: 'Live run' });
    const stream = await openStream(developer, `${S}/campaigns/${draft.campaign_id}/events`);
    expect(counts(await stream.next((e) => e.event === 'counts')).status).toBe('p');
    expectEnvelope(
      await call(developer, { method: 'POST', url: `${S}/campaigns/${draft.campaign_id}/start` }),
      200,
    );
    const done = counts(await stream.next((e) => e.event === 'counts' && counts(e).status === 'c'));
    expect(done.counts).toMatchObject({ recipients: 5, queued: 0, sent: 4, skipped: 1 });
    expect(done).toMatchObject({ charged: '0.012', released: '0.003' });
    // The receipts that come after the last batch are pushed too: the stream stays open after the end.
    const receipted = counts(
      await stream.next(
        (e) => e.event === 'counts' && counts(e).status === 'c' && counts(e).counts.read === 4,
      ),
    );
    expect(receipted.counts).toMatchObject({ sent: 4, delivered: 4, read: 4 });
    // So are the users' replies and taps that come after its end.
    const user = { agentId: 'camp_test', sendTime: new Date().toISOString() };
    expectEnvelope(
      await postRbmEvent(t, {
        ...user,
        senderPhoneNumber: NUMBERS[0],
        messageId: 'live-reply',
        text: 'Yes please',
      }),
      200,
    );
    expectEnvelope(
      await postRbmEvent(t, {
        ...user,
        senderPhoneNumber: NUMBERS[1],
        messageId: 'live-tap',
        suggestionResponse: { postbackData: 'offer', text: 'Show me', type: 'REPLY' },
      }),
      200,
    );
    const answered = counts(
      await stream.next(
        (e) => e.event === 'counts' && counts(e).counts.replied === 1 && counts(e).counts.clicked === 1,
      ),
    );
    expect(answered.counts).toMatchObject({ sent: 4, read: 4, replied: 1, clicked: 1 });
    // A number that replies again is still one that replied; each tap is one more.
    for (const [messageId, extra] of [
      ['live-reply-again', { text: 'Still yes' }],
      ['live-tap-again', { suggestionResponse: { postbackData: 'offer', text: 'Show me', type: 'REPLY' } }],
    ] as const)
      expectEnvelope(
        await postRbmEvent(t, {
          ...user,
          senderPhoneNumber: NUMBERS[messageId === 'live-tap-again' ? 1 : 0],
          messageId,
          ...extra,
        }),
        200,
      );
    const again = counts(await stream.next((e) => e.event === 'counts' && counts(e).counts.clicked === 2));
    expect(again.counts).toMatchObject({ replied: 1, clicked: 2 });
    // A message from a recipient to another bot is no reply to this campaign.
    expectEnvelope(
      await postRbmEvent(t, {
        agentId: 'another_agent',
        sendTime: new Date().toISOString(),
        senderPhoneNumber: NUMBERS[2],
        messageId: 'elsewhere',
        text: 'Hello other bot',
      }),
      200,
    );
    expect((await createCampaignsRepository(t.database).counts(draft.campaign_id)).replied).toBe(1);
    // The kept counts are the recipients' own (decision 0061).
    const { last_minute: _pace, ...kept } = await createCampaignsRepository(t.database).counts(
      draft.campaign_id,
    );
    expect(kept).toEqual(await recountCampaign(t.database, draft.campaign_id));
    expect(stream.events.some((e) => e.event === 'end')).toBe(false);
    stream.close();
    // Each counts event differs from the one before (unchanged reads are not sent again).
    const shown = stream.events.filter((e) => e.event === 'counts').map((e) => JSON.stringify(e.data));
    expect(new Set(shown).size).toBe(shown.length);
  });

  it("when another partner opens a campaign's stream then 404 and no stream", async () => {
    const own = await create({ name: 'Not yours to watch' });
    const stream = await openStream(stranger, `${S}/campaigns/${own.campaign_id}/events`);
    expect(stream.response.status).toBe(404);
    expect(stream.response.headers.get('content-type')).toMatch(/json/);
  });
});

describe('the details export', () => {
  let id = '';
  beforeAll(async () => {
    id = (await create({ name: 'Summary me' })).campaign_id;
    expectEnvelope(await call(developer, { method: 'POST', url: `${S}/campaigns/${id}/start` }), 200);
    await until(id, (c) => c.status === 'c');
  });

  it('when the summary is asked as PDF then it is one page with the counts and the cost', async () => {
    const response = await call(developer, { method: 'GET', url: `${S}/campaigns/${id}/export?format=pdf` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toMatch(/Summary-me-summary-.*\.pdf/);
    const pdf = response.rawPayload.toString('latin1');
    expect(pdf.startsWith('%PDF')).toBe(true);
    expect(pdf.match(/\/Type \/Page\b/g)).toHaveLength(1);
  });

  it('when the summary is asked as Excel then its rows give the counts and the cost', async () => {
    const response = await call(admin, {
      method: 'GET',
      url: `${S}/admin/campaigns/${id}/export?format=xlsx`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/spreadsheetml/);
    const { default: ExcelJS } = await import('exceljs');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const rows = new Map<string, string>();
    workbook.worksheets[0]?.eachRow((row) => {
      rows.set(String(row.getCell(1).value), String(row.getCell(2).value));
    });
    expect(rows.get('Status')).toBe('Completed');
    expect(rows.get('Recipients')).toBe('5');
    expect(rows.get('Sent')).toBe('4');
    expect(rows.get('Skipped (not reachable)')).toBe('1');
    expect(rows.get('Charged (USD)')).toBe('$0.01');
    expect(rows.get('Estimate (USD)')).toBe('$0.02');
  });

  it('when another partner asks for the summary then 404, and a bad format is 400', async () => {
    expectEnvelope(
      await call(stranger, { method: 'GET', url: `${S}/campaigns/${id}/export?format=pdf` }),
      404,
    );
    expectEnvelope(
      await call(developer, { method: 'GET', url: `${S}/campaigns/${id}/export?format=csv` }),
      400,
    );
  });
});

describe('the platform list', () => {
  it('when the admin asks for the filter options then the partners and bots with campaigns are listed', async () => {
    await create({ name: 'Facet me' });
    const facets = ZCampaignFacets.parse(
      expectEnvelope(await call(admin, { method: 'GET', url: `${S}/admin/campaigns/facets` }), 200).data,
    );
    expect(facets.partners.map((p) => p.partner_id)).toContain(developer.partnerId);
    expect(facets.bots).toContainEqual(
      expect.objectContaining({ bot_id: botId, name: 'Bot camp_test', partner_id: developer.partnerId }),
    );
    expect(facets.bots.map((b) => b.bot_id)).not.toContain(otherBotId);
    expectEnvelope(await call(developer, { method: 'GET', url: `${S}/admin/campaigns/facets` }), 403);
  });
});

describe('campaign finished', () => {
  const notifications = async (who: Caller) =>
    ZNotificationList.parse(
      expectEnvelope(await call(who, { method: 'GET', url: `${S}/notifications?start=0&end=100` }), 200).data,
    ).items.filter((n) => n.kind === 'campaign_finished');

  it('when a campaign completes or is stopped then its creator is notified with a link to it; a cancel by the partner tells nobody', async () => {
    const ran = await create({ name: 'Notify done' });
    expectEnvelope(
      await call(developer, { method: 'POST', url: `${S}/campaigns/${ran.campaign_id}/start` }),
      200,
    );
    await until(ran.campaign_id, (c) => c.status === 'c');
    const done = (await notifications(developer)).find((n) => n.title.includes('Notify done'));
    expect(done).toMatchObject({
      title: 'Campaign "Notify done" completed',
      link: `/u/my-campaigns?campaign=${ran.campaign_id}`,
      read_at: null,
    });
    expect(done?.body).toMatch(/4 of 5 sent.*charged \$0\.01/);

    const stopped = await create({ name: 'Notify stop', schedule: scheduleAhead(2) });
    expectEnvelope(
      await call(developer, { method: 'POST', url: `${S}/campaigns/${stopped.campaign_id}/start` }),
      200,
    );
    expectEnvelope(
      await call(admin, {
        method: 'POST',
        url: `${S}/admin/campaigns/${stopped.campaign_id}/stop`,
        payload: { reason: 'Abuse reported' },
      }),
      200,
    );
    const stop = (await notifications(developer)).find((n) => n.title.includes('Notify stop'));
    expect(stop).toMatchObject({
      title: 'Campaign "Notify stop" was stopped by the platform',
      link: `/u/my-campaigns?campaign=${stopped.campaign_id}`,
    });
    expect(stop?.body).toMatch(/Reason: Abuse reported/);

    const cancelled = await create({ name: 'Notify cancel' });
    expectEnvelope(
      await call(developer, {
        method: 'POST',
        url: `${S}/campaigns/${cancelled.campaign_id}/cancel`,
        payload: {},
      }),
      200,
    );
    expect((await notifications(developer)).some((n) => n.title.includes('Notify cancel'))).toBe(false);
    // The mail of the same event is queued for the creator.
    const { rows } = await t.database.sql.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'mail.send' AND data->>'template' = 'campaign-finished' AND data->'data'->>'name' IN ('Notify done', 'Notify stop')`,
    );
    expect(rows[0]?.n).toBe(2);
  });
});

const mediaUpload = (who: Caller, channel: string | null, bytes: Buffer | null, filename = 'card.png') => {
  const boundary = '----portico-campaigns-test';
  return call(who, {
    method: 'POST',
    url: `${S}/campaigns/media`,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      ...(channel === null
        ? []
        : [
            Buffer.from(
              `--${boundary}\r\nContent-Disposition: form-data; name="channel"\r\n\r\n${channel}\r\n`,
            ),
          ]),
      ...(bytes === null
        ? []
        : [
            Buffer.from(
              `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
            ),
            bytes,
            Buffer.from('\r\n'),
          ]),
      Buffer.from(`--${boundary}--\r\n`),
    ]),
  });
};

describe("a campaign's own media", () => {
  let cardTemplateId: string;
  let png: Buffer;

  beforeAll(async () => {
    png = await sharp({ create: { width: 64, height: 40, channels: 3, background: '#e8711a' } })
      .png()
      .toBuffer();
    const created = await call(developer, {
      method: 'POST',
      url: `${S}/templates`,
      payload: {
        bot_id: botId,
        channel: 'rcs',
        name: 'diwali_card',
        language: 'en',
        content: {
          kind: 'rich_card',
          card: {
            title: 'Lamps for {{first_name}}',
            description: '20% off this week',
            media: {
              source: 'url',
              url: 'https://cdn.example.com/lamps.png',
              kind: 'image',
              height: 'MEDIUM',
            },
            suggestions: [],
          },
          suggestions: [],
        },
        sample_values: { first_name: 'Asha' },
      },
    });
    cardTemplateId = ZTemplate.parse(expectEnvelope(created, 201).data).template_id;
    expectEnvelope(
      await call(developer, { method: 'POST', url: `${S}/templates/${cardTemplateId}/submit`, payload: {} }),
      200,
    );
    expectEnvelope(
      await call(admin, { method: 'POST', url: `${S}/templates/${cardTemplateId}/approve`, payload: {} }),
      200,
    );
  });

  it('when the file is empty, not media, too big, or the channel or file is missing then 4xx with a clear message', async () => {
    const empty = expectEnvelope(await mediaUpload(developer, 'rcs', Buffer.alloc(0)), 400);
    expect(empty.message).toMatch(/empty|Choose a file/);
    const text = expectEnvelope(
      await mediaUpload(developer, 'rcs', Buffer.from('not an image at all'), 'photo.png'),
      400,
    );
    expect(text.message).toMatch(/not media RCS templates take/);
    const pdf = expectEnvelope(
      await mediaUpload(developer, 'rcs', Buffer.from('%PDF-1.4 nothing'), 'a.pdf'),
      400,
    );
    expect(pdf.message).toMatch(/RCS templates do not take application\/pdf/);
    const big = await mediaUpload(
      developer,
      'whatsapp',
      Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(5 * 1024 * 1024 + 10)]),
      'big.jpg',
    );
    expect(big.statusCode).toBe(413);
    expect(big.body).toMatch(/MB/);
    expect(expectEnvelope(await mediaUpload(developer, null, png), 400).message).toMatch(/rcs or whatsapp/);
    expect(expectEnvelope(await mediaUpload(developer, 'rcs', null), 400).message).toMatch(/Choose a file/);
  });

  it('when the read-only child or an aggregator awaiting approval uploads then 403', async () => {
    expectEnvelope(await mediaUpload(readOnlyChild, 'rcs', png), 403);
    const aggregator = await caller(null);
    await t.database.sql.query(
      `UPDATE partners SET is_aggregator = true, launch_approved = false WHERE partner_id = $1`,
      [aggregator.partnerId],
    );
    expect(expectEnvelope(await mediaUpload(aggregator, 'rcs', png), 403).message).toMatch(
      /awaiting approval/,
    );
  });

  it("when a card template's campaign has its own image then the details show it, and a portal without https refuses to start it", async () => {
    const stored = ZCampaignMediaUpload.parse(
      expectEnvelope(await mediaUpload(developer, 'rcs', png), 201).data,
    );
    expect(stored).toMatchObject({ kind: 'image', content_type: 'image/png' });
    expect(stored.key).toMatch(/^public\/campaign-media\/[0-9a-f-]{36}\.png$/);
    const draft = await create({ name: 'Own media', template_id: cardTemplateId, media_key: stored.key });
    expect(draft.media).toMatchObject({ key: stored.key, kind: 'image' });
    expect(draft.media?.url).toContain(stored.key);
    // The test portal's address is http: RBM could not fetch the card's media, so the start says so
    // (nothing held); what each recipient's card carries is the templates module's test.
    const refused = expectEnvelope(
      await call(developer, { method: 'POST', url: `${S}/campaigns/${draft.campaign_id}/start` }),
      400,
    );
    expect(refused.message).toMatch(/cannot fetch this campaign's media.+not https/);
    expect(JSON.stringify(refused.data)).toContain('media_key');
    expect((await details(draft.campaign_id)).status).toBe('p');
    // Without its own media a campaign of the same template sends the template's.
    const plain = await create({ name: 'Template media', template_id: cardTemplateId });
    expect(plain.media).toBeNull();
  });

  it("when the media does not fit the template, was never uploaded, or the campaign is another partner's then 400 or 404", async () => {
    const stored = ZCampaignMediaUpload.parse(
      expectEnvelope(await mediaUpload(developer, 'rcs', png), 201).data,
    );
    const textOnly = expectEnvelope(
      await call(developer, {
        method: 'POST',
        url: `${S}/campaigns`,
        payload: form({ media_key: stored.key }),
      }),
      400,
    );
    expect(textOnly.message).toMatch(/takes no media/);
    const ghost = expectEnvelope(
      await call(developer, {
        method: 'POST',
        url: `${S}/campaigns`,
        payload: form({
          template_id: cardTemplateId,
          media_key: 'public/campaign-media/00000000-0000-4000-8000-000000000000.png',
        }),
      }),
      400,
    );
    expect(ghost.message).toMatch(/no longer stored/);
    const forged = expectEnvelope(
      await call(developer, {
        method: 'POST',
        url: `${S}/campaigns`,
        payload: form({ template_id: cardTemplateId, media_key: 'public/template-media/x.png' }),
      }),
      400,
    );
    expect(JSON.stringify(forged.data)).toContain('media_key');
    const own = await create({ name: 'Not yours', template_id: cardTemplateId });
    expectEnvelope(
      await call(stranger, {
        method: 'PATCH',
        url: `${S}/campaigns/${own.campaign_id}`,
        payload: { media_key: stored.key },
      }),
      404,
    );
    const edited = ZCampaignDetails.parse(
      expectEnvelope(
        await call(developer, {
          method: 'PATCH',
          url: `${S}/campaigns/${own.campaign_id}`,
          payload: { media_key: stored.key },
        }),
        200,
      ).data,
    );
    expect(edited.media?.key).toBe(stored.key);
  });
});
