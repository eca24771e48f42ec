import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
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
