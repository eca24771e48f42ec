import {
  bigserial,
  boolean,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, partners, users } from '../../platform/db/core.schema.ts';
import { bots } from '../bots/bots.schema.ts';

/**
 * A bot's test device (issue 13): a phone number allowed to talk to the bot before launch, per
 * channel. On RCS the network invites it as a tester (invite_status PENDING/ACCEPTED/DECLINED,
 * refreshed from the network's events and its tester call); on WhatsApp invite_status stays null.
 */
export const botTestDevices = pgTable(
  'bot_test_devices',
  {
    deviceId: uuid('device_id').primaryKey().defaultRandom(),
    botId: uuid('bot_id')
      .notNull()
      .references(() => bots.botId, { onDelete: 'cascade' }),
    partnerId: uuid('partner_id')
      .notNull()
      .references(() => partners.partnerId),
    createdBy: uuid('created_by').references(() => users.userId, { onDelete: 'set null' }),
    channel: text('channel').notNull(), // 'rcs' | 'whatsapp'
    msisdn: text('msisdn').notNull(),
    inviteStatus: text('invite_status'), // TESTER_INVITE_STATUSES or null (WhatsApp)
    invitedAt: timestamp('invited_at', { withTimezone: true }),
    capable: boolean('capable'),
    features: jsonb('features').$type<string[]>().notNull().default([]),
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('bot_test_devices_bot_number_uq').on(t.botId, t.channel, t.msisdn),
    index('bot_test_devices_number_idx').on(t.channel, t.msisdn),
  ],
);

/**
 * The console conversation with a test device: the test messages the bot sent (out: the row of
 * network_messages carries content and receipts) and what the user typed or tapped (in: the
 * network's event, from network_events), each tied to the bot and the device. `seq` orders the
 * lines and is the console stream's cursor.
 */
export const botConsoleLines = pgTable(
  'bot_console_lines',
  {
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => botTestDevices.deviceId, { onDelete: 'cascade' }),
    botId: uuid('bot_id').notNull(),
    direction: text('direction').notNull(), // 'out' | 'in'
    /** out: network_messages.message_id */
    messageId: text('message_id'),
    /** in: network_events.event_id (once per event) */
    eventId: uuid('event_id'),
    text: text('text'),
    postbackData: text('postback_data'),
    createdBy: uuid('created_by').references(() => users.userId, { onDelete: 'set null' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('bot_console_lines_device_idx').on(t.deviceId, t.seq),
    uniqueIndex('bot_console_lines_event_uq').on(t.eventId),
    uniqueIndex('bot_console_lines_message_uq').on(t.messageId),
  ],
);
