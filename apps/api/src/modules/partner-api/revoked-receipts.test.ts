import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CHANNEL_TYPE } from '@portico/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectEnvelope, type TestApp, xsrfHeaders } from '../../../test/helpers.ts';
import {
  AIRTEL_RECIPIENT,
  botWithAccessToken,
  createPartnerApiApp,
  fundedDeveloper,
  type Owner,
} from '../../../test/partner-api.ts';

/**
 * A revoked message is never reported delivered or read: after a successful revoke (RBM DELETE
 * agentMessages, MaaP status `cancelled`) no receipt of it reaches the partner's webhook, the
 * network events or the metering records, while the message sent beside it gets both receipts
 * (so the silence is the revocation's, not a webhook that hears nothing).
 */

let t: TestApp;
let owner: Owner;
let receiver: Server;
let receiverUrl: string;
const received: unknown[] = [];

beforeAll(async () => {
  receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      const json = JSON.parse(body || '{}') as Record<string, unknown>;
      // The verification challenges (RBM: echo the secret; MaaP: echo the challenge).
      if (typeof json.secret === 'string' && json.clientToken !== undefined) return response.end(json.secret);
      if (typeof json.challenge === 'string') return response.end(json.challenge);
      received.push(json);
      response.end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/events`;
  t = await createPartnerApiApp({ PORTICO_ROLE: 'all', WEBHOOK_RETRY_BASE_MS: '10' });
  ({ owner } = await fundedDeveloper(t));
  // Receipts on, soon: delivery after 300 ms, read 100 ms later.
  await fetch(`${t.config.PUBLIC_URL}/sandbox/config`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ rateLimits: { enabled: false }, deliveryDelayMs: 300, readDelayMs: 100 }),
  });
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

async function withWebhook(values: Parameters<typeof botWithAccessToken>[2]) {
  const bot = await botWithAccessToken(t, owner, values, { clientAuth: 'basic' });
  const set = await t.app.inject({
    method: 'PUT',
    url: `/api/v1/secure/bots/${bot.botId}/webhook`,
    headers: { authorization: `Bearer ${owner.token}`, ...xsrfHeaders() },
    payload: { url: receiverUrl },
  });
  expectEnvelope(set, 200);
  return bot;
}

/** The message ids of the receipts the partner's webhook got, per status. */
function receipts(): string[] {
  return received.flatMap((body) => {
    const push = body as { message?: { data?: string }; RCSMessage?: { msgId?: string; status?: string } };
    if (push.message?.data) {
      const event = JSON.parse(Buffer.from(push.message.data, 'base64').toString()) as {
        messageId?: string;
        eventType?: string;
      };
      return event.eventType ? [`${event.messageId}:${event.eventType}`] : [];
    }
    return push.RCSMessage?.status ? [`${push.RCSMessage.msgId}:${push.RCSMessage.status}`] : [];
  });
}

/** What the network posted about a message, and what metering recorded of it. */
async function records(botId: string, messageId: string) {
  const events = await t.database.sql.query<{ status: string }>(
    'SELECT status FROM network_events WHERE network_message_id = $1 ORDER BY received_at',
    [messageId],
  );
  const metered = await t.database.sql.query<{ status: string }>(
    'SELECT status FROM metered_messages WHERE bot_id = $1 AND message_id = $2',
    [botId, messageId],
  );
  // Usage is per bot and day: the bot's events are the kept message's two receipts, no more.
  const usage = await t.database.sql.query<{ n: string }>(
    "SELECT coalesce(sum(count), 0)::text AS n FROM usage_daily WHERE bot_id = $1 AND kind = 'event'",
    [botId],
  );
  return {
    events: events.rows.map((r) => r.status),
    metered: metered.rows.map((r) => r.status),
    usageEvents: Number(usage.rows[0]?.n),
  };
}

/** Lets the sandbox's delivery and read delays pass many times over. */
const afterReceiptsWouldHaveCome = () => new Promise((resolve) => setTimeout(resolve, 1500));

describe('a revoked message is never reported delivered or read', () => {
  it('when an RBM message is revoked (DELETE agentMessages, 200) then neither the webhook, the events nor metering hear of its delivery', async () => {
    const agentId = 'revoked_receipts';
    const bot = await withWebhook({
      channels: [CHANNEL_TYPE.rcs],
      name: 'Revoke receipts RBM',
      rbmBrand: 'brands/partner',
      rbmAgent: `brands/partner/agents/${agentId}`,
    });
    const phone = `/api/v1/partner/rbm/v1/phones/${encodeURIComponent(AIRTEL_RECIPIENT)}/agentMessages`;
    const headers = { authorization: `Bearer ${bot.accessToken}`, 'content-type': 'application/json' };
    for (const messageId of ['rbm-kept', 'rbm-revoked']) {
      const sent = await t.app.inject({
        method: 'POST',
        url: `${phone}?messageId=${messageId}&agentId=${agentId}`,
        headers,
        payload: JSON.stringify({ contentMessage: { text: 'Hello' } }),
      });
      expect(sent.statusCode, sent.body).toBe(200);
    }
    const revoked = await t.app.inject({
      method: 'DELETE',
      url: `${phone}/rbm-revoked?agentId=${agentId}`,
      headers: { authorization: headers.authorization },
    });
    expect(revoked.statusCode, revoked.body).toBe(200);

    // The message sent beside it is delivered and read, and the partner hears of both.
    await expect
      .poll(receipts, { timeout: 15_000 })
      .toEqual(expect.arrayContaining(['rbm-kept:DELIVERED', 'rbm-kept:READ']));
    await afterReceiptsWouldHaveCome();
    expect(receipts().filter((r) => r.startsWith('rbm-revoked'))).toEqual([]);
    expect(await records(bot.botId, 'rbm-revoked')).toEqual({
      events: [],
      // Charged once the minute's settlement has run.
      metered: [expect.stringMatching(/^(sent|charged)$/)],
      usageEvents: 2,
    });
    expect((await records(bot.botId, 'rbm-kept')).events).toEqual(['delivered', 'read']);
  });

  it('when a MaaP message is cancelled (status cancelled, 204) then neither the webhook, the events nor metering hear of its delivery', async () => {
    const maapBotId = 'bot_revoked_receipts';
    const bot = await withWebhook({ channels: [CHANNEL_TYPE.rcs], name: 'Revoke receipts MaaP', maapBotId });
    const base = `/api/v1/partner/maap/bot/v1/${maapBotId}/messages`;
    const headers = { authorization: `Bearer ${bot.accessToken}`, 'content-type': 'application/json' };
    for (const msgId of ['maap-kept', 'maap-revoked']) {
      const sent = await t.app.inject({
        method: 'POST',
        url: base,
        headers,
        payload: JSON.stringify({
          RCSMessage: { msgId, textMessage: 'Hello' },
          messageContact: { userContact: AIRTEL_RECIPIENT },
        }),
      });
      expect(sent.statusCode, sent.body).toBe(202);
    }
    const cancelled = await t.app.inject({
      method: 'PUT',
      url: `${base}/maap-revoked/status`,
      headers,
      payload: JSON.stringify({ RCSMessage: { status: 'cancelled' } }),
    });
    expect(cancelled.statusCode, cancelled.body).toBe(204);

    await expect
      .poll(receipts, { timeout: 15_000 })
      .toEqual(expect.arrayContaining(['maap-kept:delivered', 'maap-kept:displayed']));
    await afterReceiptsWouldHaveCome();
    expect(receipts().filter((r) => r.startsWith('maap-revoked'))).toEqual([]);
    expect(await records(bot.botId, 'maap-revoked')).toEqual({
      events: [],
      // Charged once the minute's settlement has run.
      metered: [expect.stringMatching(/^(sent|charged)$/)],
      usageEvents: 2,
    });
    expect((await records(bot.botId, 'maap-kept')).events).toEqual(['delivered', 'read']);
  });
});
