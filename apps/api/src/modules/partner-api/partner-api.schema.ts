import { index, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, partners } from '../../platform/db/core.schema.ts';
import { bots } from '../bots/bots.schema.ts';

/**
 * The files a bot uploaded through the partner API (RBM files.create, decision 0030): the network's
 * name (files/{id}) and the bot it belongs to. A send naming a file not recorded for its bot finds
 * nothing, as another partner's object would.
 */
export const partnerFiles = pgTable(
  'partner_files',
  {
    fileName: text('file_name').primaryKey(),
    botId: uuid('bot_id')
      .notNull()
      .references(() => bots.botId, { onDelete: 'cascade' }),
    partnerId: uuid('partner_id')
      .notNull()
      .references(() => partners.partnerId),
    createdAt: createdAt(),
  },
  (t) => [index('partner_files_bot_idx').on(t.botId)],
);

/**
 * The first answer to each Idempotency-Key of a bot's WhatsApp sends (decision 0026): the request's
 * hash, then the HTTP status and body once answered (status null: still in flight). A retry with
 * the key and the same request gets that answer again; keys older than
 * PARTNER_IDEMPOTENCY_KEY_TTL_HOURS are swept.
 */
export const partnerIdempotencyKeys = pgTable(
  'partner_idempotency_keys',
  {
    botId: uuid('bot_id')
      .notNull()
      .references(() => bots.botId, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    status: integer('status'),
    response: jsonb('response'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.botId, t.key] }),
    index('partner_idempotency_keys_created_idx').on(t.createdAt),
  ],
);
