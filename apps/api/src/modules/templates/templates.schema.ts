import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, partners, users } from '../../platform/db/core.schema.ts';
import { botTestDevices } from '../bot-testing/bot-testing.schema.ts';
import { bots } from '../bots/bots.schema.ts';

/**
 * A template of a bot (issue 15): its name, channel and language, and a summary of its versions
 * (the latest version's state code and number, and the approved version campaigns use) so the list
 * filters and sorts without reading every version.
 */
export const templates = pgTable(
  'templates',
  {
    templateId: uuid('template_id').primaryKey().defaultRandom(),
    partnerId: uuid('partner_id')
      .notNull()
      .references(() => partners.partnerId),
    botId: uuid('bot_id')
      .notNull()
      .references(() => bots.botId, { onDelete: 'cascade' }),
    createdBy: uuid('created_by').references(() => users.userId, { onDelete: 'set null' }),
    name: text('name').notNull(),
    channel: text('channel').notNull(), // 'rcs' | 'whatsapp'
    language: text('language').notNull(),
    type: text('type').notNull(), // TEMPLATE_TYPES (of the latest version)
    statusCode: integer('status_code').notNull(), // TEMPLATE_MACHINE code of the latest version
    latestVersion: integer('latest_version').notNull().default(1),
    activeVersion: integer('active_version'), // the approved version in use, or null
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('templates_bot_name_language_uq').on(t.botId, t.channel, t.name, t.language),
    index('templates_partner_idx').on(t.partnerId, t.updatedAt),
    index('templates_status_idx').on(t.statusCode, t.updatedAt),
    // The reviewers' list: every submitted template, most recently changed first.
    index('templates_updated_idx').on(t.updatedAt, t.templateId),
  ],
);

/**
 * One version of a template: its content (the model of packages/domain rules/templates), its
 * review state, and for WhatsApp Meta's template id, the submission's request id (reconciled like
 * the bots' network_request_id), the quality rating and the time of the last webhook applied (older
 * events arriving late are ignored).
 */
export const templateVersions = pgTable(
  'template_versions',
  {
    versionId: uuid('version_id').primaryKey().defaultRandom(),
    templateId: uuid('template_id')
      .notNull()
      .references(() => templates.templateId, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    statusCode: integer('status_code').notNull(),
    content: jsonb('content').$type<Record<string, unknown>>().notNull(),
    sampleValues: jsonb('sample_values').$type<Record<string, string>>().notNull().default({}),
    reason: text('reason'),
    networkTemplateId: text('network_template_id'),
    networkRequestId: uuid('network_request_id'),
    networkError: text('network_error'),
    quality: text('quality'), // 'GREEN' | 'YELLOW' | 'RED' | 'UNKNOWN' (WhatsApp)
    lastEventAt: timestamp('last_event_at', { withTimezone: true }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.userId, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('template_versions_template_version_uq').on(t.templateId, t.version),
    index('template_versions_network_idx').on(t.networkTemplateId),
  ],
);

/** A test of a template version: the variable values used; its results per device. */
export const templateTestRuns = pgTable(
  'template_test_runs',
  {
    runId: uuid('run_id').primaryKey().defaultRandom(),
    templateId: uuid('template_id')
      .notNull()
      .references(() => templates.templateId, { onDelete: 'cascade' }),
    versionId: uuid('version_id')
      .notNull()
      .references(() => templateVersions.versionId, { onDelete: 'cascade' }),
    values: jsonb('values').$type<Record<string, string>>().notNull().default({}),
    createdBy: uuid('created_by').references(() => users.userId, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('template_test_runs_template_idx').on(t.templateId, t.createdAt)],
);

/**
 * A test message to one device: the network_messages id carries its receipts (sent, delivered,
 * read, failed); the taps are the device's suggestion responses after it (bot_console_lines).
 */
export const templateTestResults = pgTable(
  'template_test_results',
  {
    runId: uuid('run_id')
      .notNull()
      .references(() => templateTestRuns.runId, { onDelete: 'cascade' }),
    deviceId: uuid('device_id').references(() => botTestDevices.deviceId, { onDelete: 'set null' }),
    msisdn: text('msisdn').notNull(),
    channel: text('channel').notNull(),
    messageId: text('message_id'),
    errorMessage: text('error_message'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.runId, t.msisdn] })],
);
