import { CHANNEL_TYPE } from '@portico/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/helpers.ts';
import { AIRTEL_RECIPIENT, receiptsHarness } from '../../../test/partner-api.ts';

/**
 * A revoked message is never reported delivered or read: after a successful revoke (RBM DELETE
 * agentMessages, MaaP status `cancelled`) no receipt of it reaches the partner's webhook, the
 * network events or the metering records, while the message sent beside it gets both receipts
 * (so the silence is the revocation's, not a webhook that hears nothing).
 */

let harness: Awaited<ReturnType<typeof receiptsHarness>>;
let t: TestApp;
let received: unknown[];

beforeAll(async () => {
  harness = await receiptsHarness(300);
  ({ t, received } = harness);
});
afterAll(() => harness.close());

const withWebhook = (values: Parameters<typeof harness.bot>[0]) => harness.bot(values);

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
