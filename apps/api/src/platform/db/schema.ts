import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
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
    createdBy: uuid('created_by').references(() => users.userId),
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
