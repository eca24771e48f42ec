import { createHmac, randomUUID } from 'node:crypto';
import { CHANNEL_TYPE, ROLES } from '@portico/domain';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { TestApp } from '../helpers.ts';
import { expectEnvelope, xsrfHeaders } from '../helpers.ts';
import {
  AIRTEL_RECIPIENT,
  botWithAccessToken,
  createPartnerApiApp,
  fundedDeveloper,
} from '../partner-api.ts';
import { countQueries } from '../queries.ts';

/**
 * Issue 31, point 3: every query on a hot path is served by an index. Over a database seeded large
 * (tens of thousands of bots, hundreds of thousands of messages, events, metered messages and
 * webhook deliveries, then ANALYZEd), the real requests of each hot path run while every statement
 * the driver sends is recorded: the partner API's sends, the networks' delivery receipts and user
 * messages, the bot console, the webhook delivery log, MY BOTS and the reviewers' lists. Each recorded
 * statement is then EXPLAINed with its own values, and the test fails on a sequential scan of a
 * large table (or a sort of a large part of one), naming the statement.
 *
 * PostgreSQL only: the plans are PostgreSQL's (`npm test` runs the API tests on it when
 * TEST_DATABASE_URL is set, as CI does). PGlite plans alike but seeding it large takes minutes.
 */

/** A table with more rows than this is large: reading all of it for one request is a bug. */
const LARGE_TABLE_ROWS = 10_000;
/** A sort of more rows than this on a hot path sorts what an index could have given in order. */
const LARGE_SORT_ROWS = 10_000;

const SCALE = {
  partners: 2_000,
  bots: 40_000,
  brands: 20_000,
  messages: 100_000,
  events: 100_000,
  metered: 100_000,
  deliveries: 60_000,
  devices: 20_000,
  lines: 40_000,
  templates: 20_000,
  ported: 50_000,
  campaigns: 200,
  recipientsPerCampaign: 1_000,
} as const;

/** The tables seeded large (and vacuumed: autovacuum keeps a live database's statistics and visibility map). */
const LARGE_TABLES = [
  'bots',
  'bot_carriers',
  'brands',
  'brand_carriers',
  'launches',
  'network_messages',
  'network_events',
  'metered_messages',
  'partner_webhook_deliveries',
  'bot_test_devices',
  'bot_console_lines',
  'templates',
  'template_versions',
  'ported_numbers',
  'campaign_recipients',
];

const onPglite = inject('testDatabase').kind === 'pglite';
const S = '/api/v1/secure';

let t: TestApp;
let owner: { id: string; token: string };
let bot: { botId: string; accessToken: string };
const AGENT = 'hot_agent';
const PHONE_NUMBER_ID = 'pn-hot-queries';
const DEVICE = '+919822555001';

/**
 * Everything large, in one script on one connection (generate_series: seconds, not minutes). Rows
 * are numbered in temp tables and joined by number (an array per row would be detoasted per row).
 */
async function seedLarge(t: TestApp): Promise<void> {
  // As a platform at scale holds them: most bots launched, a fifth drafts, a few in each review
  // state (the reviewers' queues), some rejected; most brands approved.
  const botStatus = `CASE WHEN i % 200 < 20 THEN -1 WHEN i % 200 < 40 THEN -2 WHEN i % 200 = 40 THEN 6
    WHEN i % 200 = 41 THEN 30 WHEN i % 200 = 42 THEN 39 WHEN i % 200 = 43 THEN 42 WHEN i % 200 < 46 THEN 31
    WHEN i % 200 < 48 THEN 9 WHEN i % 200 < 54 THEN 32 ELSE 10 END`;
  const brandStatus = `CASE WHEN i % 100 < 20 THEN 1 WHEN i % 100 = 20 THEN 6 WHEN i % 100 = 21 THEN 30
    WHEN i % 100 = 22 THEN 42 WHEN i % 100 < 26 THEN 32 ELSE 31 END`;
  await t.database.sql.exec(`
    CREATE TEMP TABLE seed_carriers AS
      SELECT (row_number() OVER (ORDER BY carrier_id))::int - 1 AS n, carrier_id FROM carriers;
    CREATE TEMP TABLE seed_carrier_count AS SELECT count(*)::int AS c FROM seed_carriers;
    INSERT INTO partners (kind, company, is_aggregator, has_ewallet)
      SELECT 'developer', jsonb_build_object('name', 'Seed partner ' || i), i % 4 = 0, true
      FROM generate_series(1, ${SCALE.partners}) i;
    CREATE TEMP TABLE seed_partners AS
      SELECT (row_number() OVER (ORDER BY partner_id))::int - 1 AS n, partner_id FROM partners
      WHERE company->>'name' LIKE 'Seed partner %';
    CREATE UNIQUE INDEX ON seed_partners (n);
    INSERT INTO users (partner_id, email, status)
      SELECT partner_id, 'seed-' || n || '@hot-queries.test', 'active' FROM seed_partners;

    INSERT INTO brands (partner_id, name, industry_type_id, website, contact_name, contact_email, contact_phone, address, status, updated_at)
      SELECT p.partner_id, 'Seed brand ' || i,
             (SELECT id FROM lookup_values WHERE kind = 'industry-types' ORDER BY id LIMIT 1),
             'https://seed.example', 'Seed', 'seed@seed.example', '+919876543210',
             '{"line1":"1 Road","city":"Pune","postalCode":"411001","countryId":"IN"}',
             ${brandStatus}, now() - i * interval '1 minute'
      FROM generate_series(1, ${SCALE.brands}) i JOIN seed_partners p ON p.n = i % ${SCALE.partners};
    INSERT INTO brand_carriers (brand_id, carrier_id)
      SELECT b.brand_id, c.carrier_id
      FROM (SELECT brand_id, row_number() OVER (ORDER BY brand_id) AS r FROM brands WHERE name LIKE 'Seed brand %') b
      JOIN seed_carrier_count k ON true JOIN seed_carriers c ON c.n = b.r % k.c;

    INSERT INTO bots (partner_id, channels, status, name, rbm_brand, rbm_agent, maap_bot_id, whatsapp_phone_number_id, api_type, updated_at, created_at)
      SELECT p.partner_id,
             CASE i % 3 WHEN 2 THEN '{2}'::int[] ELSE '{1}'::int[] END,
             ${botStatus}, 'Seed bot ' || i,
             CASE WHEN i % 3 = 0 THEN 'brands/seed' END,
             CASE WHEN i % 3 = 0 THEN 'brands/seed/agents/seed_agent_' || i END,
             CASE WHEN i % 3 = 1 THEN 'seed_maap_' || i END,
             CASE WHEN i % 3 = 2 THEN 'pn-seed-' || i END,
             CASE WHEN i % 3 = 1 THEN 'GSMA' WHEN i % 3 = 0 THEN 'GOOGLE' END,
             now() - i * interval '1 minute', now() - i * interval '2 minutes'
      FROM generate_series(1, ${SCALE.bots}) i
      JOIN seed_partners p ON p.n = CASE WHEN i % 5 = 0 THEN 0 ELSE i % ${SCALE.partners} END;
    CREATE TEMP TABLE seed_bots AS
      SELECT (row_number() OVER (ORDER BY bot_id))::int - 1 AS n, bot_id, partner_id FROM bots
      WHERE name LIKE 'Seed bot %';
    CREATE UNIQUE INDEX ON seed_bots (n);
    INSERT INTO bot_carriers (bot_id, carrier_id, status)
      SELECT b.bot_id, c.carrier_id, (ARRAY[0,1,2,3,10])[1 + (b.n + k) % 5]
      FROM seed_bots b CROSS JOIN generate_series(0, 1) k
      JOIN seed_carrier_count x ON true JOIN seed_carriers c ON c.n = (b.n + k) % x.c;
    INSERT INTO launches (bot_id, partner_id, submitted_at)
      SELECT bot_id, partner_id, updated_at - interval '1 day' FROM bots
      WHERE name LIKE 'Seed bot %' AND status NOT IN (-1, -2);

    INSERT INTO network_messages (message_id, partner_id, network, sender, recipient, content, status, network_message_id, created_at, updated_at)
      SELECT 'seed-msg-' || i, b.partner_id,
             (ARRAY['rbm','maap','whatsapp'])[1 + i % 3], 'seed_sender_' || (i % 500),
             '+9198' || lpad((i % 90000)::text, 8, '0'), '{"kind":"text","text":"hi"}',
             'delivered', 'seed-net-' || i, now() - i * interval '1 second', now() - i * interval '1 second'
      FROM generate_series(1, ${SCALE.messages}) i JOIN seed_bots b ON b.n = i % ${SCALE.bots};
    INSERT INTO network_events (network, dedupe_key, kind, network_message_id, status, sender, text, received_at, applied_at, payload)
      SELECT (ARRAY['rbm','maap','whatsapp'])[1 + i % 3], 'seed-event-' || i,
             (ARRAY['status','status','status','user_message','suggestion_response','other'])[1 + i % 6],
             'seed-net-' || i, 'delivered', '+9198' || lpad((i % 90000)::text, 8, '0'), 'hello',
             now() - i * interval '1 second', now(), '{}'
      FROM generate_series(1, ${SCALE.events}) i;
    INSERT INTO metered_messages (bot_id, message_id, partner_id, channel, amount, status, created_at)
      SELECT b.bot_id, 'seed-metered-' || i, b.partner_id, 1 + i % 2, 3000,
             (ARRAY['sent','sent','sent','charged','released','reserved'])[1 + i % 6],
             now() - i * interval '1 second'
      FROM generate_series(1, ${SCALE.metered}) i JOIN seed_bots b ON b.n = i % ${SCALE.bots};

    INSERT INTO bot_test_devices (bot_id, partner_id, channel, msisdn, invite_status)
      SELECT b.bot_id, b.partner_id, 'rcs', '+9197' || lpad(i::text, 8, '0'), 'ACCEPTED'
      FROM generate_series(1, ${SCALE.devices}) i JOIN seed_bots b ON b.n = i % ${SCALE.bots};
    INSERT INTO bot_console_lines (device_id, bot_id, direction, text)
      SELECT d.device_id, d.bot_id, 'in', 'seed line'
      FROM bot_test_devices d CROSS JOIN generate_series(1, ${SCALE.lines / SCALE.devices}) k;

    INSERT INTO templates (partner_id, bot_id, name, channel, language, type, status_code, updated_at)
      SELECT b.partner_id, b.bot_id, 'seed_template_' || i, (ARRAY['rcs','whatsapp'])[1 + i % 2], 'en',
             'text', (ARRAY[-1,6,31,31,31,31,31,32,35])[1 + i % 9], now() - i * interval '1 minute'
      FROM generate_series(1, ${SCALE.templates}) i JOIN seed_bots b ON b.n = i % ${SCALE.bots};
    INSERT INTO template_versions (template_id, version, status_code, content)
      SELECT template_id, 1, status_code, '{"kind":"text","text":"hi"}' FROM templates
      WHERE name LIKE 'seed_template_%';
    UPDATE template_versions SET submitted_at = now() - interval '1 day'
      WHERE status_code <> -1 AND template_id IN (SELECT template_id FROM templates WHERE name LIKE 'seed_template_%');

    INSERT INTO ported_numbers (msisdn, carrier_id, source)
      SELECT '+9199' || lpad(i::text, 8, '0'), c.carrier_id, 'seed'
      FROM generate_series(1, ${SCALE.ported}) i JOIN seed_carrier_count x ON true
      JOIN seed_carriers c ON c.n = i % x.c;
  `);
}

/**
 * Campaigns of the seeded partners (one in fifty the owner's), each with its recipients sent an
 * hour ago, some of them to the number that writes in the receipts path (its reply is counted).
 */
async function seedCampaigns(t: TestApp, partnerId: string): Promise<void> {
  await t.database.sql.exec(`
    INSERT INTO campaigns (partner_id, name, status, bot_id, template_id, audience_id, bot_name, template_name,
                           audience_name, channel, fallback, recipients, created_at)
      SELECT CASE WHEN i % 50 = 0 THEN '${partnerId}'::uuid ELSE p.partner_id END, 'Seed campaign ' || i,
             (ARRAY['c','r','d','s','p'])[1 + (i + i / 50) % 5], gen_random_uuid(), gen_random_uuid(), gen_random_uuid(),
             'Seed bot', 'Seed template', 'Seed audience', 'rcs', '{"kind":"skip"}',
             ${SCALE.recipientsPerCampaign}, now() - i * interval '1 hour'
      FROM generate_series(1, ${SCALE.campaigns}) i JOIN seed_partners p ON p.n = i % ${SCALE.partners};
    INSERT INTO campaign_recipients (campaign_id, seq, msisdn, message_id, status, channel, sent_at, net_status)
      SELECT c.campaign_id, k,
             CASE WHEN k = 1 THEN '${AIRTEL_RECIPIENT}' ELSE '+9196' || lpad((k * 7919 % 1000000)::text, 8, '0') END,
             gen_random_uuid(), (ARRAY['sent','sent','sent','failed','queued'])[1 + k % 5],
             CASE WHEN k % 5 < 3 THEN 'rcs' END, CASE WHEN k % 5 < 3 THEN now() - interval '1 hour' END,
             CASE WHEN k % 5 < 3 THEN (ARRAY['delivered','read','sent'])[1 + k % 3] END
      FROM campaigns c CROSS JOIN generate_series(1, ${SCALE.recipientsPerCampaign}) k
      WHERE c.name LIKE 'Seed campaign %';
  `);
}

/** The bot's own webhook outbox and log (a fifth of the large deliveries table), and others'. */
async function seedDeliveries(t: TestApp, botId: string, partnerId: string): Promise<void> {
  await t.database.sql.exec(`
    INSERT INTO partner_webhooks (bot_id, partner_id, url, verified_at, signing_secret)
      VALUES ('${botId}', '${partnerId}', 'http://127.0.0.1:9/events', now(), 'hot-queries-secret-hot-queries');
    CREATE TEMP TABLE seed_few_bots AS
      SELECT (row_number() OVER (ORDER BY bot_id))::int - 1 AS n, bot_id, partner_id FROM bots
      WHERE name LIKE 'Seed bot %' ORDER BY bot_id LIMIT 1000;
    INSERT INTO partner_webhook_deliveries (bot_id, partner_id, network, kind, msisdn, conversation, body, status, attempts, created_at)
      SELECT CASE WHEN i % 5 = 0 THEN '${botId}'::uuid ELSE b.bot_id END,
             CASE WHEN i % 5 = 0 THEN '${partnerId}'::uuid ELSE b.partner_id END,
             'rbm', (ARRAY['status','user_message','suggestion_response'])[1 + i % 3],
             '+9198' || lpad((i % 5000)::text, 8, '0'),
             (CASE WHEN i % 5 = 0 THEN '${botId}'::uuid ELSE b.bot_id END)::text || ':+9198' || lpad((i % 5000)::text, 8, '0'),
             '{}', (ARRAY['delivered','delivered','delivered','dead','retrying','pending'])[1 + i % 6], 1,
             now() - i * interval '1 second'
      FROM generate_series(1, ${SCALE.deliveries}) i JOIN seed_few_bots b ON b.n = i % 1000;
  `);
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Plan Rows'?: number;
  Plans?: PlanNode[];
}

function nodes(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodes)];
}

/**
 * The statement's plan when the planner may neither scan a table sequentially nor sort unless it
 * has no other way: a sequential scan or a sort left in it is one no index can replace. (At this
 * size the planner may rightly prefer scanning a table of 50,000 rows to 300 index lookups; at ten
 * million it would not, and it can only choose the index if the index exists.)
 */
async function planOf<Row>(text: string, values: unknown[], format: 'json' | 'text'): Promise<Row[]> {
  return t.database.transaction(async () => {
    await t.database.sql.query('SET LOCAL enable_seqscan = off');
    await t.database.sql.query('SET LOCAL enable_sort = off');
    const { rows } = await t.database.sql.query<Row>(
      `EXPLAIN ${format === 'json' ? '(FORMAT JSON) ' : ''}${text}`,
      values,
    );
    return rows;
  });
}

/** What in a statement's plan reads or sorts a large table whole. */
async function problemsOf(text: string, values: unknown[], rowsOf: Map<string, number>): Promise<string[]> {
  const rows = await planOf<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(text, values, 'json');
  const plan = rows[0]?.['QUERY PLAN'][0]?.Plan;
  if (!plan) return [];
  return nodes(plan).flatMap((node) => {
    const relation = node['Relation Name'];
    if (node['Node Type'] === 'Seq Scan' && relation && (rowsOf.get(relation) ?? 0) > LARGE_TABLE_ROWS)
      return [`sequential scan of ${relation} (${rowsOf.get(relation)} rows)`];
    if (node['Node Type'] === 'Sort' && (node['Plan Rows'] ?? 0) > LARGE_SORT_ROWS)
      return [`sort of ${node['Plan Rows']} rows`];

    return [];
  });
}

/** Statements worth explaining: reads and writes of our tables (not transaction control, pg-boss, NOTIFY). */
const explainable = (text: string) =>
  /^\s*(select|update|delete|insert|with)\b/i.test(text) &&
  !/pgboss\.|"pgboss"|pg_notify|pg_advisory|set_config|current_setting/i.test(text) &&
  // An INSERT of VALUES reads no table (one with a SELECT or ON CONFLICT's arbiter is still explained).
  !/^\s*insert\b[\s\S]*\bvalues\b/i.test(text.replace(/\bon conflict[\s\S]*$/i, ''));

describe.skipIf(onPglite)('hot queries over a large database', () => {
  let rowsOf: Map<string, number>;
  const recorded = new Map<string, Map<string, unknown[]>>();

  beforeAll(async () => {
    t = await createPartnerApiApp();
    const funded = await fundedDeveloper(t);
    owner = funded.owner;
    bot = await botWithAccessToken(
      t,
      owner,
      {
        channels: [CHANNEL_TYPE.rcs, CHANNEL_TYPE.whatsapp],
        name: 'Hot queries bot',
        rbmBrand: 'brands/hot',
        rbmAgent: `brands/hot/agents/${AGENT}`,
        whatsappPhoneNumberId: PHONE_NUMBER_ID,
      },
      { clientAuth: 'basic' },
    );
    await seedLarge(t);
    await seedDeliveries(t, bot.botId, owner.id);
    await seedCampaigns(t, owner.id);
    await t.database.sql.query(
      `INSERT INTO bot_test_devices (bot_id, partner_id, channel, msisdn, invite_status, created_at)
       VALUES ($1, $2, 'rcs', $3, 'ACCEPTED', now() - interval '1 hour')`,
      [bot.botId, owner.id, DEVICE],
    );
    // What autovacuum keeps up to date on a live database: statistics and the visibility map.
    await t.database.sql.exec(`VACUUM ANALYZE ${LARGE_TABLES.join(', ')}`);
    const { rows } = await t.database.sql.query<{ relname: string; n: number }>(
      `SELECT relname, reltuples::bigint::int AS n FROM pg_class WHERE relkind IN ('r', 'p') AND relnamespace = 'public'::regnamespace`,
    );
    rowsOf = new Map(rows.map((r) => [r.relname, r.n]));
  }, 300_000);
  afterAll(() => t?.close());

  /** Runs a hot path's requests with every statement recorded under its name. */
  async function record(path: string, run: () => Promise<void>): Promise<void> {
    const queries = countQueries(t.database);
    queries.start();
    try {
      await run();
    } finally {
      queries.stop();
    }
    recorded.set(path, new Map(queries.stats.statements));
  }

  const as = (token: string, options: InjectOptions) =>
    t.app.inject({
      ...options,
      headers: { authorization: `Bearer ${token}`, ...xsrfHeaders(), ...options.headers },
    });

  async function expectIndexed(path: string): Promise<void> {
    const statements = recorded.get(path);
    expect(statements?.size, `${path} ran no statement`).toBeGreaterThan(0);
    const found: string[] = [];
    for (const [text, values] of statements ?? []) {
      if (!explainable(text)) continue;
      const problems = await problemsOf(text, values, rowsOf);
      if (problems.length === 0) continue;
      // The statement and its plan, to see which index it lacks.
      const rows = await planOf<{ 'QUERY PLAN': string }>(text, values, 'text');
      const plan = rows.map((r) => `      ${r['QUERY PLAN']}`).join('\n');
      found.push(`${problems.join('; ')}:\n    ${text.replace(/\s+/g, ' ')}\n${plan}`);
    }
    expect(found, `${path}:\n${found.join('\n')}`).toEqual([]);
  }

  it('when a partner sends through the RBM and WhatsApp shapes then every query uses an index', async () => {
    await record('sends', async () => {
      const rbm = await t.app.inject({
        method: 'POST',
        url: `/api/v1/partner/rbm/v1/phones/${encodeURIComponent(AIRTEL_RECIPIENT)}/agentMessages?messageId=hot-rbm-1&agentId=${AGENT}`,
        headers: { authorization: `Bearer ${bot.accessToken}`, 'content-type': 'application/json' },
        payload: JSON.stringify({ contentMessage: { text: 'Hello' } }),
      });
      expect(rbm.statusCode, rbm.body).toBe(200);
      const whatsapp = await t.app.inject({
        method: 'POST',
        url: `/api/v1/partner/whatsapp/v21.0/${PHONE_NUMBER_ID}/messages`,
        headers: {
          authorization: `Bearer ${bot.accessToken}`,
          'content-type': 'application/json',
          'idempotency-key': randomUUID(),
        },
        payload: JSON.stringify({
          messaging_product: 'whatsapp',
          to: AIRTEL_RECIPIENT.slice(1),
          type: 'text',
          text: { body: 'Hello' },
        }),
      });
      expect(whatsapp.statusCode, whatsapp.body).toBe(200);
    });
    await expectIndexed('sends');
  });

  it("when the networks post receipts and users' messages then every query uses an index", async () => {
    const rbmPost = (event: Record<string, unknown>) => {
      const body = JSON.stringify({
        message: { data: Buffer.from(JSON.stringify(event)).toString('base64') },
      });
      return t.app.inject({
        method: 'POST',
        url: '/api/v1/network-events/rbm',
        headers: {
          'content-type': 'application/json',
          'x-goog-signature': createHmac('sha512', t.config.networks.rbm.clientToken)
            .update(body)
            .digest('base64'),
        },
        payload: body,
      });
    };
    const whatsappPost = (value: Record<string, unknown>) => {
      const body = JSON.stringify({
        object: 'whatsapp_business_account',
        entry: [{ id: 'waba', changes: [{ field: 'messages', value }] }],
      });
      return t.app.inject({
        method: 'POST',
        url: '/api/v1/network-events/whatsapp',
        headers: {
          'content-type': 'application/json',
          'x-hub-signature-256': `sha256=${createHmac('sha256', t.config.networks.whatsapp.appSecret).update(body).digest('hex')}`,
        },
        payload: body,
      });
    };
    await record('receipts', async () => {
      for (const event of [
        { agentId: AGENT, eventType: 'DELIVERED', messageId: 'hot-rbm-1', eventId: randomUUID() },
        { agentId: AGENT, eventType: 'READ', messageId: 'seed-net-4', eventId: randomUUID() },
        { agentId: AGENT, senderPhoneNumber: AIRTEL_RECIPIENT, text: 'Hi there', eventId: randomUUID() },
      ])
        expect((await rbmPost({ ...event, sendTime: new Date().toISOString() })).statusCode).toBe(200);
      const metadata = { display_phone_number: '15550000000', phone_number_id: PHONE_NUMBER_ID };
      const whatsapp = await whatsappPost({
        messaging_product: 'whatsapp',
        metadata,
        statuses: [
          {
            id: 'wamid.hot-queries',
            status: 'delivered',
            timestamp: String(Math.floor(Date.now() / 1000)),
            recipient_id: AIRTEL_RECIPIENT.slice(1),
          },
        ],
        messages: [
          {
            from: AIRTEL_RECIPIENT.slice(1),
            id: `wamid.user-${randomUUID()}`,
            timestamp: String(Math.floor(Date.now() / 1000)),
            type: 'text',
            text: { body: 'Hello' },
          },
        ],
      });
      expect(whatsapp.statusCode, whatsapp.body).toBe(200);
    });
    await expectIndexed('receipts');
    // The user's message counts as a reply for the campaigns that sent to the number: found by the
    // number, not by reading every recipient sent to (the planner would, without the index).
    const replies = [...(recorded.get('receipts') ?? [])].filter(([text]) => /replied_at/.test(text));
    expect(replies.length).toBeGreaterThan(0);
    for (const [text, values] of replies) {
      const plan = await planOf<{ 'QUERY PLAN': string }>(text, values, 'text');
      expect(plan.map((row) => row['QUERY PLAN']).join('\n')).toContain('campaign_recipients_msisdn_idx');
    }
  });

  it("when campaigns are listed and one's details and live counts are read then every query uses an index", async () => {
    const { rows } = await t.database.sql.query<{ campaign_id: string }>(
      `SELECT campaign_id FROM campaigns WHERE partner_id = $1 AND status = 'r' LIMIT 1`,
      [owner.id],
    );
    const campaignId = rows[0]?.campaign_id;
    await record('campaigns', async () => {
      for (const url of [
        `${S}/campaigns`,
        `${S}/campaigns?status=r&sort=recipients&order=desc`,
        `${S}/campaigns/${campaignId}`,
      ]) {
        const response = await as(owner.token, { method: 'GET', url });
        expect(response.statusCode, response.body).toBe(200);
      }
    });
    await expectIndexed('campaigns');
  });

  it("when a test device's user writes and the console reads then every query uses an index", async () => {
    const { rows } = await t.database.sql.query<{ device_id: string }>(
      'SELECT device_id FROM bot_test_devices WHERE bot_id = $1',
      [bot.botId],
    );
    const base = `${S}/bots/${bot.botId}/test-devices/${rows[0]?.device_id}`;
    await record('console', async () => {
      const body = JSON.stringify({
        message: {
          data: Buffer.from(
            JSON.stringify({
              agentId: AGENT,
              senderPhoneNumber: DEVICE,
              text: 'From the test device',
              eventId: randomUUID(),
              sendTime: new Date().toISOString(),
            }),
          ).toString('base64'),
        },
      });
      const posted = await t.app.inject({
        method: 'POST',
        url: '/api/v1/network-events/rbm',
        headers: {
          'content-type': 'application/json',
          'x-goog-signature': createHmac('sha512', t.config.networks.rbm.clientToken)
            .update(body)
            .digest('base64'),
        },
        payload: body,
      });
      expect(posted.statusCode).toBe(200);
      const conversation = expectEnvelope(
        await as(owner.token, { method: 'GET', url: `${base}/conversation?limit=50` }),
        200,
      ).data as { items: { text: string | null }[] };
      expect(conversation.items.some((i) => i.text === 'From the test device')).toBe(true);
      expectEnvelope(
        await as(owner.token, { method: 'GET', url: `${S}/bots/${bot.botId}/test-devices` }),
        200,
      );
    });
    await expectIndexed('console');
  });

  it('when the webhook delivery log is paged and filtered then every query uses an index', async () => {
    await record('delivery log', async () => {
      for (const query of [
        'start=0&end=20',
        'start=20&end=40',
        'start=0&end=20&status=dead',
        'start=0&end=20&kind=user_message',
      ])
        expectEnvelope(
          await as(owner.token, { method: 'GET', url: `${S}/bots/${bot.botId}/webhook/deliveries?${query}` }),
          200,
        );
      expectEnvelope(await as(owner.token, { method: 'GET', url: `${S}/bots/${bot.botId}/webhook` }), 200);
    });
    await expectIndexed('delivery log');
  });

  it('when MY BOTS is listed, sorted and filtered then every query uses an index', async () => {
    const { rows } = await t.database.sql.query<{ partner_id: string; n: number }>(
      `SELECT partner_id, count(*)::int AS n FROM bots GROUP BY partner_id ORDER BY n DESC LIMIT 1`,
    );
    const busiest = rows[0]?.partner_id ?? '';
    const user = await t.factories.user(busiest, { role: 'DEVELOPER' });
    const token = await t.tokenFor(user.userId);
    await record('my bots', async () => {
      for (const query of [
        'start=0&end=10',
        'start=10&end=20',
        'start=0&end=10&status=launched',
        'start=0&end=10&channel=whatsapp',
        'start=0&end=10&sort=name&order=asc',
        'start=0&end=10&search=Seed%20bot%201',
      ])
        expectEnvelope(await as(token, { method: 'GET', url: `${S}/bots?${query}` }), 200);
      expectEnvelope(await as(token, { method: 'GET', url: `${S}/bots/dashboard` }), 200);
    });
    await expectIndexed('my bots');
  });

  it("when the reviewers' lists are read then every query uses an index", async () => {
    const admin = await t.accountOf(ROLES.SUPER_ADMIN_PORTICO);
    const carrier = await t.accountOf(ROLES.ADMIN_BILLING);
    await record('review lists', async () => {
      for (const tab of ['submitted', 'forwarded', 'rejected', 'verification', 'listing'])
        expectEnvelope(await as(admin.token, { method: 'GET', url: `${S}/bot-reviews?tab=${tab}` }), 200);
      expectEnvelope(await as(carrier.token, { method: 'GET', url: `${S}/carrier/bot-reviews` }), 200);
      expectEnvelope(await as(admin.token, { method: 'GET', url: `${S}/brands?start=0&end=10` }), 200);
      expectEnvelope(await as(carrier.token, { method: 'GET', url: `${S}/brands?start=0&end=10` }), 200);
      expectEnvelope(await as(admin.token, { method: 'GET', url: `${S}/templates?start=0&end=10` }), 200);
      expectEnvelope(await as(admin.token, { method: 'GET', url: `${S}/aggregators?start=0&end=10` }), 200);
    });
    await expectIndexed('review lists');
  });
});
