import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, partners } from '../../platform/db/core.schema.ts';
import { bots } from '../bots/bots.schema.ts';

/**
 * A bot's OAuth client credentials (decision 0026). The secret is kept only as its SHA-256 (it is
 * 32 random bytes, so a slow password hash adds nothing). `secret_version` rises at each rotation:
 * access tokens carry it, so the tokens of a replaced secret stop working with it. A service-account
 * credential (decision 0034) keeps its key's public half instead; its secret hash is that of the key
 * id, never accepted as a client secret.
 */
export const partnerCredentials = pgTable(
  'partner_credentials',
  {
    credentialId: uuid('credential_id').primaryKey().defaultRandom(),
    clientId: text('client_id').notNull().unique(),
    botId: uuid('bot_id')
      .notNull()
      .references(() => bots.botId, { onDelete: 'cascade' }),
    partnerId: uuid('partner_id')
      .notNull()
      .references(() => partners.partnerId),
    /** 'client_secret' (OAuth client credentials) or 'service_account' (a Google service-account key). */
    kind: text('kind').notNull().default('client_secret'),
    secretHash: text('secret_hash').notNull(),
    secretHint: text('secret_hint').notNull(),
    secretVersion: integer('secret_version').notNull().default(1),
    state: text('state').notNull().default('active'), // PARTNER_CREDENTIAL_STATES
    /** A service-account key's id (the key file's private_key_id, the JWTs' kid); replaced on rotation. */
    keyId: text('key_id').unique(),
    /** A service-account key's public half (SPKI PEM); the private half is only in the partner's key file. */
    publicKey: text('public_key'),
    createdAt: createdAt(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('partner_credentials_bot_idx').on(t.botId, t.createdAt)],
);
