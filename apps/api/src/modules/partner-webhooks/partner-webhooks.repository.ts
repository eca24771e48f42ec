import type { WebhookDeliveryStatus, WebhookEventKind } from '@portico/domain';
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/index.ts';
import { partnerWebhookDeliveries, partnerWebhooks } from './partner-webhooks.schema.ts';

export type WebhookRow = typeof partnerWebhooks.$inferSelect;
export type DeliveryRow = typeof partnerWebhookDeliveries.$inferSelect;
export type NewDelivery = typeof partnerWebhookDeliveries.$inferInsert;

/** The head of a conversation, claimed for one attempt, with where and how to deliver it. */
export interface ClaimedDelivery {
  delivery: DeliveryRow;
  url: string | null;
  secret: string;
}

/** SQL of partner webhooks and their delivery outbox (the rules are the service's). */
export function createPartnerWebhooksRepository(database: Database) {
  const { db } = database;
  async function webhook(botId: string): Promise<WebhookRow | undefined> {
    const [row] = await db.select().from(partnerWebhooks).where(eq(partnerWebhooks.botId, botId));
    return row;
  }
  return {
    webhook,

    async webhookForUpdate(botId: string): Promise<WebhookRow | undefined> {
      const [row] = await db
        .select()
        .from(partnerWebhooks)
        .where(eq(partnerWebhooks.botId, botId))
        .for('update');
      return row;
    },

    /** Creates the bot's webhook row with a signing secret, or replaces the secret (rotation). */
    async saveSecret(botId: string, partnerId: string, secret: string): Promise<WebhookRow> {
      const [row] = await db
        .insert(partnerWebhooks)
        .values({ botId, partnerId, signingSecret: secret })
        .onConflictDoUpdate({
          target: partnerWebhooks.botId,
          set: { signingSecret: secret, secretRotatedAt: sql`now()`, updatedAt: sql`now()` },
        })
        .returning();
      if (!row) throw new Error('webhook upsert returned nothing');
      return row;
    },

    async saveUrl(botId: string, url: string, verifyToken: string): Promise<WebhookRow | undefined> {
      const [row] = await db
        .update(partnerWebhooks)
        .set({ url, verifyToken, verifiedAt: sql`now()`, updatedAt: sql`now()` })
        .where(eq(partnerWebhooks.botId, botId))
        .returning();
      return row;
    },

    /**
     * Writes one delivery per (bot with a verified webhook, event) for the given network events and
     * returns the conversations that got one. The bot is found by its name on the network: a status
     * by the message it reports on (a partner API message's RBM or MaaP status by the agent or bot
     * the event names, a WhatsApp one by the business number Meta names beside it), a user's message
     * or tap by the agent (RBM), bot (MaaP) or number (WhatsApp: the business number Meta names;
     * for events stored without it, context.from, else the bot that last wrote to the user).
     */
    async enqueueEvents(eventIds: string[]): Promise<{ conversation: string; partnerId: string }[]> {
      const { rows } = await database.sql.query<{ conversation: string; partner_id: string }>(
        `INSERT INTO partner_webhook_deliveries (bot_id, partner_id, event_id, network, kind, msisdn, conversation, body)
         SELECT b.bot_id, b.partner_id, e.event_id, e.network, e.kind, e.sender,
                b.bot_id::text || ':' || coalesce(e.sender, e.event_id::text),
                jsonb_build_object('event', e.payload, 'address', s.address)
         FROM network_events e
         -- The message a status reports on, when Portico sent it through network-messages.
         LEFT JOIN LATERAL (
           SELECT m.sender FROM network_messages m
           WHERE m.network = e.network AND m.network_message_id = e.network_message_id LIMIT 1
         ) sent ON true
         CROSS JOIN LATERAL (
           SELECT CASE
             -- A receipt of a message the partner API sent has no network_messages row: RBM and
             -- MaaP name the sender in the event itself (agentId, botId).
             WHEN e.network = 'rbm' THEN coalesce(sent.sender, e.payload->>'agentId')
             WHEN e.network = 'maap' THEN coalesce(sent.sender, e.payload->>'botId')
             -- WhatsApp: the business number Meta named beside the event (kept as metadata); events
             -- stored before it was kept fall back to the sent message, or the number answered.
             WHEN e.network_message_id IS NOT NULL THEN coalesce(sent.sender, e.payload->'metadata'->>'phone_number_id')
             ELSE coalesce(e.payload->'metadata'->>'phone_number_id', e.payload->'context'->>'from', (
               SELECT m.sender FROM network_messages m
               WHERE m.network = 'whatsapp' AND m.recipient = e.sender AND m.created_at <= e.received_at
               ORDER BY m.created_at DESC LIMIT 1))
           END AS address
         ) s
         JOIN bots b ON (
           (e.network = 'rbm' AND split_part(b.rbm_agent, '/agents/', 2) = s.address) OR
           (e.network = 'maap' AND b.maap_bot_id = s.address) OR
           (e.network = 'whatsapp' AND b.whatsapp_phone_number_id = s.address))
         JOIN partner_webhooks w ON w.bot_id = b.bot_id AND w.verified_at IS NOT NULL
         WHERE e.event_id = ANY($1::uuid[])
         ORDER BY e.received_at, e.event_id
         ON CONFLICT (bot_id, event_id) DO NOTHING
         RETURNING conversation, partner_id`,
        [eventIds],
      );
      const byConversation = new Map(rows.map((r) => [r.conversation, r.partner_id]));
      return [...byConversation].map(([conversation, partnerId]) => ({ conversation, partnerId }));
    },

    /**
     * Conversations whose oldest open delivery is due and not leased (the sweep's work). Only the
     * head counts: a pending delivery behind a head that waits for its retry is not due.
     */
    async dueConversations(limit: number): Promise<{ conversation: string; partnerId: string }[]> {
      const { rows } = await database.sql.query<{ conversation: string; partner_id: string }>(
        `SELECT conversation, partner_id FROM (
           SELECT DISTINCT ON (conversation) conversation, partner_id, next_attempt_at, lease_until
           FROM partner_webhook_deliveries
           WHERE status IN ('pending', 'retrying')
           ORDER BY conversation, seq
         ) head
         WHERE next_attempt_at <= now() AND (lease_until IS NULL OR lease_until < now())
         LIMIT $1`,
        [limit],
      );
      return rows.map((r) => ({ conversation: r.conversation, partnerId: r.partner_id }));
    },

    async insertDelivery(row: NewDelivery): Promise<DeliveryRow> {
      const [created] = await db.insert(partnerWebhookDeliveries).values(row).returning();
      if (!created) throw new Error('delivery insert returned nothing');
      return created;
    },

    /**
     * The conversation's oldest open delivery, leased for `leaseMs` when it is due and not leased
     * by another worker. `wait` says when to come back when it is not due yet.
     */
    async claimHead(
      conversation: string,
      leaseMs: number,
    ): Promise<{ claimed: ClaimedDelivery } | { wait: Date } | { busy: true } | { empty: true }> {
      const [head] = await db
        .select()
        .from(partnerWebhookDeliveries)
        .where(
          and(
            eq(partnerWebhookDeliveries.conversation, conversation),
            sql`${partnerWebhookDeliveries.status} IN ('pending', 'retrying')`,
          ),
        )
        .orderBy(partnerWebhookDeliveries.seq)
        .limit(1)
        .for('update');
      if (!head) return { empty: true };
      if (head.leaseUntil && head.leaseUntil.getTime() > Date.now()) return { busy: true };
      if (head.nextAttemptAt.getTime() > Date.now()) return { wait: head.nextAttemptAt };
      const [delivery] = await db
        .update(partnerWebhookDeliveries)
        .set({ leaseUntil: sql`now() + ${`${leaseMs} milliseconds`}::interval` })
        .where(eq(partnerWebhookDeliveries.deliveryId, head.deliveryId))
        .returning();
      const hook = await webhook(head.botId);
      if (!delivery || !hook) return { empty: true };
      return { claimed: { delivery, url: hook.url, secret: hook.signingSecret } };
    },

    async recordAttempt(
      deliveryId: string,
      fields: Pick<DeliveryRow, 'status' | 'responseCode' | 'latencyMs' | 'lastError'> & {
        nextAttemptAt?: Date;
      },
    ): Promise<DeliveryRow | undefined> {
      const [row] = await db
        .update(partnerWebhookDeliveries)
        .set({
          ...fields,
          attempts: sql`${partnerWebhookDeliveries.attempts} + 1`,
          leaseUntil: null,
          ...(fields.status === 'delivered' ? { deliveredAt: sql`now()` } : {}),
        })
        .where(eq(partnerWebhookDeliveries.deliveryId, deliveryId))
        .returning();
      return row;
    },

    async delivery(botId: string, deliveryId: string): Promise<DeliveryRow | undefined> {
      const [row] = await db
        .select()
        .from(partnerWebhookDeliveries)
        .where(
          and(eq(partnerWebhookDeliveries.botId, botId), eq(partnerWebhookDeliveries.deliveryId, deliveryId)),
        )
        .for('update');
      return row;
    },

    /** Puts a dead-lettered delivery back in its conversation's queue, attempts counted afresh. */
    async reopen(deliveryId: string): Promise<DeliveryRow | undefined> {
      const [row] = await db
        .update(partnerWebhookDeliveries)
        .set({ status: 'pending', attempts: 0, nextAttemptAt: sql`now()`, leaseUntil: null, lastError: null })
        .where(eq(partnerWebhookDeliveries.deliveryId, deliveryId))
        .returning();
      return row;
    },

    async list(
      botId: string,
      filters: {
        status?: WebhookDeliveryStatus | undefined;
        kind?: WebhookEventKind | undefined;
        order?: 'asc' | 'desc' | undefined;
      },
      window?: { start: number; end: number },
    ): Promise<{ items: DeliveryRow[]; total: number }> {
      const where = and(
        eq(partnerWebhookDeliveries.botId, botId),
        filters.status ? eq(partnerWebhookDeliveries.status, filters.status) : undefined,
        filters.kind ? eq(partnerWebhookDeliveries.kind, filters.kind) : undefined,
      );
      const query = db
        .select()
        .from(partnerWebhookDeliveries)
        .where(where)
        .orderBy(
          filters.order === 'asc' ? asc(partnerWebhookDeliveries.seq) : desc(partnerWebhookDeliveries.seq),
        );
      const [items, [total]] = await Promise.all([
        window ? query.offset(window.start).limit(window.end - window.start) : query.limit(10_000),
        db.select({ n: count() }).from(partnerWebhookDeliveries).where(where),
      ]);
      return { items, total: total?.n ?? 0 };
    },

    async counts(botId: string): Promise<Record<string, number>> {
      const rows = await db
        .select({ status: partnerWebhookDeliveries.status, n: count() })
        .from(partnerWebhookDeliveries)
        .where(eq(partnerWebhookDeliveries.botId, botId))
        .groupBy(partnerWebhookDeliveries.status);
      return Object.fromEntries(rows.map((r) => [r.status, r.n]));
    },
  };
}
export type PartnerWebhooksRepository = ReturnType<typeof createPartnerWebhooksRepository>;
