import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** Countries: ISO 3166-1 alpha-2 code as country_id, with the international dialling code. */
export const countries = pgTable('countries', {
  countryId: text('country_id').primaryKey(),
  name: text('name').notNull(),
  diallingCode: text('dialling_code').notNull(),
  region: text('region').notNull(), // 'India' | 'Rest of World'
  /** Display order by English name (set by the seed), independent of the database's collation. */
  position: integer('position').notNull().default(0),
});

/** Mobile network operators that bots launch to. */
export const carriers = pgTable(
  'carriers',
  {
    carrierId: serial('carrier_id').primaryKey(),
    name: text('name').notNull(),
    countryId: text('country_id')
      .notNull()
      .references(() => countries.countryId),
    mccMnc: text('mcc_mnc'),
    active: boolean('active').notNull().default(true),
  },
  (t) => [uniqueIndex('carriers_country_name_uq').on(t.countryId, t.name)],
);

/**
 * Small lookup lists of the spec's reference data (categories, industry types, hosting regions,
 * document types, agent message types, billing categories, supported platforms).
 */
export const lookupValues = pgTable(
  'lookup_values',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    uniqueIndex('lookup_values_kind_code_uq').on(t.kind, t.code),
    index('lookup_values_kind_idx').on(t.kind, t.position),
  ],
);

/** A partner organisation: a developer or aggregator, a carrier, or the platform itself. */
export const partners = pgTable('partners', {
  partnerId: uuid('partner_id').primaryKey().defaultRandom(),
  kind: text('kind').notNull(), // 'developer' | 'carrier' | 'platform'
  isAggregator: boolean('is_aggregator').notNull().default(false),
  launchApproved: boolean('launch_approved').notNull().default(false),
  approvalStatus: integer('approval_status'),
  hasEwallet: boolean('has_ewallet').notNull().default(false),
  carrierId: integer('carrier_id').references(() => carriers.carrierId),
  company: jsonb('company').$type<Record<string, unknown>>(),
  address: jsonb('address').$type<Record<string, unknown>>(),
  profileImage: text('profile_image'),
  parentPartnerId: uuid('parent_partner_id'),
  createdAt: createdAt(),
});

/** A person who signs in. Belongs to one partner; the role is partners_profile.role. */
export const users = pgTable(
  'users',
  {
    userId: uuid('user_id').primaryKey().defaultRandom(),
    partnerId: uuid('partner_id')
      .notNull()
      .references(() => partners.partnerId),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    role: text('role'),
    // 'active'; 'pending_setup' (signed up, user details not yet set up: partner details answer 'User details not present'); 'invited'; 'disabled'
    status: text('status').notNull().default('active'),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('users_email_uq').on(sql`lower(${t.email})`)],
);

/** oidc-provider's models (sessions, grants, codes, interactions...), one row per (model, id). */
export const oidcPayloads = pgTable(
  'oidc_payloads',
  {
    id: text('id').notNull(),
    type: text('type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    grantId: text('grant_id'),
    userCode: text('user_code'),
    uid: text('uid'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.type] }),
    index('oidc_payloads_grant_idx').on(t.grantId),
    index('oidc_payloads_uid_idx').on(t.uid),
    index('oidc_payloads_expires_idx').on(t.expiresAt),
  ],
);

/** Generated secrets shared by every instance (OIDC signing keys, cookie keys). Never in git. */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: jsonb('value').notNull(),
  createdAt: createdAt(),
});

/** Fixed-window counters for rate limiting and sign-in throttling, shared by every instance. */
export const rateLimitCounters = pgTable('rate_limit_counters', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  resetAt: bigint('reset_at', { mode: 'number' }).notNull(), // epoch ms
});

// ---- wallet ----

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
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('ledger_accounts_owner_uq').on(
      sql`coalesce(${t.partnerId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
      t.kind,
      t.currency,
    ),
    check('ledger_accounts_partner_not_negative', sql`${t.partnerId} IS NULL OR ${t.balance} >= 0`),
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

// ---- networks ----

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
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('network_messages_network_id_uq').on(t.network, t.networkMessageId),
    index('network_messages_created_idx').on(t.createdAt),
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
  ],
);

// ---- accounts ----

/**
 * Single-use, expiring links (sign-up verification, set password after an invitation). Only the
 * SHA-256 of the token is stored; the token itself travels only in the email.
 */
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    purpose: text('purpose').notNull(), // 'verify-email' | 'invite'
    tokenHash: text('token_hash').notNull(),
    email: text('email').notNull(),
    /** The invited user (invite links); null for a sign-up, whose user is created by set password. */
    userId: uuid('user_id').references(() => users.userId, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('account_tokens_hash_uq').on(t.tokenHash),
    index('account_tokens_email_idx').on(sql`lower(${t.email})`, t.purpose),
  ],
);

/** Per-user account state: the first-time flow's choices and when sessions were last revoked. */
export const accountState = pgTable('account_state', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.userId, { onDelete: 'cascade' }),
  /** 'developer' | 'aggregator', chosen in the first-time flow. */
  accountType: text('account_type'),
  setupCompletedAt: timestamp('setup_completed_at', { withTimezone: true }),
  /** Access tokens issued (iat) before this second are refused: set by a password change. */
  sessionsValidAfter: timestamp('sessions_valid_after', { withTimezone: true }),
  passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
});

/** The dev mailbox: mail kept here instead of sent when SMTP_URL is not set (shown at /dev/mailbox). */
export const devMailbox = pgTable(
  'dev_mailbox',
  {
    id: serial('id').primaryKey(),
    /** The mail.send job that wrote it, so a retried job does not file the mail twice. */
    jobId: text('job_id').notNull(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    template: text('template').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('dev_mailbox_job_uq').on(t.jobId), index('dev_mailbox_to_idx').on(sql`lower(${t.to})`)],
);

/** Security records (sign-in, sign-out, failed sign-in, password change, invite, role change), read by platform admins. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    action: text('action').notNull(),
    actorUserId: uuid('actor_user_id'),
    actorEmail: text('actor_email'),
    subjectUserId: uuid('subject_user_id'),
    subjectEmail: text('subject_email'),
    partnerId: uuid('partner_id'),
    ip: text('ip'),
    detail: jsonb('detail').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_created_idx').on(t.createdAt)],
);

/** One-time passwords sent to an msisdn: hashed at rest, expiring, a few attempts each. */
export const otpCodes = pgTable(
  'otp_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    partnerId: uuid('partner_id')
      .notNull()
      .references(() => partners.partnerId, { onDelete: 'cascade' }),
    msisdn: text('msisdn').notNull(),
    codeHash: text('code_hash').notNull(),
    channel: text('channel').notNull(), // 'RCS' | 'SMS'
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('otp_codes_msisdn_idx').on(t.partnerId, t.msisdn, t.createdAt)],
);
