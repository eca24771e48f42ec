import { bigint, boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, users } from '../db/core.schema.ts';

/**
 * A user's authenticator (TOTP) key, encrypted (platform/auth/secret-box.ts), never sent back once
 * confirmed. `pending_secret` is a key being set up and not confirmed yet; `secret` is the one in use.
 */
export const userTwoFactor = pgTable('user_two_factor', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.userId, { onDelete: 'cascade' }),
  secret: text('secret'),
  pendingSecret: text('pending_secret'),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  /** The last time step (epoch seconds / 30) a code was accepted for: a code is never accepted twice. */
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Single-use recovery codes: only a SHA-256 of the code (bound to its user) is stored. */
export const twoFactorRecoveryCodes = pgTable(
  'two_factor_recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.userId, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('two_factor_recovery_codes_user_idx').on(t.userId, t.codeHash)],
);

/** The super admin's setting: which role groups (rules/two-factor.ts) must sign in with a second factor. */
export const twoFactorRequirements = pgTable('two_factor_requirements', {
  /** 'admin' | 'carrier' */
  roleGroup: text('role_group').primaryKey(),
  required: boolean('required').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: uuid('updated_by').references(() => users.userId, { onDelete: 'set null' }),
});
