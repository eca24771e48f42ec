import { sql } from 'drizzle-orm';
import {
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, partners } from '../../platform/db/core.schema.ts';
import { bots } from '../bots/bots.schema.ts';
import { networkEvents } from '../network-messages/network-messages.schema.ts';

/**
 * A bot's webhook: the partner's URL (set only after it echoed our verification challenge) and the
 * signing secret (and, for WhatsApp, the verify token of the challenge). The secret is kept as is, not hashed: it is the key we sign every delivery with
 * (Google's client token, MaaP's bearer, Meta's app secret), as the networks keep theirs.
 */
export const partnerWebhooks = pgTable('partner_webhooks', {
  botId: uuid('bot_id')
    .primaryKey()
    .references(() => bots.botId, { onDelete: 'cascade' }),
  partnerId: uuid('partner_id')
    .notNull()
    .references(() => partners.partnerId),
  url: text('url'),
  verifiedAt: timestamp('verified_at', { withTimezone: true }),
  signingSecret: text('signing_secret').notNull(),
  /** WhatsApp's challenge token (Meta's verify token), apart from the secret (Meta's app secret). */
  verifyToken: text('verify_token'),
  secretRotatedAt: timestamp('secret_rotated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The outbox of deliveries to bots' webhooks, written in the unit of work that stores the network's
 * event. One row per (bot, event); `seq` orders a conversation (bot + user number): only its oldest
 * undelivered, not dead-lettered row is attempted. `lease_until` keeps two workers off one row.
 */
export const partnerWebhookDeliveries = pgTable(
  'partner_webhook_deliveries',
  {
    deliveryId: uuid('delivery_id').primaryKey().defaultRandom(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    botId: uuid('bot_id')
      .notNull()
      .references(() => bots.botId, { onDelete: 'cascade' }),
    partnerId: uuid('partner_id')
      .notNull()
      .references(() => partners.partnerId),
    eventId: uuid('event_id').references(() => networkEvents.eventId, { onDelete: 'set null' }),
    network: text('network').notNull(), // 'rbm' | 'maap' | 'whatsapp': the shape and the signature
    kind: text('kind').notNull(), // WEBHOOK_EVENT_KINDS
    msisdn: text('msisdn'),
    conversation: text('conversation').notNull(), // bot id + ':' + msisdn (or the delivery id alone)
    body: jsonb('body').$type<Record<string, unknown>>().notNull(),
    status: text('status').notNull().default('pending'), // WEBHOOK_DELIVERY_STATUSES
    attempts: integer('attempts').notNull().default(0),
    responseCode: integer('response_code'),
    latencyMs: integer('latency_ms'),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('partner_webhook_deliveries_event_uq').on(t.botId, t.eventId),
    // The delivery log: a bot's deliveries newest first (by seq), and its counts by status.
    index('partner_webhook_deliveries_bot_idx').on(t.botId, t.seq),
    index('partner_webhook_deliveries_bot_status_idx').on(t.botId, t.status),
    // The retention job finds finished deliveries past their days by this (decision 0041).
    index('partner_webhook_deliveries_created_idx').on(t.createdAt),
    index('partner_webhook_deliveries_open_idx')
      .on(t.conversation, t.seq)
      .where(sql`status IN ('pending', 'retrying')`),
  ],
);
