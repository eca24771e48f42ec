import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
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

/**
 * A campaign (issue 28): one approved template of a bot to an audience, with its run status (the
 * spec's code p s r c i d), the wallet hold that pays for it, and what was charged and released.
 * Recipients are copied from the audience when it starts, each with the message id it is sent
 * under (deterministic per campaign and recipient), so a retried batch never sends twice.
 * Its bot, template and audience are not foreign keys: deleting an audience (or a template no
 * scheduled or running campaign sends) leaves the campaign's report as it was, its names kept here.
 */
export const campaigns = pgTable(
  'campaigns',
  {
    campaignId: uuid('campaign_id').primaryKey().defaultRandom(),
    partnerId: uuid('partner_id')
      .notNull()
      .references(() => partners.partnerId),
    createdBy: uuid('created_by').references(() => users.userId, { onDelete: 'set null' }),
    name: text('name').notNull(),
    /** p Pending, s Scheduled, r Running, c Completed, i Failed, d Cancelled. */
    status: text('status').notNull().default('p'),
    botId: uuid('bot_id').notNull(),
    templateId: uuid('template_id').notNull(),
    audienceId: uuid('audience_id').notNull(),
    botName: text('bot_name').notNull(),
    templateName: text('template_name').notNull(),
    audienceName: text('audience_name').notNull(),
    /** 'rcs' | 'whatsapp' (the template's). */
    channel: text('channel').notNull(),
    /** Template variable -> audience column. */
    variables: jsonb('variables').$type<Record<string, string>>().notNull().default({}),
    /** { kind: 'skip' } | { kind: 'sms', text } */
    fallback: jsonb('fallback').$type<{ kind: 'skip' } | { kind: 'sms'; text: string }>().notNull(),
    /** The schedule as entered: 'now', or its date, time and zone. */
    scheduleKind: text('schedule_kind').notNull().default('now'),
    scheduleDate: text('schedule_date'),
    scheduleTime: text('schedule_time'),
    timeZone: text('time_zone').notNull().default('+00:00'),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }),
    pausedAt: timestamp('paused_at', { withTimezone: true }),
    /** 'partner' | 'network_outage' while paused. */
    pauseReason: text('pause_reason'),
    /** Why it failed, or why the platform stopped it. */
    endReason: text('end_reason'),
    startedAt: timestamp('started_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    recipients: integer('recipients').notNull().default(0),
    /**
     * The campaign's own media (public/campaign-media/...), sent instead of the template's card or
     * header media; null: the template's own.
     */
    mediaKey: text('media_key'),
    /** Started through a bot that was not launched: sent only to its test devices. */
    testDevicesOnly: boolean('test_devices_only').notNull().default(false),
    /** The estimate when it was started (micros) and the wallet hold taken for it. */
    estimateMicros: bigint('estimate_micros', { mode: 'bigint' }).notNull().default(sql`0`),
    holdId: uuid('hold_id'),
    chargedMicros: bigint('charged_micros', { mode: 'bigint' }).notNull().default(sql`0`),
    releasedMicros: bigint('released_micros', { mode: 'bigint' }).notNull().default(sql`0`),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('campaigns_partner_created_idx').on(t.partnerId, t.createdAt),
    index('campaigns_status_scheduled_idx').on(t.status, t.scheduledAt),
    index('campaigns_template_idx').on(t.templateId),
  ],
);

/**
 * One recipient of a campaign: its number and values (from the audience), the message id it is sent
 * under (stored before the send), its price, and its outcome.
 */
export const campaignRecipients = pgTable(
  'campaign_recipients',
  {
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.campaignId, { onDelete: 'cascade' }),
    /** Position in the campaign (batches are ranges of it). */
    seq: integer('seq').notNull(),
    msisdn: text('msisdn').notNull(),
    fields: jsonb('fields').$type<Record<string, string>>(),
    /** network_messages.message_id: uuid v5 of (campaign, msisdn), stored before the first send. */
    messageId: uuid('message_id').notNull(),
    /** queued | sent | delivered | read | failed | skipped (the network's receipts update network_messages). */
    status: text('status').notNull().default('queued'),
    reason: text('reason'),
    /** rcs | whatsapp | sms (the fallback) once sent. */
    channel: text('channel'),
    carrierId: integer('carrier_id'),
    priceMicros: bigint('price_micros', { mode: 'bigint' }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /**
     * Its message's status in network_messages, copied in the unit of work that changes it (decision
     * 0058): the live counts read the recipients alone, not each recipient's message.
     */
    netStatus: text('net_status'),
    /** Its first message (a reply) after the send, and its taps on the message's suggestions since. */
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    clicks: integer('clicks').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.campaignId, t.seq] }),
    index('campaign_recipients_status_idx').on(t.campaignId, t.status, t.seq),
    // The pace (sent in the last minute) reads a minute of sends, not every recipient.
    index('campaign_recipients_sent_idx').on(t.campaignId, t.sentAt),
    // A reply or a tap finds the recipients its sender was sent to.
    index('campaign_recipients_msisdn_idx').on(t.msisdn),
    // Unique (one message per recipient): the planner knows a lookup by message id finds one row,
    // with or without statistics (the receipts' copies of net_status look recipients up by it).
    uniqueIndex('campaign_recipients_message_idx').on(t.messageId),
  ],
);

/**
 * A campaign's live counts (decision 0061), as additions: each statement that changes recipients
 * adds, in its own unit of work, how many it moved into and out of each bucket (recipients, queued,
 * sent, delivered, read, failed, skipped, fallback_sms, replied, reason:<why>) and the taps (clicked).
 * A statement trigger on campaign_recipients writes them: insert-only, so no unit of work waits on
 * another's count, and no foreign key (its lock would wait on the campaign's row lock). A count is
 * the sum of a campaign's rows; the scheduler folds them into one row per key every minute.
 */
export const campaignCounts = pgTable(
  'campaign_counts',
  {
    campaignId: uuid('campaign_id').notNull(),
    key: text('key').notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (t) => [index('campaign_counts_campaign_idx').on(t.campaignId, t.key)],
);
