import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, partners, users } from '../../platform/db/core.schema.ts';

/**
 * A message sent through a messaging network (today: the test call; later bots, campaigns, OTP).
 * Stored before the first attempt with our id, which is also the RBM messageId / MaaP msgId;
 * WhatsApp's wamid arrives with the answer. Status moves only forward (packages/domain rules).
 */
export const networkMessages = pgTable(
  'network_messages',
  {
    messageId: text('message_id').primaryKey(),
    partnerId: uuid('partner_id').references(() => partners.partnerId),
    // A deleted user's history stays, without its author.
    createdBy: uuid('created_by').references(() => users.userId, { onDelete: 'set null' }),
    purpose: text('purpose').notNull().default('test'), // 'test'; later 'bot', 'campaign', 'otp'
    network: text('network').notNull(), // 'rbm' | 'maap' | 'whatsapp'
    sender: text('sender').notNull(), // agent id, bot id or phone number id
    recipient: text('recipient').notNull(),
    content: jsonb('content').$type<Record<string, unknown>>().notNull(),
    status: text('status').notNull().default('queued'), // MESSAGE_STATUSES
    networkMessageId: text('network_message_id'),
    errorCode: text('error_code'),
    errorMessage: text('error_message'),
    /**
     * Why the network refused it, in the connectors' terms (NetworkError's kind: not_capable,
     * invalid_content, ...), beside the network's own code: a campaign resumed after a kill reads
     * it to tell a number that cannot take RCS (its fallback) from one refused for good.
     */
    errorKind: text('error_kind'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('network_messages_network_id_uq').on(t.network, t.networkMessageId),
    index('network_messages_created_idx').on(t.createdAt),
    // The last message to a number (a WhatsApp reply's conversation: bot console, webhook outbox).
    index('network_messages_recipient_idx').on(t.network, t.recipient, t.createdAt),
  ],
);

/**
 * Every event a network posted to our webhooks, stored before we acknowledge it. Unique per
 * (network, dedupe key) so a redelivery is stored once; `applied_at` stays null while the message
 * it refers to is not known yet (it is applied when the message record appears).
 */
export const networkEvents = pgTable(
  'network_events',
  {
    eventId: uuid('event_id').primaryKey().defaultRandom(),
    network: text('network').notNull(),
    dedupeKey: text('dedupe_key').notNull(),
    kind: text('kind').notNull(), // 'status' | 'user_message' | 'suggestion_response' | 'unsubscribe' | 'other'
    networkMessageId: text('network_message_id'),
    status: text('status'),
    sender: text('sender'),
    text: text('text'),
    postbackData: text('postback_data'),
    errorCode: text('error_code'),
    occurredAt: timestamp('occurred_at', { withTimezone: true }),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    messageId: text('message_id'),
    appliedAt: timestamp('applied_at', { withTimezone: true }),
    payload: jsonb('payload').notNull(),
  },
  (t) => [
    uniqueIndex('network_events_dedupe_uq').on(t.network, t.dedupeKey),
    index('network_events_message_idx').on(t.network, t.networkMessageId),
    index('network_events_received_idx').on(t.receivedAt),
    // What a number sent (a test device's messages, taps and tester answers: the bot console).
    index('network_events_sender_idx').on(t.network, t.sender, t.receivedAt),
  ],
);
