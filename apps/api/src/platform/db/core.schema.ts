import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** The creation time column most tables share. */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

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
