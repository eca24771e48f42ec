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
