import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeSettledMessages } from '../../src/modules/metering/metering.jobs.ts';
import { purgeNetworkTraffic } from '../../src/modules/network-messages/network-messages.retention.ts';
import { purgeFinishedDeliveries } from '../../src/modules/partner-webhooks/partner-webhooks.jobs.ts';
import { deleteInBatches, retentionCutoff } from '../../src/platform/db/retention.ts';
import { createTestApp, type TestApp, testConfig } from '../helpers.ts';
import { insertBot } from '../metering.ts';

let t: TestApp;
let partnerId: string;
let botId: string;
beforeAll(async () => {
  t = await createTestApp();
  partnerId = (await t.factories.partner()).partnerId;
  botId = await insertBot(t.database, partnerId);
});
afterAll(() => t.close());

const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY);
const count = async (table: string, where: string, values: unknown[]) =>
  (
    await t.database.sql.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ${table} WHERE ${where}`,
      values,
    )
  ).rows[0]?.n ?? 0;

async function message(id: string, createdAt: Date) {
  await t.database.sql.query(
    `INSERT INTO network_messages (message_id, network, sender, recipient, content, created_at, updated_at)
     VALUES ($1, 'rbm', 'agent', '+919800000001', '{}', $2, $2)`,
    [id, createdAt],
  );
}
async function event(key: string, receivedAt: Date) {
  await t.database.sql.query(
    `INSERT INTO network_events (network, dedupe_key, kind, payload, received_at) VALUES ('rbm', $1, 'receipt', '{}', $2)`,
    [key, receivedAt],
  );
}
async function metered(id: string, status: string, createdAt: Date) {
  await t.database.sql.query(
    `INSERT INTO metered_messages (bot_id, message_id, partner_id, channel, amount, status, created_at)
     VALUES ($1, $2, $3, 1, 3000, $4, $5)`,
    [botId, id, partnerId, status, createdAt],
  );
}
async function delivery(tag: string, status: string, createdAt: Date) {
  await t.database.sql.query(
    `INSERT INTO partner_webhook_deliveries (bot_id, partner_id, network, kind, conversation, body, status, created_at)
     VALUES ($1, $2, 'rbm', 'message', $3, '{}', $4, $5)`,
    [botId, partnerId, tag, status, createdAt],
  );
}

describe('raw traffic retention (RAW_EVENTS_RETENTION_DAYS, decision 0041)', () => {
  it('when no retention is set then the days are 90, and a bad value is refused', () => {
    expect(testConfig().RAW_EVENTS_RETENTION_DAYS).toBe(90);
    expect(testConfig({ RAW_EVENTS_RETENTION_DAYS: '7' }).RAW_EVENTS_RETENTION_DAYS).toBe(7);
    expect(() => testConfig({ RAW_EVENTS_RETENTION_DAYS: '0' })).toThrow(/RAW_EVENTS_RETENTION_DAYS/);
  });

  it('when the network traffic is older than the cutoff then its events and messages go and the recent stay', async () => {
    const tag = randomUUID().slice(0, 8);
    await message(`old-${tag}`, ago(40));
    await message(`new-${tag}`, ago(5));
    await event(`old-${tag}`, ago(40));
    await event(`new-${tag}`, ago(5));
    const deleted = await purgeNetworkTraffic(t.database, retentionCutoff(30));
    expect(deleted.events).toBeGreaterThanOrEqual(1);
    expect(deleted.messages).toBeGreaterThanOrEqual(1);
    expect(await count('network_messages', 'message_id LIKE $1', [`%-${tag}`])).toBe(1);
    expect(await count('network_messages', 'message_id = $1', [`new-${tag}`])).toBe(1);
    expect(await count('network_events', 'dedupe_key = $1', [`new-${tag}`])).toBe(1);
    expect(await count('network_events', 'dedupe_key = $1', [`old-${tag}`])).toBe(0);
  });

  it('when metered messages are old then only the settled ones go: a reservation or an uncharged send stays whatever its age', async () => {
    const tag = randomUUID().slice(0, 8);
    for (const status of ['charged', 'released', 'reserved', 'sent'])
      await metered(`${status}-old-${tag}`, status, ago(40));
    await metered(`charged-new-${tag}`, 'charged', ago(5));
    await purgeSettledMessages(t.database, retentionCutoff(30));
    const left = await t.database.sql.query<{ id: string }>(
      'SELECT message_id AS id FROM metered_messages WHERE message_id LIKE $1 ORDER BY 1',
      [`%-${tag}`],
    );
    expect(left.rows.map((r) => r.id)).toEqual([
      `charged-new-${tag}`,
      `reserved-old-${tag}`,
      `sent-old-${tag}`,
    ]);
  });

  it('when webhook deliveries are old then the finished ones go and one still to deliver stays', async () => {
    const tag = randomUUID().slice(0, 8);
    for (const status of ['delivered', 'failed', 'pending', 'retrying'])
      await delivery(`${status}-${tag}`, status, ago(40));
    await delivery(`recent-${tag}`, 'delivered', ago(5));
    await purgeFinishedDeliveries(t.database, retentionCutoff(30));
    const left = await t.database.sql.query<{ c: string }>(
      'SELECT conversation AS c FROM partner_webhook_deliveries WHERE conversation LIKE $1 ORDER BY 1',
      [`%-${tag}`],
    );
    expect(left.rows.map((r) => r.c)).toEqual([`pending-${tag}`, `recent-${tag}`, `retrying-${tag}`]);
  });

  it('when more rows are due than a batch then every batch is deleted, each its own statement', async () => {
    const tag = randomUUID().slice(0, 8);
    for (let i = 0; i < 25; i += 1) await event(`batch-${tag}-${i}`, ago(40));
    const deleted = await deleteInBatches(
      t.database.sql,
      'network_events',
      'received_at < $1 AND dedupe_key LIKE $2',
      [retentionCutoff(30), `batch-${tag}-%`],
      10,
    );
    expect(deleted).toBe(25);
    expect(await count('network_events', 'dedupe_key LIKE $1', [`batch-${tag}-%`])).toBe(0);
  });

  it('when the app is built then each module has its daily retention queue (a job for it is accepted)', async () => {
    // A queue nobody declared is refused by the registry; a declared queue without a handler stops the worker.
    const send = t.server.jobs.send as (queue: string, payload: object) => Promise<string | null>;
    for (const queue of ['network-messages.retention', 'metering.retention', 'partner-webhooks.retention']) {
      await expect(send(queue, {}), queue).resolves.toEqual(expect.any(String));
    }
    await expect(send('nobody.retention', {})).rejects.toThrow();
  });
});
