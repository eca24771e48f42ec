import { CHANNEL_TYPE, ROLES, ZCampaignDetails, ZTemplate } from '@portico/domain';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectEnvelope, type TestApp, xsrfHeaders } from '../../../test/helpers.ts';
import { createLedgerForTest } from '../../../test/ledger.ts';
import { seedAirtelPrice } from '../../../test/partner-api.ts';
import { bots } from '../bots/bots.schema.ts';

/**
 * A dispatch killed between storing a recipient's message and the network's answer (decision
 * 0056): the next dispatch sends that stored message again under its same id. The network (the
 * sandbox, like Google) refuses an id it already took with 409 ALREADY_EXISTS, which counts as
 * accepted; one it never got is sent now. Each recipient is sent once and charged once.
 */

const S = '/api/v1/secure';
const PRICE = 3_000n;
const FUNDS = 1_000_000n;
const AGENT = 'camp_recover';
const RBM_TOKEN = 'campaign-recovery-token';
/** The network took its message before the kill; the network never got its message; not stored at all. */
const [TAKEN, NEVER_GOT, NOT_STORED] = ['+919810012341', '+919810012342', '+919810012343'];

let t: TestApp;
let developer: { token: string; partnerId: string };
let admin: { token: string };
let botId: string;

const call = (who: { token: string }, options: InjectOptions) =>
  t.app.inject({
    ...options,
    headers: { authorization: `Bearer ${who.token}`, ...xsrfHeaders(), ...options.headers },
  });

const textOf = (name: string) => `Hi ${name}, lamps are 20% off`;

beforeAll(async () => {
  t = await createTestApp({
    listen: true,
    env: {
      PORTICO_ROLE: 'all',
      LOG_LEVEL: 'error',
      // A static token, so the test can play the network's side of the killed send.
      RBM_API_TOKEN: RBM_TOKEN,
      SANDBOX_BEHAVIOUR: JSON.stringify({ rateLimits: { enabled: false }, receipts: false }),
    },
  });
  const account = await t.factories.account(ROLES.DEVELOPER);
  developer = {
    token: await t.tokenFor(account.user.userId),
    partnerId: account.partner.partnerId,
  };
  const adminAccount = await t.factories.account(ROLES.ADMIN_PORTICO_READWRITE);
  admin = { token: await t.tokenFor(adminAccount.user.userId) };
  await t.database.sql.query('UPDATE partners SET has_ewallet = true WHERE partner_id = $1', [
    developer.partnerId,
  ]);
  await seedAirtelPrice(t, PRICE);
  await createLedgerForTest(t.database).credit({
    partnerId: developer.partnerId,
    idempotencyKey: 'fund',
    amount: FUNDS,
    description: 'Top-up',
  });
  const [bot] = await t.database.db
    .insert(bots)
    .values({
      partnerId: developer.partnerId,
      channels: [CHANNEL_TYPE.rcs],
      status: 10,
      name: 'Bot recover',
      billingCategory: 'BASIC_MESSAGE',
      messageCategory: 'Transactional',
      rbmBrand: 'brands/chai',
      rbmAgent: `brands/chai/agents/${AGENT}`,
    })
    .returning();
  if (!bot) throw new Error('insert returned nothing');
  botId = bot.botId;
});
afterAll(() => t.close());

async function approvedTemplate(name = 'recover_offer'): Promise<string> {
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
  const { template_id } = ZTemplate.parse(expectEnvelope(created, 201).data);
  expectEnvelope(
    await call(developer, { method: 'POST', url: `${S}/templates/${template_id}/submit`, payload: {} }),
    200,
  );
  expectEnvelope(
    await call(admin, { method: 'POST', url: `${S}/templates/${template_id}/approve`, payload: {} }),
    200,
  );
  return template_id;
}

async function audience(numbers: readonly string[]): Promise<string> {
  const { rows } = await t.database.sql.query<{ audience_id: string }>(
    `INSERT INTO audiences (partner_id, name, file_name, format, bytes, storage_key, status, fields, read_count, kept_count)
     VALUES ($1, 'Recovery list', 'recover.csv', 'csv', 100, 'private/audiences/' || gen_random_uuid() || '.csv', 'ready', '["first_name"]', $2, $2)
     RETURNING audience_id`,
    [developer.partnerId, numbers.length],
  );
  const id = rows[0]?.audience_id ?? '';
  for (const [i, msisdn] of numbers.entries())
    await t.database.sql.query(
      'INSERT INTO audience_recipients (audience_id, msisdn, line, fields) VALUES ($1, $2, $3, $4)',
      [id, msisdn, i + 2, JSON.stringify({ first_name: `Name${i}` })],
    );
  return id;
}

async function balance(): Promise<bigint> {
  const { rows } = await t.database.sql.query<{ balance: string }>(
    `SELECT balance::text AS balance FROM ledger_accounts WHERE partner_id = $1 AND kind = 'wallet'`,
    [developer.partnerId],
  );
  return BigInt(rows[0]?.balance ?? 0);
}

/** The messages the sandbox's handset of a number received, by id. */
async function received(msisdn: string): Promise<string[]> {
  const response = await fetch(`${t.config.PUBLIC_URL}/sandbox/api/handsets/${encodeURIComponent(msisdn)}`);
  const thread = (await response.json()) as { items: { id: string; direction: string }[] };
  return thread.items.filter((i) => i.direction === 'received').map((i) => i.id);
}

/**
 * A campaign started for hours ahead: its recipients (and their message ids) are copied and the
 * hold taken, and nothing is sent until the test makes it run. Answers its id and each number's
 * message id.
 */
async function startedAhead(
  name: string,
  templateId: string,
  audienceId: string,
  extra: Record<string, unknown> = {},
): Promise<{ campaignId: string; idOf: (msisdn: string) => string }> {
  const at = new Date(Date.now() + 3 * 3_600_000);
  const draft = ZCampaignDetails.parse(
    expectEnvelope(
      await call(developer, {
        method: 'POST',
        url: `${S}/campaigns`,
        payload: {
          name,
          bot_id: botId,
          template_id: templateId,
          audience_id: audienceId,
          variables: { first_name: 'first_name' },
          schedule: {
            kind: 'at',
            date: at.toISOString().slice(0, 10),
            time: at.toISOString().slice(11, 16),
            time_zone: '+00:00',
          },
          ...extra,
        },
      }),
      200,
    ).data,
  );
  const campaignId = draft.campaign_id;
  expectEnvelope(await call(developer, { method: 'POST', url: `${S}/campaigns/${campaignId}/start` }), 200);
  const { rows } = await t.database.sql.query<{ msisdn: string; message_id: string }>(
    'SELECT msisdn, message_id::text AS message_id FROM campaign_recipients WHERE campaign_id = $1',
    [campaignId],
  );
  return { campaignId, idOf: (msisdn) => rows.find((r) => r.msisdn === msisdn)?.message_id ?? '' };
}

/**
 * It was running when the worker died: marked so, then resumed (the scheduler's next tick would
 * dispatch it too); answers its details once it completed.
 */
async function resumedToTheEnd(campaignId: string) {
  await t.database.sql.query(
    `UPDATE campaigns SET status = 'r', started_at = now(), paused_at = now(), pause_reason = 'partner' WHERE campaign_id = $1`,
    [campaignId],
  );
  expectEnvelope(await call(developer, { method: 'POST', url: `${S}/campaigns/${campaignId}/resume` }), 200);
  const started = Date.now();
  for (;;) {
    const c = ZCampaignDetails.parse(
      expectEnvelope(await call(developer, { method: 'GET', url: `${S}/campaigns/${campaignId}` }), 200).data,
    );
    if (c.status === 'c') return c;
    if (Date.now() - started > 30_000) throw new Error(`campaign still ${c.status}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('a dispatch stopped while messages were with the network', () => {
  it('when dispatched again then a stored but unanswered message is sent again under its id: each recipient sent once, charged once, the wallet exact', async () => {
    const templateId = await approvedTemplate();
    const audienceId = await audience([TAKEN, NEVER_GOT, NOT_STORED]);
    const before = await balance();
    const { campaignId, idOf } = await startedAhead('Recovery', templateId, audienceId);

    // What the killed dispatch left: two messages stored and never answered; the network took one.
    for (const [i, msisdn] of [TAKEN, NEVER_GOT].entries())
      await t.database.sql.query(
        `INSERT INTO network_messages (message_id, partner_id, purpose, network, sender, recipient, content, network_message_id)
         VALUES ($1, $2, 'campaign', 'rbm', $3, $4, $5, $1)`,
        [
          idOf(msisdn),
          developer.partnerId,
          AGENT,
          msisdn,
          JSON.stringify({ kind: 'text', text: textOf(`Name${i}`), suggestions: [] }),
        ],
      );
    const took = await fetch(
      `${t.config.PUBLIC_URL}/sandbox/rbm/v1/phones/${encodeURIComponent(TAKEN)}/agentMessages?messageId=${idOf(TAKEN)}&agentId=${AGENT}`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${RBM_TOKEN}`, 'content-type': 'application/json' },
        body: JSON.stringify({ contentMessage: { text: textOf('Name0') } }),
      },
    );
    expect(took.status).toBe(200);
    const c = await resumedToTheEnd(campaignId);
    expect(c.live.counts).toMatchObject({ recipients: 3, queued: 0, sent: 3, skipped: 0, failed: 0 });
    expect(c).toMatchObject({ charged: '0.009' });

    // Each recipient's one message, sent (not failed), and received once by its handset.
    const { rows: messages } = await t.database.sql.query<{ recipient: string; status: string }>(
      `SELECT m.recipient, m.status FROM network_messages m JOIN campaign_recipients r ON m.message_id = r.message_id::text
        WHERE r.campaign_id = $1 ORDER BY m.recipient`,
      [campaignId],
    );
    expect(messages).toEqual([
      { recipient: TAKEN, status: 'sent' },
      { recipient: NEVER_GOT, status: 'sent' },
      { recipient: NOT_STORED, status: 'sent' },
    ]);
    for (const msisdn of [TAKEN, NEVER_GOT, NOT_STORED])
      expect(await received(msisdn)).toEqual([idOf(msisdn)]);
    // Charged once each: the hold captured whole (three prices); the wallet moved by exactly three.
    const { rows: hold } = await t.database.sql.query<{ status: string; captured: string }>(
      `SELECT h.status, h.captured::text AS captured FROM ledger_holds h JOIN campaigns c ON c.hold_id = h.hold_id WHERE c.campaign_id = $1`,
      [campaignId],
    );
    expect(hold).toEqual([{ status: 'captured', captured: String(3n * PRICE) }]);
    expect(await balance()).toBe(before - 3n * PRICE);
  });

  it('when dispatched again after the network refused or took messages then each keeps that outcome: a refused number fails, one RCS cannot reach takes the fallback, one the network took is charged', async () => {
    const templateId = await approvedTemplate('refused_offer');
    const [INVALID, NOT_CAPABLE, TAKEN_THEN_FAILED, FRESH] = [
      '+919810012361',
      '+919810012362',
      '+919810012363',
      '+919810012364',
    ];
    const audienceId = await audience([INVALID, NOT_CAPABLE, TAKEN_THEN_FAILED, FRESH]);
    const before = await balance();
    const { campaignId, idOf } = await startedAhead('Refused before the kill', templateId, audienceId, {
      fallback: { kind: 'sms', text: 'Lamps are 20% off at our stores' },
    });
    // What the killed dispatch left: the network's answers stored, the batch's outcomes not yet.
    const stored = [
      { msisdn: INVALID, kind: 'invalid_content', networkId: null },
      { msisdn: NOT_CAPABLE, kind: 'not_capable', networkId: null },
      // Taken by the network, then failed by its receipt.
      { msisdn: TAKEN_THEN_FAILED, kind: null, networkId: idOf(TAKEN_THEN_FAILED) },
    ];
    for (const { msisdn, kind, networkId } of stored)
      await t.database.sql.query(
        `INSERT INTO network_messages (message_id, partner_id, purpose, network, sender, recipient, content, status, error_kind, network_message_id)
         VALUES ($1, $2, 'campaign', 'rbm', $3, $4, $5, 'failed', $6, $7)`,
        [
          idOf(msisdn),
          developer.partnerId,
          AGENT,
          msisdn,
          JSON.stringify({ kind: 'text', text: 'x' }),
          kind,
          networkId,
        ],
      );
    await resumedToTheEnd(campaignId);
    const { rows: outcomes } = await t.database.sql.query<{
      msisdn: string;
      status: string;
      reason: string | null;
      channel: string | null;
    }>(
      'SELECT msisdn, status, reason, channel FROM campaign_recipients WHERE campaign_id = $1 ORDER BY msisdn',
      [campaignId],
    );
    expect(outcomes).toEqual([
      { msisdn: INVALID, status: 'failed', reason: 'invalid_number', channel: 'rcs' },
      { msisdn: NOT_CAPABLE, status: 'sent', reason: null, channel: 'sms' },
      { msisdn: TAKEN_THEN_FAILED, status: 'sent', reason: null, channel: 'rcs' },
      { msisdn: FRESH, status: 'sent', reason: null, channel: 'rcs' },
    ]);
    // Nothing sent again over RCS but the fresh one, and one SMS; three charged (the SMS at the RCS
    // rate held).
    for (const msisdn of [INVALID, TAKEN_THEN_FAILED]) expect(await received(msisdn)).toEqual([]);
    expect(await received(NOT_CAPABLE)).toEqual([expect.stringMatching(/^SM/)]);
    expect(await received(FRESH)).toEqual([idOf(FRESH)]);
    expect(await balance()).toBe(before - 3n * PRICE);
  });

  it('when the network is down mid-campaign then it pauses, and after the resume each recipient is sent once, none sent down the fallback', async () => {
    const templateId = await approvedTemplate('outage_offer');
    const numbers = ['+919810012351', '+919810012352', '+919810012353'];
    const audienceId = await audience(numbers);
    const before = await balance();
    const sandbox = (behaviour: object) =>
      fetch(`${t.config.PUBLIC_URL}/sandbox/config`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ rateLimits: { enabled: false }, receipts: false, ...behaviour }),
      });
    // Google answers 503 to every call: the connector gives up after its retries (network_down).
    expect((await sandbox({ serverErrorRatio: 1 })).status).toBe(200);
    const created = ZCampaignDetails.parse(
      expectEnvelope(
        await call(developer, {
          method: 'POST',
          url: `${S}/campaigns`,
          payload: {
            name: 'Outage',
            bot_id: botId,
            template_id: templateId,
            audience_id: audienceId,
            variables: { first_name: 'first_name' },
          },
        }),
        200,
      ).data,
    );
    const campaignId = created.campaign_id;
    const details = async () =>
      ZCampaignDetails.parse(
        expectEnvelope(await call(developer, { method: 'GET', url: `${S}/campaigns/${campaignId}` }), 200)
          .data,
      );
    expectEnvelope(await call(developer, { method: 'POST', url: `${S}/campaigns/${campaignId}/start` }), 200);
    const waitFor = async (done: (c: Awaited<ReturnType<typeof details>>) => boolean, what: string) => {
      const started = Date.now();
      for (;;) {
        const c = await details();
        if (done(c)) return c;
        if (Date.now() - started > 60_000) throw new Error(`${what}: the campaign is ${c.status}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };
    const paused = await waitFor((c) => c.paused, 'paused for the outage');
    expect(paused.status).toBe('r');
    expect(paused.live.counts).toMatchObject({ sent: 0, skipped: 0, failed: 0 });

    // The network answers again; the partner resumes (the scheduler would, within a minute).
    expect((await sandbox({ serverErrorRatio: 0 })).status).toBe(200);
    expectEnvelope(
      await call(developer, { method: 'POST', url: `${S}/campaigns/${campaignId}/resume` }),
      200,
    );
    const done = await waitFor((c) => c.status === 'c', 'completed');
    expect(done.live.counts).toMatchObject({ recipients: 3, queued: 0, sent: 3, skipped: 0, failed: 0 });
    const { rows } = await t.database.sql.query<{ msisdn: string; message_id: string }>(
      'SELECT msisdn, message_id::text AS message_id FROM campaign_recipients WHERE campaign_id = $1',
      [campaignId],
    );
    for (const { msisdn, message_id } of rows) expect(await received(msisdn)).toEqual([message_id]);
    expect(await balance()).toBe(before - 3n * PRICE);
  });
});
