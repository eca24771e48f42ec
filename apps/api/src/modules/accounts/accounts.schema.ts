import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, users } from '../../platform/db/core.schema.ts';

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
