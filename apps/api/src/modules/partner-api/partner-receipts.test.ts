import { createHmac } from 'node:crypto';
import { CHANNEL_TYPE, ZPartnerUsage } from '@portico/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectEnvelope, type TestApp } from '../../../test/helpers.ts';
import {
  AIRTEL_RECIPIENT,
  botWithAccessToken,
  type Owner,
  receiptsHarness,
} from '../../../test/partner-api.ts';

/**
 * What comes back from the network about a message sent through the partner API, on the sandbox
 * whose handsets deliver and read it: the receipts reach the partner's webhook in the network's
 * shape, and the bot's usage counts them once.
 */

let harness: Awaited<ReturnType<typeof receiptsHarness>>;
let t: TestApp;
let owner: Owner;
let received: unknown[];

beforeAll(async () => {
  harness = await receiptsHarness(200);
  ({ t, owner, received } = harness);
});
afterAll(() => harness.close());

const withWebhook = (values: Parameters<typeof harness.bot>[0]) => harness.bot(values);

interface WhatsAppDelivery {
  entry?: {
    id?: string;
    changes?: {
      value?: {
        metadata?: Record<string, unknown>;
        statuses?: { id: string; status: string; recipient_id: string }[];
      };
    }[];
  }[];
}

/** The WhatsApp statuses the partner's webhook got: "wamid:status", with the value's metadata. */
function whatsappStatuses() {
  return (received as WhatsAppDelivery[]).flatMap((body) =>
    (body.entry ?? []).flatMap((entry) =>
      (entry.changes ?? []).flatMap((change) =>
        (change.value?.statuses ?? []).map((s) => ({
          receipt: `${s.id}:${s.status}`,
          status: s,
          metadata: change.value?.metadata,
        })),
      ),
    ),
  );
}

function sendWhatsApp(
  bot: { accessToken: string },
  phoneNumberId: string,
  headers: Record<string, string> = {},
) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/partner/whatsapp/v21.0/${phoneNumberId}/messages`,
    headers: { authorization: `Bearer ${bot.accessToken}`, 'content-type': 'application/json', ...headers },
    payload: JSON.stringify({
      messaging_product: 'whatsapp',
      to: AIRTEL_RECIPIENT.slice(1),
      type: 'text',
      text: { body: 'Your order has shipped' },
    }),
  });
}

/** The bot's usage totals as the API page reads them. */
async function usageTotals(botId: string) {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/v1/secure/partner-api/usage?bot_id=${botId}`,
    headers: { authorization: `Bearer ${owner.token}` },
  });
  return ZPartnerUsage.parse(expectEnvelope(response, 200).data).totals;
}

/** Meta posts a webhook again (a redelivery): the same body, signed with the app's secret. */
async function redeliverWhatsApp(body: unknown) {
  const raw = JSON.stringify(body);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/network-events/whatsapp',
    headers: {
      'content-type': 'application/json',
      'x-hub-signature-256': `sha256=${createHmac('sha256', 'sandbox-whatsapp-app-secret').update(raw).digest('hex')}`,
    },
    payload: raw,
  });
  expectEnvelope(response, 200);
}

describe('receipts of partner API sends', () => {
  it("when a WhatsApp message is sent through the partner API then its sent, delivered and read statuses reach the partner's webhook, naming the bot's number", async () => {
    const phoneNumberId = 'pn-partner-receipts';
    const bot = await withWebhook({
      channels: [CHANNEL_TYPE.whatsapp],
      name: 'Receipts WhatsApp',
      whatsappPhoneNumberId: phoneNumberId,
    });
    const sent = await sendWhatsApp(bot, phoneNumberId);
    expect(sent.statusCode, sent.body).toBe(200);
    const wamid = (sent.json() as { messages: { id: string }[] }).messages[0]?.id;

    await expect
      .poll(() => whatsappStatuses().map((s) => s.receipt), { timeout: 15_000 })
      .toEqual(expect.arrayContaining([`${wamid}:sent`, `${wamid}:delivered`, `${wamid}:read`]));
    for (const delivered of whatsappStatuses()) {
      // Meta's shape: the number in value.metadata, the status object as Meta posts it.
      expect(delivered.metadata).toMatchObject({ phone_number_id: phoneNumberId });
      expect(delivered.status).not.toHaveProperty('metadata');
      expect(delivered.status.recipient_id).toBe(AIRTEL_RECIPIENT.slice(1));
    }

    // The usage counts the receipts once, even when Meta delivers one again.
    await expect
      .poll(() => usageTotals(bot.botId), { timeout: 10_000 })
      .toMatchObject({ delivered: 1, read: 1 });
    const again = whatsappStatuses().find((s) => s.receipt === `${wamid}:delivered`);
    await redeliverWhatsApp({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: 'waba',
          changes: [{ field: 'messages', value: { metadata: again?.metadata, statuses: [again?.status] } }],
        },
      ],
    });
    expect(await usageTotals(bot.botId)).toMatchObject({ delivered: 1, read: 1, events: 0 });
  });

  it('when an RBM message is sent through the partner API and the handset delivers and reads it then the usage shows delivered 1, read 1', async () => {
    const agentId = 'usage_receipts';
    const bot = await botWithAccessToken(
      t,
      owner,
      {
        channels: [CHANNEL_TYPE.rcs],
        name: 'Usage RBM',
        rbmBrand: 'brands/partner',
        rbmAgent: `brands/partner/agents/${agentId}`,
      },
      { clientAuth: 'form' },
    );
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/v1/partner/rbm/v1/phones/${encodeURIComponent(AIRTEL_RECIPIENT)}/agentMessages?messageId=usage-1&agentId=${agentId}`,
      headers: { authorization: `Bearer ${bot.accessToken}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ contentMessage: { text: 'Hello' } }),
    });
    expect(sent.statusCode, sent.body).toBe(200);
    await expect
      .poll(() => usageTotals(bot.botId), { timeout: 15_000 })
      .toMatchObject({ delivered: 1, read: 1 });
    const { rows } = await t.database.sql.query<{ carrier_id: number; status: string }>(
      "SELECT carrier_id, status FROM usage_daily WHERE bot_id = $1 AND kind = 'event' ORDER BY status",
      [bot.botId],
    );
    // Under the carrier the message was priced for (Airtel India).
    const airtel = await t.factories.carrierId('Bharti Airtel', 'IN');
    expect(rows).toEqual([
      { carrier_id: airtel, status: 'DELIVERED' },
      { carrier_id: airtel, status: 'READ' },
    ]);
  });
});
