import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { carriers, countries, createdAt, partners, users } from '../../platform/db/core.schema.ts';

/**
 * Ledger accounts (double entry, issue 5). Each partner with a wallet has a `wallet` account (its
 * spendable money) and a `holds` account (money reserved by holds); the platform has one
 * `payments` account (money received from payment providers) and one `revenue` account per
 * currency. `balance` of a partner's account is the sum of its entries, kept in the same transaction that
 * writes them, under SELECT ... FOR UPDATE on the partner's wallet row; a partner's accounts never go
 * below zero. The platform's accounts keep balance 0 here: theirs is the sum of their entries.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    accountId: uuid('account_id').primaryKey().defaultRandom(),
    partnerId: uuid('partner_id').references(() => partners.partnerId),
    kind: text('kind').notNull(), // 'wallet' | 'holds' | 'payments' | 'revenue'
    currency: text('currency').notNull(),
    balance: bigint('balance', { mode: 'bigint' }).notNull().default(sql`0`),
    /** Low-balance alert threshold of a wallet account, in micros; null: no alert. */
    lowBalanceThreshold: bigint('low_balance_threshold', { mode: 'bigint' }),
    /** Set when the balance crossed below the threshold (one alert per crossing); cleared when it is back above. */
    lowBalanceAlerted: boolean('low_balance_alerted').notNull().default(false),
    /**
     * Money of a wallet reserved by metered sends not yet settled (decision 0023): spendable is
     * balance - reserved. A send reserves with one atomic UPDATE of this row; the settlement batch
     * lowers it with the debit that charges the messages.
     */
    reserved: bigint('reserved', { mode: 'bigint' }).notNull().default(sql`0`),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('ledger_accounts_owner_uq').on(
      sql`coalesce(${t.partnerId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
      t.kind,
      t.currency,
    ),
    check('ledger_accounts_partner_not_negative', sql`${t.partnerId} IS NULL OR ${t.balance} >= 0`),
    check('ledger_accounts_reserved_covered', sql`${t.reserved} >= 0 AND ${t.reserved} <= ${t.balance}`),
  ],
);

/**
 * One movement of money: its entries sum to zero. The idempotency key is unique per partner, so a
 * repeated request finds the first transaction and moves nothing.
 */
export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    transactionId: uuid('transaction_id').primaryKey().defaultRandom(),
    partnerId: uuid('partner_id')
      .notNull()
      .references(() => partners.partnerId),
    kind: text('kind').notNull(), // 'topup' | 'debit' | 'hold' | 'capture' | 'release' | 'adjustment'
    idempotencyKey: text('idempotency_key').notNull(),
    /** What the request asked for (kind, amount, hold), to refuse the same key with a different request. */
    requestFingerprint: text('request_fingerprint').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    currency: text('currency').notNull(),
    description: text('description').notNull(),
    reference: text('reference'),
    /** The hold a capture or release settles. */
    holdId: uuid('hold_id'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('ledger_transactions_idempotency_uq').on(t.partnerId, t.idempotencyKey),
    index('ledger_transactions_partner_idx').on(t.partnerId, t.createdAt),
  ],
);

/** Immutable ledger entries: written once with their transaction, never updated or deleted. */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    entryId: bigserial('entry_id', { mode: 'bigint' }).primaryKey(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => ledgerTransactions.transactionId),
    accountId: uuid('account_id')
      .notNull()
      .references(() => ledgerAccounts.accountId),
    /** Signed micros: positive increases the account's balance. */
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    /**
     * The account's balance after this entry (the running balance of the history). Null on the
     * platform's accounts, whose balance is the sum of their entries: keeping a running total there
     * would make every partner's payment wait for one row.
     */
    balanceAfter: bigint('balance_after', { mode: 'bigint' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('ledger_entries_account_idx').on(t.accountId, t.entryId),
    index('ledger_entries_transaction_idx').on(t.transactionId),
    check('ledger_entries_amount_not_zero', sql`${t.amount} <> 0`),
  ],
);

/** A reservation of wallet money: captured or released exactly once. */
export const ledgerHolds = pgTable(
  'ledger_holds',
  {
    /** The transaction that placed the hold. */
    holdId: uuid('hold_id')
      .primaryKey()
      .references(() => ledgerTransactions.transactionId),
    partnerId: uuid('partner_id')
      .notNull()
      .references(() => partners.partnerId),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    currency: text('currency').notNull(),
    status: text('status').notNull().default('held'), // 'held' | 'captured' | 'released'
    /** Captured so far by partial captures (a campaign's batches); the rest is released at its end. */
    captured: bigint('captured', { mode: 'bigint' }).notNull().default(sql`0`),
    reference: text('reference'),
    /** The capture or release transaction. */
    settledBy: uuid('settled_by'),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('ledger_holds_partner_idx').on(t.partnerId, t.status)],
);

/** A top-up through a payment provider: credits the wallet once, when the provider confirms it. */
export const walletTopups = pgTable(
  'wallet_topups',
  {
    topupId: uuid('topup_id').primaryKey().defaultRandom(),
    partnerId: uuid('partner_id')
      .notNull()
      .references(() => partners.partnerId),
    userId: uuid('user_id').references(() => users.userId, { onDelete: 'set null' }),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    currency: text('currency').notNull(),
    provider: text('provider').notNull(),
    providerReference: text('provider_reference'),
    /** Where the browser pays (the provider's hosted checkout for this top-up). */
    checkoutUrl: text('checkout_url'),
    status: text('status').notNull().default('pending'), // 'pending' | 'succeeded' | 'failed' | 'abandoned'
    /** The ledger transaction that credited the wallet. */
    transactionId: uuid('transaction_id'),
    createdAt: createdAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [index('wallet_topups_partner_idx').on(t.partnerId, t.createdAt)],
);

/** Low-balance alerts: one row per crossing below the partner's threshold. */
export const walletAlerts = pgTable(
  'wallet_alerts',
  {
    alertId: uuid('alert_id').primaryKey().defaultRandom(),
    partnerId: uuid('partner_id')
      .notNull()
      .references(() => partners.partnerId),
    balance: bigint('balance', { mode: 'bigint' }).notNull(),
    threshold: bigint('threshold', { mode: 'bigint' }).notNull(),
    /** The transaction whose debit crossed the threshold. */
    transactionId: uuid('transaction_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('wallet_alerts_partner_idx').on(t.partnerId, t.createdAt)],
);

/**
 * Versions of a carrier's rate plan: a new version is a new row starting at its effective date
 * (never in the past); the previous version ends there. Rows are never updated.
 */
export const ratePlans = pgTable(
  'rate_plans',
  {
    ratePlanId: serial('rate_plan_id').primaryKey(),
    carrierId: integer('carrier_id')
      .notNull()
      .references(() => carriers.carrierId),
    planCode: text('plan_code').notNull(),
    partnerCode: text('partner_code').notNull(),
    currency: text('currency').notNull(),
    effectiveFrom: timestamp('effective_from', { withTimezone: true }).notNull(),
    verificationPrice: bigint('verification_price', { mode: 'bigint' }).notNull(),
    // A deleted user's history stays, without its author.
    createdBy: uuid('created_by').references(() => users.userId, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('rate_plans_carrier_idx').on(t.carrierId, t.effectiveFrom)],
);

/** Price per message of a rate plan version, by billing category and message type. */
export const ratePlanPrices = pgTable(
  'rate_plan_prices',
  {
    ratePlanId: integer('rate_plan_id')
      .notNull()
      .references(() => ratePlans.ratePlanId),
    billingCategory: text('billing_category').notNull(),
    messageType: text('message_type').notNull(),
    price: bigint('price', { mode: 'bigint' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.ratePlanId, t.billingCategory, t.messageType] })],
);

/**
 * Versions of a country's WhatsApp rate card (issue 25 point 2, decision 0033): Meta prices WhatsApp
 * per message category and the recipient's country, not per carrier. Like rate plans, a new version
 * starts at its effective date (never in the past) and ends the previous one; rows are never updated.
 */
export const whatsappRateCards = pgTable(
  'whatsapp_rate_cards',
  {
    rateCardId: serial('rate_card_id').primaryKey(),
    countryId: text('country_id')
      .notNull()
      .references(() => countries.countryId),
    currency: text('currency').notNull(),
    effectiveFrom: timestamp('effective_from', { withTimezone: true }).notNull(),
    createdBy: uuid('created_by').references(() => users.userId, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('whatsapp_rate_cards_country_idx').on(t.countryId, t.effectiveFrom)],
);

/** Price per message of a rate card version, by Meta's pricing category (marketing, utility, ...). */
export const whatsappRateCardPrices = pgTable(
  'whatsapp_rate_card_prices',
  {
    rateCardId: integer('rate_card_id')
      .notNull()
      .references(() => whatsappRateCards.rateCardId),
    category: text('category').notNull(),
    price: bigint('price', { mode: 'bigint' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.rateCardId, t.category] })],
);
