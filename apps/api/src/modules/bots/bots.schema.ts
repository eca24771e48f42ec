import { sql } from 'drizzle-orm';
import {
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
import { carriers, createdAt, lookupValues, partners, users } from '../../platform/db/core.schema.ts';
import { brands } from '../brands/brands.schema.ts';

export interface BotPhone {
  number: string;
  label: string;
}
export interface BotEmail {
  address: string;
  label: string;
}
export interface BotWebsite {
  url: string;
  label: string;
}
export interface BotListingFields {
  tagline: string;
  description: string;
  keywords: string[];
}

/**
 * A bot a developer or aggregator registers (issue 13): an RCS agent, a WhatsApp sender, or both.
 * `status` is a code of BOT_STATUS (packages/domain/src/constants/statuses.ts); `channels` holds
 * CHANNEL_TYPE codes (1 RCS, 2 WhatsApp). Every partner-side user of the partner sees it (an
 * aggregator's child users are users of the aggregator's partner).
 */
export const bots = pgTable(
  'bots',
  {
    botId: uuid('bot_id').primaryKey().defaultRandom(),
    partnerId: uuid('partner_id')
      .notNull()
      .references(() => partners.partnerId),
    createdBy: uuid('created_by').references(() => users.userId, { onDelete: 'set null' }),
    channels: integer('channels').array().notNull(),
    status: integer('status').notNull().default(-1),
    /** The name shown in lists: the RCS display name, else the WhatsApp display name. */
    name: text('name').notNull(),

    // RCS (Google RBM agent or GSMA MaaP bot)
    description: text('description'),
    brandColor: text('brand_color'),
    phones: jsonb('phones').$type<BotPhone[]>().notNull().default([]),
    emails: jsonb('emails').$type<BotEmail[]>().notNull().default([]),
    websites: jsonb('websites').$type<BotWebsite[]>().notNull().default([]),
    privacyPolicyUrl: text('privacy_policy_url'),
    termsUrl: text('terms_url'),
    messageCategory: text('message_category'),
    region: text('region'),
    /** Codes of the reference lists billing-categories and hosting-regions. */
    billingCategory: text('billing_category'),
    hostingRegion: text('hosting_region'),
    /** 'GOOGLE' (RBM) or 'GSMA' (MaaP). */
    apiType: text('api_type'),
    chatbotPlatformId: integer('chatbot_platform_id').references(() => lookupValues.id),

    // WhatsApp (Cloud API sender)
    waDisplayName: text('wa_display_name'),
    waPhone: text('wa_phone'),
    waAbout: text('wa_about'),
    waCategory: text('wa_category'),
    wabaId: text('waba_id'),

    brandId: uuid('brand_id').references(() => brands.brandId, { onDelete: 'set null' }),

    /** Storage keys (public/bot-images/...), or null. */
    logoKey: text('logo_key'),
    bannerKey: text('banner_key'),
    photoKey: text('photo_key'),

    /** The network's names: RBM brand and agent resource names, MaaP bot id, WhatsApp phone number id. */
    rbmBrand: text('rbm_brand'),
    rbmAgent: text('rbm_agent'),
    maapBotId: text('maap_bot_id'),
    whatsappPhoneNumberId: text('whatsapp_phone_number_id'),
    /**
     * Chosen and stored before the first network call that creates the bot there, and sent with it:
     * a retry after a failure on either side finds the network object by it and adopts it.
     */
    networkRequestId: uuid('network_request_id'),
    /** The network's reason of the last failed registration or deletion, or null. */
    networkError: text('network_error'),

    listing: jsonb('listing').$type<BotListingFields>(),
    listedInStore: boolean('listed_in_store').notNull().default(false),

    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('bots_partner_idx').on(t.partnerId, t.updatedAt),
    index('bots_status_idx').on(t.status, t.updatedAt),
    index('bots_brand_idx').on(t.brandId),
    index('bots_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    uniqueIndex('bots_network_request_uq').on(t.networkRequestId),
    // The bot behind a network's name of a sender (every batch of receipts: metering's botsByAddress).
    index('bots_rbm_agent_id_idx').on(sql`split_part(${t.rbmAgent}, '/agents/', 2)`),
    index('bots_maap_bot_idx').on(t.maapBotId),
    index('bots_whatsapp_number_idx').on(t.whatsappPhoneNumberId),
  ],
);

/** The carriers a bot is for, each with its own state (a code of BOT_CARRIER_STATES). */
export const botCarriers = pgTable(
  'bot_carriers',
  {
    botId: uuid('bot_id')
      .notNull()
      .references(() => bots.botId, { onDelete: 'cascade' }),
    carrierId: integer('carrier_id')
      .notNull()
      .references(() => carriers.carrierId),
    status: integer('status').notNull().default(0),
    reason: text('reason'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The pg-boss id of the carrier's newest bot-review.launch job while it is launching (each look
     * queues the next): the sweep of stuck launches asks pg-boss whether it is alive (getJobById).
     */
    launchJobId: uuid('launch_job_id'),
  },
  (t) => [
    primaryKey({ columns: [t.botId, t.carrierId] }),
    index('bot_carriers_carrier_idx').on(t.carrierId, t.status),
  ],
);
