import { createHash } from 'node:crypto';
import { WEBHOOK_MAX_ATTEMPTS } from '@portico/domain';
import { eq } from 'drizzle-orm';
import type { Database } from '../../platform/db/index.ts';
import { DEMO_PARTNERS } from '../../platform/db/seed/index.ts';
import { demoRegisteredBots } from '../bots/bots.seed.ts';
import { toBotForTesting } from '../bots/bots.service.ts';
import { partnerWebhookDeliveries, partnerWebhooks } from './partner-webhooks.schema.ts';
import { botAddresses } from './partner-webhooks.service.ts';

const MINUTE = 60_000;

/** A network's event of the demo log, in the shape network-messages stores it. */
function demoEvent(network: string, address: string, msisdn: string, n: number, kind: string) {
  const at = new Date(Date.now() - n * 7 * MINUTE);
  if (network === 'rbm')
    return kind === 'status'
      ? {
          agentId: address,
          senderPhoneNumber: msisdn,
          eventType: 'DELIVERED',
          eventId: `demo-ev-${n}`,
          messageId: `demo-msg-${n}`,
          sendTime: at.toISOString(),
        }
      : {
          agentId: address,
          senderPhoneNumber: msisdn,
          messageId: `demo-in-${n}`,
          sendTime: at.toISOString(),
          suggestionResponse: { postbackData: 'track', text: 'Track order', type: 'REPLY' },
        };
  if (network === 'maap')
    return {
      event: 'message',
      RCSMessage: { msgId: `demo-in-${n}`, textMessage: 'Hello', timestamp: at.toISOString() },
      messageContact: { userContact: msisdn },
    };
  return kind === 'status'
    ? {
        id: `wamid.demo-${n}`,
        status: 'delivered',
        timestamp: String(Math.floor(at.getTime() / 1000)),
        recipient_id: msisdn.slice(1),
      }
    : {
        id: `wamid.demo-in-${n}`,
        from: msisdn.slice(1),
        timestamp: String(Math.floor(at.getTime() / 1000)),
        type: 'text',
        text: { body: 'Where is my order?' },
      };
}

/**
 * Demo data (DEMO=1): every registered bot of the demo developer and aggregator has a verified
 * webhook and a delivery log with delivered, retrying and dead-lettered entries. Idempotent: a bot
 * with a webhook is left alone. The retrying entry's next attempt is an hour away.
 */
export async function seedPartnerWebhooksDemo({ database }: { database: Database }) {
  const { db } = database;
  return database.transaction(async () => {
    let webhooks = 0;
    for (const key of ['developer', 'aggregator'] as const) {
      const partnerId = DEMO_PARTNERS[key].partnerId;
      const rows = await demoRegisteredBots(database, partnerId);
      for (const row of rows) {
        const [exists] = await db.select().from(partnerWebhooks).where(eq(partnerWebhooks.botId, row.botId));
        if (exists) continue;
        const addresses = botAddresses(toBotForTesting(row));
        if (addresses.length === 0) continue;
        await db.insert(partnerWebhooks).values({
          botId: row.botId,
          partnerId,
          url: `https://webhooks.${key}.example.com/portico/${row.botId.slice(0, 8)}`,
          verifiedAt: new Date(Date.now() - 3 * 24 * 60 * MINUTE),
          signingSecret: createHash('sha256').update(`demo-webhook-${row.botId}`).digest('base64url'),
          // A verified URL was challenged with a verify token (WhatsApp's; kept for every bot's row).
          verifyToken: `pvt_demo_${row.botId.slice(0, 8)}`,
        });
        webhooks += 1;
        const [{ network, address }] = addresses as [(typeof addresses)[number]];
        const msisdn = '+919876543210';
        const states = [
          { status: 'delivered', attempts: 1, code: 200, latency: 84, kind: 'status' },
          { status: 'delivered', attempts: 1, code: 200, latency: 112, kind: 'suggestion_response' },
          { status: 'delivered', attempts: 2, code: 200, latency: 231, kind: 'user_message' },
          { status: 'retrying', attempts: 3, code: 503, latency: 5000, kind: 'status' },
          { status: 'dead', attempts: WEBHOOK_MAX_ATTEMPTS, code: 500, latency: 96, kind: 'user_message' },
        ] as const;
        for (const [i, s] of states.entries()) {
          const n = states.length - i;
          const createdAt = new Date(Date.now() - n * 7 * MINUTE);
          await db.insert(partnerWebhookDeliveries).values({
            botId: row.botId,
            partnerId,
            network,
            kind: s.kind,
            msisdn: s.status === 'dead' ? '+919812345678' : msisdn,
            // Retrying and dead entries in conversations of their own: neither holds the others up.
            conversation: `${row.botId}:${s.status === 'delivered' ? msisdn : `demo-${s.status}`}`,
            body: { event: demoEvent(network, address, msisdn, n, s.kind), address },
            status: s.status,
            attempts: s.attempts,
            responseCode: s.code,
            latencyMs: s.latency,
            lastError: s.status === 'delivered' ? null : `answered ${s.code}`,
            nextAttemptAt: s.status === 'retrying' ? new Date(Date.now() + 60 * MINUTE) : createdAt,
            deliveredAt: s.status === 'delivered' ? new Date(createdAt.getTime() + s.latency) : null,
            createdAt,
          });
        }
      }
    }
    return { webhooks };
  });
}
