import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, partners } from '../../platform/db/core.schema.ts';

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
