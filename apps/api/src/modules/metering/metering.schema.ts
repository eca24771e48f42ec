import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { carriers, countries, createdAt, partners } from '../../platform/db/core.schema.ts';
import { ledgerTransactions } from '../wallet/wallet.schema.ts';

/**
 * Number ranges of a country's carriers (decision 0022): the national number's leading digits, as
 * the numbering plan allocates them. The longest matching prefix names the carrier.
 */
export const carrierPrefixes = pgTable(
  'carrier_prefixes',
  {
    countryId: text('country_id')
      .notNull()
      .references(() => countries.countryId),
    /** Digits after the country's dialling code. */
    prefix: text('prefix').notNull(),
    carrierId: integer('carrier_id')
      .notNull()
      .references(() => carriers.carrierId),
  },
  (t) => [primaryKey({ columns: [t.countryId, t.prefix] })],
);

/** Numbers ported to another carrier (mobile number portability lookups): they win over prefixes. */
export const portedNumbers = pgTable('ported_numbers', {
  /** E.164 digits with the leading +. */
  msisdn: text('msisdn').primaryKey(),
  carrierId: integer('carrier_id')
    .notNull()
    .references(() => carriers.carrierId),
  /** Where the answer came from (an MNP provider's name, or 'manual'). */
  source: text('source').notNull(),
  checkedAt: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One metered message's money (decision 0023): reserved on send, marked sent or released, then
 * charged by a settlement batch. (bot_id, message_id) is the send's idempotency key.
 * status: 'reserved' | 'sent' | 'released' | 'charged'.
 */
export const meteredMessages = pgTable(
  'metered_messages',
  {
    botId: uuid('bot_id').notNull(),
    messageId: text('message_id').notNull(),
    partnerId: uuid('partner_id')
      .notNull()
      .references(() => partners.partnerId),
    channel: integer('channel').notNull(),
    /** Null: the recipient's carrier is not known (priced by the unknown-carrier rule). */
    carrierId: integer('carrier_id'),
    countryId: text('country_id'),
    ratePlanId: integer('rate_plan_id'),
    /** The WhatsApp rate card version that priced it (WhatsApp sends; null for RCS). */
    rateCardId: integer('rate_card_id'),
    /**
     * What the message was priced as: an RCS message type (Promotional, OTP, Multi-Use,
     * Transactional) or a WhatsApp category (marketing, utility, authentication, service). Null for
     * messages charged before issue 25 (all were priced as Transactional).
     */
    pricedAs: text('priced_as'),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    status: text('status').notNull(),
    /** The settlement batch that charged it. */
    batchId: uuid('batch_id'),
    createdAt: createdAt(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.botId, t.messageId] }),
    // The settlement job's scan: sent and not yet charged, per partner.
    index('metered_messages_unbatched_idx').on(t.partnerId, t.createdAt).where(sql`${t.status} = 'sent'`),
    // Abandoned reservations (a kill between reserve and settle).
    index('metered_messages_reserved_idx').on(t.createdAt).where(sql`${t.status} = 'reserved'`),
    // The retention job finds settled messages past their days by this (decision 0041).
    index('metered_messages_settled_created_idx')
      .on(t.createdAt)
      .where(sql`${t.status} IN ('charged', 'released')`),
  ],
);

/** A settlement batch: one ledger debit for the messages it charges. */
export const meteringBatches = pgTable(
  'metering_batches',
  {
    batchId: uuid('batch_id').primaryKey(),
    partnerId: uuid('partner_id')
      .notNull()
      .references(() => partners.partnerId),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => ledgerTransactions.transactionId),
    messageCount: integer('message_count').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('metering_batches_partner_idx').on(t.partnerId, t.createdAt)],
);

/**
 * Usage for billing analytics: one row per day, partner, bot, carrier, country, kind and status,
 * with counts and money. carrier_id 0 and country_id '' stand for unknown (they are key columns).
 * kind: 'message' | 'event'.
 */
export const usageDaily = pgTable(
  'usage_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    partnerId: uuid('partner_id').notNull(),
    botId: uuid('bot_id').notNull(),
    carrierId: integer('carrier_id').notNull(),
    countryId: text('country_id').notNull(),
    kind: text('kind').notNull(),
    status: text('status').notNull(),
    count: bigint('count', { mode: 'bigint' }).notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.partnerId, t.botId, t.carrierId, t.countryId, t.kind, t.status] }),
    index('usage_daily_partner_day_idx').on(t.partnerId, t.day),
  ],
);
