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
import { bots } from '../bots/bots.schema.ts';

/**
 * A partner's opt-out list: numbers (E.164) that must never be messaged by the partner's bots. A
 * STOP or UNSUBSCRIBE typed to one of its bots, or the network's unsubscribe event, adds the
 * number in the unit of work that stores the event; the partner adds and removes numbers too.
 */
export const optOuts = pgTable(
  'opt_outs',
  {
    partnerId: uuid('partner_id')
      .notNull()
      .references(() => partners.partnerId),
    msisdn: text('msisdn').notNull(),
    /** 'stop_keyword' | 'network_unsubscribe' | 'partner' */
    source: text('source').notNull(),
    botId: uuid('bot_id').references(() => bots.botId, { onDelete: 'set null' }),
    /** The user's text, or the network event's kind. */
    sourceDetail: text('source_detail'),
    /** The network event that put the number here (network_events.event_id). */
    eventId: uuid('event_id'),
    optedOutAt: timestamp('opted_out_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.partnerId, t.msisdn] }),
    index('opt_outs_partner_time_idx').on(t.partnerId, t.optedOutAt),
  ],
);

/**
 * An uploaded audience file and its check: the file stays in storage under `storage_key`; the
 * checking job reads it as a stream and commits recipients, refused lines, counts and
 * `checked_line` (the last line of the file whose verdict is stored) together, batch by batch, so
 * a restarted job continues after `checked_line` and keeps no recipient twice.
 */
export const audiences = pgTable(
  'audiences',
  {
    audienceId: uuid('audience_id').primaryKey().defaultRandom(),
    partnerId: uuid('partner_id')
      .notNull()
      .references(() => partners.partnerId),
    createdBy: uuid('created_by').references(() => users.userId, { onDelete: 'set null' }),
    name: text('name').notNull(),
    fileName: text('file_name').notNull(),
    format: text('format').notNull(),
    bytes: integer('bytes').notNull(),
    storageKey: text('storage_key').notNull(),
    /** 'uploaded' | 'checking' | 'ready' | 'failed' */
    status: text('status').notNull().default('uploaded'),
    failure: text('failure'),
    /** The personalised columns' names, in file order. */
    fields: jsonb('fields').$type<string[]>().notNull().default([]),
    defaultCountry: text('default_country'),
    checkedLine: integer('checked_line').notNull().default(0),
    readCount: integer('read_count').notNull().default(0),
    keptCount: integer('kept_count').notNull().default(0),
    refusedCount: integer('refused_count').notNull().default(0),
    refusedByReason: jsonb('refused_by_reason').$type<Record<string, number>>().notNull().default({}),
    createdAt: createdAt(),
    checkedAt: timestamp('checked_at', { withTimezone: true }),
  },
  (t) => [
    index('audiences_partner_created_idx').on(t.partnerId, t.createdAt),
    // A resumable upload's file is stored under a key naming the upload: completing it twice (a
    // retried last PATCH) finds this row instead of making a second audience (decision 0040).
    uniqueIndex('audiences_storage_key_idx').on(t.storageKey),
  ],
);

/** A kept recipient: one per (audience, number), with its line and personalised values. */
export const audienceRecipients = pgTable(
  'audience_recipients',
  {
    audienceId: uuid('audience_id')
      .notNull()
      .references(() => audiences.audienceId, { onDelete: 'cascade' }),
    msisdn: text('msisdn').notNull(),
    line: integer('line').notNull(),
    fields: jsonb('fields').$type<Record<string, string>>(),
  },
  (t) => [primaryKey({ columns: [t.audienceId, t.msisdn] })],
);

/** A refused line of an audience file: its line number, reason, detail and (cut) text. */
export const audienceRefusedLines = pgTable(
  'audience_refused_lines',
  {
    audienceId: uuid('audience_id')
      .notNull()
      .references(() => audiences.audienceId, { onDelete: 'cascade' }),
    line: integer('line').notNull(),
    reason: text('reason').notNull(),
    detail: text('detail').notNull(),
    raw: text('raw').notNull(),
  },
  (t) => [primaryKey({ columns: [t.audienceId, t.line] })],
);

/**
 * An audience's reach through one RCS bot (issue 27 point 3): its kept recipients split by the
 * network's capability check, run by the audiences.reach job. One row per (audience, bot): a new
 * check replaces the row under a new `run_id` (a job of an older run finds it replaced and stops).
 * The counts and `checked_line` (the last recipient line asked about) are committed batch by batch,
 * so a retried job continues where it stopped.
 */
export const audienceReach = pgTable(
  'audience_reach',
  {
    audienceId: uuid('audience_id')
      .notNull()
      .references(() => audiences.audienceId, { onDelete: 'cascade' }),
    botId: uuid('bot_id')
      .notNull()
      .references(() => bots.botId, { onDelete: 'cascade' }),
    partnerId: uuid('partner_id')
      .notNull()
      .references(() => partners.partnerId),
    runId: uuid('run_id').notNull(),
    /** 'rbm' | 'maap', and the bot's name there (agent id, MaaP bot id) when the check started. */
    network: text('network').notNull(),
    sender: text('sender').notNull(),
    /** 'running' | 'ready' | 'failed' */
    status: text('status').notNull(),
    recipients: integer('recipients').notNull(),
    rcsCapable: integer('rcs_capable').notNull().default(0),
    notRcsCapable: integer('not_rcs_capable').notNull().default(0),
    checkedLine: integer('checked_line').notNull().default(0),
    failure: text('failure'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    checkedAt: timestamp('checked_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.audienceId, t.botId] })],
);
