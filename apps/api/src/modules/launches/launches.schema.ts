import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { partners } from '../../platform/db/core.schema.ts';
import { bots } from '../bots/bots.schema.ts';

/** A stored launch file (screenshot, video, LOA): object-storage key plus what a person sees. */
export interface LaunchFile {
  key: string;
  name: string;
  contentType: string;
  bytes: number;
}

export interface LaunchCompanyDetails {
  company_name: string;
  website: string;
  contact_name: string;
  contact_email: string;
  contact_phone: string;
}

/**
 * A bot's launch (issue 14): what the five-step stepper saved (kept between visits), the documents,
 * the verification hold taken from the wallet, and when it was submitted. One row per bot; the
 * per-carrier states stay in bots.bot_carriers.status (BOT_CARRIER_MACHINE).
 */
export const launches = pgTable(
  'launches',
  {
    botId: uuid('bot_id')
      .primaryKey()
      .references(() => bots.botId, { onDelete: 'cascade' }),
    partnerId: uuid('partner_id')
      .notNull()
      .references(() => partners.partnerId),
    /** The furthest step reached: a LAUNCH_STEP_SLUGS slug. */
    stepReached: text('step_reached').notNull().default('carriers'),
    useCase: text('use_case').notNull().default(''),
    optIn: text('opt_in').notNull().default(''),
    trigger: text('trigger').notNull().default(''),
    interactions: text('interactions').notNull().default(''),
    optOut: text('opt_out').notNull().default(''),
    reviewerInstructions: text('reviewer_instructions').notNull().default(''),
    company: jsonb('company').$type<LaunchCompanyDetails>(),
    screenshots: jsonb('screenshots').$type<LaunchFile[]>().notNull().default([]),
    video: jsonb('video').$type<LaunchFile>(),
    loa: jsonb('loa').$type<LaunchFile>(),
    verifiedCarrierIds: jsonb('verified_carrier_ids').$type<number[]>().notNull().default([]),
    /** The wallet hold of this submission (ledger holds), and the key it was taken with. */
    holdId: uuid('hold_id'),
    holdKey: text('hold_key'),
    /** The last pre-flight result, as the reviewers see it. */
    preflight: jsonb('preflight').$type<{ code: string; message: string; step: string; field: string }[]>(),
    preflightAt: timestamp('preflight_at', { withTimezone: true }),
    /** How many times it was submitted (a resubmission takes a new hold). */
    submissions: integer('submissions').notNull().default(0),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('launches_partner_idx').on(t.partnerId, t.submittedAt)],
);
