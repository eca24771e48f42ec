import {
  CHANNEL_TYPE,
  ROLES,
  type TCampaignDetails,
  ZCampaignDetails,
  ZCampaignEstimate,
  ZCampaignHistory,
  ZCampaignList,
  ZCampaignRecipientList,
  ZTemplate,
} from '@portico/domain';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Subject } from '../../../test/factories.ts';
import { createTestApp, expectEnvelope, type TestApp, xsrfHeaders } from '../../../test/helpers.ts';
import { createLedgerForTest } from '../../../test/ledger.ts';
import { seedAirtelPrice } from '../../../test/partner-api.ts';
import { bots } from '../bots/bots.schema.ts';

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
     VALUES ($1, 'Diwali list', 'diwali.csv', 'csv', 100, 'private/audiences/x.csv', 'ready', '["first_name"]', $2, $2)
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

async function rcsTemplate(name: string, approve: boolean): Promise<string> {
  const created = await call(developer, {
    method: 'POST',
    url: `${S}/templates`,
    payload: {
      bot_id: botId,
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
