import { bigint, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Traffic rollups of billing analytics (issue 29, decision 0047): one row per 30 minutes of UTC,
 * partner, bot, carrier (0 unknown), country ('' unknown), channel, billing category ('' none),
 * message type ('' unknown) and status (sent | failed | DELIVERED | READ | ...), with the count
 * and the money charged (micro-units; only 'sent' rows carry money). Kept by metering's units of
 * work (settlement, release, network events), so the rollups and the ledger move together.
 */
export const analyticsRollups = pgTable(
  'analytics_rollups',
  {
    bucket: timestamp('bucket', { withTimezone: true }).notNull(),
    partnerId: uuid('partner_id').notNull(),
    botId: uuid('bot_id').notNull(),
    carrierId: integer('carrier_id').notNull(),
    countryId: text('country_id').notNull(),
    channel: integer('channel').notNull(),
    billingCategory: text('billing_category').notNull(),
    messageType: text('message_type').notNull(),
    status: text('status').notNull(),
    count: bigint('count', { mode: 'bigint' }).notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
  },
  (t) => [
    primaryKey({
      name: 'analytics_rollups_pk',
      columns: [
        t.bucket,
        t.partnerId,
        t.botId,
        t.carrierId,
        t.countryId,
        t.channel,
        t.billingCategory,
        t.messageType,
        t.status,
      ],
    }),
    index('analytics_rollups_partner_idx').on(t.partnerId, t.bucket),
    index('analytics_rollups_carrier_idx').on(t.carrierId, t.bucket),
  ],
);

/**
 * Money rollups from the ledger (decision 0047): per 30 minutes, partner and kind (message_charge,
 * verification_fee, top_up, refund, other_debit, adjustment), the amount of the partner's ledger
 * transactions. Kept by the idempotent catch-up job `analytics.ledger`: a transaction is counted
 * when its id enters analytics_ledger_seen, in the same statement.
 */
export const analyticsMoneyRollups = pgTable(
  'analytics_money_rollups',
  {
    bucket: timestamp('bucket', { withTimezone: true }).notNull(),
    partnerId: uuid('partner_id').notNull(),
    kind: text('kind').notNull(),
    count: bigint('count', { mode: 'bigint' }).notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
  },
  (t) => [primaryKey({ name: 'analytics_money_rollups_pk', columns: [t.bucket, t.partnerId, t.kind] })],
);

/** The ledger transactions the money rollups have counted (exactly once). */
export const analyticsLedgerSeen = pgTable(
  'analytics_ledger_seen',
  {
    transactionId: uuid('transaction_id').primaryKey(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('analytics_ledger_seen_created_idx').on(t.createdAt)],
);
